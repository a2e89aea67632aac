// Slugs, in one place: D1's `slugs` table is the truth across articles, channels and categories, and KV caches
// look-ups. Making and claiming slugs, resolving an id or slug, who owns a slug, whether one is free, and the batch
// statements that rename one; callers fix the KV cache after the batch succeeded.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import * as z from 'zod/mini';
import { articles, categories, channels, slugs, type SLUG_KINDS } from '#schema/tables';
import type { Db } from '../env';
import { Conflict, NotFound, issue } from '../lib/errors';
import { articleVisibleWhere, channelVisibleWhere, type Viewer } from '../lib/visibility';
import { slugify } from '#schema/slugify';

export { slugify };

export type Statement = BatchItem<'sqlite'>;
const SLUG_TTL_SECONDS = 24 * 3600;
const kvKey = (slug: string) => `slug:${slug}`;
export type SlugKind = (typeof SLUG_KINDS)[number];

export async function cacheSlug(kv: KVNamespace, slug: string, entityId: string): Promise<void> {
  await kv.put(kvKey(slug), entityId, { expirationTtl: SLUG_TTL_SECONDS });
}

export async function forgetSlug(kv: KVNamespace, slug: string): Promise<void> {
  await kv.delete(kvKey(slug));
}

/** KV's limit on a key, in bytes: a longer key throws. */
const KV_KEY_BYTES = 512;

/** The entity id a slug names, read through KV; null when no entity has it. */
export async function resolveSlug(db: Db, kv: KVNamespace, slug: string): Promise<string | null> {
  // No slug is that long (at most 120 characters, schema/requests.ts); KV would throw on the key (issue 27 §2).
  if (new TextEncoder().encode(kvKey(slug)).length > KV_KEY_BYTES) return null;
  const cached = await kv.get(kvKey(slug));
  if (cached) return cached;
  const row = await db.select({ entityId: slugs.entityId }).from(slugs).where(eq(slugs.slug, slug)).get();
  if (!row) return null;
  await cacheSlug(kv, slug, row.entityId);
  return row.entityId;
}

const uuid = z.uuid();

/** Routes accept a slug wherever they take an id: a uuid passes through, a slug is resolved or 404. */
export async function resolveIdOrSlug(
  db: Db,
  kv: KVNamespace,
  idOrSlug: string,
  notFoundMessage = 'Not found',
): Promise<string> {
  if (uuid.safeParse(idOrSlug).success) return idOrSlug;
  const id = await resolveSlug(db, kv, idOrSlug);
  if (!id) throw new NotFound(notFoundMessage);
  return id;
}

/** A unique index refused a slug (written concurrently since it was checked). */
export function isSlugUniqueViolation(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const message = `${err.message} ${err.cause instanceof Error ? err.cause.message : ''}`;
  return /UNIQUE constraint failed: (slugs\.slug|articles\.slug|channels\.slug|categories\.slug)/.test(message);
}

/**
 * The statement that gives `entityId` the first free slug among `base`, `base-2`, `base-3`, ... (base made
 * from `text`), chosen inside the INSERT itself. A D1 batch runs as one transaction on the one primary, so
 * no other write can take the slug between the choice and the insert, however many creates race.
 * The slugs that start with `base-` bound how many candidates can be taken, so count + 2 candidates always hold
 * a free one. They are counted as a range of the index (`base-` <= slug < `base.`, '.' following '-'), not with
 * LIKE: D1 refuses LIKE patterns over 50 bytes ('LIKE or GLOB pattern too complex'), and a base is up to 80.
 */
export function claimSlug(db: Db, text: string, entityId: string, kind: SlugKind) {
  const base = slugify(text);
  // Columns in the table's order: slug, entity_id, entity_kind, current.
  return db
    .insert(slugs)
    .select(
      sql`
    select candidate, ${entityId}, ${kind}, 1 from (
      with recursive n(i) as (
        select 1 union all select i + 1 from n
        where i <= (select count(*) from ${slugs} where ${slugs.slug} >= ${`${base}-`} and ${slugs.slug} < ${`${base}.`}) + 1
      )
      select i, case i when 1 then ${base} else ${base} || '-' || i end as candidate from n
    )
    where not exists (select 1 from ${slugs} taken where taken.slug = candidate)
    order by i limit 1`,
    )
    .returning({ slug: slugs.slug });
}

/** The slug `claimSlug` gave the entity, for the entity's own row in the same batch. */
export const claimedSlug = (entityId: string): SQL =>
  sql`(select ${slugs.slug} from ${slugs} where ${slugs.entityId} = ${entityId} and ${slugs.current} = 1)`;

/**
 * Creates an entity with a slug made from `text`: one batch of claimSlug, then `statements` (the entity's
 * rows, which name their slug with the SQL they are given). Returns the slug used.
 */
export async function insertWithUniqueSlug(
  db: Db,
  entity: { text: string; id: string; kind: SlugKind },
  statements: (slug: SQL) => BatchItem<'sqlite'>[],
): Promise<string> {
  const [claimed] = await db.batch([
    claimSlug(db, entity.text, entity.id, entity.kind),
    ...statements(claimedSlug(entity.id)),
  ]);
  const slug = claimed[0]?.slug;
  if (!slug) throw new Error(`No slug claimed for ${entity.kind} ${entity.id}`);
  return slug;
}

export const SLUG_TAKEN = 'Slug already taken';
/** The 409 of a taken slug, with its issue at `slug` (every write that takes a slug names the field so). */
const slugTaken = () => new Conflict(SLUG_TAKEN, [issue('slug', 'slug_taken', SLUG_TAKEN)]);

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
  throw slugTaken();
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
    if (isSlugUniqueViolation(err)) throw slugTaken();
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

/** The article, channel or category behind a slug record as its audit entries name it (title or name, owner). */
export async function slugEntitySubject(
  db: Db,
  kind: SlugKind,
  entityId: string,
): Promise<{ entityType: SlugKind; entityId: string; title: string; ownerId: string | null }> {
  const row =
    kind === 'article'
      ? await db
          .select({ title: articles.title, ownerId: articles.userId })
          .from(articles)
          .where(eq(articles.id, entityId))
          .get()
      : kind === 'channel'
        ? await db
            .select({ title: channels.name, ownerId: channels.userId })
            .from(channels)
            .where(eq(channels.id, entityId))
            .get()
        : await db
            .select({ title: categories.title, ownerId: sql<null>`null` })
            .from(categories)
            .where(eq(categories.id, entityId))
            .get();
  return { entityType: kind, entityId, title: row?.title ?? '', ownerId: row?.ownerId ?? null };
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
