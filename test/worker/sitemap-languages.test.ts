// The sitemap and the feeds in the configured languages (issue 29, docs/decisions/055-language-urls.md, "Sitemap and
// feeds"): every item's URL names its published translations' URLs as xhtml:link alternates (and they name it back),
// a draft translation is nowhere; the feeds under /de/ carry the German text where there is one.
import { exports } from 'cloudflare:workers';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { createArticle, createCategory, createChannel } from './content-factories';
import { BASE } from './helpers';
import { translateArticle, translateItem } from './translation-fixtures';

const SITE = 'http://localhost:8787'; // wrangler.toml's SITE_URL; LANGUAGES is "en-US,de-DE"

async function get(path: string) {
  const res = await exports.default.fetch(new Request(BASE + path));
  return { res, text: await res.text() };
}

const REPEATED = new Set(['url', 'xhtml:link', 'image:image', 'item']);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name, _path, _leaf, isAttribute) => !isAttribute && REPEATED.has(name),
});
function parse(text: string): any {
  expect(XMLValidator.validate(text)).toBe(true);
  return parser.parse(text);
}

/** Each <url>'s loc with its alternates as {hreflang: href}. */
async function sitemap(path: string): Promise<Map<string, Record<string, string>>> {
  const { res, text } = await get(path);
  expect(res.status).toBe(200);
  expect(text).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
  const urls = (parse(text).urlset.url ?? []) as any[];
  return new Map(
    urls.map((u) => [
      u.loc as string,
      Object.fromEntries(((u['xhtml:link'] ?? []) as any[]).map((l) => [l['@hreflang'], l['@href']])),
    ]),
  );
}

let content: {
  channel: { id: string; slug: string };
  translated: { id: string; slug: string };
  germanSlug: string;
  drafted: { id: string; slug: string };
  draftSlug: string;
  category: { id: string; slug: string };
};

beforeAll(async () => {
  const channel = await createChannel({ name: 'Mountains' });
  const translated = await createArticle({ channelId: channel.id, title: 'Street' });
  const drafted = await createArticle({ channelId: channel.id, title: 'Draft only' });
  const category = await createCategory({ title: 'Hills' });
  const { slug: germanSlug } = await translateArticle(translated.id, 'de-DE', { slug: 'strasse' });
  const { slug: draftSlug } = await translateArticle(drafted.id, 'de-DE', { slug: 'entwurf', published: false });
  await translateItem('channel', channel.id, 'de-DE', { slug: 'berge', title: 'Berge' });
  await translateItem('category', category.id, 'de-DE', { slug: 'huegel', title: 'Hügel', published: false });
  content = { channel, translated, germanSlug, drafted, draftSlug, category };
});

describe('sitemap alternates', () => {
  it('lists an article and its published German translation, each naming both and the source as x-default', async () => {
    const urls = await sitemap('/sitemaps/articles/all.xml');
    const english = `${SITE}/article/${content.translated.slug}`;
    const german = `${SITE}/de/article/${content.germanSlug}`;
    const expected = { 'en-US': english, 'de-DE': german, 'x-default': english };
    expect(urls.get(english)).toEqual(expected);
    expect(urls.get(german)).toEqual(expected);
  });

  it('leaves a draft translation out', async () => {
    const urls = await sitemap('/sitemaps/articles/all.xml');
    const english = `${SITE}/article/${content.drafted.slug}`;
    expect(urls.get(english)).toEqual({ 'en-US': english, 'x-default': english });
    expect([...urls.keys()].some((loc) => loc.includes(content.draftSlug))).toBe(false);
  });

  it('does the same for channels and categories', async () => {
    const channels = await sitemap('/sitemaps/channels.xml');
    const chan = `${SITE}/chan/${content.channel.slug}`;
    const expected = { 'en-US': chan, 'de-DE': `${SITE}/de/chan/berge`, 'x-default': chan };
    expect(channels.get(chan)).toEqual(expected);
    expect(channels.get(`${SITE}/de/chan/berge`)).toEqual(expected);
    const categories = await sitemap('/sitemaps/categories.xml');
    const cat = `${SITE}/category/${content.category.slug}`;
    expect(categories.get(cat)).toEqual({ 'en-US': cat, 'x-default': cat });
    expect(categories.size).toBe(1);
  });

  it('lists the home page in every configured language', async () => {
    const pages = await sitemap('/sitemaps/pages.xml');
    const expected = { 'en-US': `${SITE}/`, 'de-DE': `${SITE}/de/`, 'x-default': `${SITE}/` };
    expect(Object.fromEntries(pages)).toEqual({ [`${SITE}/`]: expected, [`${SITE}/de/`]: expected });
  });
});
