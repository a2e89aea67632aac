// The route modules (web/routes/**/route.ts): each names the view it loads as the build's manifest does (the worker
// links that chunk and its styles), lives in the folder its URL names, and the table lists every one of them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_SCREENS } from '#web/routes/table';

const web = path.resolve(import.meta.dirname, '../../web');
const routesDir = path.join(web, 'routes');

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === 'route.ts' ? [full] : [];
  });
}

describe('route modules', () => {
  const files = routeFiles(routesDir);

  it("the generated table lists every route module once (a frame's sections inside it)", () => {
    expect(ALL_SCREENS.length).toBe(files.length);
    expect(new Set(ALL_SCREENS.map((s) => s.module)).size).toBe(ALL_SCREENS.length);
  });

  it.each(files.map((f) => [path.relative(web, f), f]))('%s names the view it imports', (_, file) => {
    const text = readFileSync(file, 'utf8');
    const module = /module: '([^']+)'/.exec(text)?.[1];
    const imported = /import\('(\.\/[^']+)'\)/.exec(text)?.[1];
    expect(module).toBeDefined();
    expect(imported).toBeDefined();
    const target = path.relative(web, path.join(path.dirname(file), imported!));
    expect(module).toBe(`${target}.tsx`);
  });

  it('a screen lives in the folder its URL names (:param as $param; / is home, * not-found, lists in list.tsx)', () => {
    const FOLDER_OF: Record<string, string> = { '/': 'routes/home', '*': 'routes/not-found' };
    for (const screen of ALL_SCREENS) {
      const own = Object.keys(screen.paths)[0]!;
      const folder = FOLDER_OF[own] ?? `routes${own.replace(/:(\w+)/g, (_, name: string) => `$${name}`)}`;
      expect(path.dirname(screen.module), own).toBe(folder);
    }
  });
});
