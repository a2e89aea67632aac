// /article: the newest articles the caller may see. The API has no article listing of its own, so the
// list is gathered from the channels (GET /channels, then GET /channels/{id}/articles) and merged newest
// first; articles filed only in categories are reached through the category tree (docs/decisions/010-screens.md).
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { ArticleSummary } from '../../../schema';
import { listChannelArticles, listChannels } from '../../api/channels';
import ArticleCard from '../../components/news-card/article-card';
import { LoadError, Loading, useLoad } from '../../components/view-state';
import '../../components/news-card/news-card.css';

export const ARTICLE_PAGE_SIZE = 24;
const PARALLEL_CALLS = 4;

/** Runs `work` over `items` with at most `limit` calls at a time; failures count as empty. */
async function gather<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R[]>): Promise<R[]> {
  const results: R[][] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T).catch(() => []);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results.flat();
}

/** Articles of every channel, each once, newest first. */
export function newestFirst(articles: readonly ArticleSummary[]): ArticleSummary[] {
  const seen = new Set<string>();
  return articles
    .filter((a) => !seen.has(a.id) && seen.add(a.id))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

async function loadArticles(): Promise<ArticleSummary[]> {
  const channels = await listChannels();
  return newestFirst(await gather(channels, PARALLEL_CALLS, (c) => listChannelArticles(c.id)));
}

export default function ArticleListView() {
  const intl = useIntl();
  const [state] = useLoad(loadArticles, []);
  const [shown, setShown] = useState(ARTICLE_PAGE_SIZE);
  return (
    <section className="article-list-view">
      <h1>
        <FormattedMessage id="article.listTitle" defaultMessage="Articles" />
      </h1>
      <p>
        <FormattedMessage
          id="article.listIntro"
          defaultMessage="The newest articles of all channels. Articles filed by topic are in the <link>categories</link>."
          values={{ link: (chunks) => <Link to="/category">{chunks}</Link> }}
        />
      </p>
      {state.status === 'loading' && <Loading />}
      {state.status === 'error' && <LoadError error={state.error} notFound="" />}
      {state.status === 'ok' &&
        (state.data.length === 0 ? (
          <p>
            <FormattedMessage id="article.listEmpty" defaultMessage="There are no articles yet." />
          </p>
        ) : (
          <>
            <ul className="card-grid" aria-label={intl.formatMessage({ id: 'article.listLabel', defaultMessage: 'Newest articles' })}>
              {state.data.slice(0, shown).map((article, index) => (
                <li key={article.id}>
                  <ArticleCard
                    article={article}
                    to={article.channelId ? `/chan/${article.channelId}/a/${article.id}` : `/article/${article.id}`}
                    eager={index < 3}
                    headingLevel={2}
                  />
                </li>
              ))}
            </ul>
            {shown < state.data.length && (
              <button type="button" className="button-primary load-more" onClick={() => setShown((n) => n + ARTICLE_PAGE_SIZE)}>
                <FormattedMessage id="article.showMore" defaultMessage="Show more" />
              </button>
            )}
          </>
        ))}
    </section>
  );
}
