// Who may see what: the one place the visibility rules live. Every get, list, children, news and
// search query filters with these conditions, and every read of restricted content asks canReadContent (or
// adds its SQL form, articleReadableWhere / channelReadableWhere, to the statement that finds the rows).
//
// - unpublished: only the owner and ADMIN (an unpublished channel hides its articles too, except from
//   the article's own owner);
// - hidden: left out of lists and search (for everyone, ADMIN and owner included), reachable by direct id or slug;
// - private channel and its articles: only the channel owner, ADMIN and users granted access to the channel
//   (the article's owner, and a grant on the article itself, also open that one article);
// - restricted article or channel: listed, but description and media (of a channel: coverMedia) only for
//   the owner, ADMIN and users granted access (a grant on a channel covers its articles); the articles of a
//   restricted channel are locked like restricted articles.
// Details and reasons: docs/decisions/005-visibility.md.
import { and, eq, inArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { SessionUser } from '#schema/entities';
import type { Role } from '#schema/enums';
import { articles, channels, contentAccess, news } from '#schema/tables';
import type { Db } from './db';

export type Viewer = SessionUser | null;

/**
 * What the conditions need of a viewer: the role decides their shape, the id is a value in them. The id may be a
 * placeholder bound per request (the statements built once, worker/lib/statements.ts).
 */
export type ViewerLike = { id: string | Placeholder; role: Role } | null;

export interface VisibilityOptions {
  /** Lists and search leave hidden entities out; direct look-ups by id or slug do not. */
  listing: boolean;
}

const viewerId = (viewer: ViewerLike) => viewer?.id ?? '';

/** A grant for the viewer on the content id expression. */
const granted = (viewer: ViewerLike, contentId: SQL) =>
  sql`exists (select 1 from ${contentAccess} where ${contentAccess.userId} = ${viewerId(viewer)} and ${contentAccess.contentId} = ${contentId})`;

/** Condition on `channels`: the viewer may know the channel exists. */
export function channelVisibleWhere(viewer: ViewerLike, { listing }: VisibilityOptions): SQL {
  const notHidden = listing ? eq(channels.hidden, false) : sql`1 = 1`;
  if (viewer?.role === 'ADMIN') return notHidden;
  const uid = viewerId(viewer);
  return and(
    notHidden,
    or(eq(channels.published, true), eq(channels.userId, uid)),
    or(eq(channels.private, false), eq(channels.userId, uid), granted(viewer, sql`${channels.id}`)),
  )!;
}

/** Condition on `articles`: the viewer may know the article exists. */
export function articleVisibleWhere(viewer: ViewerLike, { listing }: VisibilityOptions): SQL {
  const notHidden = listing ? eq(articles.hidden, false) : sql`1 = 1`;
  if (viewer?.role === 'ADMIN') return notHidden;
  if (!viewer) {
    // Anonymous: published, and in no channel or in a published, non-private one.
    const publicChannel = sql`(${articles.channelId} is null or exists (
      select 1 from ${channels} ch where ch.id = ${articles.channelId} and ch.published = 1 and ch.private = 0
    ))`;
    return and(notHidden, eq(articles.published, true), publicChannel)!;
  }
  const uid = viewer.id;
  // The article's channel, if any, must itself be visible (hidden channels still show their articles);
  // a grant on the article opens it inside a private channel too.
  const channelOk = sql`(${articles.channelId} is null or exists (
    select 1 from ${channels} ch where ch.id = ${articles.channelId}
      and (ch.published = 1 or ch.user_id = ${uid})
      and (ch.private = 0 or ch.user_id = ${uid} or ${granted(viewer, sql`ch.id`)} or ${granted(viewer, sql`${articles.id}`)})
  ))`;
  // The article's owner always sees their own article, whatever its channel.
  return and(notHidden, or(eq(articles.userId, uid), and(eq(articles.published, true), channelOk)))!;
}

/**
 * Condition on `articles` (rows the viewer may see): the viewer may also read the restricted parts
 * (description and media). The SQL form of canReadContent, for queries that decide many rows at once (the file
 * route) or decide the lock in the statement that finds the rows; the visibility tests hold both to the same table.
 */
export function articleReadableWhere(viewer: ViewerLike): SQL {
  const gatedChannel = sql`exists (select 1 from ${channels} ch where ch.id = ${articles.channelId} and (ch.restricted = 1 or ch.private = 1))`;
  const open = sql`(${articles.restricted} = 0 and not ${gatedChannel})`;
  if (!viewer) return open;
  if (viewer.role === 'ADMIN') return sql`1 = 1`;
  return or(
    open,
    eq(articles.userId, viewer.id),
    sql`exists (select 1 from ${channels} ch where ch.id = ${articles.channelId} and ch.user_id = ${viewer.id})`,
    granted(viewer, sql`${articles.id}`),
    granted(viewer, sql`${articles.channelId}`),
  )!;
}

/** Condition on `channels` (rows the viewer may see): the viewer may also read the cover media (see canReadContent). */
export function channelReadableWhere(viewer: ViewerLike): SQL {
  const open = and(eq(channels.restricted, false), eq(channels.private, false))!;
  if (!viewer) return open;
  if (viewer.role === 'ADMIN') return sql`1 = 1`;
  return or(open, eq(channels.userId, viewer.id), granted(viewer, sql`${channels.id}`))!;
}

/**
 * Condition on `news` left-joined to its target (`articles` on an article ref, `channels` on a channel ref):
 * the viewer may see the item. Its target must be visible to the viewer under the same options: the feed is
 * a list, so a hidden target keeps its items out of it (for everyone, as hidden content is out of every list);
 * by id an item is a link like any other, and a hidden target counts. And it is already published, or theirs,
 * or they are ADMIN.
 */
export function newsVisibleWhere(viewer: Viewer, now: number, options: VisibilityOptions): SQL {
  const target = or(
    and(eq(news.refKind, 'article'), sql`${articles.id} is not null`, articleVisibleWhere(viewer, options)),
    and(eq(news.refKind, 'channel'), sql`${channels.id} is not null`, channelVisibleWhere(viewer, options)),
  )!;
  if (viewer?.role === 'ADMIN') return target;
  return and(target, or(sql`${news.publishedAt} <= ${now}`, eq(news.userId, viewer?.id ?? '')))!;
}

export interface ContentOwner {
  id: string;
  userId: string;
  restricted: boolean;
}

export interface ChannelGate {
  id: string;
  userId: string;
  restricted: boolean;
  private: boolean;
}

/**
 * Whether the viewer may read the restricted parts (article: description and media; channel: coverMedia)
 * of an article or channel they can already see. Unrestricted content in an unrestricted, non-private
 * channel is readable by anyone who can see it; otherwise the owner (of the content or its channel),
 * ADMIN, and a grant on the content or on its channel open it. The access-grant calls rely on this check.
 *
 * For an article pass `channelId` (its channel is then loaded) or the loaded `channel`; omitting both means
 * "not in a channel".
 */
export async function canReadContent(
  db: Db,
  viewer: Viewer,
  content: ContentOwner & { channelId?: string | null; channel?: ChannelGate | null },
): Promise<boolean> {
  let channel = content.channel ?? null;
  if (content.channel === undefined && content.channelId) {
    channel =
      (await db
        .select({
          id: channels.id,
          userId: channels.userId,
          restricted: channels.restricted,
          private: channels.private,
        })
        .from(channels)
        .where(eq(channels.id, content.channelId))
        .get()) ?? null;
  }
  const channelGate = !!channel && (channel.restricted || channel.private);
  if (!content.restricted && !channelGate) return true;
  if (!viewer) return false;
  if (viewer.role === 'ADMIN' || viewer.id === content.userId || viewer.id === channel?.userId) return true;
  const ids = [content.id, ...(channel ? [channel.id] : [])];
  const grant = await db
    .select({ id: contentAccess.id })
    .from(contentAccess)
    .where(and(eq(contentAccess.userId, viewer.id), inArray(contentAccess.contentId, ids)))
    .get();
  return !!grant;
}
