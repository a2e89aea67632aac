// Matching a path against a fixed route table, cheaper: react-router's matchRoutes flattens and ranks the whole table
// and compiles a pattern per branch on every call (issue 28's profile: about a tenth of a rendered page's CPU for the
// page's three matches). A route whose path starts with a fixed segment can only match a path that starts with the
// same one, so each first segment gets its own table, cut once: the routes that start with it, and those that may
// match any first segment (a parameter, `*`, the index). Matching that table finds the same routes and params.
import { matchRoutes, type RouteObject } from 'react-router';

/** The first segment of a route's path when it is fixed (`article` of `/article/:id`), lower-cased; else null. */
function fixedFirst(path: string): string | null {
  const first = path.split('/').find((s) => s !== '') ?? '';
  return first === '' || /[:*?]/.test(first) ? null : first.toLowerCase();
}

/** The routes of `routes` that may match a path whose first segment is `first` (`prefix`: the path above them). */
function cut(routes: RouteObject[], first: string | null, prefix = ''): RouteObject[] {
  return routes.flatMap((route): RouteObject[] => {
    const path = route.path === undefined ? prefix : `${prefix}/${route.path}`;
    const fixed = fixedFirst(path);
    if (fixed !== null) return fixed === first ? [route] : [];
    // A parameter or `*` first, or nothing yet (a layout, the index): its children may still start with anything.
    if (path.split('/').some((s) => s !== '') || !route.children) return [route];
    const children = cut(route.children, first, path);
    return children.length > 0 ? [{ ...route, children }] : [];
  });
}

/** The fixed first segments the table's routes start with. */
function firstSegments(routes: RouteObject[], prefix = '', into = new Set<string>()): Set<string> {
  for (const route of routes) {
    const path = route.path === undefined ? prefix : `${prefix}/${route.path}`;
    const fixed = fixedFirst(path);
    if (fixed !== null) into.add(fixed);
    else if (route.children) firstSegments(route.children, path, into);
  }
  return into;
}

/**
 * A matchRoutes for `routes` that looks only at the routes a path's first segment may take. A first segment no route
 * starts with shares one table (so no request can make the cache grow); an encoded one (`%61rticle`, which the router
 * decodes before matching) and an empty one other than `/` (`//x`) are matched against the whole table.
 */
export function routeMatcher<R extends RouteObject>(routes: R[]): (path: string) => ReturnType<typeof matchRoutes<R>> {
  let known: Set<string> | undefined;
  const tables = new Map<string | null, R[]>();
  return (path) => {
    const first = /^\/([^/]*)/.exec(path)?.[1] ?? '';
    if (first.includes('%') || (first === '' && path !== '/')) return matchRoutes(routes, path);
    known ??= firstSegments(routes);
    const key = known.has(first.toLowerCase()) ? first.toLowerCase() : null;
    let table = tables.get(key);
    if (!table) tables.set(key, (table = cut(routes, key) as R[]));
    return matchRoutes(table, path);
  };
}
