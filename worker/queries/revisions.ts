// Revisions of articles, channels and news items (decision 029): every save writes one in the same D1 batch as
// the save, with the bounded retention applied in that batch too; a restore is a save of the revision's fields.
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { revisionAuthors, revisions, users, type RevisionType } from '#schema/tables';
import type { Db } from '../env';
import { iso } from '../services/db';
import { BadRequest, Conflict, NotFound } from '../lib/errors';

/** Kept: the newest REVISIONS_KEPT of an item, plus its last revision of each day for REVISION_DAYS days. */
export const REVISIONS_KEPT = 50;
export const REVISION_DAYS = 90;
const DAY = 24 * 3600 * 1000;

export interface RevisionSave {
  type: RevisionType;
  entityId: string;
  /**
   * The item's table and the version read before the save. Put the statements BEFORE the save's update: the
   * revision takes `current + 1` only while the item still has `current` (else NULL, which fails the batch). For a
   * new item (`inserted`), after its insert: it takes `current` itself.
   */
  versionOf: { table: string; current: number; inserted?: boolean };
  userId: string;
  /** Everyone the revision credits when several wrote it (a room's save, decision 051); `userId` among them. */
  authorIds?: readonly string[];
  fields: Record<string, unknown>;
  now: number;
}

/**
 * The statements a save adds to its batch, before the statement that raises the item's version from `current`:
 * the revision (whose version is read from the item, NULL when another save raised it meanwhile, which fails the
 * NOT NULL constraint and so rolls the whole batch back: a save that lost a race writes nothing) and the pruning of
 * revisions beyond the retention. A D1 batch is one transaction, so nothing lands between them and the update.
 */
export function revisionStatements(db: Db, save: RevisionSave): BatchItem<'sqlite'>[] {
  const since = save.now - REVISION_DAYS * DAY;
  const id = crypto.randomUUID();
  // Two parameters a row: well under D1's 100 a statement in chunks of 40.
  const authors = [...new Set(save.authorIds ?? [])];
  const credits: BatchItem<'sqlite'>[] = [];
  for (let i = 0; i < authors.length; i += 40)
    credits.push(
      db.insert(revisionAuthors).values(authors.slice(i, i + 40).map((userId) => ({ revisionId: id, userId }))),
    );
  // A new item has no revisions to prune: its batch carries only the insert (the import writes thousands of those).
  const prune = !save.versionOf.inserted;
  return [
    db.insert(revisions).values({
      id,
      entityType: save.type,
      entityId: save.entityId,
      version: sql`(select version + ${save.versionOf.inserted ? 0 : 1} from ${sql.identifier(save.versionOf.table)} where id = ${save.entityId} and version = ${save.versionOf.current})`,
      userId: save.userId,
      fields: save.fields,
      createdAt: save.now,
    }),
    ...credits,
    ...(prune ? [pruneStatement(db, save.entityId, since)] : []),
  ];
}

function pruneStatement(db: Db, entityId: string, since: number) {
  return db.delete(revisions).where(
    and(
      eq(revisions.entityId, entityId),
      // The item's own revisions only: a translation's (language set) keep their own bound (queries/translations.ts).
      isNull(revisions.language),
      sql`${revisions.id} not in (
          select id from (
            select id, created_at,
              row_number() over (order by created_at desc, version desc) as newest,
              row_number() over (partition by created_at / ${DAY} order by created_at desc, version desc) as of_day
            from ${revisions} where entity_id = ${entityId} and language is null
          ) where newest <= ${REVISIONS_KEPT} or (of_day = 1 and created_at >= ${since})
        )`,
    ),
  );
}

/** Runs a save's batch; a lost race (the NOT NULL of revisionStatements) becomes 409 with nothing written. */
export async function runSave(db: Db, batch: BatchItem<'sqlite'>[]): Promise<void> {
  try {
    await db.batch(batch as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  } catch (e) {
    if (String((e as Error)?.message ?? e).includes('NOT NULL constraint failed: revisions.version')) {
      throw new Conflict(STALE_SAVE);
    }
    throw e;
  }
}

export const STALE_SAVE = 'This was changed by someone else meanwhile; reload it or save again on purpose';

/** 409 when the save names a version other than the stored one (If-Match or the body's `version`). */
export function assertVersion(stored: number, expected: number | undefined): void {
  if (expected !== undefined && expected !== stored) throw new Conflict(STALE_SAVE);
}

/** The version an If-Match header names (`"3"`, `W/"3"` or `3`); undefined without one, 400 when unreadable. */
export function ifMatchVersion(header: string | undefined): number | undefined {
  if (header === undefined || header.trim() === '*') return undefined;
  const m = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(header);
  if (!m) throw new BadRequest('If-Match names no version of this item');
  return Number(m[1]);
}

export interface RevisionListItem {
  id: string;
  version: number;
  userId: string | null;
  userName: string | null;
  /** Everyone a co-edited revision credits (decision 051); absent for an ordinary save. */
  authors?: { id: string; name: string }[];
  createdAt: string;
}

/** The item's own revisions (`language` null) or those of its translation in `language`. */
const ofLanguage = (language: string | null) =>
  language === null ? isNull(revisions.language) : eq(revisions.language, language);

/** An item's revisions, or its translation's in `language`, newest first (at most the retention's bound). */
export async function listRevisions(
  db: Db,
  type: RevisionType,
  entityId: string,
  language: string | null = null,
): Promise<RevisionListItem[]> {
  const rows = await db
    .select({
      id: revisions.id,
      version: revisions.version,
      userId: revisions.userId,
      userName: users.name,
      createdAt: revisions.createdAt,
    })
    .from(revisions)
    .leftJoin(users, eq(users.id, revisions.userId))
    .where(and(eq(revisions.entityType, type), eq(revisions.entityId, entityId), ofLanguage(language)))
    .orderBy(desc(revisions.createdAt), desc(revisions.version))
    .limit(REVISIONS_KEPT + REVISION_DAYS + 1)
    .all();
  const credited = await db
    .select({ revisionId: revisionAuthors.revisionId, id: users.id, name: users.name })
    .from(revisionAuthors)
    .innerJoin(revisions, eq(revisions.id, revisionAuthors.revisionId))
    .innerJoin(users, eq(users.id, revisionAuthors.userId))
    .where(and(eq(revisions.entityType, type), eq(revisions.entityId, entityId), ofLanguage(language)))
    .orderBy(users.name)
    .all();
  const authorsOf = new Map<string, { id: string; name: string }[]>();
  for (const a of credited)
    authorsOf.set(a.revisionId, [...(authorsOf.get(a.revisionId) ?? []), { id: a.id, name: a.name }]);
  return rows.map((r) => {
    const authors = authorsOf.get(r.id);
    return { ...r, ...(authors ? { authors } : {}), createdAt: iso(r.createdAt) };
  });
}

/** One revision of the item (or of its translation in `language`) with its saved fields; 404 when it is not one. */
export async function getRevision(
  db: Db,
  type: RevisionType,
  entityId: string,
  revisionId: string,
  language: string | null = null,
) {
  const row = await db
    .select({
      id: revisions.id,
      version: revisions.version,
      userId: revisions.userId,
      userName: users.name,
      createdAt: revisions.createdAt,
      fields: revisions.fields,
    })
    .from(revisions)
    .leftJoin(users, eq(users.id, revisions.userId))
    .where(
      and(
        eq(revisions.id, revisionId),
        eq(revisions.entityType, type),
        eq(revisions.entityId, entityId),
        ofLanguage(language),
      ),
    )
    .get();
  if (!row) throw new NotFound('Revision not found');
  return { ...row, createdAt: iso(row.createdAt) };
}

/** The statement deleting an item's revisions and preview links (with the item, in its delete batch). */
export function deleteRevisionsOf(db: Db, entityId: string): BatchItem<'sqlite'> {
  return db.delete(revisions).where(eq(revisions.entityId, entityId));
}
