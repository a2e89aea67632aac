// The files worker/scripts/route-table.ts writes from the screens' folders (the route table both bundlers read, the
// folders' words per language) are committed as the folders say: a new folder without `npm run routes` fails here,
// before a deploy could ship a table without it. And what the script makes of a tree of folders.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generatedFiles, staleFiles, TABLE_FILE } from '#worker/scripts/route-table';

describe('the generated route table and catalogues', () => {
  it('are as the folders of web/routes/ say (npm run routes writes them)', () => {
    expect(staleFiles()).toEqual([]);
  });

  const tree = mkdtempSync(path.join(tmpdir(), 'route-table-'));
  afterAll(() => rmSync(tree, { recursive: true, force: true }));
  const put = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    writeFileSync(path.join(tree, file), text);
  };

  it("lists each folder's route.ts but a frame's sections, and gathers each language's words", () => {
    put('web/i18n/en-US.json', '{}');
    put('web/routes/news-archive/route.ts', 'export const route = {};');
    put('web/routes/frame/route.ts', "import { route as one } from './one/route';");
    put('web/routes/frame/one/route.ts', 'export const route = {};');
    put('web/routes/news-archive/messages.json', JSON.stringify({ 'en-US': { a: 'A' }, 'de-DE': { a: 'Ä' } }));
    const files = generatedFiles(tree);
    const table = files.get(TABLE_FILE)!;
    expect(table).toContain("import { route as newsArchive } from './news-archive/route';");
    expect(table).toContain("import { route as frame } from './frame/route';");
    expect(table).not.toContain('./frame/one/route');
    expect(JSON.parse(files.get('web/i18n/routes.de-DE.json')!)).toEqual({ a: 'Ä' });
    expect(staleFiles(tree)).toEqual([TABLE_FILE, 'web/i18n/routes.en-US.json', 'web/i18n/routes.de-DE.json']);
  });

  it('refuses a key two folders bring', () => {
    put('web/routes/frame/messages.json', JSON.stringify({ 'de-DE': { a: 'Ä' } }));
    expect(() => generatedFiles(tree)).toThrow(/news-archive\/messages.json: a is web\/routes\/frame's already/);
  });
});
