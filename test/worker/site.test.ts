// The crawlers' documents (worker/site/): robots.txt, the sitemap index and its files, the RSS feeds. Each XML
// answer is read with a real XML parser, and lists exactly what an anonymous visitor may find in a list: no hidden,
// unpublished or private content, and no restricted media.
import { exports } from 'cloudflare:workers';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { articles } from '#schema/tables';
import { articlePrefixes } from '#worker/queries/sitemap';
import { createArticle, createCategory, createChannel, createNewsItem } from './content-factories';
import { BASE, db } from './helpers';

const SITE = 'http://localhost:8787'; // wrangler.toml's SITE_URL

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await exports.default.fetch(new Request(BASE + path, { headers }));
  return { res, text: await res.text() };
}

/** Elements that may repeat are always arrays; attributes are `@name`. */
const REPEATED = new Set(['sitemap', 'url', 'image:image', 'xhtml:link', 'item', 'media:content', 'atom:link']);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name, _path, _leaf, isAttribute) => !isAttribute && REPEATED.has(name),
});

/** Parses well-formed XML (fails the test otherwise). */
function parse(text: string): any {
  expect(XMLValidator.validate(text)).toBe(true);
  return parser.parse(text);
}

let content: {
  channel: { id: string; slug: string };
  hiddenChannel: { id: string; slug: string };
  privateChannel: { id: string; slug: string };
  draftChannel: { id: string; slug: string };
  open: { id: string; slug: string };
  gallery: { id: string; slug: string };
  restricted: { id: string; slug: string };
  hidden: { id: string; slug: string };
  draft: { id: string; slug: string };
  inPrivate: { id: string; slug: string };
  category: { id: string; slug: string };
};

beforeAll(async () => {
  const channel = await createChannel({
    name: 'Alps & <Peaks>',
    infoText: 'Mountains',
    portraitKey: 'image/portrait.png',
  });
  const privateChannel = await createChannel({ private: true });
  content = {
    channel,
    hiddenChannel: await createChannel({ hidden: true }),
    privateChannel,
    draftChannel: await createChannel({ published: false }),
    open: await createArticle({ channelId: channel.id, title: 'Open & free', thumbnailKey: 'image/open.png' }),
    gallery: await createArticle({
      channelId: channel.id,
      media: { kind: 'gallery', images: [{ key: 'image/g1.png', title: 'First' }, { key: 'image/g2.png' }] },
    }),
    restricted: await createArticle({
      channelId: channel.id,
      restricted: true,
      thumbnailKey: 'image/locked-thumb.png',
      media: { kind: 'gallery', images: [{ key: 'image/secret.png', title: 'Secret' }] },
    }),
    hidden: await createArticle({ hidden: true }),
    draft: await createArticle({ published: false }),
    inPrivate: await createArticle({ channelId: privateChannel.id }),
    category: await createCategory({ title: 'Mountains' }),
  };
});

describe('robots.txt', () => {
  it('names the sitemap and keeps crawlers out of the API (but its files) and the account pages', async () => {
    const { res, text } = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/plain; charset=utf-8');
    expect(text).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    expect(text).toContain('Allow: /api/files/');
    for (const path of ['/api/', '/myaccount', '/appManagement', '/mySO', '/login', '/register', '/forgot-password'])
      expect(text.split('\n')).toContain(`Disallow: ${path}`);
  });
});

describe('sitemap', () => {
  it('the index names the channel and category files and one file per article range, each answering', async () => {
    const { res, text } = await get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/xml; charset=utf-8');
    const locs = (parse(text).sitemapindex.sitemap as { loc: string }[]).map((s) => s.loc);
    expect(locs).toEqual([
      `${SITE}/sitemaps/pages.xml`,
      `${SITE}/sitemaps/channels.xml`,
      `${SITE}/sitemaps/categories.xml`,
      `${SITE}/sitemaps/articles/all.xml`,
    ]);
    for (const loc of locs) expect((await get(loc.slice(SITE.length))).res.status).toBe(200);
  });

  it('lists exactly the public, published, listed articles, at their canonical URL, with visible pictures', async () => {
    const urls = parse((await get('/sitemaps/articles/all.xml')).text).urlset.url as any[];
    const byLoc = new Map(urls.map((u) => [u.loc as string, u]));
    const expected = [content.open, content.gallery, content.restricted].map((a) => `${SITE}/article/${a.slug}`);
    expect([...byLoc.keys()].sort()).toEqual(expected.sort());
    const slugOf = new Map([content.open, content.gallery, content.restricted].map((a) => [a.id, a.slug]));
    const images = (id: string) =>
      ((byLoc.get(`${SITE}/article/${slugOf.get(id)}`)['image:image'] ?? []) as any[]).map((i) => i['image:loc']);
    expect(images(content.open.id)).toEqual([`${SITE}/api/files/image/open.png`]);
    expect(images(content.gallery.id)).toEqual([`${SITE}/api/files/image/g1.png`, `${SITE}/api/files/image/g2.png`]);
    // A restricted article: its thumbnail is public (lists show it), its gallery is not.
    expect(images(content.restricted.id)).toEqual([`${SITE}/api/files/image/locked-thumb.png`]);
    const [row] = await db()
      .select({ updatedAt: articles.updatedAt })
      .from(articles)
      .where(eq(articles.id, content.open.id));
    expect(byLoc.get(`${SITE}/article/${content.open.slug}`).lastmod).toBe(new Date(row!.updatedAt).toISOString());
  });

  it('lists the listed public channels and every category', async () => {
    const channels = parse((await get('/sitemaps/channels.xml')).text).urlset.url as any[];
    expect(channels.map((u) => u.loc)).toEqual([`${SITE}/chan/${content.channel.slug}`]);
    expect(channels[0]['image:image'][0]['image:title']).toBe('Alps & <Peaks>');
    const categories = parse((await get('/sitemaps/categories.xml')).text).urlset.url as any[];
    expect(categories.map((u) => u.loc)).toEqual([`${SITE}/category/${content.category.slug}`]);
  });

  it('splits articles by the leading hex digits of their id once there are many', () => {
    expect(articlePrefixes(0)).toEqual(['']);
    expect(articlePrefixes(1)).toHaveLength(16);
    expect(articlePrefixes(2).slice(0, 3)).toEqual(['00', '01', '02']);
  });

  it('answers 404 for a file the index does not name', async () => {
    expect((await get('/sitemaps/articles/a.xml')).res.status).toBe(404);
    expect((await get('/sitemaps/articles/zz.xml')).res.status).toBe(404);
    expect((await get('/sitemaps/nothing.xml')).res.status).toBe(404);
  });

  it('is kept in the edge cache for anonymous visitors', async () => {
    await get('/sitemaps/channels.xml');
    const { res } = await get('/sitemaps/channels.xml');
    expect(res.headers.get('X-Edge-Cache')).toBe('HIT');
  });
});

describe('feeds', () => {
  it('the news feed: RSS 2.0 of the visible news, newest first, with link, date, summary and picture', async () => {
    await createNewsItem({
      refKind: 'article',
      refId: content.open.id,
      title: 'Older',
      publishedAt: Date.now() - 60_000,
      thumbnailKey: 'image/n.png',
    });
    await createNewsItem({ refKind: 'channel', refId: content.channel.id, title: 'Newer', teaser: 'Read <this>' });
    await createNewsItem({ refKind: 'article', refId: content.draft.id, title: 'About a draft' });
    const { res, text } = await get('/feeds/news.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/rss+xml; charset=utf-8');
    const feed = parse(text).rss;
    expect(feed['@version']).toBe('2.0');
    expect(feed.channel['atom:link'][0]['@href']).toBe(`${SITE}/feeds/news.xml`);
    const items = feed.channel.item as any[];
    expect(items.map((i) => i.title)).toEqual(['Newer', 'Older']);
    expect(items[0].link).toBe(`${SITE}/chan/${content.channel.slug}`);
    expect(items[0].description).toBe('Read <this>');
    expect(new Date(items[0].pubDate).getTime()).toBeGreaterThan(new Date(items[1].pubDate).getTime());
    expect(items[1].link).toBe(`${SITE}/article/${content.open.slug}`);
    expect(items[1]['media:content'][0]['@url']).toBe(`${SITE}/api/files/image/n.png`);
  });

  it("a channel's feed lists its listed articles at their canonical URL, without restricted text", async () => {
    const { res, text } = await get(`/feeds/chan/${content.channel.id}.xml`);
    expect(res.status).toBe(200);
    const channel = parse(text).rss.channel;
    expect(channel.title).toBe('SO Portal: Alps & <Peaks>');
    const links = (channel.item as any[]).map((i) => i.link).sort();
    expect(links).toEqual(
      [content.open, content.gallery, content.restricted].map((a) => `${SITE}/article/${a.slug}`).sort(),
    );
    expect(text).not.toContain('secret.png');
  });

  it('answers 404 for a channel a visitor may not see, and for what is no channel id', async () => {
    expect((await get(`/feeds/chan/${content.privateChannel.id}.xml`)).res.status).toBe(404);
    expect((await get(`/feeds/chan/${content.draftChannel.id}.xml`)).res.status).toBe(404);
    expect((await get(`/feeds/chan/${crypto.randomUUID()}.xml`)).res.status).toBe(404);
    expect((await get('/feeds/chan/not-an-id.xml')).res.status).toBe(404);
  });
});
