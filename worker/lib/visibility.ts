// Who may see what: the one place the visibility rules live. Every get, list, children, news and
// search query filters with these conditions, and every read of restricted content asks canReadContent.
//
// - unpublished: only the owner and ADMIN (an unpublished channel hides its articles too);
// - hidden: left out of lists and search, reachable by direct id or slug;
// - private channel and its articles: only the owner, ADMIN and users granted access to the channel;
// - restricted article or channel: listed, but description and media only for the owner, ADMIN and users
//   granted access (a grant on a channel covers its articles).
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '../../schema/entities';
import { articles, channels, contentAccess } from '../../schema/tables';
import type { Db } from '../env';

export type Viewer = SessionUser | null;

export interface VisibilityOptions {
  /** Lists and search leave hidden entities out; direct look-ups by id or slug do not. */
  listing: boolean;
}

const viewerId = (viewer: Viewer) => viewer?.id ?? '';

/** A grant for the viewer on the content id expression. */
const granted = (viewer: Viewer, contentId: SQL) =>
  sql`exists (select 1 from ${contentAccess} where ${contentAccess.userId} = ${viewerId(viewer)} and ${contentAccess.contentId} = ${contentId})`;

/** Condition on `channels`: the viewer may know the channel exists. */
export function channelVisibleWhere(viewer: Viewer, { listing }: VisibilityOptions): SQL {
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
export function articleVisibleWhere(viewer: Viewer, { listing }: VisibilityOptions): SQL {
  const notHidden = listing ? eq(articles.hidden, false) : sql`1 = 1`;
  if (viewer?.role === 'ADMIN') return notHidden;
  const uid = viewerId(viewer);
  // The article's channel, if any, must itself be visible (hidden channels still show their articles).
  const channelOk = sql`(${articles.channelId} is null or exists (
    select 1 from ${channels} ch where ch.id = ${articles.channelId}
      and (ch.published = 1 or ch.user_id = ${uid})
      and (ch.private = 0 or ch.user_id = ${uid} or ${granted(viewer, sql`ch.id`)})
  ))`;
  return and(notHidden, or(eq(articles.published, true), eq(articles.userId, uid)), channelOk)!;
}

export interface ContentOwner {
  id: string;
  userId: string;
  restricted: boolean;
}

/**
 * Whether the viewer may read the restricted parts (description, media) of an article or channel
 * they can already see. Unrestricted content is readable by anyone who can see it.
 */
export async function canReadContent(
  db: Db,
  viewer: Viewer,
  content: ContentOwner & { channel?: { id: string; userId: string; restricted?: boolean; private?: boolean } | null },
): Promise<boolean> {
  const channelGate = !!content.channel && (content.channel.restricted || content.channel.private);
  if (!content.restricted && !channelGate) return true;
  if (!viewer) return false;
  if (viewer.role === 'ADMIN' || viewer.id === content.userId || viewer.id === content.channel?.userId) return true;
  const ids = [content.id, ...(content.channel ? [content.channel.id] : [])];
  const grant = await db
    .select({ id: contentAccess.id })
    .from(contentAccess)
    .where(and(eq(contentAccess.userId, viewer.id), or(...ids.map((id) => eq(contentAccess.contentId, id)))))
    .get();
  return !!grant;
}
