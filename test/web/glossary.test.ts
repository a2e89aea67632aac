// The German catalogues use the terms of docs/glossary.de-DE.md: no value contains a word of its "Not" column.
// Page titles join their parts one way (" · "), whichever screen sets them.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageTitle } from '#web/components/page-title';

const root = path.resolve(import.meta.dirname, '../..');
const glossary = readFileSync(path.join(root, 'docs/glossary.de-DE.md'), 'utf8');

/** The table's rows: German term and the words not to use (`*` ends a word prefix). */
function forbiddenWords(): { term: string; not: string }[] {
  const rows = glossary.split('\n').filter((l) => l.startsWith('|') && !l.includes('---'));
  return rows.slice(1).flatMap((row) => {
    const [, , term, not] = row.split('|').map((c) => c.trim());
    return (not ?? '')
      .split(',')
      .map((w) => w.replace(/\\\*/g, '*').replace(/`/g, '').trim())
      .filter((w) => w && !w.startsWith(' – ') && !w.includes('between'))
      .map((w) => ({ term: term!, not: w }));
  });
}

const pattern = (word: string) => {
  const escaped = word.replace(/\*$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}])${escaped}${word.endsWith('*') ? '' : '(?![\\p{L}])'}`, 'iu');
};

const catalogues = readdirSync(path.join(root, 'web/i18n')).filter((f) => /de-DE\.json$/.test(f));

describe('the German glossary', () => {
  it('lists terms, and the catalogues are there', () => {
    expect(forbiddenWords().length).toBeGreaterThan(10);
    expect(catalogues.sort()).toEqual([
      'account.de-DE.json',
      'admin.de-DE.json',
      'de-DE.json',
      'routes.de-DE.json',
      'screens.de-DE.json',
      'workspace.de-DE.json',
    ]);
  });

  it.each(catalogues)('%s uses the glossary’s terms', (file) => {
    const messages = JSON.parse(readFileSync(path.join(root, 'web/i18n', file), 'utf8')) as Record<string, string>;
    const found: string[] = [];
    for (const { term, not } of forbiddenWords()) {
      const re = pattern(not);
      for (const [key, value] of Object.entries(messages))
        if (re.test(value)) found.push(`${key}: "${value}" has "${not}" (use ${term})`);
    }
    expect(found).toEqual([]);
  });

  it('the German mails use them too', () => {
    const notices = readFileSync(path.join(root, 'worker/services/notices.ts'), 'utf8');
    const german = notices.slice(notices.indexOf('const de: Words'), notices.indexOf('const WORDS'));
    for (const { not } of forbiddenWords()) expect(german).not.toMatch(pattern(not));
  });

  it('page titles join their parts with " · " everywhere', () => {
    expect(pageTitle('Meldungen')).toBe('Meldungen · SO Portal');
    const files = (function walk(dir: string): string[] {
      return readdirSync(dir).flatMap((f) => {
        const full = path.join(dir, f);
        return statSync(full).isDirectory() ? walk(full) : /\.tsx?$/.test(f) ? [full] : [];
      });
    })(path.join(root, 'web'));
    const own = files.filter((f) => /document\.title\s*=/.test(readFileSync(f, 'utf8')));
    for (const file of own) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).toMatch(/document\.title = (pageTitle\(|before)/);
      expect(text, file).not.toMatch(/document\.title = `/);
    }
  });
});
