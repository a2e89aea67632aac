// Issue 27 §5 through the real fetch handler: every public route of the route table (web/routes/table.ts) renders its content on the server
// (a route the walk does not know fails it), an article page says where it belongs (channel, author, categories,
// date), the author page, the head of every page (one description of its own, an og:image, og:video), the
// BreadcrumbList's names as written, and the slug form as every public URL (canonicals, sitemaps, feeds).
import { exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_PATTERNS } from '#web/routes/table';
import { createArticle, createCategory, createChannel, createNewsItem } from './content-factories';
import { BASE, call, createUser, db } from './helpers';
import { users } from '#schema/tables';
import { eq } from 'drizzle-orm';

const SITE = 'http://localhost:8787'; // wrangler.toml's SITE_URL
const SITE_DESCRIPTION = 'Stories, channels and pictures from our community: news, articles and channels of SO Portal.';

async function page(path: string) {
  const res = await exports.default.fetch(new Request(BASE + path, { redirect: 'manual' }));
  return { res, html: await res.text() };
}
const mainOf = (html: string) => /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';
const metas = (html: string, property: string) =>
  [...html.matchAll(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)">`, 'g'))].map((m) => m[1]);
const meta = (html: string, property: string) => metas(html, property)[0];
const jsonLd = (html: string): any[] =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!));

let c: {
  author: { id: string; name: string };
  channel: { id: string; slug: string };
  category: { id: string; slug: string };
  article: { id: string; slug: string };
  video: { id: string; slug: string };
};

beforeAll(async () => {
  const author = await createUser({ role: 'CLIENT', name: `alma-${crypto.randomUUID().slice(0, 8)}` });
  await db().update(users).set({ firstName: 'Alma', lastName: 'Berg' }).where(eq(users.id, author.id));
  const category = await createCategory({ title: 'Alps and passes' });
  const channel = await createChannel({
    userId: author.id,
    name: 'Alpine Journal',
    infoText: 'Stories from the mountains',
    categoryIds: [category.id],
  });
  const article = await createArticle({
    userId: author.id,
    channelId: channel.id,
    title: 'Hut to hut',
    teaser: 'Four days above the clouds',
    description: 'First paragraph of the walk.',
    categoryIds: [category.id],
    publishedAtCategory: true,
  });
  const video = await createArticle({
    userId: author.id,
    title: 'Ridge in motion',
    type: 'video',
    media: { kind: 'video', videos: [{ key: 'video/walk.mp4', title: 'The ridge' }] },
  });
  await createNewsItem({ refKind: 'article', refId: article.id, title: 'News of the hut walk' });
  c = {
    author: { id: author.id, name: author.name },
    channel: { id: channel.id, slug: channel.slug },
    category,
    article: { id: article.id, slug: article.slug },
    video: { id: video.id, slug: video.slug },
  };
});

describe('every public route renders its content on the server (§5.1)', () => {
  /** Each public pattern: a path to it with the seeded content, and what its main content must show. */
  const WALK: Record<string, () => { path: string; shows: string[] }> = {
    '/': () => ({ path: '/', shows: ['News of the hut walk'] }),
    '/about': () => ({ path: '/about', shows: ['About SO Portal'] }),
    '/orderChannel': () => ({ path: '/orderChannel', shows: ['Order a channel'] }),
    '/contact': () => ({ path: '/contact', shows: ['Contact'] }),
    '/imprint': () => ({ path: '/imprint', shows: ['Imprint'] }),
    '/subscribe': () => ({
      path: '/subscribe',
      shows: ['All news (RSS)', 'Alpine Journal (RSS)', `/feeds/chan/${c.channel.id}.xml`],
    }),
    '/no-permission': () => ({ path: '/no-permission', shows: ['No permission'] }),
    '/article': () => ({ path: '/article', shows: ['Hut to hut'] }),
    '/article/:articleId': () => ({ path: `/article/${c.article.slug}`, shows: ['Hut to hut', 'Alpine Journal'] }),
    '/channels': () => ({ path: '/channels', shows: ['Alpine Journal'] }),
    '/chan/:channelId': () => ({ path: `/chan/${c.channel.slug}`, shows: ['Alpine Journal', 'Hut to hut'] }),
    '/chan/:channelId/a/:articleId': () => ({
      path: `/chan/${c.channel.slug}/a/${c.article.slug}`,
      shows: ['Four days above the clouds'],
    }),
    '/category': () => ({ path: '/category', shows: ['Alps and passes'] }),
    '/category/:categoryId': () => ({
      path: `/category/${c.category.slug}`,
      shows: ['Alps and passes', 'Alpine Journal', 'Hut to hut'],
    }),
    '/category/:categoryId/a/:articleId': () => ({
      path: `/category/${c.category.id}/a/${c.article.id}`,
      shows: ['Four days above the clouds'],
    }),
    '/category/:categoryId/c/:channelId': () => ({
      path: `/category/${c.category.slug}/c/${c.channel.slug}`,
      shows: ['Stories from the mountains'],
    }),
    '/category/:categoryId/c/:channelId/a/:articleId': () => ({
      path: `/category/${c.category.slug}/c/${c.channel.slug}/a/${c.article.slug}`,
      shows: ['First paragraph of the walk.'],
    }),
    '/author/:username': () => ({ path: `/author/${c.author.name}`, shows: ['Alma Berg', 'Hut to hut'] }),
    '/search': () => ({ path: '/search?q=hut', shows: ['Hut to hut'] }),
    '/login': () => ({ path: '/login', shows: ['Sign in'] }),
    '/register': () => ({ path: '/register', shows: ['Create an account'] }),
    '/forgot-password': () => ({ path: '/forgot-password', shows: ['Forgot your password?'] }),
    '/forgot-password/:token': () => ({ path: '/forgot-password/some-token', shows: ['Choose a new password'] }),
  };
  /**
   * A reviewer's preview link is a private, uncached view of a draft, never indexed (decision 029): the browser
   * draws it after asking with the token.
   */
  const DRAWN_BY_THE_BROWSER = ['/preview/:token'];

  it('the walk knows every public route of the route table', () => {
    const found = PUBLIC_PATTERNS;
    expect(found.length).toBeGreaterThan(20);
    expect(found.filter((p) => !(p in WALK) && !DRAWN_BY_THE_BROWSER.includes(p))).toEqual([]);
    expect(Object.keys(WALK).filter((p) => !found.includes(p))).toEqual([]);
  });

  it.each(Object.keys(WALK))('%s: the server HTML holds the main content, nothing left loading', async (pattern) => {
    const { path, shows } = WALK[pattern]!();
    const { res, html } = await page(path);
    expect(res.status, path).toBe(200);
    const main = mainOf(html);
    expect(main).not.toContain('view-loading');
    for (const text of shows) expect(main, `${path} shows ${text}`).toContain(text);
  });
});

describe('an article page says where it belongs (§5.2)', () => {
  it('channel, byline, categories and date, each linked; JSON-LD names author and publisher', async () => {
    const { html } = await page(`/article/${c.article.id}`);
    const main = mainOf(html);
    expect(main).toContain(`href="/chan/${c.channel.slug}"`);
    expect(main).toContain(`<a href="/author/${c.author.name}" data-discover="true">Alma Berg</a>`);
    expect(main).toContain(`href="/category/${c.category.slug}"`);
    expect(main).toMatch(/<time dateTime="\d{4}-/);
    expect(html).not.toContain(`${c.author.name}@example.com`);
    const news = jsonLd(html).find((d) => d['@type'] === 'NewsArticle');
    expect(news.author).toEqual({ '@type': 'Person', name: 'Alma Berg', url: `${SITE}/author/${c.author.name}` });
    expect(news.publisher).toMatchObject({ '@type': 'Organization', name: 'SO Portal' });
  });

  it('the author page lists their published articles, never a draft or the e-mail; GET /api/authors answers the same', async () => {
    const draft = await createArticle({ userId: c.author.id, title: 'Unfinished ridge', published: false });
    const { res, html } = await page(`/author/${c.author.name}`);
    expect(res.status).toBe(200);
    expect(html).toContain('<h1>Alma Berg</h1>');
    expect(html).not.toContain('Unfinished ridge');
    expect(html).not.toContain('@example.com');
    expect(html).toContain(`<link rel="canonical" href="${SITE}/author/${c.author.name}">`);
    const profile = await call(`/authors/${c.author.name.toUpperCase()}`);
    expect(profile.status).toBe(200);
    expect(profile.body.result).toEqual({ username: c.author.name, displayName: 'Alma Berg' });
    const list = await call(`/authors/${c.author.name}/articles`);
    expect(list.body.result.items.map((a: { id: string }) => a.id)).not.toContain(draft.id);
    expect(list.body.result.items.map((a: { id: string }) => a.id)).toContain(c.article.id);
  });

  it('a deactivated author: no byline, no author page', async () => {
    const gone = await createUser({ role: 'CLIENT' });
    const article = await createArticle({ userId: gone.id, title: 'Left behind' });
    await db().update(users).set({ active: false }).where(eq(users.id, gone.id));
    const { html } = await page(`/article/${article.id}`);
    expect(html).toContain('Left behind');
    expect(html).not.toContain('/author/');
    expect(jsonLd(html).find((d) => d['@type'] === 'NewsArticle').author).toMatchObject({ '@type': 'Organization' });
    expect((await page(`/author/${gone.name}`)).res.status).toBe(404);
    expect((await call(`/authors/${gone.name}`)).status).toBe(404);
  });
});

describe('head tags (§5.3, §5.4, §5.8)', () => {
  it('every public page has exactly one description of its own, and an og:image', async () => {
    for (const path of ['/', '/article', '/channels', '/category', '/about', '/login', `/article/${c.article.id}`]) {
      const { html } = await page(path);
      expect(metas(html, 'description'), path).toHaveLength(1);
      expect(html.match(/name="description"/g), path).toHaveLength(1);
      expect(meta(html, 'og:image'), path).toMatch(/^http:\/\/localhost:8787\//);
    }
    const home = await page('/');
    expect(meta(home.html, 'description')).toBe(SITE_DESCRIPTION);
    expect(meta(home.html, 'og:image')).toBe(`${SITE}/icon-512.png`);
    expect(meta((await page('/channels')).html, 'description')).not.toBe('Channels');
    expect(meta((await page('/about')).html, 'description')).not.toBe('About');
    expect(meta((await page(`/chan/${c.channel.id}`)).html, 'description')).toBe('Stories from the mountains');
    expect(meta((await page(`/category/${c.category.id}`)).html, 'description')).toContain('Alpine Journal');
    expect((await page('/login')).html).toContain('<title>Sign in – SO Portal</title>');
  });

  it('BreadcrumbList names are as written, not upper-cased', async () => {
    const { html } = await page(`/category/${c.category.slug}/c/${c.channel.slug}/a/${c.article.slug}`);
    const names = jsonLd(html)
      .find((d) => d['@type'] === 'BreadcrumbList')
      .itemListElement.map((i: { name: string }) => i.name);
    expect(names).toEqual(['Home & News', 'Categories', 'Alps and passes', 'Alpine Journal', 'Hut to hut']);
  });

  it('a video article carries og:video with its type', async () => {
    const { html } = await page(`/article/${c.video.slug}`);
    expect(meta(html, 'og:video')).toBe(`${SITE}/api/files/video/walk.mp4`);
    expect(meta(html, 'og:video:type')).toBe('video/mp4');
  });
});

describe('the slug form is every public URL (§5.5)', () => {
  it('canonical and og:url name the slug; the uuid form answers with the slug as canonical', async () => {
    for (const path of [`/article/${c.article.id}`, `/article/${c.article.slug}`]) {
      const { res, html } = await page(path);
      expect(res.status).toBe(200);
      expect(html).toContain(`<link rel="canonical" href="${SITE}/article/${c.article.slug}">`);
      expect(meta(html, 'og:url')).toBe(`${SITE}/article/${c.article.slug}`);
    }
    expect((await page(`/chan/${c.channel.id}`)).html).toContain(
      `<link rel="canonical" href="${SITE}/chan/${c.channel.slug}">`,
    );
    expect((await page(`/category/${c.category.id}`)).html).toContain(
      `<link rel="canonical" href="${SITE}/category/${c.category.slug}">`,
    );
  });

  it('sitemaps and feeds link the slug form', async () => {
    const index = (await page('/sitemap.xml')).html;
    const articleFiles = [...index.matchAll(/<loc>http:\/\/localhost:8787(\/sitemaps\/articles\/[^<]+)<\/loc>/g)];
    const files = await Promise.all(articleFiles.map(async (m) => (await page(m[1]!)).html));
    expect(files.join('')).toContain(`<loc>${SITE}/article/${c.article.slug}</loc>`);
    expect((await page('/sitemaps/channels.xml')).html).toContain(`<loc>${SITE}/chan/${c.channel.slug}</loc>`);
    expect((await page('/sitemaps/categories.xml')).html).toContain(`<loc>${SITE}/category/${c.category.slug}</loc>`);
    expect((await page('/feeds/news.xml')).html).toContain(`<link>${SITE}/article/${c.article.slug}</link>`);
    const feed = (await page(`/feeds/chan/${c.channel.id}.xml`)).html;
    expect(feed).toContain(`<link>${SITE}/chan/${c.channel.slug}</link>`);
    expect(feed).toContain(`<link>${SITE}/article/${c.article.slug}</link>`);
  });
});
