// Search in the reader's language (issue 29, decision 056): each item is matched once, in the reader's language where
// it has a published translation in it, else in its own; German folds ß and umlauts; drafts and translations of
// unpublished items never match.
import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { searchItem, type SearchItem } from '#schema/entities';
import worker from '#worker/index';
import { createArticle, createCategory, createChannel } from './content-factories';
import { as, BASE, call, type CallOptions } from './helpers';
import { translateArticle, translateItem } from './translation-fixtures';

/** A word no other test uses, so each test sees only its own rows. */
const word = () => `q${crypto.randomUUID().replace(/-/g, '').slice(0, 10)}`;

async function search(searchText: string, lang: string, options: CallOptions = {}): Promise<SearchItem[]> {
  const res = await call(`/search/search?lang=${lang}`, { ...options, method: 'POST', body: { searchText } });
  expect(res.status).toBe(200);
  return z.array(searchItem).parse(res.body.result);
}

const values = (items: SearchItem[]) => items.map((i) => i.value);

describe('search in the reader’s language', () => {
  it('German folding: strasse and Straße find Straße; muller, mueller and Müller find Müller', async () => {
    const w = word();
    const street = await createArticle({ title: `Street ${w}`, teaser: 'A street' });
    const { slug } = await translateArticle(street.id, 'de-DE', {
      title: `Die Große Straße ${w}`,
      teaser: 'Eine Straße am Hafen',
      description: 'Bei Frau Müller um die Ecke',
    });
    for (const text of [`strasse ${w}`, `Straße ${w}`, `STRASSE ${w}`, `grosse ${w}`, `strass ${w}`]) {
      const hits = await search(text, 'de');
      expect(hits, text).toHaveLength(1);
      expect(hits[0]).toMatchObject({
        value: street.id,
        label: `Die Große Straße ${w}`,
        context: 'Eine Straße am Hafen',
        slug,
        language: 'de-DE',
      });
    }
    for (const text of [`muller ${w}`, `mueller ${w}`, `Müller ${w}`, `MUELLER ${w}`]) {
      expect(values(await search(text, 'de')), text).toEqual([street.id]);
    }
  });

  it('the folding is the language’s: English readers keep today’s fold on the item’s own text', async () => {
    const w = word();
    const own = await createArticle({ title: `Müller Straße ${w}`, teaser: 'In English' });
    // Today's fold: diacritics only.
    expect(values(await search(`muller ${w}`, 'en'))).toEqual([own.id]);
    expect(values(await search(`Straße ${w}`, 'en'))).toEqual([own.id]);
    expect(await search(`mueller ${w}`, 'en')).toEqual([]);
    expect(await search(`strasse ${w}`, 'en')).toEqual([]);
    // A German reader folds the same untranslated text the German way.
    const german = await search(`mueller strasse ${w}`, 'de');
    expect(german).toEqual([expect.objectContaining({ value: own.id, language: 'en-US', slug: own.slug })]);
  });

  it('an untranslated item is found from German by its English text, in English', async () => {
    const w = word();
    const bridge = await createArticle({ title: `Bridge ${w}`, teaser: 'A bridge' });
    const hits = await search(`bridge ${w}`, 'de');
    expect(hits).toEqual([
      expect.objectContaining({
        value: bridge.id,
        label: `Bridge ${w}`,
        context: 'A bridge',
        slug: bridge.slug,
        language: 'en-US',
      }),
    ]);
  });

  it('a translated item is found by its German text once, in German; its English text answers English readers', async () => {
    const w = word();
    const item = await createArticle({ title: `Street ${w}`, teaser: `About the street ${w}` });
    const { slug } = await translateArticle(item.id, 'de-DE', { title: `Straße ${w}`, teaser: `Über die Straße ${w}` });

    const german = await search(w, 'de');
    expect(german).toHaveLength(1);
    expect(german[0]).toMatchObject({ value: item.id, label: `Straße ${w}`, slug, language: 'de-DE' });
    // Matched in German only: its English words do not find it for a German reader.
    expect(await search(`street ${w}`, 'de')).toEqual([]);

    const english = await search(w, 'en');
    expect(english).toHaveLength(1);
    expect(english[0]).toMatchObject({ value: item.id, label: `Street ${w}`, slug: item.slug, language: 'en-US' });
    expect(await search(`strasse ${w}`, 'en')).toEqual([]);

    // Accept-Language chooses as `lang` does.
    const res = await call('/search/search', {
      method: 'POST',
      body: { searchText: w },
      headers: { 'Accept-Language': 'de-AT, en;q=0.5' },
    });
    expect(res.headers.get('Content-Language')).toBe('de-DE');
    expect(res.headers.get('Vary')).toMatch(/Accept-Language/);
    expect(res.body.result).toEqual([expect.objectContaining({ value: item.id, label: `Straße ${w}` })]);
  });

  it('channels and categories are found by their German name and title', async () => {
    const w = word();
    const channel = await createChannel({ name: `Harbour ${w}`, infoText: 'Ships' });
    await translateItem('channel', channel.id, 'de-DE', { slug: `hafen-${w}`, title: `Hafen ${w}`, text: 'Schiffe' });
    const category = await createCategory({ title: `Streets ${w}` });
    await translateItem('category', category.id, 'de-DE', { slug: `strassen-${w}`, title: `Straßen ${w}` });

    expect(await search(`hafen ${w}`, 'de')).toEqual([
      expect.objectContaining({ value: channel.id, kind: 'channel', label: `Hafen ${w}`, context: 'Schiffe' }),
    ]);
    expect(await search(`strassen ${w}`, 'de')).toEqual([
      expect.objectContaining({ value: category.id, kind: 'category', label: `Straßen ${w}`, slug: `strassen-${w}` }),
    ]);
    expect(values(await search(w, 'en')).sort()).toEqual([channel.id, category.id].sort());
  });

  it('a draft translation is not found by a reader; the item answers in English', async () => {
    const w = word();
    const tower = await createArticle({ title: `Tower ${w}` });
    await translateArticle(tower.id, 'de-DE', { title: `Turm ${w}`, published: false });
    const reader = await as('CLIENT');
    expect(await search(`turm ${w}`, 'de')).toEqual([]);
    expect(await search(`turm ${w}`, 'de', { cookie: reader.cookie })).toEqual([]);
    expect(await search(`tower ${w}`, 'de', { cookie: reader.cookie })).toEqual([
      expect.objectContaining({ value: tower.id, label: `Tower ${w}`, language: 'en-US' }),
    ]);
  });

  it('an unpublished item’s translation is found by nobody, its owner included', async () => {
    const w = word();
    const owner = await as('CLIENT');
    const draft = await createArticle({ title: `Lighthouse ${w}`, userId: owner.user!.id, published: false });
    await translateArticle(draft.id, 'de-DE', { title: `Leuchtturm ${w}` });
    expect(await search(`leuchtturm ${w}`, 'de')).toEqual([]);
    expect(await search(`leuchtturm ${w}`, 'de', { cookie: owner.cookie })).toEqual([]);
    // The owner still finds the draft itself, by its own text, as in lists.
    expect(await search(`lighthouse ${w}`, 'de', { cookie: owner.cookie })).toEqual([
      expect.objectContaining({ value: draft.id, label: `Lighthouse ${w}`, language: 'en-US' }),
    ]);
  });

  it('the index follows a translation’s edits and deletion, and the item’s deletion', async () => {
    const w = word();
    const item = await createArticle({ title: `Garden ${w}` });
    await translateArticle(item.id, 'de-DE', { title: `Garten ${w}` });
    expect(values(await search(`garten ${w}`, 'de'))).toEqual([item.id]);

    await env.DB.prepare(`update article_translations set title = ?1 where article_id = ?2 and language = 'de-DE'`)
      .bind(`Gärtnerei ${w}`, item.id)
      .run();
    expect(await search(`garten ${w}`, 'de')).toEqual([]);
    expect(values(await search(`gaertnerei ${w}`, 'de'))).toEqual([item.id]);

    await env.DB.prepare(`delete from article_translations where article_id = ?1`).bind(item.id).run();
    expect(await search(`gartnerei ${w}`, 'de')).toEqual([]);
    expect(await search(`garden ${w}`, 'de')).toEqual([expect.objectContaining({ value: item.id, language: 'en-US' })]);

    await translateArticle(item.id, 'de-DE', { title: `Garten ${w}` });
    await env.DB.prepare('delete from articles where id = ?1').bind(item.id).run();
    const left = await env.DB.prepare('select count(*) as n from search_index where entity_id = ?1')
      .bind(item.id)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });

  it('lang=xx is a 400 on the field lang', async () => {
    const res = await call('/search/search?lang=xx', { method: 'POST', body: { searchText: 'street' } });
    expect(res.status).toBe(400);
    expect(res.body.result.issues).toEqual([expect.objectContaining({ path: ['lang'], code: 'unknown_language' })]);
  });

  it('a German search costs the round trips and statements of an English one', async () => {
    const w = word();
    const item = await createArticle({ title: `Market ${w}` });
    await translateArticle(item.id, 'de-DE', { title: `Markt ${w}` });
    await createArticle({ title: `Marketplace ${w}` });
    const counts = async (language: string, text: string) => {
      const res = await worker.fetch(
        new Request(`${BASE}/api/search/search`, {
          method: 'POST',
          headers: { 'Accept-Language': language, 'Content-Type': 'application/json' },
          body: JSON.stringify({ searchText: text }),
        }),
        { ...env, BENCH_TIMING: '1', EDGE_CACHE: 'off' },
        createExecutionContext(),
      );
      expect(res.status).toBe(200);
      const m = /^d1;desc="(\d+) round trips?, (\d+) statements?/.exec(res.headers.get('Server-Timing') ?? '');
      return { trips: Number(m?.[1]), statements: Number(m?.[2]) };
    };
    const english = await counts('en-US', `market ${w}`);
    expect(english.trips).toBeGreaterThan(0);
    expect(await counts('de-DE', `markt ${w}`)).toEqual(english);
  });
});
