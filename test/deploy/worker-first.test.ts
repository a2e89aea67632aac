// The path split is written once (worker/paths.ts): wrangler.toml's run_worker_first must be that same list, or a
// path the root app answers would be served as a static file (or the other way round).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WORKER_FIRST } from '#worker/paths';

const root = path.resolve(import.meta.dirname, '../..');

/** The strings of wrangler.toml's `run_worker_first = [...]`. */
function runWorkerFirst(toml: string): string[] {
  const list = /^run_worker_first\s*=\s*\[([^\]]*)\]/m.exec(toml)?.[1];
  if (list === undefined) throw new Error('wrangler.toml has no run_worker_first');
  return [...list.matchAll(/"([^"]*)"/g)].map((m) => m[1]!);
}

describe('the path split', () => {
  it("wrangler.toml's run_worker_first is worker/paths.ts's WORKER_FIRST", () => {
    const toml = readFileSync(path.join(root, 'wrangler.toml'), 'utf8');
    expect(runWorkerFirst(toml)).toEqual(WORKER_FIRST);
  });

  it('reads the list as wrangler.toml writes it', () => {
    expect(runWorkerFirst('x = 1\nrun_worker_first = [\n  "/api/*",\n  # a note\n  "/",\n]\n')).toEqual([
      '/api/*',
      '/',
    ]);
  });
});
