// Slugs: D1's `slugs` table is the truth across articles, channels and categories; KV caches look-ups.
import { eq, like, or } from 'drizzle-orm';
import { z } from 'zod';
import { slugs } from '../../schema/tables';
import type { Db } from '../env';
import { NotFound } from './errors';

const SLUG_TTL_SECONDS = 24 * 3600;
const kvKey = (slug: string) => `slug:${slug}`;

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

/** The first free slug among `base`, `base-2`, `base-3`, ... */
export async function uniqueSlug(db: Db, text: string): Promise<string> {
  const base = slugify(text);
  const taken = new Set(
    (await db.select({ slug: slugs.slug }).from(slugs).where(or(eq(slugs.slug, base), like(slugs.slug, `${base}-%`))).all())
      .map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
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
export async function resolveIdOrSlug(db: Db, kv: KVNamespace, idOrSlug: string, notFoundMessage = 'Not found'): Promise<string> {
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
 * Picks a free slug from `text` and runs the insert with it; when a concurrent insert took the same slug
 * in between (the unique index says so), picks again. Returns the slug used.
 */
export async function insertWithUniqueSlug(db: Db, text: string, insert: (slug: string) => Promise<unknown>): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const slug = await uniqueSlug(db, text);
    try {
      await insert(slug);
      return slug;
    } catch (err) {
      if (attempt < 3 && isSlugUniqueViolation(err)) continue;
      throw err;
    }
  }
}
