// The head of a page in many languages (issue 29, decision 055) through the real fetch handler: hreflang alternates
// for every version of a page plus x-default, reciprocal across the set; og:locale and its alternates; the canonical
// in the language of the page's text; and the fallback line with its own `lang` where the reader's language has no
// published translation.
import { exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createArticle, createCategory, createChannel } from './content-factories';
import { translateArticle } from './translation-fixtures';
import { BASE, createUser } from './helpers';

const SITE = 'http://localhost:8787'; // wrangler.toml's SITE_URL

async function page(path: string) {
  const res = await exports.default.fetch(new Request(BASE + path, { redirect: 'manual' }));
  return { res, html: await res.text() };
}
/** The page's hreflang alternates: language → URL. */
const alternates = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => [m[1], m[2]]),
  );
const canonical = (html: string) => /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1];
const metas = (html: string, property: string) =>
  [...html.matchAll(new RegExp(`<meta property="${property}" content="([^"]*)">`, 'g'))].map((m) => m[1]);

let c: {
  author: string;
  translated: { id: string; slug: string; deSlug: string };
  untranslated: { slug: string };
  channel: { slug: string };
  category: { slug: string };
};
beforeAll(async () => {
  const author = await createUser({ role: 'CLIENT' });
  const category = await createCategory({ title: 'Bridges' });
  const channel = await createChannel({ userId: author.id, name: 'Bridge Log', categoryIds: [category.id] });
  const translated = await createArticle({ userId: author.id, channelId: channel.id, title: 'The old bridge' });
  const { slug: deSlug } = await translateArticle(translated.id, 'de-DE', { title: 'Die alte Brücke' });
  const untranslated = await createArticle({ userId: author.id, channelId: channel.id, title: 'Only in English' });
  c = { author: author.name, translated: { ...translated, deSlug }, untranslated, channel, category };
});

describe('hreflang on pages that are no item’s', () => {
  it.each(['/', '/channels', '/article', '/category', '/about', 'author'])(
    '%s: every language and x-default, the same set on each language’s page',
    async (which) => {
      const path = which === 'author' ? `/author/${c.author}` : which;
      const english = await page(path);
      const german = await page(path === '/' ? '/de/' : `/de${path}`);
      expect(english.res.status).toBe(200);
      expect(german.res.status).toBe(200);
      const expected = {
        'en-US': SITE + path,
        'de-DE': SITE + (path === '/' ? '/de/' : `/de${path}`),
        'x-default': SITE + path,
      };
      expect(alternates(english.html)).toEqual(expected);
      expect(alternates(german.html)).toEqual(expected);
      expect(canonical(german.html)).toBe(expected['de-DE']);
      expect(metas(german.html, 'og:locale')).toEqual(['de_DE']);
      expect(metas(german.html, 'og:locale:alternate')).toEqual(['en_US']);
    },
    30_000,
  );
});

describe('an item in two languages', () => {
  it('the source page names its published translation, the translation names itself, in their languages', async () => {
    const english = await page(`/article/${c.translated.slug}`);
    expect(alternates(english.html)).toEqual({
      'en-US': `${SITE}/article/${c.translated.slug}`,
      'de-DE': `${SITE}/de/article/${c.translated.deSlug}`,
      'x-default': `${SITE}/article/${c.translated.slug}`,
    });
    expect(metas(english.html, 'og:locale:alternate')).toEqual(['de_DE']);
    const german = await page(`/de/article/${c.translated.deSlug}`);
    expect(german.res.status).toBe(200);
    expect(german.html).toContain('<html lang="de-DE">');
    expect(german.html).toContain('Die alte Brücke');
    expect(canonical(german.html)).toBe(`${SITE}/de/article/${c.translated.deSlug}`);
    expect(alternates(german.html)['de-DE']).toBe(`${SITE}/de/article/${c.translated.deSlug}`);
    expect(alternates(german.html)['en-US']).toBeDefined();
    expect(metas(german.html, 'og:locale')).toEqual(['de_DE']);
    const ld = /"@type":"NewsArticle".*?"inLanguage":"([^"]+)"/.exec(german.html)?.[1];
    expect(ld).toBe('de-DE');
  });
});

describe('the fallback to the source language', () => {
  it('shows the source text marked with its lang, the translated line, and the canonical in the source', async () => {
    const { res, html } = await page(`/de/article/${c.untranslated.slug}`);
    expect(res.status).toBe(200);
    expect(html).toContain('<html lang="de-DE">');
    expect(html).toContain('<article class="article-view" lang="en-US">');
    expect(html).toContain('Nur auf Englisch verfügbar');
    expect(canonical(html)).toBe(`${SITE}/article/${c.untranslated.slug}`);
    expect(metas(html, 'og:locale')).toEqual(['en_US']);
    expect(alternates(html)).toEqual({
      'en-US': `${SITE}/article/${c.untranslated.slug}`,
      'x-default': `${SITE}/article/${c.untranslated.slug}`,
    });
    const ld = /"@type":"NewsArticle".*?"inLanguage":"([^"]+)"/.exec(html)?.[1];
    expect(ld).toBe('en-US');
  });

  it('says nothing of a fallback on the source language’s own page', async () => {
    const { html } = await page(`/article/${c.untranslated.slug}`);
    expect(html).not.toContain('language-fallback');
    expect(canonical(html)).toBe(`${SITE}/article/${c.untranslated.slug}`);
  });
});
