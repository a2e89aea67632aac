// /author/:username: an author's published articles, newest first (GET /authors/{username} and its articles).
import { FormattedMessage, useIntl, defineMessages } from 'react-intl';
import { useParams } from 'react-router';
import { listAuthorArticles } from '#web/api/authors';
import ArticleCard from '#web/components/news-card/article-card';
import { PagedList } from '#web/components/paged-list';
import { PendingScreen } from '#web/components/view-state';
import { usePagedQuery } from '#web/data/cache';
import { useAuthor } from '#web/data/content';
import { keys } from '#web/data/keys';
import '#web/components/news-card/news-card.css';
import { articleHomePath } from '#web/paths';

export const AUTHOR_PAGE_SIZE = 24;

const pending = defineMessages({
  title: { id: 'author.crumb', defaultMessage: 'Author' },
  notFoundTitle: { id: 'author.notFound', defaultMessage: 'Author not found' },
  notFound: { id: 'author.notFoundText', defaultMessage: 'There is no author at this address.' },
});

export default function AuthorView() {
  const { username = '' } = useParams();
  const author = useAuthor(username);
  if (author.status !== 'ok') {
    return <PendingScreen className="author-view" query={author} texts={pending} />;
  }
  return (
    <section className="author-view">
      <h1>{author.data.displayName}</h1>
      <AuthorArticles username={author.data.username} />
    </section>
  );
}

function AuthorArticles({ username }: { username: string }) {
  const intl = useIntl();
  const list = usePagedQuery(keys.authorArticles(username), (cursor) =>
    listAuthorArticles(username, cursor, AUTHOR_PAGE_SIZE),
  );
  return (
    <PagedList
      list={list}
      label={intl.formatMessage({ id: 'author.articles', defaultMessage: 'Published articles' })}
      empty={<FormattedMessage id="author.empty" defaultMessage="No published articles yet." />}
      more={<FormattedMessage id="article.showMore" defaultMessage="Show more" />}
      item={(article, index) => (
        <ArticleCard article={article} to={articleHomePath(article)} eager={index < 3} headingLevel={2} />
      )}
    />
  );
}
