// Shareable preview links (decision 029): an unguessable token (256 random bits, stored only as its SHA-256)
// scoped to one article, channel or news item, with an expiry, revocable. It shows the item's latest saved state
// read-only and opens nothing else: no session, no other item, only the files that item shows.
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Preview, PreviewLink, SessionUser } from '#schema/entities';
import { getArticle } from './articles';
import { getChannel } from './channels';
import { getNews } from './news';
import { articleMedia, articles, channels, news, previewLinks, type RevisionType } from '#schema/tables';
import type { Db } from '../env';
import { iso } from '../services/db';
import { Forbidden, NotFound } from '../lib/errors';

const DAY = 24 * 3600 * 1000;
export const PREVIEW_NOT_FOUND = 'This preview link does not exist, has expired or was revoked';

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

export async function hashToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

type LinkRow = typeof previewLinks.$inferSelect;
const toPreviewLink = (r: LinkRow, token?: string): PreviewLink => ({
  id: r.id,
  type: r.entityType,
  entityId: r.entityId,
  ...(token ? { token } : {}),
  createdAt: iso(r.createdAt),
  expiresAt: iso(r.expiresAt),
  revokedAt: r.revokedAt === null ? null : iso(r.revokedAt),
});

export async function createPreviewLink(
  db: Db,
  user: SessionUser,
  item: { type: RevisionType; id: string },
  days: number,
  now = Date.now(),
): Promise<PreviewLink> {
  const token = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const row: LinkRow = {
    id: crypto.randomUUID(),
    entityType: item.type,
    entityId: item.id,
    tokenHash: await hashToken(token),
    userId: user.id,
    createdAt: now,
    expiresAt: now + days * DAY,
    revokedAt: null,
  };
  await db.insert(previewLinks).values(row);
  return toPreviewLink(row, token);
}

/** The item's links, newest first (the tokens are not kept, so not shown). */
export async function listPreviewLinks(db: Db, entityId: string): Promise<PreviewLink[]> {
  const rows = await db
    .select()
    .from(previewLinks)
    .where(eq(previewLinks.entityId, entityId))
    .orderBy(desc(previewLinks.createdAt))
    .limit(100)
    .all();
  return rows.map((r) => toPreviewLink(r));
}

export async function findPreviewLink(db: Db, linkId: string): Promise<LinkRow> {
  const row = await db.select().from(previewLinks).where(eq(previewLinks.id, linkId)).get();
  if (!row) throw new NotFound('Preview link not found');
  return row;
}

export async function revokePreviewLink(db: Db, row: LinkRow, now = Date.now()): Promise<PreviewLink> {
  if (row.revokedAt !== null) return toPreviewLink(row);
  await db.update(previewLinks).set({ revokedAt: now }).where(eq(previewLinks.id, row.id));
  return toPreviewLink({ ...row, revokedAt: now });
}

/** The live link a token names: 404 alike for unknown, expired and revoked ones (a guesser learns nothing). */
export async function linkOfToken(db: Db, token: string, now = Date.now()): Promise<LinkRow> {
  const row = await db
    .select()
    .from(previewLinks)
    .where(
      and(
        eq(previewLinks.tokenHash, await hashToken(token)),
        isNull(previewLinks.revokedAt),
        gt(previewLinks.expiresAt, now),
      ),
    )
    .get();
  if (!row) throw new NotFound(PREVIEW_NOT_FOUND);
  return row;
}

/** The owner of the item a link shows, as the viewer its preview reads with. */
export async function itemOwner(db: Db, link: LinkRow): Promise<SessionUser> {
  const table = link.entityType === 'article' ? articles : link.entityType === 'channel' ? channels : news;
  const row = await db.select({ userId: table.userId }).from(table).where(eq(table.id, link.entityId)).get();
  if (!row) throw new NotFound(PREVIEW_NOT_FOUND);
  // ADMIN as the item's owner: the preview shows the saved draft whatever its flags; it is scoped to this one id.
  return { id: row.userId, name: '', role: 'ADMIN' };
}

/** Whether the file is one the previewed item shows (its thumbnail, gallery, videos, portrait, banner, cover). */
export async function itemShowsFile(db: Db, link: LinkRow, key: string): Promise<boolean> {
  const id = link.entityId;
  if (link.entityType === 'article') {
    const [a, media] = await db.batch([
      db.select({ k: articles.thumbnailKey }).from(articles).where(eq(articles.id, id)),
      db
        .select({ blob: articleMedia.blobKey, thumb: articleMedia.thumbnailKey })
        .from(articleMedia)
        .where(eq(articleMedia.articleId, id)),
    ]);
    return a.some((r) => r.k === key) || media.some((m) => m.blob === key || m.thumb === key);
  }
  if (link.entityType === 'channel') {
    const c = await db.select().from(channels).where(eq(channels.id, id)).get();
    return !!c && [c.portraitKey, c.bannerKey, c.coverKey].includes(key);
  }
  const n = await db.select({ k: news.thumbnailKey }).from(news).where(eq(news.id, id)).get();
  return n?.k === key;
}

/** 403 unless the user made the link, owns its item, or is ADMIN. */
export function assertMayRevoke(user: SessionUser, link: LinkRow, itemOwnerId: string): void {
  if (user.role !== 'ADMIN' && user.id !== link.userId && user.id !== itemOwnerId)
    throw new Forbidden('Only the item’s owner or an admin may revoke its preview links');
}

/** Every `href`/`...Href` string naming a stored file points at the preview's own file route instead. */
function throughPreview<T>(value: T, token: string): T {
  const walk = (v: unknown, key: string): unknown => {
    if (typeof v === 'string')
      return /href$/i.test(key) && v.startsWith('/api/files/')
        ? `/api/previews/view/${token}/files/${v.slice('/api/files/'.length)}`
        : v;
    if (Array.isArray(v)) return v.map((x) => walk(x, key));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k)]));
    return v;
  };
  return walk(value, '') as T;
}

/**
 * What a preview link shows: the item's latest saved state as its owner sees it, its files through the preview's own
 * file route. 404 for a token that is no live link (GET /api/previews/view/{token} and the /preview page both).
 */
export async function previewOfToken(db: Db, token: string): Promise<Preview> {
  const link = await linkOfToken(db, token);
  const viewer = await itemOwner(db, link);
  const expiresAt = new Date(link.expiresAt).toISOString();
  let answer: Preview;
  if (link.entityType === 'article')
    answer = { type: 'article', expiresAt, article: await getArticle(db, viewer, link.entityId) };
  else if (link.entityType === 'channel')
    answer = { type: 'channel', expiresAt, channel: await getChannel(db, viewer, link.entityId) };
  else answer = { type: 'news', expiresAt, newsItem: await getNews(db, viewer, link.entityId) };
  return throughPreview(answer, token);
}
