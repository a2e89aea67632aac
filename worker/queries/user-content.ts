// Access requests and grants (content_requests, content_access): asking, deciding, listing, checking, revoking.
// The grants themselves take effect in worker/lib/visibility.ts, which reads content_access on every request.
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { z } from 'zod';
import type { contentAccessListItem, contentRequest, contentRequestListItem, SessionUser } from '#schema/entities';
import { articles, channels, contentAccess, contentRequests, users, type ContentType } from '#schema/tables';
import type { REQUEST_STATES } from '#schema/enums';
import type { Db } from '../env';
import { afterCursor, toPage } from '../lib/cursor';
import { iso } from '../services/db';
import { Conflict, Forbidden, NotFound } from '../lib/errors';
import { articleVisibleWhere, canReadContent, channelVisibleWhere, type Viewer } from '../lib/visibility';

export type ContentRequest = z.infer<typeof contentRequest>;
export type ContentRequestListItem = z.infer<typeof contentRequestListItem>;
export type ContentAccessListItem = z.infer<typeof contentAccessListItem>;
export type RequestState = (typeof REQUEST_STATES)[number];

/** What the access rules need to know of an article or channel. */
export interface ContentRef {
  type: ContentType;
  id: string;
  userId: string;
  title: string;
  restricted: boolean;
  /** Channels only; an article's privacy comes from its channel. */
  private: boolean;
  channel: { id: string; userId: string; restricted: boolean; private: boolean } | null;
}

const channelRefColumns = {
  id: channels.id,
  userId: channels.userId,
  name: channels.name,
  restricted: channels.restricted,
  private: channels.private,
};

async function findChannelRef(db: Db, id: string, where: SQL | undefined): Promise<ContentRef | null> {
  const row = await db
    .select(channelRefColumns)
    .from(channels)
    .where(and(eq(channels.id, id), where))
    .get();
  if (!row) return null;
  return {
    type: 'channel',
    id: row.id,
    userId: row.userId,
    title: row.name,
    restricted: row.restricted,
    private: row.private,
    channel: null,
  };
}

async function findArticleRef(db: Db, id: string, where: SQL | undefined): Promise<ContentRef | null> {
  const ch = alias(channels, 'article_channel');
  const row = await db
    .select({
      id: articles.id,
      userId: articles.userId,
      title: articles.title,
      restricted: articles.restricted,
      channelId: ch.id,
      channelUserId: ch.userId,
      channelRestricted: ch.restricted,
      channelPrivate: ch.private,
    })
    .from(articles)
    .leftJoin(ch, eq(ch.id, articles.channelId))
    .where(and(eq(articles.id, id), where))
    .get();
  if (!row) return null;
  return {
    type: 'article',
    id: row.id,
    userId: row.userId,
    title: row.title,
    restricted: row.restricted,
    private: false,
    channel: row.channelId
      ? {
          id: row.channelId,
          userId: row.channelUserId!,
          restricted: !!row.channelRestricted,
          private: !!row.channelPrivate,
        }
      : null,
  };
}

/** The article or channel if the viewer may see it (direct look-up rules: hidden content counts). */
export function findVisibleContent(db: Db, viewer: Viewer, type: ContentType, id: string): Promise<ContentRef | null> {
  return type === 'channel'
    ? findChannelRef(db, id, channelVisibleWhere(viewer, { listing: false }))
    : findArticleRef(db, id, articleVisibleWhere(viewer, { listing: false }));
}

/**
 * The content a user may ask access for: what they can see, plus published content that only privacy hides
 * (a private channel, or an article in one) — asking needs the id, which the owner hands out.
 * Drafts and content in unpublished channels stay 404, as if they did not exist.
 */
function findRequestableContent(
  db: Db,
  viewer: SessionUser,
  type: ContentType,
  id: string,
): Promise<ContentRef | null> {
  if (type === 'channel') {
    return findChannelRef(db, id, or(channelVisibleWhere(viewer, { listing: false }), eq(channels.published, true)));
  }
  const inPublishedChannel = sql`(${articles.channelId} is null or exists (
    select 1 from ${channels} pc where pc.id = ${articles.channelId} and pc.published = 1))`;
  return findArticleRef(
    db,
    id,
    or(articleVisibleWhere(viewer, { listing: false }), and(eq(articles.published, true), inPublishedChannel)),
  );
}

/** Whether the viewer may read the restricted parts of the content (and, for a private channel, see it). */
export function canReadRef(db: Db, viewer: Viewer, ref: ContentRef): Promise<boolean> {
  return canReadContent(db, viewer, {
    id: ref.id,
    userId: ref.userId,
    restricted: ref.restricted || ref.private,
    channel: ref.channel,
  });
}

export const requestColumns = {
  id: contentRequests.id,
  userId: contentRequests.userId,
  contentId: contentRequests.contentId,
  contentType: contentRequests.contentType,
  status: contentRequests.status,
  createdAt: contentRequests.createdAt,
};

type RequestRow = { [K in keyof typeof requestColumns]: (typeof contentRequests.$inferSelect)[K] };

export const toContentRequest = (row: RequestRow): ContentRequest => ({ ...row, createdAt: iso(row.createdAt) });

/**
 * POST /userContent: the caller asks for access. 404 for content they may not know of, 409 when they already
 * have access (a grant, ownership, or the content is not restricted) or already have an open request.
 */
export async function requestAccess(
  db: Db,
  viewer: SessionUser,
  input: { contentId: string; contentType: ContentType },
): Promise<ContentRequest> {
  const ref = await findRequestableContent(db, viewer, input.contentType, input.contentId);
  if (!ref) throw new NotFound('Content not found');
  const grant = await db
    .select({ id: contentAccess.id })
    .from(contentAccess)
    .where(and(eq(contentAccess.userId, viewer.id), eq(contentAccess.contentId, ref.id)))
    .get();
  if (grant) throw new Conflict('Access already granted');
  if (await canReadRef(db, viewer, ref)) throw new Conflict('You can already read this content');

  // One statement, so two racing requests cannot both open one.
  const id = crypto.randomUUID();
  const result = await db.run(sql`
    insert into ${contentRequests} (id, user_id, content_id, content_type, status)
    select ${id}, ${viewer.id}, ${ref.id}, ${ref.type}, 'PENDING'
    where not exists (
      select 1 from ${contentRequests} where user_id = ${viewer.id} and content_id = ${ref.id} and status = 'PENDING'
    )`);
  if (result.meta.changes === 0) throw new Conflict('An open request for this content exists');
  const row = await db.select(requestColumns).from(contentRequests).where(eq(contentRequests.id, id)).get();
  return toContentRequest(row!);
}

export interface ListFilter {
  contentType?: ContentType | undefined;
  /** Only this user's rows. */
  userId?: string;
}

/** Title of the content a request or grant names; '' once the content is gone (ids are not foreign keys). */
export function contentTitleOf(contentId: SQL | AnySQLiteColumn) {
  return sql<string>`coalesce(
    (select title from ${articles} where ${articles.id} = ${contentId}),
    (select name from ${channels} where ${channels.id} = ${contentId}),
    '')`;
}

export interface PageInput {
  cursor?: string | undefined;
  limit: number;
}
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

function requestRows(db: Db, filter: ListFilter & { status?: RequestState | undefined }, page?: PageInput) {
  const query = db
    .select({ ...requestColumns, userName: users.name, contentTitle: contentTitleOf(contentRequests.contentId) })
    .from(contentRequests)
    .innerJoin(users, eq(users.id, contentRequests.userId))
    .where(
      and(
        filter.contentType ? eq(contentRequests.contentType, filter.contentType) : undefined,
        filter.userId ? eq(contentRequests.userId, filter.userId) : undefined,
        filter.status ? eq(contentRequests.status, filter.status) : undefined,
        afterCursor(page?.cursor, contentRequests.createdAt, contentRequests.id),
      ),
    )
    .orderBy(desc(contentRequests.createdAt), desc(contentRequests.id));
  return page ? query.limit(page.limit + 1).all() : query.all();
}

const toRequestItem = (r: Awaited<ReturnType<typeof requestRows>>[number]): ContentRequestListItem => ({
  ...r,
  createdAt: iso(r.createdAt),
});

/** Every request matching the filter, newest first: for one user's own lists (mySO), which stay short. */
export async function listContentRequests(
  db: Db,
  filter: ListFilter & { status?: RequestState | undefined },
): Promise<ContentRequestListItem[]> {
  return (await requestRows(db, filter)).map(toRequestItem);
}

/** One page of the requests matching the filter, newest first (the lists of GET /userContent/...). */
export async function pageContentRequests(
  db: Db,
  filter: ListFilter & { status?: RequestState | undefined },
  page: PageInput,
): Promise<Page<ContentRequestListItem>> {
  const rows = await requestRows(db, filter, page);
  return toPage(rows, page.limit, (r) => ({ time: r.createdAt, id: r.id }), toRequestItem);
}

const accessColumns = {
  id: contentAccess.id,
  userId: contentAccess.userId,
  contentId: contentAccess.contentId,
  contentType: contentAccess.contentType,
  createdAt: contentAccess.createdAt,
  userName: users.name,
  contentTitle: contentTitleOf(contentAccess.contentId),
};

function accessRows(db: Db, filter: ListFilter & { contentIds?: string[] }, page?: PageInput) {
  const query = db
    .select(accessColumns)
    .from(contentAccess)
    .innerJoin(users, eq(users.id, contentAccess.userId))
    .where(
      and(
        filter.contentType ? eq(contentAccess.contentType, filter.contentType) : undefined,
        filter.userId ? eq(contentAccess.userId, filter.userId) : undefined,
        filter.contentIds ? inArray(contentAccess.contentId, filter.contentIds) : undefined,
        afterCursor(page?.cursor, contentAccess.createdAt, contentAccess.id),
      ),
    )
    .orderBy(desc(contentAccess.createdAt), desc(contentAccess.id));
  return page ? query.limit(page.limit + 1).all() : query.all();
}

const toAccessItem = (r: Awaited<ReturnType<typeof accessRows>>[number]): ContentAccessListItem => ({
  ...r,
  createdAt: iso(r.createdAt),
});

/** Every grant matching the filter, newest first: for one user's own lists (mySO). */
export async function listContentAccess(
  db: Db,
  filter: ListFilter & { contentIds?: string[] },
): Promise<ContentAccessListItem[]> {
  if (filter.contentIds && filter.contentIds.length === 0) return [];
  return (await accessRows(db, filter)).map(toAccessItem);
}

/** One page of the grants matching the filter, newest first. */
export async function pageContentAccess(
  db: Db,
  filter: ListFilter,
  page: PageInput,
): Promise<Page<ContentAccessListItem>> {
  const rows = await accessRows(db, filter, page);
  return toPage(rows, page.limit, (r) => ({ time: r.createdAt, id: r.id }), toAccessItem);
}

/**
 * GET /user-access-channel-all/{id}: who has access to a channel — grants on the channel and on its articles,
 * for the channel's owner or ADMIN. 404 when the caller may not see the channel, 403 when it is not theirs.
 */
export async function listChannelAccess(
  db: Db,
  viewer: SessionUser,
  channelId: string,
): Promise<ContentAccessListItem[]> {
  const ref = await findVisibleContent(db, viewer, 'channel', channelId);
  if (!ref) throw new NotFound('Channel not found');
  if (viewer.role !== 'ADMIN' && viewer.id !== ref.userId)
    throw new Forbidden('Only the channel owner or an admin may list its users');
  const rows = await db
    .select(accessColumns)
    .from(contentAccess)
    .innerJoin(users, eq(users.id, contentAccess.userId))
    .where(
      or(
        eq(contentAccess.contentId, channelId),
        sql`${contentAccess.contentId} in (select ${articles.id} from ${articles} where ${articles.channelId} = ${channelId})`,
      ),
    )
    .orderBy(desc(contentAccess.createdAt), desc(contentAccess.id))
    .all();
  return rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) }));
}

/** The title of an article or the name of a channel; '' when it is gone. */
export async function contentTitle(db: Db, contentId: string): Promise<string> {
  const row = await db.get<{ title: string }>(sql`select ${contentTitleOf(sql`${contentId}`)} as title`);
  return row?.title ?? '';
}
