// /article: the newest articles the caller may see (GET /articles), a page at a time. Articles filed by topic
// are also reached through the category tree (docs/decisions/010-screens.md).
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { listArticles } from '../../api/articles';
import { useFocusNewItems } from '../../components/focus-new-items';
import ArticleCard from '../../components/news-card/article-card';
import { useNotify } from '../../components/notifications';
import { LoadError, Loading } from '../../components/view-state';
import { errorText } from '../../components/error-text';
import { usePagedQuery } from '../../data/cache';
import { keys } from '../../data/keys';
import '../../components/news-card/news-card.css';
import { articleHomePath } from '../../paths';

export const ARTICLE_PAGE_SIZE = 24;

export default function ArticleListView() {
  const intl = useIntl();
  const notify = useNotify();
  const list = usePagedQuery(keys.newestArticles(), (cursor) => listArticles(cursor, ARTICLE_PAGE_SIZE));
  const { items, cursor, busy, loadMore } = list;
  const { listRef, beforeLoad } = useFocusNewItems(items.length);
  const onLoadMore = () => {
    beforeLoad();
    return loadMore().catch((error: unknown) => notify({ kind: 'error', message: errorText(error, intl) }));
  };
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
      {list.status === 'loading' && <Loading />}
      {list.status === 'error' && <LoadError error={list.error} notFound="" onRetry={list.reload} />}
      {list.status === 'ok' && items.length === 0 && (
        <p>
          <FormattedMessage id="article.listEmpty" defaultMessage="There are no articles yet." />
        </p>
      )}
      {items.length > 0 && (
        <ul
          ref={listRef}
          className="card-grid"
          aria-label={intl.formatMessage({ id: 'article.listLabel', defaultMessage: 'Newest articles' })}
        >
          {items.map((article, index) => (
            <li key={article.id}>
              <ArticleCard
                article={article}
                to={articleHomePath(article)}
                eager={index < 3}
                priority={index === 0}
                headingLevel={2}
              />
            </li>
          ))}
        </ul>
      )}
      {cursor && (
        <button
          type="button"
          className="button-primary load-more"
          disabled={busy}
          aria-busy={busy}
          onClick={() => void onLoadMore()}
        >
          <FormattedMessage id="article.showMore" defaultMessage="Show more" />
        </button>
      )}
    </section>
  );
}
