// A translation's slugs (issue 29, decision 054): `translation_slugs` holds the current and the old slugs of every
// translation, per language, as `slugs` does for the items' own (queries/slugs.ts). A chosen slug taken in that
// language is 409; a generated one is the first free (`base`, `base-2`, ...); a new slug keeps the old ones as
// current = false, so they redirect.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { translationSlugs } from '#schema/tables';
import type { Db } from '../env';
import { Conflict, issue } from '../lib/errors';
import { slugify, SLUG_TAKEN, type SlugKind, type Statement } from './slugs';

/** The 409 of a slug another item holds in the language, with its issue at `slug`. */
export const translationSlugTaken = () => new Conflict(SLUG_TAKEN, [issue('slug', 'slug_taken', SLUG_TAKEN)]);

/**
 * 409 when another item holds the slug in `language` (now or as an old slug: old ones keep redirecting); false when
 * it is the item's current slug in that language, true when it is free (or one of the item's own old ones).
 */
export async function assertTranslationSlugFree(
  db: Db,
  language: string,
  slug: string,
  entity: { id: string; kind: SlugKind },
): Promise<boolean> {
  const row = await db
    .select({
      entityId: translationSlugs.entityId,
      kind: translationSlugs.entityKind,
      current: translationSlugs.current,
    })
    .from(translationSlugs)
    .where(and(eq(translationSlugs.language, language), eq(translationSlugs.slug, slug)))
    .get();
  if (!row) return true;
  if (row.entityId === entity.id && row.kind === entity.kind) return !row.current;
  throw translationSlugTaken();
}

/**
 * The statement giving the translation the first free slug in its language among `base`, `base-2`, ... (made from
 * `text`), chosen inside the INSERT itself: a D1 batch is one transaction, so no other write takes it meanwhile (as
 * claimSlug does for the items' own slugs, with the same bounded candidates and index range instead of LIKE).
 */
export function claimTranslationSlug(db: Db, text: string, entity: { id: string; kind: SlugKind }, language: string) {
  const base = slugify(text);
  // Columns in the table's order: language, slug, entity_id, entity_kind, current.
  return db.insert(translationSlugs).select(
    sql`
    select ${language}, candidate, ${entity.id}, ${entity.kind}, 1 from (
      with recursive n(i) as (
        select 1 union all select i + 1 from n
        where i <= (select count(*) from ${translationSlugs} where ${translationSlugs.language} = ${language}
          and ${translationSlugs.slug} >= ${`${base}-`} and ${translationSlugs.slug} < ${`${base}.`}) + 1
      )
      select i, case i when 1 then ${base} else ${base} || '-' || i end as candidate from n
    )
    where not exists (select 1 from ${translationSlugs} taken where taken.language = ${language} and taken.slug = candidate)
    order by i limit 1`,
  );
}

/** The statement recording a chosen slug (checked free before) as the translation's current one. */
export function insertTranslationSlug(
  db: Db,
  slug: string,
  entity: { id: string; kind: SlugKind },
  language: string,
): Statement {
  return db.insert(translationSlugs).values({ language, slug, entityId: entity.id, entityKind: entity.kind });
}

/** The translation's current slug, as SQL for its own row in the batch that claimed it. */
export const currentTranslationSlug = (entity: { id: string; kind: SlugKind }, language: string): SQL =>
  sql`(select ${translationSlugs.slug} from ${translationSlugs} where ${translationSlugs.entityId} = ${entity.id}
    and ${translationSlugs.entityKind} = ${entity.kind} and ${translationSlugs.language} = ${language}
    and ${translationSlugs.current} = 1)`;

/**
 * Statements that make `slug` the translation's current slug: the one it had stays, not current (it redirects);
 * taking one of its own old slugs back makes that one current again. The caller writes the translation's own column.
 */
export function renameTranslationSlugStatements(
  db: Db,
  entity: { id: string; kind: SlugKind },
  language: string,
  slug: string,
): Statement[] {
  return [
    db
      .update(translationSlugs)
      .set({ current: false })
      .where(
        and(
          eq(translationSlugs.entityId, entity.id),
          eq(translationSlugs.entityKind, entity.kind),
          eq(translationSlugs.language, language),
          eq(translationSlugs.current, true),
        ),
      ),
    db
      .insert(translationSlugs)
      .values({ language, slug, entityId: entity.id, entityKind: entity.kind, current: true })
      .onConflictDoUpdate({
        target: [translationSlugs.language, translationSlugs.slug],
        set: { current: true },
        setWhere: and(eq(translationSlugs.entityId, entity.id), eq(translationSlugs.entityKind, entity.kind)),
      }),
  ];
}

/** A unique index refused a translation's slug (taken concurrently since it was checked). */
export function isTranslationSlugViolation(message: string): boolean {
  return /UNIQUE constraint failed: (translation_slugs\.language, translation_slugs\.slug|\w+_translations\.language, \w+_translations\.slug)/.test(
    message,
  );
}
