// Slug records: who owns a slug, whether one is free, and the batch statements that rename one.
// D1's `slugs` table is the truth; callers fix the KV cache (worker/lib/slugs.ts) after the batch succeeded.
import { eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { articles, categories, channels, slugs } from '../../schema/tables';
import type { Db } from '../env';
import { Conflict } from '../lib/errors';
import { cacheSlug, forgetSlug, isSlugUniqueViolation, type SlugKind } from '../lib/slugs';
import { articleVisibleWhere, channelVisibleWhere, type Viewer } from '../lib/visibility';

export type { SlugKind };
export type Statement = BatchItem<'sqlite'>;

export const SLUG_TAKEN = 'Slug already taken';

const entityTables = { article: articles, channel: channels, category: categories } as const;

export async function findSlugOfEntity(db: Db, entityId: string): Promise<{ slug: string; kind: SlugKind } | null> {
  const row = await db
    .select({ slug: slugs.slug, kind: slugs.entityKind })
    .from(slugs)
    .where(eq(slugs.entityId, entityId))
    .get();
  return row ?? null;
}

/** 409 when another entity holds the slug; false when the entity already holds it, true when it is free. */
export async function assertSlugFree(db: Db, slug: string, entityId?: string): Promise<boolean> {
  const row = await db.select({ entityId: slugs.entityId }).from(slugs).where(eq(slugs.slug, slug)).get();
  if (!row) return true;
  if (row.entityId === entityId) return false;
  throw new Conflict(SLUG_TAKEN);
}

/** Statements that move an entity from `oldSlug` (if any) to `newSlug` in `slugs` and in the entity's own column. */
export function renameSlugStatements(
  db: Db,
  kind: SlugKind,
  entityId: string,
  oldSlug: string | null,
  newSlug: string,
): [Statement, Statement] {
  const table = entityTables[kind];
  return [
    oldSlug
      ? db.update(slugs).set({ slug: newSlug }).where(eq(slugs.slug, oldSlug))
      : db.insert(slugs).values({ slug: newSlug, entityId, entityKind: kind }),
    db.update(table).set({ slug: newSlug }).where(eq(table.id, entityId)),
  ];
}

/** After a rename reached D1: the old name no longer resolves, the new one is warm. */
export async function recacheSlug(
  kv: KVNamespace,
  oldSlug: string | null,
  newSlug: string,
  entityId: string,
): Promise<void> {
  if (oldSlug && oldSlug !== newSlug) await forgetSlug(kv, oldSlug);
  await cacheSlug(kv, newSlug, entityId);
}

/** Runs a write and turns a slug unique-index failure into the same 409 as the early check. */
export async function withSlugConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isSlugUniqueViolation(err)) throw new Conflict(SLUG_TAKEN);
    throw err;
  }
}

/** Whether the viewer may know the entity exists (direct look-up rules: hidden counts as reachable). */
export async function entityVisible(db: Db, viewer: Viewer, entityId: string): Promise<boolean> {
  const row = await db.get<{ found: number }>(sql`select (
      exists (select 1 from ${articles} where ${articles.id} = ${entityId} and ${articleVisibleWhere(viewer, { listing: false })})
      or exists (select 1 from ${channels} where ${channels.id} = ${entityId} and ${channelVisibleWhere(viewer, { listing: false })})
      or exists (select 1 from ${categories} where ${categories.id} = ${entityId})
    ) as found`);
  return !!row?.found;
}

/** The owner of the entity behind a slug record: null for categories, which only ADMIN writes. */
export async function entityOwner(
  db: Db,
  kind: SlugKind,
  entityId: string,
): Promise<{ exists: boolean; userId: string | null }> {
  if (kind === 'category') {
    const row = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, entityId)).get();
    return { exists: !!row, userId: null };
  }
  const table = kind === 'article' ? articles : channels;
  const row = await db.select({ userId: table.userId }).from(table).where(eq(table.id, entityId)).get();
  return { exists: !!row, userId: row?.userId ?? null };
}
