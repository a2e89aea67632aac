// /api/search: type-ahead and result search across articles, channels and categories.
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { searchItem } from '#schema/entities';
import { searchBody } from '#schema/requests';
import type { AppEnv } from '../env';
import { ok } from '../lib/envelope';
import { edgeCache, type EdgeCacheKey } from '../middleware/edge-cache';
import { limitSearch, SEARCH_LIMIT } from '../services/rate-limit';
import { readsOnly } from '../middleware/token-scope';
import { describe } from '../lib/route-doc';
import { answerLanguage } from '../middleware/language';
import { jsonBody } from '../middleware/validate';
import { searchEverything } from '../queries/search';

/**
 * Type-ahead suggestions for short prefixes are few and asked by everyone: those are kept in the edge cache,
 * under a GET-shaped name of the search (the Cache API keeps GETs only). Longer texts are too many to keep.
 */
export const SHORT_SEARCH = 3;
const shortSearch: EdgeCacheKey<{ out: { json: { searchText: string } } }> = (c) => {
  const text = c.req.valid('json').searchText.trim().toLowerCase();
  if (text.length === 0 || text.length > SHORT_SEARCH) return null;
  const url = new URL(c.req.url);
  return `${url.origin}/api/search/search?text=${encodeURIComponent(text)}`;
};

export const searchRoutes = new Hono<AppEnv>().post(
  '/search',
  describe({
    summary:
      'Articles, channels and categories matching the text, for type-ahead and the results page, in the language of ' +
      '`lang` or Accept-Language (each hit in a published translation of it where one matched, else in its own); ' +
      `${SEARCH_LIMIT.max} per ${SEARCH_LIMIT.periodSeconds} seconds per address and location (answers from the edge cache not counted)`,
    result: z.array(searchItem),
    errors: [429],
  }),
  readsOnly,
  ...jsonBody(searchBody),
  edgeCache(shortSearch),
  async (c) => {
    // After the edge cache: an answer it serves never reaches here, so repeated searches are neither counted nor refused.
    await limitSearch(c);
    const language = answerLanguage(c);
    return ok(c, await searchEverything(c.get('db'), c.get('user'), c.req.valid('json').searchText, language));
  },
);
