// The pages: every GET that is no API call, crawler document or static file goes through here. The session is read
// as for /api (the same middleware, except that an invalid bearer token makes the page anonymous rather than a
// 401), the language from the visitor's cookie, and anonymous pages are kept in the edge cache under the API's
// content version, one copy per language (worker/lib/edge-cache.ts).
import { Hono } from 'hono';
import type { AppEnv } from '../../worker/env';
import { d1Session } from '../../worker/services/db';
import { edgeCache, edgeCacheFirst, type EdgeCacheKey } from '../../worker/middleware/edge-cache';
import { boundedUrl } from '../../worker/middleware/limits';
import { logError, requestLog } from '../../worker/middleware/request-log';
import { HttpError } from '../../worker/lib/errors';
import { pageSessionMiddleware } from '../../worker/services/session';
import { pageLocale, renderPage } from './render';

/** The cache name of an anonymous page: its URL and its language. */
export function pageCacheKey(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.set('__page-locale', pageLocale(request));
  return url.href;
}

/** The page's copy in the edge cache: looked up first (before the session is read), kept by the route. */
const cachedPage: EdgeCacheKey = (c) => pageCacheKey(c.req.raw);

export const pageRoutes = new Hono<AppEnv>()
  .use(requestLog)
  .use(boundedUrl)
  // Issue 31: a visitor's page from the edge cache costs no D1 session, session check or render setup.
  .use(edgeCacheFirst(cachedPage))
  .use(d1Session)
  .use(pageSessionMiddleware)
  .get('*', edgeCache(cachedPage), (c) => renderPage(c))
  .all('*', (c) => c.text('Method not allowed', 405, { Allow: 'GET, HEAD' }))
  .onError((err, c) => {
    // A refusal (a URL over the bound: 414) is its own status, as in the API; only the unforeseen is a 500.
    if (err instanceof HttpError && err.status < 500) return c.text(err.message, err.status, err.headers);
    logError(c, 'Page failed', err);
    return c.text('Internal server error', 500);
  });
