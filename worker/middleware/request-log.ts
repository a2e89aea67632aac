// One structured log line per /api request, and the request id that ties it to its answer and its errors.
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../env';

/** The response header that carries the request id on every /api answer. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** The line each request writes with console.info; Workers Logs indexes every field of a logged object. */
export interface RequestLogLine {
  message: 'request';
  requestId: string;
  method: string;
  /** The pattern of the route that answered (`/api/articles/:id`); null when none did (404, 405). */
  route: string | null;
  path: string;
  status: number;
  /** Wall time until the answer was ready; in Workers the clock moves only across I/O. */
  durationMs: number;
  userId: string | null;
}

/** What an unexpected error logs with console.error: the request's id, and the stack that never reaches the client. */
export interface ErrorLogLine {
  message: string;
  requestId: string;
  method: string;
  route: string | null;
  path: string;
  error: string;
  stack: string | null;
}

/**
 * The pattern of the route the request went to: the route whose handler ran last, or, when a middleware
 * answered first (a refusal, a guard), the route it was on its way to (`use` registers method ALL). None for
 * a 404 (no route matched) or a 405 (middleware/methods.ts refuses before the router's own match counts).
 */
function answeringRoute(c: Context): string | null {
  if (c.res.status === 405) return null;
  return (
    matchedRoutes(c)
      .slice(c.req.routeIndex)
      .find((r) => r.method !== 'ALL')?.path ?? null
  );
}

/** The API calls a page render makes in-process (worker/pages/in-process.ts), with the page's request id. */
const pageCalls = new WeakMap<Request, string>();

/**
 * Marks `request` as an in-process API call of the page whose request id is `pageRequestId`: it takes that id and
 * writes no line of its own (issue 28: a second console line per rendered page, about 1 ms of CPU locally).
 */
export function asPageCall(request: Request, pageRequestId: string): void {
  pageCalls.set(request, pageRequestId);
}

/**
 * The request id is Cloudflare's Ray ID (the cf-ray header the edge sets on every request), so the line is
 * found from the ray on an error page or in the dashboard; locally, where there is no ray, a random UUID.
 * (hono/request-id would prefer a caller's own X-Request-Id, which would replace the ray.)
 * Registered before every middleware that can answer, so it sees every answer: routes, 404, 405 and errors alike.
 */
export const requestLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = Date.now();
  const page = pageCalls.get(c.req.raw);
  const requestId = page ?? c.req.header('cf-ray') ?? crypto.randomUUID();
  c.set('requestId', requestId);
  await next();
  c.res.headers.set(REQUEST_ID_HEADER, requestId);
  // A rendered page's own API call: the page's line stands for it (its errors still log, under the page's id).
  if (page) return;
  const line: RequestLogLine = {
    message: 'request',
    requestId,
    method: c.req.method,
    route: answeringRoute(c),
    path: c.req.path,
    status: c.res.status,
    durationMs: Date.now() - started,
    userId: c.get('user')?.id ?? null,
  };
  console.info(line);
};

/** Logs an unexpected error of this request, with its stack and the request id its answer carries. */
export function logError(c: Context<AppEnv>, message: string, err: unknown): void {
  const line: ErrorLogLine = {
    message,
    requestId: c.get('requestId'),
    method: c.req.method,
    route: answeringRoute(c),
    path: c.req.path,
    error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
    stack: err instanceof Error ? (err.stack ?? null) : null,
  };
  console.error(line);
}
