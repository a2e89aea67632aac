// Home: the news feed, newest first, a page at a time ('Load more' follows nextCursor).
import { FormattedMessage, useIntl } from 'react-intl';
import { useFocusNewItems } from '../../components/focus-new-items';
import NewsCard from '../../components/news-card';
import { errorMessage, Loading } from '../../components/view-state';
import { useNotify } from '../../components/notifications';
import { usePagedQuery } from '../../data/cache';
import { keys } from '../../data/keys';

export const NEWS_PAGE_SIZE = 12;

// The API client loads with the first request: a rendered page brings its first news along, so the first visit
// needs the client only for 'Load more' or a refresh.
const newsPage = async (cursor?: string) => (await import('../../api/news')).listNews(cursor, NEWS_PAGE_SIZE);

/**
 * The cards a first screen shows load at once: two rows of four on a 1280x800 window, where the largest of them
 * (the page's LCP element) may be any. On a phone the browser fetches those pictures right away anyway (its
 * lazy-loading distance reaches that far); the first one goes first (priority).
 */
const EAGER_CARDS = 8;

export default function HomeView() {
  const intl = useIntl();
  const notify = useNotify();
  const feed = usePagedQuery(keys.news(), newsPage);
  const { items, cursor, busy, loadMore } = feed;
  const { listRef, beforeLoad } = useFocusNewItems(items.length);
  const onLoadMore = () => {
    beforeLoad();
    return loadMore().catch((error: unknown) => notify({ kind: 'error', message: errorMessage(error) }));
  };

  return (
    <section className="home-view">
      <h1>
        <FormattedMessage id="home.title" defaultMessage="News" />
      </h1>
      {feed.status === 'loading' && <Loading />}
      {feed.status === 'error' && (
        <p role="alert">
          {intl.formatMessage(
            { id: 'home.loadFailed', defaultMessage: 'The news could not be loaded: {message}' },
            { message: errorMessage(feed.error) },
          )}
        </p>
      )}
      {feed.status === 'ok' && items.length === 0 && (
        <p>
          <FormattedMessage id="home.empty" defaultMessage="No news yet." />
        </p>
      )}
      {items.length > 0 && (
        <ul
          ref={listRef}
          className="card-grid"
          aria-label={intl.formatMessage({ id: 'home.feed', defaultMessage: 'News feed' })}
        >
          {items.map((item, index) => (
            <li key={item.id}>
              <NewsCard item={item} eager={index < EAGER_CARDS} priority={index === 0} />
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
          <FormattedMessage id="home.loadMore" defaultMessage="Load more" />
        </button>
      )}
    </section>
  );
}
