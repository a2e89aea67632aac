// Whether a request writes: the one rule behind where its D1 session starts (db.ts), where its session is
// checked (services/session.ts) and what an API token needs (middleware/token-scope.ts). The route's own handlers say
// what it is (lib/route-doc.ts): a GET reads; an unsafe method, or a GET marked `sameOrigin` (the few that change
// state), writes, unless the route marks itself `readsOnly` (the POSTs that search).
import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';
import { findTargetHandler } from 'hono/utils/handler';
import type { AppEnv } from '../env';
import { routeDocPart, type RouteDocPart } from '../lib/route-doc';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request of `method` to a route with these documentation parts writes. */
export function writesBy(method: string, parts: readonly RouteDocPart[]): boolean {
  if (parts.some((p) => p.sameOrigin)) return true;
  if (READ_METHODS.has(method)) return false;
  return !parts.some((p) => p.readsOnly);
}

/** The documentation parts of the handlers the router matched for this request (known before any of them runs). */
export function routeParts(c: Context<AppEnv>): RouteDocPart[] {
  let parts = c.get('routeParts');
  if (!parts) {
    parts = matchedRoutes(c).flatMap((r) => routeDocPart(findTargetHandler(r.handler)) ?? []);
    c.set('routeParts', parts);
  }
  return parts;
}

/** Whether this request writes (worked out once per request). */
export const requestWrites = (c: Context<AppEnv>): boolean => writesBy(c.req.method, routeParts(c));
