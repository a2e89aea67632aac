// The worker's entry: pages are rendered here (./pages.ts), everything else (the API, the crawlers' documents,
// the scheduled jobs) is worker/index.ts. Static files never reach the worker except / (wrangler.toml's
// run_worker_first); with not_found_handling "none", a path that is no file comes here and is a page, or the
// rendered not-found page with status 404.
import type { Env } from '../../worker/env';
import worker, { type QueueMessage } from '../../worker/index';
import { PAGE_HEADERS } from '../../schema/page-headers';
import { pageRoutes } from './pages';
// The co-editing room's Durable Object class: wrangler finds it on the main module (docs/decisions/050).
export { CollabRoom } from '../../worker/collab/room';

/** Where Vite puts the build's hashed files. */
const HASHED_ASSETS_PREFIX = '/assets/';

/** Paths the worker answers itself; the rest of what reaches the worker is a page. */
const WORKER_PATHS =
  /^\/(api|sitemaps|feeds)(\/|$)|^\/(robots\.txt|sitemap\.xml|mcp|oauth\/token|oauth\/register)$|^\/\.well-known\/oauth-/;

export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext): Response | Promise<Response> {
    const url = new URL(request.url);
    if (WORKER_PATHS.test(url.pathname)) return worker.fetch(request, env, ctx);
    // Vite's hashed files are served `immutable`: a miss there is a mistake to be told, never a page a browser or a
    // CDN would keep for a year under a script's name.
    if (url.pathname.startsWith(HASHED_ASSETS_PREFIX)) {
      return new Response('Not found\n', {
        status: 404,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...PAGE_HEADERS },
      });
    }
    return pageRoutes.fetch(request, env, ctx);
  },
  scheduled: worker.scheduled,
  queue: worker.queue,
} satisfies ExportedHandler<Env, QueueMessage>;
