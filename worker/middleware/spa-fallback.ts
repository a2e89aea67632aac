// What answers a path that is no static asset. wrangler.toml's [assets] leaves misses to the worker
// (not_found_handling = "none"): a missing file under /assets/ is 404, so a browser or a CDN never keeps the SPA's
// page for a year under a script's name (the /assets/* files are served `immutable`); any other path is a screen of
// the SPA, which routes it in the browser, so it gets the SPA's page, revalidated on every visit like /.
import { PAGE_HEADERS } from '../../schema/page-headers';
import { withPageHeaders } from '../services/home-hints';

/** Vite's hashed files: every name there is the content's, so a miss is a mistake to be told, not a screen. */
export const HASHED_ASSETS_PREFIX = '/assets/';

/** The answer for `request`, whose path matched no static asset. */
export async function assetMiss(request: Request, assets: Fetcher): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname.startsWith(HASHED_ASSETS_PREFIX)) {
    return new Response('Not found\n', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...PAGE_HEADERS },
    });
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response('Method not allowed\n', {
      status: 405,
      headers: { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8', ...PAGE_HEADERS },
    });
  }
  const page = await assets.fetch(new Request(new URL('/', url), { method: request.method, headers: request.headers }));
  return withPageHeaders(page);
}
