// Issue 29's URLs through the real fetch handler (docs/decisions/055-language-urls.md): the default language keeps
// every SPEC URL, any other is its short tag's prefix (`/de/...`), a language that is not configured is a 404, the
// default's own prefix redirects to the one address, the interface speaks the URL's language, `/` sends a first-time
// visitor by their browser's language and a returning one by their choice, and each language has its own cache copy.
import { exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createArticle, createCategory, createChannel } from './content-factories';
import { BASE, createUser } from './helpers';

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await exports.default.fetch(new Request(BASE + path, { headers, redirect: 'manual' }));
  return { res, html: await res.text() };
}
const pageData = (html: string): any =>
  JSON.parse(/<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)![1]!);
const lang = (html: string) => /<html lang="([^"]*)">/.exec(html)?.[1];

let c: { article: { id: string; slug: string }; channel: { id: string; slug: string }; category: { slug: string } };
beforeAll(async () => {
  const author = await createUser({ role: 'CLIENT' });
  const category = await createCategory({ title: 'Lakes and rivers' });
  const channel = await createChannel({ userId: author.id, name: 'River Notes', categoryIds: [category.id] });
  const article = await createArticle({ userId: author.id, channelId: channel.id, title: 'Down the Rhine' });
  c = { article, channel, category };
});

describe('language URLs', () => {
  it('serves every public page type under the other language’s prefix, in that language', async () => {
    for (const path of [
      '/de/',
      '/de',
      `/de/article/${c.article.slug}`,
      `/de/chan/${c.channel.slug}`,
      `/de/category/${c.category.slug}`,
      '/de/channels',
      '/de/about',
    ]) {
      const { res, html } = await page(path);
      expect(res.status, path).toBe(200);
      expect(lang(html), path).toBe('de-DE');
      expect(pageData(html)).toMatchObject({ locale: 'de-DE', basename: '/de', languages: ['en-US', 'de-DE'] });
    }
    const article = await page(`/de/article/${c.article.slug}`);
    expect(article.html).toContain('Down the Rhine');
    // The interface's words are German (the header's language select).
    expect(article.html).toContain('Sprache');
  }, 30_000);

  it('keeps every SPEC URL for the default language, with no prefix', async () => {
    const { res, html } = await page(`/article/${c.article.slug}`);
    expect(res.status).toBe(200);
    expect(lang(html)).toBe('en-US');
    expect(pageData(html)).toMatchObject({ locale: 'en-US', basename: '' });
  });

  it('answers 404 for a language that is not configured', async () => {
    for (const path of ['/xx/', '/fr', `/fr/article/${c.article.slug}`, `/it/chan/${c.channel.id}`]) {
      const { res, html } = await page(path);
      expect(res.status, path).toBe(404);
      expect(lang(html), path).toBe('en-US');
    }
  });

  it('redirects the default language’s own prefix to the unprefixed URL', async () => {
    const article = await page(`/en/article/${c.article.slug}?x=1`);
    expect(article.res.status).toBe(301);
    expect(article.res.headers.get('Location')).toBe(`/article/${c.article.slug}?x=1`);
    for (const path of ['/en', '/en/']) {
      const { res } = await page(path);
      expect(res.status, path).toBe(301);
      expect(res.headers.get('Location'), path).toBe('/');
    }
  });

  it('keeps the prefix on a canonical redirect (an article under a channel it is not in)', async () => {
    const other = await createChannel({ name: 'Elsewhere' });
    const { res } = await page(`/de/chan/${other.slug}/a/${c.article.slug}`);
    expect(res.status).toBe(301);
    expect(res.headers.get('Location')).toMatch(/^\/de\//);
  });
});

describe('where / sends a visitor', () => {
  it('sends a first-time German browser to /de/ and an English one nowhere', async () => {
    const german = await page('/', { 'Accept-Language': 'de-AT,de;q=0.9,en;q=0.5' });
    expect(german.res.status).toBe(302);
    expect(german.res.headers.get('Location')).toBe('/de/');
    expect(german.res.headers.get('Vary')).toContain('Accept-Language');
    expect(german.res.headers.get('Cache-Control')).toBe('no-store');
    const english = await page('/', { 'Accept-Language': 'en-GB' });
    expect(english.res.status).toBe(200);
    expect(lang(english.html)).toBe('en-US');
  });

  it('follows the visitor’s choice (the locale cookie) over the browser’s language', async () => {
    const chose = await page('/', { Cookie: 'locale=de-DE', 'Accept-Language': 'en' });
    expect(chose.res.status).toBe(302);
    expect(chose.res.headers.get('Location')).toBe('/de/');
    const stays = await page('/', { Cookie: 'locale=en-US', 'Accept-Language': 'de' });
    expect(stays.res.status).toBe(200);
    expect(lang(stays.html)).toBe('en-US');
  });

  it('never answers a German visitor’s / with the English page kept in the edge cache', async () => {
    await page('/');
    expect((await page('/')).res.headers.get('X-Edge-Cache')).toBe('HIT');
    const german = await page('/', { 'Accept-Language': 'de' });
    expect(german.res.status).toBe(302);
    expect(german.res.headers.get('X-Edge-Cache')).toBeNull();
  });
});

describe('the edge cache, keyed by language', () => {
  it('never answers an English request with the German page, nor the other way round', async () => {
    const channel = await createChannel({ name: 'Cached twice' });
    const path = `/chan/${channel.slug}`;
    expect((await page(`/de${path}`)).res.headers.get('X-Edge-Cache')).toBe('MISS');
    const german = await page(`/de${path}`);
    expect(german.res.headers.get('X-Edge-Cache')).toBe('HIT');
    expect(lang(german.html)).toBe('de-DE');
    const english = await page(path, { 'Accept-Language': 'de' });
    expect(english.res.headers.get('X-Edge-Cache')).toBe('MISS');
    expect(lang(english.html)).toBe('en-US');
  });
});
