// The path split, written once: which paths the worker answers itself before the static assets, and which part of
// it answers them. worker/index.ts routes by these lists; wrangler.toml's [assets] run_worker_first is the same list
// (test/deploy/worker-first.test.ts compares them). Every other path is a static file when there is one, else a page
// (not_found_handling "none" sends it to the worker, which renders it or its 404).

/** The API (worker/app.ts). */
export const API_PATHS = ['/api/*'] as const;
/**
 * Whether a request's URL is under API_PATHS (`/api` and below), read from the URL string without parsing it:
 * worker/index.ts hands these to the API app at once, without the root app's dispatch (issue 31, decision 044).
 */
export function isApiUrl(url: string): boolean {
  const path = url.indexOf('/', url.indexOf('://') + 3);
  if (path < 0 || !url.startsWith('/api', path)) return false;
  const after = url.charAt(path + 4);
  return after === '' || after === '/' || after === '?' || after === '#';
}
/** The crawlers' and feed readers' documents (worker/site/routes.ts). */
export const SITE_PATHS = ['/robots.txt', '/sitemap.xml', '/sitemaps/*', '/feeds/*'] as const;
/** Whether a path is one of the crawlers' documents. */
export function isSitePath(path: string): boolean {
  return SITE_PATHS.some((pattern) =>
    pattern.endsWith('/*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern,
  );
}
/** The MCP server (decision 045). */
export const MCP_PATHS = ['/mcp'] as const;
/** Its OAuth authorization server (worker/oauth/route.ts); the consent page is a page (/oauth/authorize). */
export const OAUTH_PATHS = [
  '/.well-known/oauth-authorization-server',
  '/.well-known/oauth-protected-resource',
  '/.well-known/oauth-protected-resource/*',
  '/oauth/token',
  '/oauth/register',
] as const;
/** The home page is a page, though `/` is also index.html's file: the worker renders it. */
export const HOME_PATH = '/';

/** wrangler.toml's run_worker_first, in its order. */
export const WORKER_FIRST: readonly string[] = [...API_PATHS, HOME_PATH, ...SITE_PATHS, ...MCP_PATHS, ...OAUTH_PATHS];

/** Where Vite puts the build's hashed files: a miss there is no page. */
export const HASHED_ASSETS_PATH = '/assets/*';
