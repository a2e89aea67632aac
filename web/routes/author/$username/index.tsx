// /author/:username: an author's published articles, newest first (GET /authors/{username} and its articles).
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { listAuthorArticles } from '../../../api/authors';
import { useFocusNewItems } from '../../../components/focus-new-items';
import ArticleCard from '../../../components/news-card/article-card';
import { useNotify } from '../../../components/notifications';
import { errorCode, LoadError, Loading } from '../../../components/view-state';
import { errorText } from '../../../components/error-text';
import { usePagedQuery } from '../../../data/cache';
import { useAuthor } from '../../../data/content';
import { keys } from '../../../data/keys';
import '../../../components/news-card/news-card.css';
import { articleHomePath } from '../../../paths';

export const AUTHOR_PAGE_SIZE = 24;

export default function AuthorView() {
  const intl = useIntl();
  const { username = '' } = useParams();
  const author = useAuthor(username);
  if (author.status !== 'ok') {
    const notFound = author.status === 'error' && errorCode(author.error) === 404;
    return (
      <section className="author-view">
        <h1>
          {notFound ? (
            <FormattedMessage id="author.notFound" defaultMessage="Author not found" />
          ) : (
            <FormattedMessage id="author.crumb" defaultMessage="Author" />
          )}
        </h1>
        {author.status === 'loading' ? (
          <Loading />
        ) : (
          <LoadError
            error={author.error}
            notFound={intl.formatMessage({
              id: 'author.notFoundText',
              defaultMessage: 'There is no author at this address.',
            })}
            onRetry={author.reload}
            retrying={author.validating}
          />
        )}
      </section>
    );
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
  const notify = useNotify();
  const list = usePagedQuery(keys.authorArticles(username), (cursor) =>
    listAuthorArticles(username, cursor, AUTHOR_PAGE_SIZE),
  );
  const { items, cursor, busy, loadMore } = list;
  const { listRef, beforeLoad } = useFocusNewItems(items.length);
  const onLoadMore = () => {
    beforeLoad();
    return loadMore().catch((error: unknown) => notify({ kind: 'error', message: errorText(error, intl) }));
  };
  return (
    <>
      {list.status === 'loading' && <Loading />}
      {list.status === 'error' && <LoadError error={list.error} notFound="" onRetry={list.reload} />}
      {list.status === 'ok' && items.length === 0 && (
        <p>
          <FormattedMessage id="author.empty" defaultMessage="No published articles yet." />
        </p>
      )}
      {items.length > 0 && (
        <ul
          ref={listRef}
          className="card-grid"
          aria-label={intl.formatMessage({ id: 'author.articles', defaultMessage: 'Published articles' })}
        >
          {items.map((article, index) => (
            <li key={article.id}>
              <ArticleCard article={article} to={articleHomePath(article)} eager={index < 3} headingLevel={2} />
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
    </>
  );
}
