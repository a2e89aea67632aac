// Ordinary text of every length a field allows, through the real fetch handler: titles, names and list filters.
// D1 refuses LIKE and GLOB patterns over 50 bytes ('LIKE or GLOB pattern too complex', a 500), and the local D1
// of these tests enforces that limit as production does (checked: on the code before the fix, a 52-character
// article title and a 49-character `q` over one's own rows answered 500 here). The static check at the end keeps
// LIKE and GLOB out of the worker's SQL, where a short pattern in a test could still grow long in production.
import { describe, expect, it } from 'vitest';
import { LIMITS } from '#schema/requests';
import { realisticText, seededRandom } from '#worker/scripts/fuzz-requests';
import { as, createUser } from './helpers';

const random = seededRandom(20261124);
const lengths = (max: number) => Array.from({ length: max }, (_, i) => i + 1);

describe('text of every length up to the field maximum', () => {
  it(
    'creates articles, channels and categories with titles and names of 1 to 200 characters',
    { timeout: 120_000 },
    async () => {
      const editor = await as('CLIENT');
      const admin = await as('ADMIN');
      const failures: string[] = [];
      for (const n of lengths(LIMITS.title)) {
        const text = realisticText(random, n);
        const article = await editor.call('/articles', {
          method: 'POST',
          body: { title: text, type: 'text', channelId: null },
        });
        const channel = await editor.call('/channels', { method: 'POST', body: { name: text } });
        const category = await admin.call('/categories', { method: 'POST', body: { title: text } });
        for (const [what, res] of [
          ['article', article],
          ['channel', channel],
          ['category', category],
        ] as const) {
          if (res.status !== 201) failures.push(`${what} of ${n}: ${res.status} ${res.body.message}`);
        }
      }
      expect(failures).toEqual([]);
      // The same title twice more still gets distinct slugs (the taken ones are counted without LIKE).
      const long = realisticText(random, LIMITS.title);
      const slugs = [];
      for (let i = 0; i < 3; i++) {
        const res = await editor.call('/articles', {
          method: 'POST',
          body: { title: long, type: 'text', channelId: null },
        });
        expect(res.status).toBe(201);
        slugs.push(res.body.result.slug as string);
      }
      expect(new Set(slugs).size).toBe(3);
      expect(slugs[1]).toBe(`${slugs[0]}-2`);
    },
  );

  it(
    'filters the workspace lists and the user list with `q` of every length, and refuses longer ones with 400',
    { timeout: 120_000 },
    async () => {
      const editor = await as('CONTRIBUTOR');
      const admin = await as('ADMIN');
      const title = realisticText(random, LIMITS.title);
      expect(
        (await editor.call('/articles', { method: 'POST', body: { title, type: 'text', channelId: null } })).status,
      ).toBe(201);
      expect((await editor.call('/channels', { method: 'POST', body: { name: title } })).status).toBe(201);
      await createUser({ name: realisticText(random, LIMITS.name).replace(/\s/g, '-') });
      const failures: string[] = [];
      for (const n of [0, ...lengths(LIMITS.searchText)]) {
        const q = encodeURIComponent(title.slice(0, n).trim());
        for (const list of ['articles', 'channels', 'news']) {
          const res = await editor.call(`/workspace/${list}?q=${q}`);
          if (res.status !== 200) failures.push(`${list} q of ${n}: ${res.status} ${res.body.message}`);
          else if (list !== 'news' && n > 0 && res.body.result.items.length !== 1)
            failures.push(`${list} q of ${n}: no match`);
        }
        if (n <= LIMITS.name) {
          const res = await admin.call(`/users?q=${encodeURIComponent(realisticText(random, n))}`);
          if (res.status !== 200) failures.push(`users q of ${n}: ${res.status} ${res.body.message}`);
        }
      }
      expect(failures).toEqual([]);
      const tooLong = encodeURIComponent(realisticText(random, LIMITS.searchText + 1));
      expect((await editor.call(`/workspace/articles?q=${tooLong}`)).status).toBe(400);
      expect((await admin.call(`/users?q=${encodeURIComponent('x'.repeat(LIMITS.name + 1))}`)).status).toBe(400);
    },
  );

  it('finds a user by a fragment of 64 characters of the name (instr, not LIKE, and any case)', async () => {
    const admin = await as('ADMIN');
    const name = `${'Ab'.repeat(28)}-${Date.now().toString(36)}`.slice(0, LIMITS.name);
    await createUser({ name });
    const res = await admin.call(`/users?q=${encodeURIComponent(name.toUpperCase())}`);
    expect(res.status).toBe(200);
    expect(res.body.result.items.map((u: { name: string }) => u.name)).toEqual([name]);
    // `%` and `_` are plain characters, as they were with LIKE's escape.
    expect((await admin.call(`/users?q=${encodeURIComponent('%')}`)).body.result.items).toEqual([]);
  });
});

describe("the worker's SQL", () => {
  it('uses no LIKE or GLOB (D1 refuses patterns over 50 bytes, so any user text in one is a 500 waiting)', () => {
    const sources = import.meta.glob<string>(['../../worker/**/*.ts', '!../../worker/scripts/**'], {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    expect(Object.keys(sources).length).toBeGreaterThan(20);
    const offending = Object.entries(sources).flatMap(([file, text]) =>
      text
        .split('\n')
        .map((line, i) => ({ file, line: i + 1, text: line.trim() }))
        // An operator in SQL: LIKE or GLOB followed by a bound value, a literal or a placeholder; prose never is.
        .filter(
          ({ text }) => /\b(like|glob)\s+(\$\{|'|\?)/i.test(text) && !text.startsWith('//') && !text.startsWith('*'),
        ),
    );
    expect(offending).toEqual([]);
  });
});
