// /api/categories: the tree, one category, its ancestors and its children.
import * as z from 'zod/mini';
import { category, categoryChildren, categoryRoute } from '../../schema/entities';
import { request, seg } from './client';

export const listCategories = () => request('GET', '/categories', z.array(category));
export const getCategory = (idOrSlug: string) => request('GET', `/categories/${seg(idOrSlug)}`, category);
/** The ancestors, root first, ending with the category itself. */
export const getCategoryRoute = (idOrSlug: string) => request('GET', `/categories/${seg(idOrSlug)}/route`, categoryRoute);
export const getCategoryChildren = (idOrSlug: string) => request('GET', `/categories/${seg(idOrSlug)}/children`, categoryChildren);
