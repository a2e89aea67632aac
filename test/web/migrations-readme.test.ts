// Every gap in the migrations' numbering is explained in migrations/README.md, so a reader never wonders whether a
// file went missing.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = path.resolve(import.meta.dirname, '../../migrations');

describe('migrations/README.md', () => {
  it('names every number the migrations skip', () => {
    const numbers = readdirSync(dir)
      .map((f) => /^(\d{4})_.+\.sql$/.exec(f)?.[1])
      .filter((n): n is string => n !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
    const skipped: string[] = [];
    for (let n = 0; n < numbers.at(-1)!; n++) if (!numbers.includes(n)) skipped.push(String(n).padStart(4, '0'));
    const readme = readFileSync(path.join(dir, 'README.md'), 'utf8');
    for (const n of skipped) expect(readme, `migrations/README.md should explain ${n}`).toContain(n);
  });
});
