// A German page makes no more D1 round trips than the same page in English (issue 29, decision 056): an English slug
// asked for under /de/ (one statement over both slug tables on a KV miss, none after), and the German feeds (their
// translations in the lists' own statements). Counted by the bench's Server-Timing (worker/middleware/bench-timing.ts),
// which a page's answer carries for the page and its in-process API calls together.
import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '#worker/index';
import { createArticle, createChannel, createNewsItem } from './content-factories';
import { BASE } from './helpers';
import { translateArticle, translateItem } from './translation-fixtures';

/** The D1 round trips and statements of an answer (edge cache off), and its status. */
async function counts(path: string, headers: Record<string, string> = {}) {
  const res = await worker.fetch(
    new Request(BASE + path, { headers, redirect: 'manual' }),
    { ...env, BENCH_TIMING: '1', EDGE_CACHE: 'off' },
    createExecutionContext(),
  );
  const m = /d1;desc="(\d+) round trips?, (\d+) statements?/.exec(res.headers.get('Server-Timing') ?? '');
  await res.arrayBuffer();
  return { status: res.status, trips: Number(m?.[1]), statements: Number(m?.[2]) };
}

describe('an English slug under /de/', () => {
  it('costs the round trips of the English address, with the slug cached and without', async () => {
    // Cold (no KV copy of the slug yet): each address on an article of its own.
    const forGerman = await createArticle();
    const forEnglish = await createArticle();
    const germanCold = await counts(`/api/articles/${forGerman.slug}`, { 'Accept-Language': 'de-DE' });
    const englishCold = await counts(`/api/articles/${forEnglish.slug}`, { 'Accept-Language': 'en-US' });
    expect(germanCold.status).toBe(200);
    expect(germanCold.trips).toBe(englishCold.trips);
    // Warm: the slug's KV copies answer; no D1 look-up at all.
    const germanWarm = await counts(`/api/articles/${forGerman.slug}`, { 'Accept-Language': 'de-DE' });
    const englishWarm = await counts(`/api/articles/${forEnglish.slug}`, { 'Accept-Language': 'en-US' });
    expect(germanWarm.trips).toBe(englishWarm.trips);
    expect(germanWarm.trips).toBe(germanCold.trips - 1);
  });

  it('the pages: /de/article/{english-slug} as many round trips as /article/{english-slug}', async () => {
    const article = await createArticle();
    await counts(`/article/${article.slug}`); // both warm the slug's copies
    await counts(`/de/article/${article.slug}`);
    const english = await counts(`/article/${article.slug}`);
    const german = await counts(`/de/article/${article.slug}`);
    expect(german.status).toBe(200);
    expect(english.status).toBe(200);
    expect(german.trips).toBe(english.trips);
  });

  it('a translation slug taken after its English twin was looked up is found at once', async () => {
    const other = await createArticle();
    const article = await createArticle();
    // `other`'s English slug, asked for in German, is remembered as a source slug...
    expect((await counts(`/api/articles/${other.slug}`, { 'Accept-Language': 'de-DE' })).status).toBe(200);
    // ...until a German translation takes it through the API, which forgets that copy.
    const { asRole } = await import('./content-factories');
    const admin = await asRole('ADMIN');
    const res = await worker.fetch(
      new Request(`${BASE}/api/articles/${article.id}/translations`, {
        method: 'POST',
        headers: { Cookie: admin.cookie, 'Content-Type': 'application/json', Origin: BASE },
        body: JSON.stringify({ language: 'de-DE', title: 'Zwilling', slug: other.slug, published: true }),
      }),
      env,
      createExecutionContext(),
    );
    expect(res.status).toBe(201);
    const found = await worker.fetch(
      new Request(`${BASE}/api/articles/${other.slug}?lang=de`),
      { ...env, EDGE_CACHE: 'off' },
      createExecutionContext(),
    );
    const body = await found.json<{ result: { id: string } }>();
    expect(body.result.id).toBe(article.id);
  });
});

describe('the German feeds', () => {
  it('news: as many round trips and statements as the English feed, translated', async () => {
    const target = await createArticle({ title: 'Lighthouse' });
    await translateArticle(target.id, 'de-DE', { title: 'Leuchtturm' });
    const item = await createNewsItem({ refKind: 'article', refId: target.id, title: 'Light news' });
    await translateItem('news', item.id, 'de-DE', { title: 'Lichtnachricht' });
    const german = await counts('/de/feeds/news.xml');
    const english = await counts('/feeds/news.xml');
    expect(german.status).toBe(200);
    expect(german).toEqual(english);
  });

  it("a channel's: as many round trips and statements as the English feed", async () => {
    const channel = await createChannel({ name: 'Coast' });
    await translateItem('channel', channel.id, 'de-DE', { slug: `kueste-${channel.id.slice(0, 6)}`, title: 'Küste' });
    const article = await createArticle({ channelId: channel.id, title: 'Dunes' });
    await translateArticle(article.id, 'de-DE', { title: 'Dünen' });
    const german = await counts(`/de/feeds/chan/${channel.id}.xml`);
    const english = await counts(`/feeds/chan/${channel.id}.xml`);
    expect(german.status).toBe(200);
    expect(german).toEqual(english);
  });
});
