// /api/categories: the tree, one category, its ancestors, its children and its articles.
import * as z from 'zod/mini';
import { articlePage, category, categoryChildren, categoryRoute } from '#schema/entities';
import { api, call, inLanguage, pageQuery, seg } from './client';

const byId = (idOrSlug: string) => ({ param: { id: seg(idOrSlug) } });

export const listCategories = () => call(api.categories.$get(), z.array(category));
/**
 * The tree with each category's own title, as the admin's category tree edits it (its translations are edited beside
 * it): asked in the page's language, and once more in a category's own language when a translation answered.
 */
export async function listCategorySources() {
  const first = await call(api.categories.$get(), z.array(category));
  const overlaid = first.find((c) => c.language !== c.sourceLanguage);
  if (!overlaid) return first;
  return call(api.categories.$get(undefined, inLanguage(overlaid.sourceLanguage)), z.array(category));
}
export const getCategory = (idOrSlug: string) => call(api.categories[':id'].$get(byId(idOrSlug)), category);
/** The ancestors, root first, ending with the category itself. */
export const getCategoryRoute = (idOrSlug: string) =>
  call(api.categories[':id'].route.$get(byId(idOrSlug)), categoryRoute);
/** Sub-categories, channels and the first page of articles (continued by listCategoryArticles from articlesCursor). */
export const getCategoryChildren = (idOrSlug: string) =>
  call(api.categories[':id'].children.$get(byId(idOrSlug)), categoryChildren);
/** A page of the articles filed in the category, in ordinal order. */
export const listCategoryArticles = (idOrSlug: string, cursor?: string, limit?: number) =>
  call(api.categories[':id'].articles.$get({ ...byId(idOrSlug), query: pageQuery(cursor, limit) }), articlePage);
