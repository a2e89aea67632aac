// What the feeds list: the first news and the first articles of one channel, as an anonymous visitor sees them,
// read by the same queries as GET /news and GET /channels/{id}/articles (one index range each, so a feed costs the
// same at any size). Summaries only: a feed never carries restricted text or media.
import type { ArticleSummary, ChannelSummary, NewsItem } from '#schema/entities';
import type { Db } from '../env';
import { getChannelSummary, listChannelArticles } from './channels';
import { listNews } from './news';

/** How many items a feed carries. */
export const FEED_ITEMS = 50;

/** The newest news items a visitor sees (the first page of GET /news, FEED_ITEMS long). */
export async function newsFeed(db: Db): Promise<NewsItem[]> {
  return (await listNews(db, null, { limit: FEED_ITEMS })).items;
}

/**
 * A channel as a visitor sees it and its first FEED_ITEMS articles in the channel's own order (the editor's list,
 * then the newest): NotFound when a visitor may not see the channel.
 */
export async function channelFeed(
  db: Db,
  channelId: string,
): Promise<{ channel: ChannelSummary; items: ArticleSummary[] }> {
  const [channel, page] = await Promise.all([
    getChannelSummary(db, null, channelId),
    listChannelArticles(db, null, channelId, { limit: FEED_ITEMS }),
  ]);
  return { channel, items: page.items };
}

/** The published translation of an item in a language: its slug (none for news) and its text. */
export interface FeedTranslation {
  slug: string | null;
  title: string;
  teaser: string;
}

/** Each kind's translation table, its key, and the columns that are its slug, title and teaser (SQL, constant). */
const TRANSLATED = {
  article: { table: 'article_translations', key: 'article_id', text: 'slug, title, teaser' },
  channel: { table: 'channel_translations', key: 'channel_id', text: 'slug, name, info_text' },
  news: { table: 'news_translations', key: 'news_id', text: 'null, title, teaser' },
} as const;

/**
 * The published translations in `language` of the items a feed shows, by kind and id: one statement per kind in one
 * batch, each a range of the translation table's primary key (item, language), so a feed in a language costs one
 * round trip more than the source's at any size. A feed's items are public already (it reads them as a visitor).
 */
export async function feedTranslations(
  db: Db,
  language: string,
  ids: Partial<Record<keyof typeof TRANSLATED, string[]>>,
): Promise<Map<string, FeedTranslation>> {
  const kinds = (Object.keys(TRANSLATED) as (keyof typeof TRANSLATED)[]).filter((k) => (ids[k]?.length ?? 0) > 0);
  const found = new Map<string, FeedTranslation>();
  if (kinds.length === 0) return found;
  const statements = kinds.map((kind) => {
    const { table, key, text } = TRANSLATED[kind];
    const [slug, title, teaser] = text.split(', ');
    const list = [...new Set(ids[kind])].slice(0, FEED_ITEMS * 2);
    return db.$client
      .prepare(
        `select ${key} as id, ${slug} as slug, ${title} as title, ${teaser} as teaser from ${table}
         where language = ?1 and published = 1 and ${key} in (${list.map((_, i) => `?${i + 2}`).join(', ')})`,
      )
      .bind(language, ...list);
  });
  const results = await db.$client.batch<{ id: string; slug: string | null; title: string; teaser: string }>(
    statements,
  );
  results.forEach((result, i) => {
    for (const row of result.results)
      found.set(`${kinds[i]}:${row.id}`, { slug: row.slug, title: row.title, teaser: row.teaser ?? '' });
  });
  return found;
}
