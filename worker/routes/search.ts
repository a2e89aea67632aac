// /api/search: type-ahead and result search across articles, channels and categories.
import { Hono } from 'hono';
import { searchBody } from '../../schema/requests';
import type { AppEnv } from '../env';
import { ok } from '../lib/envelope';
import { jsonBody } from '../lib/validate';
import { searchEverything } from '../queries/search';

export const searchRoutes = new Hono<AppEnv>()
  .post('/search', ...jsonBody(searchBody), async (c) => {
    return ok(c, await searchEverything(c.get('db'), c.get('user'), c.req.valid('json').searchText));
  });
