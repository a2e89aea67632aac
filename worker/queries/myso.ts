// mySO: the caller's liked channels and articles (user_channels, user_articles) and the one-call view of the screen.
// Links stay stored when their content turns invisible to the user; lists show only what the user may see now.
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { MysoView, SessionUser, unlikeResult, userArticleItem, userChannelItem } from '#schema/entities';
import { articles, channels, userArticles, userChannels } from '#schema/tables';
import type { Db } from '../env';
import { iso } from '../services/db';
import { NotFound } from '../lib/errors';
import { articleVisibleWhere, channelVisibleWhere } from '../lib/visibility';
import { toArticleSummary } from './article-mappers';
import { channelSummaryFields, summaryOf } from './channels';
import { listContentAccess, listContentRequests } from './user-content';

export type UserChannelItem = z.infer<typeof userChannelItem>;
export type UserArticleItem = z.infer<typeof userArticleItem>;
export type UnlikeResult = z.infer<typeof unlikeResult>;

type LinkRow = typeof userChannels.$inferSelect;

const toLink = (row: LinkRow) => ({
  id: row.id,
  userId: row.userId,
  contentId: row.contentId,
  createdAt: iso(row.createdAt),
});

async function channelItems(db: Db, viewer: SessionUser, where?: SQL): Promise<UserChannelItem[]> {
  const rows = await db
    .select({ link: userChannels, ...channelSummaryFields(viewer) })
    .from(userChannels)
    .innerJoin(channels, eq(channels.id, userChannels.contentId))
    .where(and(eq(userChannels.userId, viewer.id), where, channelVisibleWhere(viewer, { listing: false })))
    .orderBy(desc(userChannels.createdAt), desc(userChannels.id))
    .all();
  return rows.map((r) => ({ ...toLink(r.link), channel: summaryOf(r) }));
}

/** GET /myso/user-channels/user-channels: the caller's liked channels they may still see, newest like first. */
export function listLikedChannels(db: Db, viewer: SessionUser): Promise<UserChannelItem[]> {
  return channelItems(db, viewer);
}

/** GET /myso/user-channels/{id}: one of the caller's own links; someone else's link is 404. */
export async function getLikedChannel(db: Db, viewer: SessionUser, linkId: string): Promise<UserChannelItem> {
  const [item] = await channelItems(db, viewer, eq(userChannels.id, linkId));
  if (!item) throw new NotFound('Link not found');
  return item;
}

/** Like a channel the caller may see (else 404); liking twice keeps the first link. */
export async function likeChannel(
  db: Db,
  viewer: SessionUser,
  contentId: string,
): Promise<{ item: UserChannelItem; created: boolean }> {
  const visible = await db
    .select({ id: channels.id })
    .from(channels)
    .where(and(eq(channels.id, contentId), channelVisibleWhere(viewer, { listing: false })))
    .get();
  if (!visible) throw new NotFound('Channel not found');
  const inserted = await db
    .insert(userChannels)
    .values({ id: crypto.randomUUID(), userId: viewer.id, contentId })
    .onConflictDoNothing()
    .returning({ id: userChannels.id });
  const [item] = await channelItems(db, viewer, eq(userChannels.contentId, contentId));
  return { item: item!, created: inserted.length > 0 };
}

/** Unlike: removes the caller's link if there is one. Reveals nothing about the channel, so no visibility check. */
export async function unlikeChannel(db: Db, viewer: SessionUser, contentId: string): Promise<UnlikeResult> {
  const removed = await db
    .delete(userChannels)
    .where(and(eq(userChannels.userId, viewer.id), eq(userChannels.contentId, contentId)))
    .returning({ id: userChannels.id });
  return { contentId, removed: removed.length > 0 };
}

async function articleItems(db: Db, viewer: SessionUser, where?: SQL): Promise<UserArticleItem[]> {
  const rows = await db
    .select({ link: userArticles, article: articles })
    .from(userArticles)
    .innerJoin(articles, eq(articles.id, userArticles.contentId))
    .where(and(eq(userArticles.userId, viewer.id), where, articleVisibleWhere(viewer, { listing: false })))
    .orderBy(desc(userArticles.createdAt), desc(userArticles.id))
    .all();
  return rows.map((r) => ({ ...toLink(r.link), article: toArticleSummary(r.article) }));
}

/** GET /myso/user-articles: the caller's liked articles they may still see, newest like first. */
export function listLikedArticles(db: Db, viewer: SessionUser): Promise<UserArticleItem[]> {
  return articleItems(db, viewer);
}

/** Like an article the caller may see (else 404); liking twice keeps the first link. */
export async function likeArticle(
  db: Db,
  viewer: SessionUser,
  contentId: string,
): Promise<{ item: UserArticleItem; created: boolean }> {
  const visible = await db
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.id, contentId), articleVisibleWhere(viewer, { listing: false })))
    .get();
  if (!visible) throw new NotFound('Article not found');
  const inserted = await db
    .insert(userArticles)
    .values({ id: crypto.randomUUID(), userId: viewer.id, contentId })
    .onConflictDoNothing()
    .returning({ id: userArticles.id });
  const [item] = await articleItems(db, viewer, eq(userArticles.contentId, contentId));
  return { item: item!, created: inserted.length > 0 };
}

/** POST /myso/user-articles/remove: removes the caller's link if there is one. */
export async function unlikeArticle(db: Db, viewer: SessionUser, contentId: string): Promise<UnlikeResult> {
  const removed = await db
    .delete(userArticles)
    .where(and(eq(userArticles.userId, viewer.id), eq(userArticles.contentId, contentId)))
    .returning({ id: userArticles.id });
  return { contentId, removed: removed.length > 0 };
}

/** GET /myso/vm: likes, the caller's access requests with their state, and the caller's grants. */
export async function mysoView(db: Db, viewer: SessionUser): Promise<MysoView> {
  const [channelList, articleList, requests, access] = await Promise.all([
    listLikedChannels(db, viewer),
    listLikedArticles(db, viewer),
    listContentRequests(db, { userId: viewer.id }),
    listContentAccess(db, { userId: viewer.id }),
  ]);
  return { channels: channelList, articles: articleList, requests, access };
}
