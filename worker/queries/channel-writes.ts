// Channel writes: create, change (with its revision and its articles' order) and delete, each one D1 batch with
// its audit entry (the reads: channels.ts).
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  articles,
  channelCategories,
  channels,
  contentAccess,
  contentRequests,
  news,
  previewLinks,
  publicationRequests,
  slugs,
  userChannels,
} from '#schema/tables';
import type { Db } from '../env';
import { BadRequest, Conflict } from '../lib/errors';
import { insertWithUniqueSlug } from './slugs';
import { deleteRevisionsOf, revisionStatements, runSave } from './revisions';
import { auditEntry, changedFields, contentSaveEntries, type AuditScope } from '../services/audit';
import type { ChannelRow, ArticleOrdinals, CoverMediaValue } from './channels';

/** 400 unless every id in the ordinals is an article of the channel. */
export async function assertOrdinalsOfChannel(
  db: Db,
  channelId: string | null,
  ordinals: ArticleOrdinals,
): Promise<void> {
  const ids = [...new Set(Object.values(ordinals).flat())];
  if (ids.length === 0) return;
  const found = new Set<string>();
  if (channelId) {
    for (let i = 0; i < ids.length; i += 90) {
      const part = ids.slice(i, i + 90);
      for (const r of await db
        .select({ id: articles.id })
        .from(articles)
        .where(and(inArray(articles.id, part), eq(articles.channelId, channelId)))
        .all())
        found.add(r.id);
    }
  }
  const foreign = ids.filter((id) => !found.has(id));
  if (foreign.length)
    throw new BadRequest(`articleOrdinals may name only articles of this channel: ${foreign.join(', ')}`);
}

export interface NewChannel {
  name: string;
  infoText: string;
  categoryIds: string[];
  portraitKey: string | null;
  bannerKey: string | null;
  coverMedia: CoverMediaValue | null;
  hidden: boolean;
  private: boolean;
  restricted: boolean;
  isAd: boolean;
}

const coverColumnsOf = (row: ChannelRow) => ({
  coverKind: row.coverKind,
  coverKey: row.coverKey,
  coverThumbnailMillis: row.coverThumbnailMillis,
});
const coverColumns = (cover: CoverMediaValue | null) => ({
  coverKind: cover?.kind ?? null,
  coverKey: cover?.key ?? null,
  coverThumbnailMillis: cover?.kind === 'video' ? cover.thumbnailMillis : null,
});

/** Inserts an unpublished channel owned by `userId`, with its slug and category links, in one batch. */
export async function insertChannel(
  db: Db,
  userId: string,
  input: NewChannel,
  audit: AuditScope,
): Promise<{ id: string; slug: string }> {
  const id = crypto.randomUUID();
  const slug = await insertWithUniqueSlug(db, { text: input.name, id, kind: 'channel' }, (slug) => [
    db.insert(channels).values({
      id,
      slug,
      userId,
      published: false,
      articleOrdinals: {},
      name: input.name,
      infoText: input.infoText,
      portraitKey: input.portraitKey,
      bannerKey: input.bannerKey,
      ...coverColumns(input.coverMedia),
      hidden: input.hidden,
      private: input.private,
      restricted: input.restricted,
      isAd: input.isAd,
    }),
    ...[...new Set(input.categoryIds)].map((categoryId, ordinal) =>
      db.insert(channelCategories).values({ channelId: id, categoryId, ordinal }),
    ),
    auditEntry(db, audit, {
      entityType: 'channel',
      entityId: id,
      title: input.name,
      ownerId: userId,
      action: 'created',
    }),
  ]);
  return { id, slug };
}

export interface ChannelChanges {
  name?: string;
  infoText?: string;
  categoryIds?: string[];
  /** New key, null to remove, undefined to keep (same for banner and cover). */
  portraitKey?: string | null;
  bannerKey?: string | null;
  coverMedia?: CoverMediaValue | null;
  hidden?: boolean;
  private?: boolean;
  restricted?: boolean;
  isAd?: boolean;
  articleOrdinals?: ArticleOrdinals;
  published?: boolean;
}

/**
 * Applies the changes in one batch with the channel's next version and a revision of its saved fields (409 with
 * nothing written when another save came first); returns the file keys the channel no longer uses.
 */
export async function updateChannel(
  db: Db,
  row: ChannelRow,
  changes: ChannelChanges,
  userId: string,
  audit: AuditScope,
): Promise<string[]> {
  const { categoryIds, coverMedia, ...columns } = changes;
  const now = Date.now();
  const set = { ...columns, ...(coverMedia !== undefined ? coverColumns(coverMedia) : {}), updatedAt: now };
  const saved = { ...row, ...columns };
  const storedCategoryIds = (
    await db
      .select({ id: channelCategories.categoryId })
      .from(channelCategories)
      .where(eq(channelCategories.channelId, row.id))
      .orderBy(channelCategories.ordinal)
      .all()
  ).map((r) => r.id);
  const savedCategoryIds = categoryIds ? [...new Set(categoryIds)] : storedCategoryIds;
  const fieldNames: Record<string, string> = { portraitKey: 'portrait', bannerKey: 'banner' };
  const fields = changedFields(
    { ...row, categoryIds: storedCategoryIds, coverMedia: coverColumnsOf(row) },
    {
      ...columns,
      categoryIds: categoryIds ? savedCategoryIds : undefined,
      coverMedia: coverMedia !== undefined ? coverColumns(coverMedia) : undefined,
    },
  ).map((f) => fieldNames[f] ?? f);
  await runSave(db, [
    ...revisionStatements(db, {
      type: 'channel',
      entityId: row.id,
      versionOf: { table: 'channels', current: row.version },
      userId,
      fields: {
        name: saved.name,
        infoText: saved.infoText,
        categoryIds: savedCategoryIds,
        hidden: saved.hidden,
        private: saved.private,
        restricted: saved.restricted,
        isAd: saved.isAd,
      },
      now,
    }),
    db
      .update(channels)
      .set({ ...set, version: row.version + 1 })
      .where(and(eq(channels.id, row.id), eq(channels.version, row.version))),
    ...contentSaveEntries(db, audit, channelSubject({ ...row, ...columns }), fields, {
      before: row.published,
      after: changes.published,
    }),
    ...(categoryIds
      ? [
          db.delete(channelCategories).where(eq(channelCategories.channelId, row.id)),
          ...savedCategoryIds.map((categoryId, ordinal) =>
            db.insert(channelCategories).values({ channelId: row.id, categoryId, ordinal }),
          ),
        ]
      : []),
  ]);
  const replaced = (next: string | null | undefined, old: string | null) =>
    next !== undefined && next !== old ? old : null;
  return [
    replaced(changes.portraitKey, row.portraitKey),
    replaced(changes.bannerKey, row.bannerKey),
    replaced(coverMedia === undefined ? undefined : (coverMedia?.key ?? null), row.coverKey),
  ].filter((k): k is string => !!k);
}

/** The channel as its audit entries name it. */
export const channelSubject = (row: Pick<ChannelRow, 'id' | 'name' | 'userId'>) =>
  ({ entityType: 'channel', entityId: row.id, title: row.name, ownerId: row.userId }) as const;

/**
 * Deletes a channel that has no articles left (409 otherwise: its articles would lose the privacy of
 * their channel), with everything naming it (likes, grants, access and publication requests, news items,
 * slugs, category links), in one batch. Returns its slugs (for KV) and the file keys to delete.
 */
export async function deleteChannel(
  db: Db,
  row: ChannelRow,
  audit: AuditScope,
): Promise<{ slugs: string[]; fileKeys: string[] }> {
  const [articleCount, newsRows, slugRows] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)` })
      .from(articles)
      .where(eq(articles.channelId, row.id))
      .get(),
    db
      .select({ thumbnailKey: news.thumbnailKey })
      .from(news)
      .where(and(eq(news.refKind, 'channel'), eq(news.refId, row.id)))
      .all(),
    db.select({ slug: slugs.slug }).from(slugs).where(eq(slugs.entityId, row.id)).all(),
  ]);
  if ((articleCount?.n ?? 0) > 0)
    throw new Conflict('The channel still has articles: delete them or move them to another channel first');
  await db.batch([
    db.delete(userChannels).where(eq(userChannels.contentId, row.id)),
    db.delete(contentAccess).where(eq(contentAccess.contentId, row.id)),
    db.delete(contentRequests).where(eq(contentRequests.contentId, row.id)),
    db.delete(publicationRequests).where(eq(publicationRequests.contentId, row.id)),
    db.delete(news).where(and(eq(news.refKind, 'channel'), eq(news.refId, row.id))),
    db.delete(slugs).where(eq(slugs.entityId, row.id)),
    db.delete(channelCategories).where(eq(channelCategories.channelId, row.id)),
    deleteRevisionsOf(db, row.id),
    db.delete(previewLinks).where(eq(previewLinks.entityId, row.id)),
    db.delete(channels).where(eq(channels.id, row.id)),
    auditEntry(db, audit, { ...channelSubject(row), action: 'deleted' }),
  ]);
  const fileKeys = [row.portraitKey, row.bannerKey, row.coverKey, ...newsRows.map((n) => n.thumbnailKey)].filter(
    (k): k is string => !!k,
  );
  return { slugs: slugRows.map((s) => s.slug), fileKeys };
}
