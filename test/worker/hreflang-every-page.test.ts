// Reciprocal hreflang on every public page type (issue 29, decision 055), walked through the real fetch handler in
// English and German: each page of a set names every version (each published translation at its own slug, the
// source at its own) and x-default, and every page it names names the same set back. The language switch of a content
// page leads to the same item in the other language at that language's own slug (no redirect on the way).
import { exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createArticle, createCategory, createChannel, createNewsItem } from './content-factories';
import { translateArticle, translateItem } from './translation-fixtures';
import { BASE, createUser } from './helpers';

const SITE = 'http://localhost:8787'; // wrangler.toml's SITE_URL

async function page(path: string) {
  const res = await exports.default.fetch(new Request(BASE + path, { redirect: 'manual' }));
  return { status: res.status, html: await res.text() };
}
/** The page's hreflang alternates: language → URL. */
const alternates = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => [m[1]!, m[2]!]),
  );
/** Where the header's language switch leads for a language (its option's target). */
const switchTarget = (html: string, tag: string) =>
  new RegExp(`<option value="${tag}" lang="${tag}" data-href="([^"]+)"`).exec(html)?.[1];

/**
 * Walks the set of `path`: its alternates hold every language of `languages` and x-default, the page itself among
 * them, and every page they name answers 200 with the very same set.
 */
async function expectReciprocal(path: string, expected: Record<string, string>) {
  const start = await page(path);
  expect(start.status, path).toBe(200);
  const set = alternates(start.html);
  expect(set, path).toEqual(expected);
  expect(Object.values(set), `${path} names itself`).toContain(SITE + path);
  for (const [language, url] of Object.entries(set)) {
    if (language === 'x-default') continue;
    const other = await page(url.slice(SITE.length));
    expect(other.status, url).toBe(200);
    expect(alternates(other.html), `${url} names the set of ${path} back`).toEqual(set);
  }
}

/** A page that is no item's: the same path in every language. */
const samePath = (path: string) => ({
  'en-US': SITE + path,
  'de-DE': SITE + (path === '/' ? '/de/' : `/de${path}`),
  'x-default': SITE + path,
});

let c: {
  author: string;
  article: { slug: string; deSlug: string };
  untranslated: { slug: string };
  channel: { slug: string; deSlug: string };
  category: { slug: string; deSlug: string };
};
beforeAll(async () => {
  const author = await createUser({ role: 'CLIENT' });
  const category = await createCategory({ title: 'Harbours' });
  const categoryDe = `haefen-${category.id.slice(0, 6)}`;
  await translateItem('category', category.id, 'de-DE', { slug: categoryDe, title: 'Häfen' });
  const channel = await createChannel({ userId: author.id, name: 'Harbour Log', categoryIds: [category.id] });
  const channelDe = `hafenbuch-${channel.id.slice(0, 6)}`;
  await translateItem('channel', channel.id, 'de-DE', { slug: channelDe, title: 'Hafenbuch' });
  const article = await createArticle({ userId: author.id, channelId: channel.id, title: 'The lighthouse' });
  const { slug: articleDe } = await translateArticle(article.id, 'de-DE', { title: 'Der Leuchtturm' });
  const untranslated = await createArticle({ userId: author.id, title: 'Only in English' });
  const news = await createNewsItem({ refKind: 'article', refId: article.id, title: 'Lighthouse news' });
  await translateItem('news', news.id, 'de-DE', { title: 'Leuchtturm-Nachricht' });
  c = {
    author: author.name,
    article: { slug: article.slug, deSlug: articleDe },
    untranslated,
    channel: { slug: channel.slug, deSlug: channelDe },
    category: { slug: category.slug, deSlug: categoryDe },
  };
});

describe('reciprocal hreflang on every public page type, from English and from German', () => {
  it.each([
    ['home and news', '/'],
    ['article list', '/article'],
    ['channel list', '/channels'],
    ['category list', '/category'],
    ['static page', '/about'],
    ['static page', '/imprint'],
  ])(
    '%s (%s)',
    async (_, path) => {
      await expectReciprocal(path, samePath(path));
      await expectReciprocal(path === '/' ? '/de/' : `/de${path}`, samePath(path));
    },
    60_000,
  );

  it("an author's page", async () => {
    const path = `/author/${c.author}`;
    await expectReciprocal(path, samePath(path));
    await expectReciprocal(`/de${path}`, samePath(path));
  }, 60_000);

  it.each([
    ['article', '/article/'],
    ['channel', '/chan/'],
    ['category', '/category/'],
  ] as const)(
    'a translated %s page: each version at its own slug',
    async (kind, prefix) => {
      const { slug, deSlug } = c[kind];
      const expected = {
        'en-US': `${SITE}${prefix}${slug}`,
        'de-DE': `${SITE}/de${prefix}${deSlug}`,
        'x-default': `${SITE}${prefix}${slug}`,
      };
      await expectReciprocal(`${prefix}${slug}`, expected);
      await expectReciprocal(`/de${prefix}${deSlug}`, expected);
    },
    60_000,
  );

  it('an untranslated article: the source alone, named the same from its German fallback page', async () => {
    const expected = {
      'en-US': `${SITE}/article/${c.untranslated.slug}`,
      'x-default': `${SITE}/article/${c.untranslated.slug}`,
    };
    await expectReciprocal(`/article/${c.untranslated.slug}`, expected);
    expect(alternates((await page(`/de/article/${c.untranslated.slug}`)).html)).toEqual(expected);
  }, 60_000);
});

describe('the language switch leads to the same item at the other language’s own slug', () => {
  it.each([
    ['article', '/article/'],
    ['channel', '/chan/'],
    ['category', '/category/'],
  ] as const)(
    '%s: English → German slug, German → English slug',
    async (kind, prefix) => {
      const { slug, deSlug } = c[kind];
      const english = await page(`${prefix}${slug}`);
      expect(switchTarget(english.html, 'de-DE')).toBe(`/de${prefix}${deSlug}`);
      expect(switchTarget(english.html, 'en-US')).toBe(`${prefix}${slug}`);
      const german = await page(`/de${prefix}${deSlug}`);
      expect(switchTarget(german.html, 'en-US')).toBe(`${prefix}${slug}`);
      expect(switchTarget(german.html, 'de-DE')).toBe(`/de${prefix}${deSlug}`);
      // Reached by its English slug under /de/, the German page still switches to the English slug.
      const bySourceSlug = await page(`/de${prefix}${slug}`);
      expect(bySourceSlug.status).toBe(200);
      expect(switchTarget(bySourceSlug.html, 'en-US')).toBe(`${prefix}${slug}`);
    },
    60_000,
  );

  it('an untranslated article switches to its source page; a page that is no item’s keeps its path', async () => {
    const fallback = await page(`/de/article/${c.untranslated.slug}`);
    expect(switchTarget(fallback.html, 'en-US')).toBe(`/article/${c.untranslated.slug}`);
    const english = await page(`/article/${c.untranslated.slug}`);
    expect(switchTarget(english.html, 'de-DE')).toBe(`/de/article/${c.untranslated.slug}`);
    expect(switchTarget((await page('/channels')).html, 'de-DE')).toBe('/de/channels');
    expect(switchTarget((await page('/de/category')).html, 'en-US')).toBe('/category');
  }, 60_000);
});
