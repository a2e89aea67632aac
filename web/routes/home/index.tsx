// Home: the news feed, newest first, a page at a time ('Load more' follows nextCursor).
import { FormattedMessage, useIntl } from 'react-intl';
import { useFocusNewItems } from '../../components/focus-new-items';
import NewsCard from '../../components/news-card';
import { Loading } from '../../components/view-state';
import { errorText } from '../../components/error-text';
import { useNotify } from '../../components/notifications';
import { usePagedQuery } from '../../data/cache';
import { keys } from '../../data/keys';

export const NEWS_PAGE_SIZE = 12;

// The API client loads with the first request: a rendered page brings its first news along, so the first visit
// needs the client only for 'Load more' or a refresh.
const newsPage = async (cursor?: string) => (await import('../../api/news')).listNews(cursor, NEWS_PAGE_SIZE);

/**
 * The newest news item leads: two columns wide on a wide screen, its picture the page's largest (its LCP element on
 * every screen) and loaded first and at once (priority). The other cards' pictures load lazily, once the stylesheet
 * has laid the page out: started with it, they shared the line with the lead's (the browser starts the first five
 * large pictures together, and over HTTP/1.1 it does not hold back those of low priority), which then arrived 0.7 s
 * later on the bench's slow phone. The browser's lazy-loading distance still fetches the next screens' at once.
 */

export default function HomeView() {
  const intl = useIntl();
  const notify = useNotify();
  const feed = usePagedQuery(keys.news(), newsPage);
  const { items, cursor, busy, loadMore } = feed;
  const { listRef, beforeLoad } = useFocusNewItems(items.length);
  const onLoadMore = () => {
    beforeLoad();
    return loadMore().catch((error: unknown) => notify({ kind: 'error', message: errorText(error, intl) }));
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
            { message: errorText(feed.error, intl) },
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
            <li key={item.id} className={index === 0 ? 'card-grid-lead' : undefined}>
              <NewsCard item={item} lead={index === 0} priority={index === 0} />
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
