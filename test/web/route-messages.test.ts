// The words a screen's folder brings (web/routes/<URL>/messages.json, gathered per language into
// web/i18n/routes.{tag}.json by worker/scripts/route-table.ts; test/deploy/route-table.test.ts keeps those current):
// every configured language (wrangler.toml's LANGUAGES) has each of them, in the folder or in the language's main
// catalogues (a third language brings its words in its own catalogue, without editing every folder:
// docs/languages.md), never in both, with the default's placeholders; and the loaded catalogue of a language holds them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, loadMessages } from '#web/i18n';

const root = path.resolve(import.meta.dirname, '../..');
const i18n = path.join(root, 'web/i18n');
type Messages = Record<string, string>;
const read = (file: string): Messages =>
  existsSync(path.join(i18n, file)) ? (JSON.parse(readFileSync(path.join(i18n, file), 'utf8')) as Messages) : {};
const LANGUAGES = /^LANGUAGES = "([^"]+)"/m
  .exec(readFileSync(path.join(root, 'wrangler.toml'), 'utf8'))![1]!
  .split(',');
/** A language's main catalogues: the shell's and the screens' (the workspaces' keep their own words). */
const main = (tag: string): Messages => ({ ...read(`${tag}.json`), ...read(`screens.${tag}.json`) });
const folders = (tag: string): Messages => read(`routes.${tag}.json`);

function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
    into.add(el.value);
    if (el.type === TYPE.plural || el.type === TYPE.select)
      for (const option of Object.values(el.options)) argumentsOf(option.value, into);
    if (el.type === TYPE.tag) argumentsOf(el.children, into);
  }
  return into;
}
const placeholders = (message: string) => [...argumentsOf(parse(message))].sort();

describe("the screens' folders' words", () => {
  const defaults = folders(DEFAULT_LOCALE);

  it('are there: /subscribe brings its own', () => {
    expect(Object.keys(defaults)).toContain('subscribe.lead');
    expect(LANGUAGES[0]).toBe(DEFAULT_LOCALE);
  });

  it('name only configured languages', () => {
    const tags = readdirSync(i18n).flatMap((f) => /^routes\.(.+)\.json$/.exec(f)?.[1] ?? []);
    expect(tags.filter((tag) => !LANGUAGES.includes(tag))).toEqual([]);
  });

  it.each(LANGUAGES)('%s: has every key, in its folder or its main catalogue, never in both', (tag) => {
    const own = folders(tag);
    const catalogue = main(tag);
    expect(Object.keys(defaults).filter((key) => !(key in own) && !(key in catalogue))).toEqual([]);
    expect(Object.keys(own).filter((key) => key in catalogue)).toEqual([]);
    expect(Object.keys(own).filter((key) => !(key in defaults))).toEqual([]);
    for (const key of Object.keys(defaults)) {
      const message = own[key] ?? catalogue[key]!;
      expect(message.trim(), `${tag} ${key}`).not.toBe('');
      expect({ key, args: placeholders(message) }).toEqual({ key, args: placeholders(defaults[key]!) });
    }
  });

  it('come with the loaded catalogue of each language', async () => {
    for (const tag of LANGUAGES) {
      const loaded = await loadMessages(tag);
      for (const [key, message] of Object.entries(folders(tag))) expect(loaded[key], `${tag} ${key}`).toBe(message);
    }
    expect((await loadMessages('de-DE'))['subscribe.news']).toBe('Alle Meldungen (RSS)');
  });
});
