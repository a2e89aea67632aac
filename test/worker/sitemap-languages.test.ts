// The sitemap and the feeds in the configured languages (issue 29, docs/decisions/055-language-urls.md, "Sitemap and
// feeds"): every item's URL names its published translations' URLs as xhtml:link alternates (and they name it back),
// a draft translation is nowhere; the feeds under /de/ carry the German text where there is one.
import { exports } from 'cloudflare:workers';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { createArticle, createCategory, createChannel, createNewsItem } from './content-factories';
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
  germanNews: { id: string };
  plainNews: { id: string };
  draftNews: { id: string };
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
  const now = Date.now();
  const germanNews = await createNewsItem({
    refKind: 'article',
    refId: translated.id,
    title: 'Road news',
    publishedAt: now - 1000,
  });
  const plainNews = await createNewsItem({
    refKind: 'channel',
    refId: channel.id,
    title: 'Plain news',
    teaser: 'Plain teaser',
    publishedAt: now - 2000,
  });
  const draftNews = await createNewsItem({
    refKind: 'article',
    refId: drafted.id,
    title: 'Draft news',
    teaser: 'Draft teaser',
    publishedAt: now - 3000,
  });
  await translateItem('news', germanNews.id, 'de-DE', { title: 'Straßennachricht', text: 'Deutscher Anreißer' });
  await translateItem('news', draftNews.id, 'de-DE', { title: 'Entwurfsnachricht', published: false });
  content = { channel, translated, germanSlug, drafted, draftSlug, category, germanNews, plainNews, draftNews };
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

/** A feed's items as {title, link, description}, and its channel's own fields. */
async function feed(path: string) {
  const { res, text } = await get(path);
  expect(res.status).toBe(200);
  expect(res.headers.get('Content-Type')).toContain('application/rss+xml');
  const channel = parse(text).rss.channel;
  const items = ((channel.item ?? []) as any[]).map((i) => ({
    title: i.title,
    link: i.link,
    description: i.description,
  }));
  return { channel, items };
}

describe('feeds per language', () => {
  it('/de/feeds/news.xml carries the German text where there is one, the source otherwise, all linked under /de/', async () => {
    const { channel, items } = await feed('/de/feeds/news.xml');
    expect(channel.language).toBe('de-DE');
    expect(channel.link).toBe(`${SITE}/de/`);
    expect(channel['atom:link']['@href']).toBe(`${SITE}/de/feeds/news.xml`);
    expect(items).toEqual([
      {
        title: 'Straßennachricht',
        link: `${SITE}/de/article/${content.germanSlug}`,
        description: 'Deutscher Anreißer',
      },
      { title: 'Plain news', link: `${SITE}/de/chan/berge`, description: 'Plain teaser' },
      { title: 'Draft news', link: `${SITE}/de/article/${content.drafted.slug}`, description: 'Draft teaser' },
    ]);
    // The source's feed is unchanged.
    const source = await feed('/feeds/news.xml');
    expect(source.channel.language).toBe('en-US');
    expect(source.items[0]).toMatchObject({ title: 'Road news', link: `${SITE}/article/${content.translated.slug}` });
  });

  it("/de/feeds/chan/{id}.xml is the channel's feed in German", async () => {
    const { channel, items } = await feed(`/de/feeds/chan/${content.channel.id}.xml`);
    expect(channel.title).toBe('SO Portal: Berge');
    expect(channel.link).toBe(`${SITE}/de/chan/berge`);
    expect(channel['atom:link']['@href']).toBe(`${SITE}/de/feeds/chan/${content.channel.id}.xml`);
    const byLink = new Map(items.map((i) => [i.link, i]));
    expect(byLink.get(`${SITE}/de/article/${content.germanSlug}`)).toMatchObject({ title: 'Übersetzter Titel' });
    expect(byLink.get(`${SITE}/de/article/${content.drafted.slug}`)).toMatchObject({ title: 'Draft only' });
    expect(items).toHaveLength(2);
  });

  it("answers 404 for a language that is not configured, and for the default language's prefix", async () => {
    expect((await get('/xx/feeds/news.xml')).res.status).toBe(404);
    expect((await get(`/fr/feeds/chan/${content.channel.id}.xml`)).res.status).toBe(404);
    expect((await get('/en/feeds/news.xml')).res.status).toBe(404);
    expect((await get('/de/feeds/nothing.xml')).res.status).toBe(404);
    expect((await get('/de/feeds/chan/not-a-uuid.xml')).res.status).toBe(404);
  });
});
