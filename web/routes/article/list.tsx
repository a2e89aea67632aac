// /article: the newest articles the caller may see (GET /articles), a page at a time. Articles filed by topic
// are also reached through the category tree (docs/decisions/010-screens.md).
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { listArticles } from '#web/api/articles';
import ArticleCard from '#web/components/news-card/article-card';
import { PagedList } from '#web/components/paged-list';
import { usePagedQuery } from '#web/data/cache';
import { keys } from '#web/data/keys';
import '#web/components/news-card/news-card.css';
import { articleHomePath } from '#web/paths';

export const ARTICLE_PAGE_SIZE = 24;

export default function ArticleListView() {
  const intl = useIntl();
  const list = usePagedQuery(keys.newestArticles(), (cursor) => listArticles(cursor, ARTICLE_PAGE_SIZE));
  return (
    <section className="article-list-view">
      <h1>
        <FormattedMessage id="article.listTitle" defaultMessage="Articles" />
      </h1>
      <p>
        <FormattedMessage
          id="article.listIntro"
          defaultMessage="The newest articles of the portal. Articles are also filed by topic in the <link>categories</link>."
          values={{ link: (chunks) => <Link to="/category">{chunks}</Link> }}
        />
      </p>
      <PagedList
        list={list}
        label={intl.formatMessage({ id: 'article.listLabel', defaultMessage: 'Newest articles' })}
        empty={<FormattedMessage id="article.listEmpty" defaultMessage="There are no articles yet." />}
        more={<FormattedMessage id="article.showMore" defaultMessage="Show more" />}
        item={(article, index) => (
          <ArticleCard
            article={article}
            to={articleHomePath(article)}
            eager={index < 3}
            priority={index === 0}
            headingLevel={2}
          />
        )}
      />
    </section>
  );
}
