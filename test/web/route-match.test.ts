// The cut route tables (web/routes/+shared/match.ts) match every path as react-router's matchRoutes does on the whole
// table: the same routes, in the same order, with the same params (issue 28).
import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject } from 'react-router';
import { routes } from '#web/app';
import { routeMatcher } from '#web/routes/+shared/match';
import { ALL_SCREENS } from '#web/routes/table';

/** Every pattern of the table, and the aliases, with values for their params, in several spellings. */
function paths(): string[] {
  const patterns = ALL_SCREENS.flatMap((s) => [...Object.keys(s.paths), ...(s.aliases ?? [])]);
  const filled = patterns.map((p) => p.replace(/:\w+/g, 'f76f2558-1b3e-4782-81e6-5dc505ecb2b1').replace('*', 'x/y'));
  return [
    ...filled,
    ...filled.map((p) => p.toUpperCase()),
    ...filled.map((p) => `${p}/`),
    ...filled.map((p) => `${p}/extra`),
    ...filled.map((p) => p.replace(/^\/(\w)/, (_, c: string) => `/%${c.charCodeAt(0).toString(16)}`)),
    '/',
    '//article/x',
    '/nothing-here',
    '/Article',
    '/article/x/y/z',
    '/de/article/x',
  ];
}

const shape = (matches: ReturnType<typeof matchRoutes> | null) =>
  matches?.map((m) => ({
    route: m.route.path ?? (m.route.index ? 'index' : 'layout'),
    handle: m.route.handle,
    params: m.params,
    pathname: m.pathname,
  }));

describe('routeMatcher', () => {
  it('matches the app routes as matchRoutes does on the whole table', () => {
    const match = routeMatcher(routes);
    for (const path of paths()) expect(shape(match(path)), path).toEqual(shape(matchRoutes(routes, path)));
  });

  it('matches the flat handle table as matchRoutes does', () => {
    const flat: RouteObject[] = ALL_SCREENS.flatMap((s) =>
      Object.entries(s.paths).map(([path, handle]) => ({ path, handle })),
    );
    const match = routeMatcher(flat);
    for (const path of paths()) {
      const found = match(path);
      expect(
        found?.map((m) => m.route),
        path,
      ).toEqual(matchRoutes(flat, path)?.map((m) => m.route));
      expect(found?.at(-1)?.params, path).toEqual(matchRoutes(flat, path)?.at(-1)?.params);
    }
  });

  it('leaves out the routes another first segment names', () => {
    const table: RouteObject[] = [{ path: 'a/:x' }, { path: 'b' }, { path: ':any' }, { path: '*' }];
    expect(routeMatcher(table)('/b')?.at(-1)?.route).toBe(table[1]);
    expect(routeMatcher(table)('/a/1')?.at(-1)?.params).toEqual({ x: '1' });
    expect(routeMatcher(table)('/c')?.at(-1)?.route).toBe(table[2]);
    expect(routeMatcher(table)('/c/d')?.at(-1)?.route).toBe(table[3]);
  });
});
