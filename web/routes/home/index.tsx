// Home: the news feed, newest first, a page at a time ('Load more' follows nextCursor).
import { FormattedMessage, useIntl } from 'react-intl';
import NewsCard from '#web/components/news-card';
import { errorText } from '#web/components/error-text';
import { PagedList } from '#web/components/paged-list';
import { usePagedQuery } from '#web/data/cache';
import { keys } from '#web/data/keys';

export const NEWS_PAGE_SIZE = 12;

// The API client loads with the first request: a rendered page brings its first news along, so the first visit
// needs the client only for 'Load more' or a refresh.
const newsPage = async (cursor?: string) => (await import('#web/api/news')).listNews(cursor, NEWS_PAGE_SIZE);

/**
 * The newest news item leads: two columns wide on a wide screen, its picture the page's largest (its LCP element on
 * every screen) and loaded first and at once (priority). The other cards' pictures load lazily, once the stylesheet
 * has laid the page out: started with it, they shared the line with the lead's (the browser starts the first five
 * large pictures together, and over HTTP/1.1 it does not hold back those of low priority), which then arrived 0.7 s
 * later on the bench's slow phone. The browser's lazy-loading distance still fetches the next screens' at once.
 */

export default function HomeView() {
  const intl = useIntl();
  const feed = usePagedQuery(keys.news(), newsPage);
  return (
    <section className="home-view">
      <h1>
        <FormattedMessage id="home.title" defaultMessage="News" />
      </h1>
      <PagedList
        list={feed}
        label={intl.formatMessage({ id: 'home.feed', defaultMessage: 'News feed' })}
        empty={<FormattedMessage id="home.empty" defaultMessage="No news yet." />}
        failed={(error) => (
          <p role="alert">
            {intl.formatMessage(
              { id: 'home.loadFailed', defaultMessage: 'The news could not be loaded: {message}' },
              { message: errorText(error, intl) },
            )}
          </p>
        )}
        more={<FormattedMessage id="home.loadMore" defaultMessage="Load more" />}
        itemClassName={(index) => (index === 0 ? 'card-grid-lead' : undefined)}
        item={(item, index) => <NewsCard item={item} lead={index === 0} priority={index === 0} />}
      />
    </section>
  );
}
