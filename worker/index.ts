import { app } from './app';
import type { Env } from './env';
import { homePage } from './services/home-hints';
import { assetMiss } from './middleware/spa-fallback';
import { scheduled } from './scheduled';

export default {
  // The worker runs first for /api/* and for / (wrangler.toml's run_worker_first), and for any other path that
  // matched no static asset (not_found_handling = "none"); the SPA's files are served without it.
  fetch(request: Request, env: Env, ctx: ExecutionContext): Response | Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return app.fetch(request, env, ctx);
    if (url.pathname !== '/') return assetMiss(request, env.ASSETS);
    if (request.method !== 'GET') return env.ASSETS.fetch(request);
    return homePage(request, env.ASSETS, async () =>
      app.fetch(new Request(new URL('/api/news?limit=1', url)), env, ctx),
    );
  },
  scheduled,
} satisfies ExportedHandler<Env>;
