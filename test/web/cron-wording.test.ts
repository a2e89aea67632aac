// What the admin is told about the Cron Trigger matches wrangler.toml: starts and expiries are checked every minute.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const catalogue = (file: string) =>
  JSON.parse(readFileSync(path.join(root, 'web/i18n', file), 'utf8')) as Record<string, string>;

describe('the schedule named in the admin texts', () => {
  it('is the trigger’s: every minute, in both languages', () => {
    const toml = readFileSync(path.join(root, 'wrangler.toml'), 'utf8');
    expect(/^crons = \["\* \* \* \* \*"\]$/m.test(toml)).toBe(true);
    expect(catalogue('admin.en-US.json')['admin.publications.lead']).toContain('checked every minute');
    expect(catalogue('admin.de-DE.json')['admin.publications.lead']).toContain('jede Minute geprüft');
  });

  it('no catalogue names another interval for the checks', () => {
    for (const file of readdirSync(path.join(root, 'web/i18n')).filter((f) => f.endsWith('.json')))
      for (const [id, text] of Object.entries(catalogue(file)))
        expect(/(five|5) minutes|fünf Minuten|5 Minuten/i.test(text), `${file} ${id}`).toBe(false);
  });
});
