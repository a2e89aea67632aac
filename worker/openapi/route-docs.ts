// What the OpenAPI document (document.ts) states of each route, read off the registered routes (app.routes): each
// route's handlers carry what they check (lib/route-doc.ts), merged here into one RouteDoc per method and path.
// Nothing here names a route: a route the app registers is in the document, one it does not is not.
// Decision: docs/decisions/013-openapi.md.
import type { RouterRoute } from 'hono/types';
import { findTargetHandler } from 'hono/utils/handler';
import { ROLES, type Role } from '#schema/enums';
import { EDITOR_ROLES } from '../lib/access';
import {
  routeDocPart,
  type ErrorCode,
  type RawAnswer,
  type RouteDocPart,
  type Schema,
  type SuccessCode,
} from '../lib/route-doc';
import { tokenNeed, type TokenNeed } from '../middleware/token-scope';

export type AuthLevel = 'anonymous' | 'signed-in' | 'editor' | 'admin';

/** Everything the document states of one route, merged from the route's handlers. */
export interface RouteDoc {
  method: string;
  /** As Hono registers it: `/api/articles/:id`. */
  path: string;
  summary: string;
  description?: string | undefined;
  statuses: readonly SuccessCode[];
  result?: Schema | undefined;
  raw?: RawAnswer | undefined;
  param?: Schema | undefined;
  query?: Schema | undefined;
  json?: Schema | undefined;
  upload?: Schema | undefined;
  auth: AuthLevel;
  /** The roles let through; every role for `signed-in`, none listed for `anonymous`. */
  roles: readonly Role[];
  ownerOrAdmin?: string | undefined;
  sameOrigin: boolean;
  errors: readonly ErrorCode[];
  edgeCacheSeconds?: number | undefined;
  /** What an API token needs for it: any scope, the `full` scope, or no token at all (a session only). */
  tokenNeed: TokenNeed;
}

export const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function authLevel(roles: readonly Role[] | undefined): AuthLevel {
  if (!roles) return 'anonymous';
  const same = (a: readonly Role[], b: readonly Role[]) => a.length === b.length && a.every((r) => b.includes(r));
  if (same(roles, ['ADMIN'])) return 'admin';
  if (same(roles, EDITOR_ROLES)) return 'editor';
  if (same(roles, ROLES)) return 'signed-in';
  throw new Error(`No auth level names the roles ${roles.join(', ')}`);
}

/** The documentation part of one registered handler (unwrapped from what Hono composes around mounted ones). */
const partsOf = (route: RouterRoute): RouteDocPart[] => {
  const part = routeDocPart(findTargetHandler(route.handler));
  return part ? [part] : [];
};

/** Middleware mounted on a path pattern (`/api/myso/*`) applies to every route under it. */
function covers(pattern: string, path: string): boolean {
  if (pattern.endsWith('/*')) {
    const prefix = pattern.slice(0, -2);
    return path === prefix || path.startsWith(prefix + '/');
  }
  return pattern === path;
}

/**
 * Every route the app registers (method and path, as app.routes lists them; `ALL` entries are middleware)
 * with its description merged from its handlers. Throws for a route without describe(...), so a route
 * cannot be added undocumented.
 */
export function routeDocs(routes: readonly RouterRoute[]): RouteDoc[] {
  const middleware = routes.filter((r) => r.method === 'ALL');
  const byRoute = new Map<string, { method: string; path: string; parts: RouteDocPart[] }>();
  for (const route of routes) {
    if (route.method === 'ALL') continue;
    const key = `${route.method} ${route.path}`;
    let entry = byRoute.get(key);
    if (!entry) {
      const inherited = middleware.filter((m) => covers(m.path, route.path)).flatMap(partsOf);
      entry = { method: route.method, path: route.path, parts: inherited };
      byRoute.set(key, entry);
    }
    entry.parts.push(...partsOf(route));
  }
  return [...byRoute.values()].map(({ method, path, parts }) => merge(method, path, parts));
}

function merge(method: string, path: string, parts: readonly RouteDocPart[]): RouteDoc {
  const one = <K extends keyof RouteDocPart>(key: K): RouteDocPart[K] | undefined => {
    const found = parts.filter((p) => p[key] !== undefined);
    if (found.length > 1) throw new Error(`${method} ${path}: more than one handler states ${key}`);
    return found[0]?.[key];
  };
  const summary = one('summary');
  if (!summary) throw new Error(`${method} ${path} has no describe({ summary, result }) beside it`);
  const result = one('result');
  const raw = one('raw');
  if (!result === !raw) throw new Error(`${method} ${path}: describe() needs exactly one of result and raw`);
  // Guards in a row narrow: a route behind requireUser and requireAdmin is ADMIN's.
  const guards = parts.filter((p) => p.roles).map((p) => p.roles!);
  const roles = guards.length ? guards.reduce((a, b) => a.filter((r) => b.includes(r))) : undefined;
  const sameOrigin = parts.some((p) => p.sameOrigin) || UNSAFE_METHODS.has(method);
  const errors = new Set<ErrorCode>(parts.flatMap((p) => p.errors ?? []));
  const ownerOrAdmin = one('ownerOrAdmin');
  // Refusing cross-site requests and checking ownership both answer 403.
  if (sameOrigin || ownerOrAdmin) errors.add(403);
  const status = one('status') ?? 200;
  return {
    method,
    path,
    summary,
    description: one('description'),
    statuses: typeof status === 'number' ? [status] : status,
    result,
    raw,
    param: one('param'),
    query: one('query'),
    json: one('json'),
    upload: one('upload'),
    auth: authLevel(roles),
    roles: roles ?? [],
    ownerOrAdmin,
    sameOrigin,
    errors: [...errors].sort((a, b) => a - b),
    edgeCacheSeconds: one('edgeCacheSeconds'),
    tokenNeed: tokenNeed(method, parts),
  };
}
