// Home: the news feed, newest first, a page at a time ('Load more' follows nextCursor).
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { NewsItem } from '../../../schema';
import { listNews } from '../../api/news';
import NewsCard from '../../components/news-card';
import { errorMessage, Loading, useLoad } from '../../components/view-state';
import { useNotify } from '../../components/notifications';

export const NEWS_PAGE_SIZE = 12;

export default function HomeView() {
  const intl = useIntl();
  const notify = useNotify();
  const [first] = useLoad(() => listNews(undefined, NEWS_PAGE_SIZE), []);
  const [more, setMore] = useState<{ items: NewsItem[]; nextCursor: string | null } | null>(null);
  const [busy, setBusy] = useState(false);

  const items = first.status === 'ok' ? uniqueById([...first.data.items, ...(more?.items ?? [])]) : [];
  const cursor = more ? more.nextCursor : first.status === 'ok' ? first.data.nextCursor : null;

  const loadMore = async () => {
    if (!cursor) return;
    setBusy(true);
    try {
      const page = await listNews(cursor, NEWS_PAGE_SIZE);
      setMore((previous) => ({ items: [...(previous?.items ?? []), ...page.items], nextCursor: page.nextCursor }));
    } catch (error) {
      notify({ kind: 'error', message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="home-view">
      <h1>
        <FormattedMessage id="home.title" defaultMessage="News" />
      </h1>
      {first.status === 'loading' && <Loading />}
      {first.status === 'error' && (
        <p role="alert">
          {intl.formatMessage({ id: 'home.loadFailed', defaultMessage: 'The news could not be loaded: {message}' }, { message: errorMessage(first.error) })}
        </p>
      )}
      {first.status === 'ok' && items.length === 0 && (
        <p>
          <FormattedMessage id="home.empty" defaultMessage="No news yet." />
        </p>
      )}
      {items.length > 0 && (
        <ul className="card-grid" aria-label={intl.formatMessage({ id: 'home.feed', defaultMessage: 'News feed' })}>
          {items.map((item, index) => (
            <li key={item.id}>
              <NewsCard item={item} eager={index < 3} />
            </li>
          ))}
        </ul>
      )}
      {cursor && (
        <button type="button" className="button-primary load-more" disabled={busy} aria-busy={busy} onClick={() => void loadMore()}>
          <FormattedMessage id="home.loadMore" defaultMessage="Load more" />
        </button>
      )}
    </section>
  );
}

/** Items that moved between pages while paging show once. */
function uniqueById(items: NewsItem[]): NewsItem[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.id) && seen.add(item.id));
}
