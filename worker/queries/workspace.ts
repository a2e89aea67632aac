// The editor workspace's lists (/myaccount): an editor's own articles, channels and news items, ADMIN's of
// everyone (optionally one owner's). Unlike the public lists they include drafts, hidden, private and restricted
// content: an owner always sees their own, and ADMIN everything, so no visibility rule is needed beyond ownership.
// Each row carries the latest publication request of its content, for the status badge, and what a visitor
// actually gets of it (visitorState), so the workspace can say why published content is not seen.
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { SessionUser } from '#schema/entities';
import type {
  PublicationState,
  VisitorState,
  WorkspaceArticle,
  WorkspaceChannel,
  WorkspaceNewsItem,
} from '#schema/workspace';
import { articles, channels, news, publicationRequests, users } from '#schema/tables';
import { rowTranslations, translationColumns, translationFilters, type RowTranslations } from './workspace-languages';
import type { Db } from '../env';
import { afterCursor, decodeOffsetCursor, toOffsetPage, toPage } from '../lib/cursor';
import { iso } from '../services/db';
import { Forbidden, NotFound } from '../lib/errors';
import { fileHref } from '../lib/files';
import { newsVisibleWhere } from '../lib/visibility';
import { toArticleSummary, type ArticleRow } from './article-mappers';
import { CHANNEL_NOT_FOUND } from './channels';
import { newsWithRefColumns, toNewsItem } from './news';

export interface WorkspaceFilter {
  cursor?: string | undefined;
  limit: number;
  /** Part of the title (article, news) or name (channel), any case. */
  q?: string | undefined;
  /** Only this user's content; an editor may only name themself. */
  owner?: string | undefined;
  /** Articles only: only those of this channel. */
  channel?: string | undefined;
  /** Only this one (the edit form shows the row's status). */
  id?: string | undefined;
  /** Only items with no translation in this configured language (a full tag; the route checks it). */
  missing?: string | undefined;
  /** Only items whose translation in this configured language is outdated. */
  outdated?: string | undefined;
}

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** Whose content the caller lists: ADMIN anyone's (or the one asked for), an editor only their own. */
function ownerCondition(viewer: SessionUser, column: AnySQLiteColumn, owner: string | undefined): SQL | undefined {
  if (viewer.role === 'ADMIN') return owner ? eq(column, owner) : undefined;
  if (owner && owner !== viewer.id) throw new Forbidden("Only an admin may list other users' content");
  return eq(column, viewer.id);
}

/**
 * `column` contains `q`, ignoring the case of ASCII letters (SQLite's lower() folds no others). instr(), not LIKE:
 * D1 refuses LIKE patterns over 50 bytes ('LIKE or GLOB pattern too complex'), and `q` may be 200 characters.
 */
function contains(column: AnySQLiteColumn, q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  return sql`instr(lower(${column}), lower(${q})) > 0`;
}

/** The latest publication request of the content `id` names, as one JSON text (null when there is none). */
const latestPublication = (contentId: AnySQLiteColumn) => sql<string | null>`(
  select json_object('id', p.id, 'status', p.status, 'expirationDate', p.expiration_date, 'publishAt', p.publish_at, 'createdAt', p.created_at,
    'reason', p.reason)
  from ${publicationRequests} p where p.content_id = ${contentId} order by p.created_at desc, p.id desc limit 1
)`;

function toPublicationState(json: string | null): PublicationState | null {
  if (!json) return null;
  const p = JSON.parse(json) as {
    id: string;
    status: PublicationState['status'];
    expirationDate: number | null;
    publishAt: number | null;
    createdAt: number;
    reason: string | null;
  };
  return {
    id: p.id,
    status: p.status,
    expirationDate: p.expirationDate === null ? null : iso(p.expirationDate),
    publishAt: p.publishAt === null ? null : iso(p.publishAt),
    createdAt: iso(p.createdAt),
    reason: p.reason,
  };
}

/** What a visitor gets of an article (schema/workspace.ts, VISITOR_STATES); the rules of articleVisibleWhere(null). */
const articleVisitorState = sql<VisitorState>`case
  when ${articles.published} = 0 then 'draft'
  when ${articles.channelId} is not null and not exists (
    select 1 from ${channels} vch where vch.id = ${articles.channelId} and vch.published = 1) then 'waitingForChannel'
  when ${articles.channelId} is not null and exists (
    select 1 from ${channels} vch where vch.id = ${articles.channelId} and vch.private = 1) then 'privateChannel'
  when ${articles.hidden} = 1 then 'hidden'
  else 'live' end`;

/** The same for a channel (channelVisibleWhere(null)). */
const channelVisitorState = sql<VisitorState>`case
  when ${channels.published} = 0 then 'draft'
  when ${channels.private} = 1 then 'private'
  when ${channels.hidden} = 1 then 'hidden'
  else 'live' end`;

/** The same for a news item: the feed's rule (newsVisibleWhere(null), as a list) on the item joined to its target. */
const newsVisitorState = (now: number) => sql<VisitorState>`case
  when ${news.publishedAt} > ${now} then 'scheduled'
  when ${newsVisibleWhere(null, now, { listing: true })} then 'live'
  else 'targetNotPublic' end`;

type ArticleListRow = {
  article: ArticleRow;
  userName: string;
  channelName: string | null;
  publication: string | null;
  visitorState: VisitorState;
} & RowTranslations;

const toWorkspaceArticle = (r: ArticleListRow): WorkspaceArticle => ({
  ...toArticleSummary(r.article),
  updatedAt: iso(r.article.updatedAt),
  version: r.article.version,
  userName: r.userName,
  channelName: r.channelName,
  publication: toPublicationState(r.publication),
  visitorState: r.visitorState,
  ...rowTranslations(r),
});

const articleColumns = {
  article: articles,
  userName: users.name,
  channelName: channels.name,
  publication: latestPublication(articles.id),
  visitorState: articleVisitorState,
  ...translationColumns('article'),
};

/** GET /workspace/articles: the caller's articles (ADMIN: everyone's), last changed first. */
export async function listWorkspaceArticles(
  db: Db,
  viewer: SessionUser,
  filter: WorkspaceFilter,
): Promise<Page<WorkspaceArticle>> {
  const rows = await db
    .select(articleColumns)
    .from(articles)
    .innerJoin(users, eq(users.id, articles.userId))
    .leftJoin(channels, eq(channels.id, articles.channelId))
    .where(
      and(
        ownerCondition(viewer, articles.userId, filter.owner),
        contains(articles.title, filter.q),
        filter.channel ? eq(articles.channelId, filter.channel) : undefined,
        filter.id ? eq(articles.id, filter.id) : undefined,
        ...translationFilters('article', filter),
        afterCursor(filter.cursor, articles.updatedAt, articles.id),
      ),
    )
    .orderBy(desc(articles.updatedAt), desc(articles.id))
    .limit(filter.limit + 1)
    .all();
  return toPage(rows, filter.limit, (r) => ({ time: r.article.updatedAt, id: r.article.id }), toWorkspaceArticle);
}

/**
 * GET /workspace/channels/{id}/articles: every article of the channel (drafts and hidden ones included, whoever
 * wrote them) in the channel's editorial order, articleOrdinals.main first, then newest first: what its owner
 * arranges. The channel's owner or ADMIN; 404 for a channel the caller may not manage (as if it did not exist).
 */
export async function listChannelArticlesToArrange(
  db: Db,
  viewer: SessionUser,
  channelId: string,
  page: { cursor?: string | undefined; limit: number },
): Promise<Page<WorkspaceArticle>> {
  const channel = await db.select({ userId: channels.userId }).from(channels).where(eq(channels.id, channelId)).get();
  if (!channel || (viewer.role !== 'ADMIN' && channel.userId !== viewer.id)) throw new NotFound(CHANNEL_NOT_FOUND);
  const offset = decodeOffsetCursor(page.cursor);
  const ordinals = db
    .select({ id: sql<string>`value`.as('ordinal_id'), position: sql<number>`min(key)`.as('ordinal_position') })
    .from(
      sql`json_each((select ${channels.articleOrdinals} from ${channels} where ${channels.id} = ${channelId}), '$.main')`,
    )
    .groupBy(sql`value`)
    .as('ordinals');
  const rows = await db
    .select(articleColumns)
    .from(articles)
    .innerJoin(users, eq(users.id, articles.userId))
    .leftJoin(channels, eq(channels.id, articles.channelId))
    .leftJoin(ordinals, eq(ordinals.id, articles.id))
    .where(eq(articles.channelId, channelId))
    .orderBy(sql`${ordinals.position} is null`, asc(ordinals.position), desc(articles.createdAt), asc(articles.id))
    .limit(page.limit + 1)
    .offset(offset)
    .all();
  return toOffsetPage(rows, offset, page.limit, toWorkspaceArticle);
}

/** GET /workspace/channels: the caller's channels (ADMIN: everyone's), last changed first. */
export async function listWorkspaceChannels(
  db: Db,
  viewer: SessionUser,
  filter: WorkspaceFilter,
): Promise<Page<WorkspaceChannel>> {
  const rows = await db
    .select({
      channel: channels,
      userName: users.name,
      publication: latestPublication(channels.id),
      visitorState: channelVisitorState,
      ...translationColumns('channel'),
    })
    .from(channels)
    .innerJoin(users, eq(users.id, channels.userId))
    .where(
      and(
        ownerCondition(viewer, channels.userId, filter.owner),
        contains(channels.name, filter.q),
        filter.id ? eq(channels.id, filter.id) : undefined,
        ...translationFilters('channel', filter),
        afterCursor(filter.cursor, channels.updatedAt, channels.id),
      ),
    )
    .orderBy(desc(channels.updatedAt), desc(channels.id))
    .limit(filter.limit + 1)
    .all();
  return toPage(
    rows,
    filter.limit,
    (r) => ({ time: r.channel.updatedAt, id: r.channel.id }),
    (r): WorkspaceChannel => ({
      id: r.channel.id,
      slug: r.channel.slug,
      name: r.channel.name,
      userId: r.channel.userId,
      userName: r.userName,
      portraitHref: fileHref(r.channel.portraitKey),
      published: r.channel.published,
      hidden: r.channel.hidden,
      private: r.channel.private,
      restricted: r.channel.restricted,
      isAd: r.channel.isAd,
      createdAt: iso(r.channel.createdAt),
      updatedAt: iso(r.channel.updatedAt),
      version: r.channel.version,
      publication: toPublicationState(r.publication),
      visitorState: r.visitorState,
      ...rowTranslations(r),
    }),
  );
}

/**
 * GET /workspace/news: the caller's news items (ADMIN: everyone's), newest first, scheduled ones included, with
 * the title and slug of what each points at. Items whose target is gone are left out (deleting an article or
 * channel deletes its news items in the same batch, so there are none but in broken data).
 */
export async function listWorkspaceNews(
  db: Db,
  viewer: SessionUser,
  filter: WorkspaceFilter,
  now = Date.now(),
): Promise<Page<WorkspaceNewsItem>> {
  const rows = await db
    .select({
      ...newsWithRefColumns,
      userName: users.name,
      articleTitle: articles.title,
      channelName: channels.name,
      visitorState: newsVisitorState(now),
      ...translationColumns('news'),
    })
    .from(news)
    .innerJoin(users, eq(users.id, news.userId))
    .leftJoin(articles, and(eq(news.refKind, 'article'), eq(articles.id, news.refId)))
    .leftJoin(channels, and(eq(news.refKind, 'channel'), eq(channels.id, news.refId)))
    .where(
      and(
        ownerCondition(viewer, news.userId, filter.owner),
        contains(news.title, filter.q),
        filter.id ? eq(news.id, filter.id) : undefined,
        ...translationFilters('news', filter),
        sql`coalesce(${articles.id}, ${channels.id}) is not null`,
        afterCursor(filter.cursor, news.createdAt, news.id),
      ),
    )
    .orderBy(desc(news.createdAt), desc(news.id))
    .limit(filter.limit + 1)
    .all();
  return toPage(
    rows,
    filter.limit,
    (r) => ({ time: r.news.createdAt, id: r.news.id }),
    (r): WorkspaceNewsItem => ({
      ...toNewsItem(r),
      userName: r.userName,
      refTitle: (r.news.refKind === 'article' ? r.articleTitle : r.channelName)!,
      createdAt: iso(r.news.createdAt),
      visitorState: r.visitorState,
      version: r.news.version,
      ...rowTranslations(r),
    }),
  );
}
