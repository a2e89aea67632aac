// /api/search: the one search over articles, channels and categories.
import * as z from 'zod/mini';
import { searchItem } from '#schema/entities';
import { api, call } from './client';

/**
 * The hits in `language` (the interface's: each hit in its published translation where one matched, decision 056),
 * asked by Accept-Language so the browser's own preference does not choose for the page.
 */
export const search = (text: string, language?: string) =>
  call(
    api.search.search.$post(
      { json: { searchText: text } },
      language ? { headers: { 'Accept-Language': language } } : undefined,
    ),
    z.array(searchItem),
  );
