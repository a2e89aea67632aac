// The category tree's reads: list, one, the route of ancestors, and the row shapes the writes share
// (category-writes.ts holds create, update with the cycle check, position and delete).
import type { Language } from '#schema/languages';
import type { Viewer } from '../lib/visibility';
import {
  listTranslation,
  listTranslationOf,
  translatedView,
  translationsColumn,
  translationsFromJson,
} from './translated-reads';
import { asc, eq, getTableColumns, sql, type Placeholder } from 'drizzle-orm';
import * as z from 'zod/mini';
import {
  type Category,
  type categoryChildren as categoryChildrenSchema,
  type TranslationState,
} from '#schema/entities';
import { categories } from '#schema/tables';
import type { Db } from '../env';
import { NotFound } from '../lib/errors';
import { fileHref } from '../lib/files';

export const CATEGORY_NOT_FOUND = 'Category not found';
/** Deeper trees than this are refused; it also bounds the recursive queries. */
export const MAX_CATEGORY_DEPTH = 64;

export type CategoryRow = typeof categories.$inferSelect;
export type CategoryChildren = z.infer<typeof categoryChildrenSchema>;

export function toCategory(
  row: Pick<CategoryRow, 'id' | 'parentId' | 'title' | 'imageKey' | 'slug' | 'ordinal'> &
    Partial<Pick<CategoryRow, 'description' | 'language'>>,
  translations: TranslationState[] = [],
): Category {
  // A category made in this request (createCategory) has no row read back: its language is the column's default.
  const language = row.language ?? (categories.language.default as string);
  return {
    id: row.id,
    parentId: row.parentId,
    title: row.title,
    imageHref: fileHref(row.imageKey),
    slug: row.slug,
    ordinal: row.ordinal,
    description: row.description ?? '',
    language,
    sourceLanguage: language,
    translations,
  };
}

/**
 * A category's published translation in `language` as one column of a list's statement (decision 056): categories
 * are always public, so a published translation always shows.
 */
export const categoryTranslationColumn = (language: Placeholder | string) =>
  listTranslation('category', 'categories', language, sql`1`);

/** A list's category in the reader's language where `translated` carries its translation, else in its own. */
export function translatedCategory(row: CategoryRow & { translated?: string | null }): Category {
  const t = listTranslationOf(row.translated);
  if (!t) return toCategory(row);
  const category = toCategory({ ...row, slug: t.slug ?? row.slug, title: t.title, description: t.text });
  return { ...category, language: t.language };
}

/**
 * Every category, parents' children together, each group in ordinal order (roots first); one statement. Each in
 * `language` where it has a published translation, else in its own.
 */
export async function listCategories(db: Db, language?: Language): Promise<Category[]> {
  const rows = await db
    .select({ ...getTableColumns(categories), translated: categoryTranslationColumn(language?.tag ?? '') })
    .from(categories)
    .orderBy(
      sql`${categories.parentId} is not null`,
      asc(categories.parentId),
      asc(categories.ordinal),
      asc(categories.title),
    )
    .all();
  return rows.map(translatedCategory);
}

export async function findCategoryRow(db: Db, id: string): Promise<CategoryRow | undefined> {
  return db.select().from(categories).where(eq(categories.id, id)).get();
}

/** GET /categories/{id}: in `language` where a published translation exists; its translations in the same statement. */
export async function getCategory(db: Db, id: string, language?: Language, viewer?: Viewer): Promise<Category> {
  const found = await db
    .select({ category: categories, translations: translationsColumn('category', 'categories', language?.tag ?? '') })
    .from(categories)
    .where(eq(categories.id, id))
    .get();
  if (!found) throw new NotFound(CATEGORY_NOT_FOUND);
  const view = translatedView(translationsFromJson(found.translations), language, {
    language: found.category.language,
    isPublic: true,
    editable: viewer?.role === 'ADMIN',
  });
  const t = view.overlay;
  const row = t
    ? {
        ...found.category,
        slug: t.slug ?? found.category.slug,
        title: t.title ?? found.category.title,
        description: t.description ?? found.category.description,
      }
    : found.category;
  return { ...toCategory(row, view.translations), language: view.language, sourceSlug: found.category.slug };
}

/**
 * The category and its ancestors, root first, in one recursive query; empty when it does not exist. A cycle of parents
 * (which the health check reports and fixes) ends the chain at the first category seen twice, so crumbs name each
 * category once instead of going round it to the depth bound.
 */
export async function categoryChain(db: Db, id: string, language?: Language): Promise<{ id: string; title: string }[]> {
  // In `language`, each title is its published translation's where there is one (the crumbs in the reader's
  // language), in the same one statement.
  const title = language
    ? sql`coalesce((select t.title from category_translations t where t.category_id = chain.id
        and t.language = ${language.tag} and t.published = 1 and t.language <> chain.language), chain.title)`
    : sql`chain.title`;
  return db.all<{ id: string; title: string }>(sql`
    with recursive chain(id, parent_id, title, language, depth, seen) as (
      select id, parent_id, title, language, 0, ',' || id || ',' from ${categories} where id = ${id}
      union all
      select c.id, c.parent_id, c.title, c.language, chain.depth + 1, chain.seen || c.id || ','
        from ${categories} c join chain on c.id = chain.parent_id
        where chain.depth < ${MAX_CATEGORY_DEPTH} and instr(chain.seen, ',' || c.id || ',') = 0
    )
    select id, ${title} as title from chain order by depth desc`);
}

export async function categoryRoute(db: Db, id: string, language?: Language): Promise<{ id: string; title: string }[]> {
  const chain = await categoryChain(db, id, language);
  if (chain.length === 0) throw new NotFound(CATEGORY_NOT_FOUND);
  return chain;
}
