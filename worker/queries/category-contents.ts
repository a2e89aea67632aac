// What a category holds and finds: the category search, a category's children (sub-categories, channels,
// articles) and its articles a page at a time (the categories themselves: categories.ts).
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import { id as uuid, type ArticlePage, type Category } from '#schema/entities';
import { nonnegativeInt } from '#schema/mini';
import { LIMITS, ORDERED_PAGE_SIZE } from '#schema/requests';
import { articleCategories, articles, categories, channelCategories, channels } from '#schema/tables';
import type { Db } from '../env';
import { decodeKeyCursor, toKeyPage } from '../lib/cursor';
import { NotFound } from '../lib/errors';
import { batchRows, reusable } from '../lib/statements';
import { articleVisibleWhere, channelVisibleWhere, type Viewer } from '../lib/visibility';
import { articleSummaryColumns, articleSummaryTranslation, toArticleSummary } from './article-mappers';
import type { Language } from '#schema/languages';
import { channelSummaryFields, summaryOf } from './channels';
import { searchCategoryIds } from './search';
import {
  CATEGORY_NOT_FOUND,
  categoryTranslationColumn,
  toCategory,
  translatedCategory,
  type CategoryChildren,
} from './categories';

/** Categories whose title matches the text, best match first. */
export async function searchCategories(db: Db, text: string): Promise<Category[]> {
  const ids = await searchCategoryIds(db, text);
  if (ids.length === 0) return [];
  const rows = await db.select().from(categories).where(inArray(categories.id, ids)).all();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((cid) => (byId.has(cid) ? [toCategory(byId.get(cid)!)] : []));
}

/** A category page's sort key: the link's ordinal, the article's title, its id. */
const categoryPageKey = z.tuple([nonnegativeInt(), z.string().check(z.maxLength(4 * LIMITS.title)), uuid]);

const pageKey = (r: { ordinal: number; orderTitle: string; id: string }) => [r.ordinal, r.orderTitle, r.id] as const;

/**
 * The articles listed in a category (publishedAtCategory) that the viewer may list, in the category's order
 * (link ordinal, title, id: one index range on article_categories, whose copy of the title triggers keep), a page
 * from after the cursor's key on.
 */
function categoryArticles(
  db: Db,
  viewer: Viewer,
  values: { categoryId: string; limit: number; language: string },
  after: z.infer<typeof categoryPageKey> | null,
) {
  const key = sql`(${articleCategories.ordinal}, ${articleCategories.articleTitle}, ${articleCategories.articleId})`;
  const last = sql`(${sql.placeholder('ordinal')}, ${sql.placeholder('title')}, ${sql.placeholder('lastId')})`;
  return reusable(
    db,
    viewer,
    `category articles ${after ? 'after' : 'first'}`,
    (v) =>
      db
        .select({
          ...articleSummaryColumns,
          translated: articleSummaryTranslation(sql.placeholder('language')),
          ordinal: articleCategories.ordinal,
          orderTitle: articleCategories.articleTitle,
        })
        .from(articleCategories)
        .innerJoin(articles, eq(articles.id, articleCategories.articleId))
        .where(
          and(
            eq(articleCategories.categoryId, sql.placeholder('categoryId')),
            after ? sql`${key} > ${last}` : undefined,
            eq(articles.publishedAtCategory, true),
            articleVisibleWhere(v, { listing: true }),
          ),
        )
        .orderBy(asc(articleCategories.ordinal), asc(articleCategories.articleTitle), asc(articleCategories.articleId))
        .limit(sql.placeholder('limit')),
    { ...values, limit: values.limit + 1, ordinal: after?.[0], title: after?.[1], lastId: after?.[2] },
  );
}

/**
 * What sits directly inside a category, each part in ordinal order: sub-categories, the channels linked
 * to it (summaries) and the first page of the articles listed in it (publishedAtCategory; GET
 * /categories/{id}/articles continues from `articlesCursor`), only those the viewer may see in a list.
 * One round trip: the category's existence travels in the same batch. Sub-categories, channels and articles each in
 * `language` where published in it (decision 056), else in their own.
 */
export async function categoryChildren(
  db: Db,
  viewer: Viewer,
  id: string,
  language?: Language,
): Promise<CategoryChildren> {
  const categoryId = sql.placeholder('categoryId');
  const [found, subs, channelRows, articleRows] = await batchRows(db, [
    reusable(
      db,
      viewer,
      'category exists',
      () => db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)),
      { categoryId: id },
    ),
    reusable(
      db,
      viewer,
      'category subs',
      () =>
        db
          .select({
            ...getTableColumns(categories),
            translated: categoryTranslationColumn(sql.placeholder('language')),
          })
          .from(categories)
          .where(eq(categories.parentId, categoryId))
          .orderBy(asc(categories.ordinal), asc(categories.title)),
      { categoryId: id, language: language?.tag ?? '' },
    ),
    reusable(
      db,
      viewer,
      'category channels',
      (v) =>
        db
          .select(channelSummaryFields(v, sql.placeholder('language')))
          .from(channelCategories)
          .innerJoin(channels, eq(channels.id, channelCategories.channelId))
          .where(and(eq(channelCategories.categoryId, categoryId), channelVisibleWhere(v, { listing: true })))
          .orderBy(asc(channelCategories.ordinal), asc(channels.name)),
      { categoryId: id, language: language?.tag ?? '' },
    ),
    categoryArticles(db, viewer, { categoryId: id, limit: ORDERED_PAGE_SIZE, language: language?.tag ?? '' }, null),
  ]);
  if (found.length === 0) throw new NotFound(CATEGORY_NOT_FOUND);
  const firstPage = toKeyPage(articleRows, ORDERED_PAGE_SIZE, pageKey, toArticleSummary);
  return {
    categories: subs.map(translatedCategory),
    channels: channelRows.map(summaryOf),
    articles: firstPage.items,
    articlesCursor: firstPage.nextCursor,
  };
}

/**
 * GET /categories/{id}/articles: a page of the articles listed in the category, in its order; one round trip. Each in
 * `language` where published in it (decision 056), else in its own.
 */
export async function listCategoryArticles(
  db: Db,
  viewer: Viewer,
  id: string,
  page: { cursor?: string | undefined; limit: number },
  language?: Language,
): Promise<ArticlePage> {
  const after = page.cursor === undefined ? null : decodeKeyCursor(page.cursor, categoryPageKey);
  const [found, rows] = await batchRows(db, [
    reusable(
      db,
      viewer,
      'category exists',
      () =>
        db
          .select({ id: categories.id })
          .from(categories)
          .where(eq(categories.id, sql.placeholder('categoryId'))),
      { categoryId: id },
    ),
    categoryArticles(db, viewer, { categoryId: id, limit: page.limit, language: language?.tag ?? '' }, after),
  ]);
  if (found.length === 0) throw new NotFound(CATEGORY_NOT_FOUND);
  return toKeyPage(rows, page.limit, pageKey, toArticleSummary);
}
