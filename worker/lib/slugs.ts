// Slugs: D1's `slugs` table is the truth across articles, channels and categories; KV caches look-ups.
import { eq, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { z } from 'zod';
import { slugs, type SLUG_KINDS } from '../../schema/tables';
import type { Db } from '../env';
import { NotFound } from './errors';

const SLUG_TTL_SECONDS = 24 * 3600;
const kvKey = (slug: string) => `slug:${slug}`;
export type SlugKind = (typeof SLUG_KINDS)[number];

/** 'Café am See!' -> 'cafe-am-see'. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || 'item';
}

export async function cacheSlug(kv: KVNamespace, slug: string, entityId: string): Promise<void> {
  await kv.put(kvKey(slug), entityId, { expirationTtl: SLUG_TTL_SECONDS });
}

export async function forgetSlug(kv: KVNamespace, slug: string): Promise<void> {
  await kv.delete(kvKey(slug));
}

/** The entity id a slug names, read through KV; null when no entity has it. */
export async function resolveSlug(db: Db, kv: KVNamespace, slug: string): Promise<string | null> {
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
