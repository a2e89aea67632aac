import { app } from './app';
import type { Env } from './env';
import { homePage } from './lib/home-hints';
import { scheduled } from './scheduled';
import { isSitePath, siteRoutes } from './site/routes';

export default {
  // The worker runs first for /api/*, for / and for the crawlers' documents (wrangler.toml's run_worker_first); the
  // rest of the SPA's files are served as static assets without it.
  fetch(request: Request, env: Env, ctx: ExecutionContext): Response | Promise<Response> {
    const url = new URL(request.url);
    if (isSitePath(url.pathname)) return siteRoutes.fetch(request, env, ctx);
    if (url.pathname !== '/') return app.fetch(request, env, ctx);
    if (request.method !== 'GET') return env.ASSETS.fetch(request);
    return homePage(request, env.ASSETS, async () =>
      app.fetch(new Request(new URL('/api/news?limit=1', url)), env, ctx),
    );
  },
  scheduled,
} satisfies ExportedHandler<Env>;
