// /api/categories: the tree, one category, its ancestors, its children and its articles.
import * as z from 'zod/mini';
import { articlePage, category, categoryChildren, categoryRoute } from '../../schema/entities';
import { query, request, seg } from './client';

export const listCategories = () => request('GET', '/categories', z.array(category));
export const getCategory = (idOrSlug: string) => request('GET', `/categories/${seg(idOrSlug)}`, category);
/** The ancestors, root first, ending with the category itself. */
export const getCategoryRoute = (idOrSlug: string) => request('GET', `/categories/${seg(idOrSlug)}/route`, categoryRoute);
/** Sub-categories, channels and the first page of articles (continued by listCategoryArticles from articlesCursor). */
export const getCategoryChildren = (idOrSlug: string) => request('GET', `/categories/${seg(idOrSlug)}/children`, categoryChildren);
/** A page of the articles filed in the category, in ordinal order. */
export const listCategoryArticles = (idOrSlug: string, cursor?: string, limit?: number) =>
  request('GET', `/categories/${seg(idOrSlug)}/articles${query({ cursor, limit })}`, articlePage);
