// Media of an article (gallery images or videos): reads and the writes behind the media calls, each one
// D1 batch that keeps ordinals dense from 0; callers delete replaced files after it succeeded.
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { articleMedia, articles } from '#schema/tables';
import type { Db } from '../env';
import { BadRequest, Conflict, NotFound } from '../lib/errors';
import type { ArticleRow, MediaKind, MediaRow } from './article-mappers';
import { auditEntry, auditEntryWhen, type AuditScope } from '../services/audit';

export const MEDIA_NOT_FOUND = 'Media entry not found';
type Batch = BatchItem<'sqlite'>[];
const nowMs = () => Date.now();

export async function listMediaRows(db: Db, articleId: string): Promise<MediaRow[]> {
  return db
    .select()
    .from(articleMedia)
    .where(eq(articleMedia.articleId, articleId))
    .orderBy(asc(articleMedia.ordinal))
    .all();
}

export type NewMediaEntry =
  | { kind: 'image'; title: string; key: string }
  | { kind: 'video'; title: string; key: string; thumbnailMillis: number; thumbnailKey: string | null };

/** The values of a new media row; the ordinal may be SQL evaluated by the insert. */
export const mediaValues = (articleId: string, ordinal: number | SQL, e: NewMediaEntry) => ({
  id: crypto.randomUUID(),
  articleId,
  ordinal,
  kind: e.kind,
  title: e.title,
  blobKey: e.key,
  thumbnailMillis: e.kind === 'video' ? e.thumbnailMillis : null,
  thumbnailKey: e.kind === 'video' ? e.thumbnailKey : null,
});

/** The entry of a media change: the article was `updated` in its media (decision 033). */
const mediaChanged = (db: Db, audit: AuditScope, row: ArticleRow) => auditEntry(db, audit, mediaFact(row));
const mediaFact = (row: ArticleRow) =>
  ({
    entityType: 'article',
    entityId: row.id,
    title: row.title,
    ownerId: row.userId,
    action: 'updated',
    fields: ['media'],
  }) as const;

const mediaFileKeys = (rows: readonly MediaRow[]) =>
  rows.flatMap((m) => [m.blobKey, m.thumbnailKey]).filter((k): k is string => !!k);
const touch = (db: Db, articleId: string, set: Partial<Pick<ArticleRow, 'mediaKind'>> = {}) =>
  db
    .update(articles)
    .set({ ...set, updatedAt: nowMs() })
    .where(eq(articles.id, articleId));

/** The entry at `ordinal`, or 404. */
export async function mediaAt(db: Db, articleId: string, ordinal: number): Promise<MediaRow> {
  const row = await db
    .select()
    .from(articleMedia)
    .where(and(eq(articleMedia.articleId, articleId), eq(articleMedia.ordinal, ordinal)))
    .get();
  if (!row) throw new NotFound(MEDIA_NOT_FOUND);
  return row;
}

/** 409 unless the article's media kind admits entries of `entry` kind (no kind yet admits any, see addMedia). */
function assertKind(row: ArticleRow, entry: 'image' | 'video'): void {
  const wanted: MediaKind = entry === 'image' ? 'gallery' : 'video';
  if (row.mediaKind && row.mediaKind !== wanted) {
    throw new Conflict(
      `The article's media is a ${row.mediaKind}; ${entry === 'image' ? 'images' : 'videos'} do not fit it`,
    );
  }
}

/**
 * Sets the media kind (null removes the media). Changing the kind removes every entry; setting the same
 * kind again keeps them. Returns the file keys no longer used.
 */
export async function setMediaKind(
  db: Db,
  row: ArticleRow,
  kind: MediaKind | null,
  audit: AuditScope,
): Promise<string[]> {
  if (kind !== null && row.mediaKind === kind) return [];
  const media = await listMediaRows(db, row.id);
  if (row.mediaKind === kind && media.length === 0) return [];
  await db.batch([
    db.delete(articleMedia).where(eq(articleMedia.articleId, row.id)),
    touch(db, row.id, { mediaKind: kind }),
    mediaChanged(db, audit, row),
  ]);
  return mediaFileKeys(media);
}

// ---- ordinals ----
// Ordinals are dense from 0 within an article and UNIQUE(article_id, ordinal). Concurrent calls on one
// article must not collide, so every ordinal a write depends on is read inside its own statement (a D1
// batch is one transaction), never read first and written later.

/** The ordinal after the article's last entry, evaluated inside the statement that uses it. */
const nextOrdinal = (articleId: string) =>
  sql`(select coalesce(max(${articleMedia.ordinal}) + 1, 0) from ${articleMedia} where ${articleMedia.articleId} = ${articleId})`;

/**
 * Statements that move the entries at `at` and after up by `n`, leaving `at .. at+n-1` free. The unique
 * index is checked row by row, so the moved rows are parked on negatives first, then flipped back.
 */
function openGap(db: Db, articleId: string, at: number, n: number): Batch {
  return [
    db
      .update(articleMedia)
      .set({ ordinal: sql`-${articleMedia.ordinal} - ${n}` })
      .where(and(eq(articleMedia.articleId, articleId), sql`${articleMedia.ordinal} >= ${at}`)),
    db
      .update(articleMedia)
      .set({ ordinal: sql`-${articleMedia.ordinal}` })
      .where(and(eq(articleMedia.articleId, articleId), sql`${articleMedia.ordinal} < 0`)),
  ];
}

/**
 * Statements that move the entries after `at` down by one, but only while `at` is free: a removal that
 * lost a race (another call already removed that entry and closed the gap) moves nothing.
 */
function closeGap(db: Db, articleId: string, at: number): Batch {
  const gapAt = sql`not exists (select 1 from ${articleMedia} m where m.article_id = ${articleId} and m.ordinal = ${at})`;
  return [
    db
      .update(articleMedia)
      .set({ ordinal: sql`-${articleMedia.ordinal}` })
      .where(and(eq(articleMedia.articleId, articleId), sql`${articleMedia.ordinal} > ${at}`, gapAt)),
    db
      .update(articleMedia)
      .set({ ordinal: sql`-${articleMedia.ordinal} - 1` })
      .where(and(eq(articleMedia.articleId, articleId), sql`${articleMedia.ordinal} < 0`)),
  ];
}

// ---- writes ----

/**
 * Inserts entries of one kind at `ordinal` (default: the end), shifting later entries up, in one batch.
 * An article without media kind takes the kind of the entries. Out-of-range ordinal: 404 (checked against
 * the entries read first; the insert itself clamps to the end, so entries removed meanwhile leave no gap).
 * Answers the new entries' ids, in the order of `entries`.
 */
export async function addMedia(
  db: Db,
  row: ArticleRow,
  entries: readonly NewMediaEntry[],
  ordinal: number | undefined,
  audit: AuditScope,
): Promise<string[]> {
  if (entries.length === 0) return [];
  const kind = entries[0]!.kind;
  if (entries.some((e) => e.kind !== kind)) throw new BadRequest('Entries of one call must be of one kind');
  assertKind(row, kind);
  const batch: Batch = [];
  if (ordinal !== undefined) {
    const count =
      (
        await db
          .select({ n: sql<number>`count(*)` })
          .from(articleMedia)
          .where(eq(articleMedia.articleId, row.id))
          .get()
      )?.n ?? 0;
    if (ordinal > count) throw new NotFound(MEDIA_NOT_FOUND);
    // Always opened: an entry appended by a concurrent call since the count was read must move too.
    batch.push(...openGap(db, row.id, ordinal, entries.length));
  }
  const ids = entries.map((e, i) => {
    const at = ordinal === undefined ? nextOrdinal(row.id) : sql`min(${ordinal + i}, ${nextOrdinal(row.id)})`;
    const values = mediaValues(row.id, at, e);
    batch.push(db.insert(articleMedia).values(values));
    return values.id;
  });
  batch.push(touch(db, row.id, row.mediaKind ? {} : { mediaKind: kind === 'image' ? 'gallery' : 'video' }));
  batch.push(mediaChanged(db, audit, row));
  await db.batch(batch as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  return ids;
}

/**
 * Removes the entry at `ordinal` and closes the gap, in one batch. Returns its file keys. The delete names the entry
 * by its place as well as its id: the gap is closed at that place, so an entry another write moved meanwhile is not
 * removed from somewhere else (which left a gap where it was), and the call is as if it had come after the move.
 */
export async function removeMediaAt(db: Db, row: ArticleRow, ordinal: number, audit: AuditScope): Promise<string[]> {
  const entry = await mediaAt(db, row.id, ordinal);
  const stillThere = sql`exists (select 1 from ${articleMedia} m where m.id = ${entry.id} and m.ordinal = ${ordinal})`;
  const [, removed] = await db.batch([
    // Recorded only when the delete below finds the entry where it was read (the same condition, just before it).
    auditEntryWhen(db, audit, mediaFact(row), stillThere),
    db
      .delete(articleMedia)
      .where(and(eq(articleMedia.articleId, row.id), eq(articleMedia.ordinal, ordinal), eq(articleMedia.id, entry.id)))
      .returning({ id: articleMedia.id }),
    ...closeGap(db, row.id, ordinal),
    touch(db, row.id),
  ]);
  // A concurrent call removed or moved it between the read and the batch: nothing changed (404 as if it had never
  // been at that place; the client reloads the list).
  if (removed.length === 0) throw new NotFound(MEDIA_NOT_FOUND);
  return mediaFileKeys([entry]);
}

export interface MediaChanges {
  title?: string;
  key?: string;
  thumbnailMillis?: number;
  /** A new thumbnail key; undefined keeps the old one. */
  thumbnailKey?: string;
  /** A new place for the entry (0-based); the entries in between shift by one. */
  ordinal?: number;
}

/**
 * Changes the entry at `ordinal`, which must be of `kind` when given (else 409).
 * Returns the file keys it no longer uses.
 */
export async function updateMediaAt(
  db: Db,
  row: ArticleRow,
  ordinal: number,
  changes: MediaChanges,
  kind: 'image' | 'video' | undefined,
  audit: AuditScope,
): Promise<string[]> {
  if (kind) assertKind(row, kind);
  const entry = await mediaAt(db, row.id, ordinal);
  if (kind && entry.kind !== kind) throw new Conflict(`Media entry ${ordinal} is not an ${kind}`);
  if (entry.kind === 'image' && (changes.thumbnailMillis !== undefined || changes.thumbnailKey !== undefined)) {
    throw new Conflict(`Media entry ${ordinal} is an image: it has no thumbnail`);
  }
  const set: Partial<MediaRow> = {};
  if (changes.title !== undefined) set.title = changes.title;
  if (changes.key !== undefined) set.blobKey = changes.key;
  if (changes.thumbnailMillis !== undefined) set.thumbnailMillis = changes.thumbnailMillis;
  if (changes.thumbnailKey !== undefined) set.thumbnailKey = changes.thumbnailKey;
  const moves = changes.ordinal !== undefined && changes.ordinal !== ordinal;
  if (Object.keys(set).length === 0 && !moves) return [];
  if (moves) await assertPlaceExists(db, row.id, changes.ordinal!);
  const move = moves ? moveMediaStatements(db, row.id, entry.id, ordinal, changes.ordinal!) : [];
  const fields =
    Object.keys(set).length > 0 ? [db.update(articleMedia).set(set).where(eq(articleMedia.id, entry.id))] : [];
  // A field change is made whatever happens to the move; a move alone only while the entry is where it was read.
  const recorded =
    fields.length > 0
      ? mediaChanged(db, audit, row)
      : auditEntryWhen(
          db,
          audit,
          mediaFact(row),
          sql`exists (select 1 from ${articleMedia} m where m.id = ${entry.id} and m.ordinal = ${ordinal})`,
        );
  const results = await db.batch([touch(db, row.id), recorded, ...fields, ...move] as [
    BatchItem<'sqlite'>,
    ...BatchItem<'sqlite'>[],
  ]);
  // The park statement (first of the move) found the entry elsewhere: another write moved or removed entries
  // between the read and the batch, so the move changed nothing (the guards below it saw no parked entry).
  if (moves && (results[2 + fields.length] as unknown[]).length === 0) {
    throw new Conflict('The media entries changed meanwhile; reload them and move the entry again');
  }
  return [
    changes.key !== undefined && changes.key !== entry.blobKey ? entry.blobKey : null,
    changes.thumbnailKey !== undefined && changes.thumbnailKey !== entry.thumbnailKey ? entry.thumbnailKey : null,
  ].filter((k): k is string => !!k);
}

// ---- moving an entry ----

/** Where a moved entry waits while the others shift; no real ordinal is ever this low. */
const PARKED = -1_000_000_000;

/** 400 unless `to` is the place of an existing entry (moving never adds places). */
async function assertPlaceExists(db: Db, articleId: string, to: number): Promise<void> {
  const count =
    (
      await db
        .select({ n: sql<number>`count(*)` })
        .from(articleMedia)
        .where(eq(articleMedia.articleId, articleId))
        .get()
    )?.n ?? 0;
  if (to >= count)
    throw new BadRequest(`Ordinal ${to} is out of range: the article has ${count} media entries (0 to ${count - 1})`);
}

/**
 * Statements (for one batch) that move entry `entryId` from `from` to `to` and shift the entries in between by
 * one towards the gap, so ordinals stay dense. UNIQUE(article_id, ordinal) is checked row by row, so the entry
 * is parked first and the shifted rows go through negatives. Every statement is guarded: the first parks the
 * entry only if it is still at `from` (it returns the entry's id, so a caller sees whether it did), the others
 * act only while the entry is parked; a move that lost a race to another write changes nothing. The final place
 * is clamped to the last entry inside the statement, so removals committed meanwhile leave no gap.
 */
export function moveMediaStatements(db: Db, articleId: string, entryId: string, from: number, to: number): Batch {
  const [low, high, step] = from < to ? [from + 1, to, -1] : [to, from - 1, 1];
  const parked = sql`exists (select 1 from ${articleMedia} m where m.id = ${entryId} and m.ordinal = ${PARKED})`;
  const ofArticle = eq(articleMedia.articleId, articleId);
  return [
    db
      .update(articleMedia)
      .set({ ordinal: PARKED })
      .where(and(eq(articleMedia.id, entryId), eq(articleMedia.ordinal, from)))
      .returning({ id: articleMedia.id }),
    db
      .update(articleMedia)
      .set({ ordinal: sql`-${articleMedia.ordinal} - 1` })
      .where(and(ofArticle, sql`${articleMedia.ordinal} between ${low} and ${high}`, parked)),
    db
      .update(articleMedia)
      .set({ ordinal: sql`-${articleMedia.ordinal} - 1 + ${step}` })
      .where(and(ofArticle, sql`${articleMedia.ordinal} < 0`, sql`${articleMedia.ordinal} > ${PARKED}`)),
    db
      .update(articleMedia)
      .set({ ordinal: sql`min(${to}, (select count(*) - 1 from ${articleMedia} m where m.article_id = ${articleId}))` })
      .where(and(eq(articleMedia.id, entryId), eq(articleMedia.ordinal, PARKED))),
  ];
}
