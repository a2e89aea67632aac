// /api/search: type-ahead and result search across articles, channels and categories.
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { searchItem } from '../../schema/entities';
import { searchBody } from '../../schema/requests';
import type { AppEnv } from '../env';
import { ok } from '../lib/envelope';
import { describe } from '../lib/route-doc';
import { jsonBody } from '../lib/validate';
import { searchEverything } from '../queries/search';

export const searchRoutes = new Hono<AppEnv>()
  .post('/search', describe({ summary: 'Articles, channels and categories matching the text, for type-ahead and the results page', result: z.array(searchItem) }), ...jsonBody(searchBody), async (c) => {
    return ok(c, await searchEverything(c.get('db'), c.get('user'), c.req.valid('json').searchText));
  });
