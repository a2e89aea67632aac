// The worker's one root app (served by the entry, ./index.ts): the API, the MCP server with its OAuth endpoints, the
// crawlers' documents and the pages, by the path split of ./paths.ts (wrangler.toml's run_worker_first is the same
// list). The API keeps its own middleware chain (worker/app.ts, built alone by tests); the documents and the pages
// share theirs, declared here once.
import { Hono } from 'hono';
import { app as api } from './app';
import { benchTiming } from './middleware/bench-timing';
import type { AppEnv } from './env';
import type { WebhookMessage } from './services/webhooks';
import type { ImportMessage } from './import/runner';
import { siteRoutes } from './site/routes';
import { serveMcp } from './mcp/route';
import { isOAuthPath, serveOAuth } from './oauth/route';
import { d1Session } from './services/db';
import { boundedUrl } from './middleware/limits';
import { logError, requestLog } from './middleware/request-log';
import { HttpError } from './lib/errors';
import { cachedPage, pageRoutes } from './pages/pages';
import { edgeCacheFirst } from './middleware/edge-cache';
import { API_PATHS, MCP_PATHS, OAUTH_PATHS } from './paths';

/** Builds the root app around an API app (tests may pass their own, with probes). */
export function buildRoot(apiApp: { fetch: typeof api.fetch } = api) {
  const root = new Hono<AppEnv>();
  // Hono's own type of the context's ExecutionContext: the runtime's, which the handlers outside Hono declare.
  const ctx = (c: { executionCtx: unknown }) => c.executionCtx as ExecutionContext;
  for (const path of API_PATHS) root.all(path, (c) => apiApp.fetch(c.req.raw, c.env, ctx(c)));
  for (const path of MCP_PATHS) root.all(path, (c) => serveMcp(c.req.raw, c.env, ctx(c)));
  for (const path of OAUTH_PATHS)
    root.all(path, (c, next) => (isOAuthPath(c.req.path) ? serveOAuth(c.req.raw, c.env, ctx(c)) : next()));
  // What the documents and the pages share: the request's log line and id, the bounded URL, the D1 session. A visitor's
  // page from the edge cache is answered before the D1 session and the session check (issue 31): nothing that costs
  // may run before edgeCacheFirst but the log line and the URL bound.
  // With BENCH_TIMING, a page's or document's Server-Timing counts its every D1 round trip, its in-process API calls'
  // included (they run on the page's bindings).
  root.use(requestLog).use(boundedUrl).use(edgeCacheFirst(cachedPage)).use(benchTiming).use(d1Session);
  root.route('/', siteRoutes);
  root.route('/', pageRoutes);
  // A refusal of the shared middleware (a URL over the bound: 414) is its own status; only the unforeseen is a 500.
  root.onError((err, c) => {
    if (err instanceof HttpError && err.status < 500) return c.text(err.message, err.status, err.headers);
    logError(c, 'Request failed', err);
    return c.text('Internal server error', 500);
  });
  return root;
}

export const root = buildRoot();

/** What the worker's queues carry. */
export type QueueMessage = WebhookMessage | ImportMessage;
/** The imports queue's name (wrangler.toml); every other batch is the webhooks queue's. */
export const IMPORTS_QUEUE = 'so-portal-imports';
