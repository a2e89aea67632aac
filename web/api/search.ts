// /api/search: the one search over articles, channels and categories.
import * as z from 'zod/mini';
import { searchItem } from '#schema/entities';
import { api, call } from './client';

export const search = (text: string) =>
  call(api.search.search.$post({ json: { searchText: text } }), z.array(searchItem));
