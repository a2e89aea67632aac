// What the feeds list: the first news and the first articles of one channel, as an anonymous visitor sees them,
// read by the same queries as GET /news and GET /channels/{id}/articles (one index range each, so a feed costs the
// same at any size). Summaries only: a feed never carries restricted text or media. In a language, each item as those
// queries answer it there: its published translation where it has one (decision 055), in the same statements.
import type { ArticleSummary, ChannelSummary, NewsItem } from '#schema/entities';
import type { Language } from '#schema/languages';
import type { Db } from '../env';
import { getChannelSummary, listChannelArticles } from './channels';
import { listNews } from './news';

/** How many items a feed carries. */
export const FEED_ITEMS = 50;

/** The newest news items a visitor sees (the first page of GET /news, FEED_ITEMS long). */
export async function newsFeed(db: Db, language?: Language): Promise<NewsItem[]> {
  return (await listNews(db, null, { limit: FEED_ITEMS }, Date.now(), language)).items;
}

/**
 * A channel as a visitor sees it and its first FEED_ITEMS articles in the channel's own order (the editor's list,
 * then the newest): NotFound when a visitor may not see the channel.
 */
export async function channelFeed(
  db: Db,
  channelId: string,
  language?: Language,
): Promise<{ channel: ChannelSummary; items: ArticleSummary[] }> {
  const [channel, page] = await Promise.all([
    getChannelSummary(db, null, channelId, language),
    listChannelArticles(db, null, channelId, { limit: FEED_ITEMS }, language),
  ]);
  return { channel, items: page.items };
}
