// 404 or 405: the one place that tells a wrong method from an unknown path, from the registered routes.
import type { MiddlewareHandler } from 'hono';
import type { RouterRoute } from 'hono/types';
import { failure } from '../lib/envelope';
import { HttpError } from '../lib/errors';

interface RoutePattern {
  method: string;
  pattern: RegExp;
  /** Literal path segments: where a literal route and a parameter route both match, the literal one decides. */
  literals: number;
}

/** `/api/files/:key{.+}` → /^\/api\/files\/(?:.+)\/?$/; `:id` takes one segment, `*` anything. */
function compile(route: RouterRoute): RoutePattern {
  const segments = route.path.split('/').filter(Boolean);
  const source = segments
    .map((s) => {
      const param = /^:\w+(?:\{(.+)\})?$/.exec(s);
      if (param) return param[1] ? `(?:${param[1]})` : '[^/]+';
      if (s === '*') return '.*';
      return s.replace(/[.+?^${}()|[\]\\*]/g, (ch) => `\\${ch}`);
    })
    .join('/');
  return {
    method: route.method,
    pattern: new RegExp(`^/${source}/?$`),
    literals: segments.filter((s) => !s.startsWith(':') && s !== '*').length,
  };
}

const BODYLESS = new Set(['GET', 'HEAD']);

/** The path segment that groups routes: the first one after the API prefix (`/api/articles/:id` -> `articles`). */
const groupOf = (segments: readonly string[]) => segments[1] ?? '';

/**
 * Answers 405 with `Allow` when the path names a route but not for this method. The routes that decide are
 * the most literal ones matching the path, so `GET /users/auth` is a 405 (only POST is registered there)
 * rather than a bad id for `GET /users/:id`. A GET or HEAD of a path no route matches is 404 here, before the D1
 * session and the session check are set up for nothing (issue 31: an unknown path cost more than a whole read);
 * other methods go on to the 404 of notFound, after their body is bounded and drained (middleware/limits.ts), and a
 * bearer call after its token's scope is checked (middleware/token-scope.ts).
 * Registered before the session is read, so a wrong method costs nothing else. Every request passes here, so
 * only the routes of the path's group are tested (a dozen regular expressions, not every route's).
 */
export function methodNotAllowed(routes: () => readonly RouterRoute[]): MiddlewareHandler {
  let groups: Map<string, RoutePattern[]> | undefined;
  /** Routes whose group segment is a parameter or a wildcard: tested for every path. */
  const anyGroup: RoutePattern[] = [];
  return async (c, next) => {
    if (!groups) {
      groups = new Map();
      for (const route of routes()) {
        if (route.method === 'ALL') continue;
        const group = groupOf(route.path.split('/').filter(Boolean));
        if (group.startsWith(':') || group.includes('*')) anyGroup.push(compile(route));
        else groups.set(group, [...(groups.get(group) ?? []), compile(route)]);
      }
    }
    const path = c.req.path;
    const candidates = [...(groups.get(groupOf(path.split('/').filter(Boolean))) ?? []), ...anyGroup];
    const matching = candidates.filter((p) => p.pattern.test(path));
    if (matching.length > 0) {
      const literals = Math.max(...matching.map((p) => p.literals));
      const allowed = new Set(matching.filter((p) => p.literals === literals).map((p) => p.method));
      if (allowed.has('GET')) allowed.add('HEAD');
      if (!allowed.has(c.req.method))
        throw new HttpError(405, 'Method not allowed', { Allow: [...allowed].join(', ') });
    } else if (BODYLESS.has(c.req.method) && !c.req.raw.headers.has('Authorization')) {
      return c.json(failure(404, 'Not found'), 404);
    }
    await next();
  };
}
