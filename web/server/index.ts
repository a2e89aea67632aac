// The worker's entry: pages are rendered here (./pages.ts), everything else (the API, the crawlers' documents,
// the scheduled jobs) is worker/index.ts. Static files never reach the worker except / (wrangler.toml's
// run_worker_first); with not_found_handling "none", a path that is no file comes here and is a page, or the
// rendered not-found page with status 404.
import type { Env } from '../../worker/env';
import worker from '../../worker/index';
import { pageRoutes } from './pages';

/** Paths the worker answers itself; the rest of what reaches the worker is a page. */
const WORKER_PATHS = /^\/(api|sitemaps|feeds)(\/|$)|^\/(robots\.txt|sitemap\.xml)$/;

export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext): Response | Promise<Response> {
    const url = new URL(request.url);
    if (WORKER_PATHS.test(url.pathname)) return worker.fetch(request, env, ctx);
    return pageRoutes.fetch(request, env, ctx);
  },
  scheduled: worker.scheduled,
} satisfies ExportedHandler<Env>;
