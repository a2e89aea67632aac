// The pages: every GET that is no API call, crawler document or static file goes through here, after the root app's
// shared middleware (worker/index.ts). The session is read as for /api (the same middleware, except that an invalid
// bearer token makes the page anonymous rather than a 401), the language from the URL (./language.ts), and anonymous
// pages are kept in the edge cache under the API's content version, one copy per language
// (worker/middleware/edge-cache.ts).
import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { PAGE_HEADERS } from '#schema/page-headers';
import { edgeCache, type EdgeCacheKey } from '../middleware/edge-cache';
import { logError } from '../middleware/request-log';
import { HttpError } from '../lib/errors';
import { pageSessionMiddleware } from '../services/session';
import { HASHED_ASSETS_PATH, isSitePath } from '../paths';
import { renderPage } from './render';
import { pageCacheLanguage } from './language';

/** The cache name of an anonymous page: its URL and its language. */
export function pageCacheKey(request: Request, env: { LANGUAGES?: string }): string {
  const url = new URL(request.url);
  url.searchParams.set('__page-locale', pageCacheLanguage(request, env));
  return url.href;
}

/**
 * A page's copy in the edge cache: looked up first by the root app (before the D1 session and the session check:
 * issue 31), kept by the route below under the same name. The crawlers' documents keep their own (null here).
 */
export const cachedPage: EdgeCacheKey = (c) => (isSitePath(c.req.path) ? null : pageCacheKey(c.req.raw, c.env));

export const pageRoutes = new Hono<AppEnv>()
  // Vite's hashed files are served `immutable`: a miss there is a mistake to be told, never a page a browser or a CDN
  // would keep for a year under a script's name.
  .all(HASHED_ASSETS_PATH, () => {
    const headers = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...PAGE_HEADERS };
    return new Response('Not found\n', { status: 404, headers });
  })
  .use(pageSessionMiddleware)
  .get('*', edgeCache(cachedPage), (c) => renderPage(c))
  .all('*', (c) => c.text('Method not allowed', 405, { Allow: 'GET, HEAD' }))
  .onError((err, c) => {
    // A refusal (a URL over the bound: 414) is its own status, as in the API; only the unforeseen is a 500.
    if (err instanceof HttpError && err.status < 500) return c.text(err.message, err.status, err.headers);
    logError(c, 'Page failed', err);
    return c.text('Internal server error', 500);
  });
