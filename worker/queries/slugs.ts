// Slug records: who owns a slug, whether one is free, and the batch statements that rename one.
// D1's `slugs` table is the truth; callers fix the KV cache (worker/lib/slugs.ts) after the batch succeeded.
import { and, eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { articles, categories, channels, slugs } from '../../schema/tables';
import type { Db } from '../env';
import { Conflict } from '../lib/errors';
import { cacheSlug, isSlugUniqueViolation, type SlugKind } from '../lib/slugs';
import { articleVisibleWhere, channelVisibleWhere, type Viewer } from '../lib/visibility';

export type { SlugKind };
export type Statement = BatchItem<'sqlite'>;

export const SLUG_TAKEN = 'Slug already taken';

const entityTables = { article: articles, channel: channels, category: categories } as const;

export async function findSlugOfEntity(db: Db, entityId: string): Promise<{ slug: string; kind: SlugKind } | null> {
  const row = await db
    .select({ slug: slugs.slug, kind: slugs.entityKind })
    .from(slugs)
    .where(and(eq(slugs.entityId, entityId), eq(slugs.current, true)))
    .get();
  return row ?? null;
}

/**
 * 409 when another entity holds the slug, now or from before a rename (old slugs keep redirecting, so they stay
 * taken); false when it is the entity's current slug, true when it is free (or one of the entity's own old ones).
 */
export async function assertSlugFree(db: Db, slug: string, entityId?: string): Promise<boolean> {
  const row = await db
    .select({ entityId: slugs.entityId, current: slugs.current })
    .from(slugs)
    .where(eq(slugs.slug, slug))
    .get();
  if (!row) return true;
  if (row.entityId === entityId) return !row.current;
  throw new Conflict(SLUG_TAKEN);
}

/**
 * Statements that move an entity to `newSlug`, in `slugs` and in the entity's own column. The slugs it had keep
 * resolving to it, marked not current (old links and bookmarks redirect, docs/decisions/032); taking one of its
 * own old slugs back makes that one current again.
 */
export function renameSlugStatements(
  db: Db,
  kind: SlugKind,
  entityId: string,
  _oldSlug: string | null,
  newSlug: string,
): [Statement, Statement, Statement] {
  const table = entityTables[kind];
  return [
    db
      .update(slugs)
      .set({ current: false })
      .where(and(eq(slugs.entityId, entityId), eq(slugs.current, true))),
    db
      .insert(slugs)
      .values({ slug: newSlug, entityId, entityKind: kind, current: true })
      .onConflictDoUpdate({ target: slugs.slug, set: { current: true }, setWhere: eq(slugs.entityId, entityId) }),
    db.update(table).set({ slug: newSlug }).where(eq(table.id, entityId)),
  ];
}

/** The entity's current slug (null when it has no slug record). */
export async function currentSlugOf(db: Db, entityId: string): Promise<string | null> {
  return (await findSlugOfEntity(db, entityId))?.slug ?? null;
}

/** After a rename reached D1: the new name is warm; the old one still resolves to the same entity. */
export async function recacheSlug(
  kv: KVNamespace,
  _oldSlug: string | null,
  newSlug: string,
  entityId: string,
): Promise<void> {
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
