// Issue 27 §5 through the real fetch handler: every public route of the route table (web/routes/table.ts) renders its
// content on the server (each screen's folder declares its step in walk.ts; a public route without one fails the
// walk), an article page says where it belongs (channel, author, categories, date), the author page, the head of
// every page (one description of its own, an og:image, og:video), the BreadcrumbList's names as written, and the
// slug form as every public URL (canonicals, sitemaps, feeds).
import { exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_SCREENS, PUBLIC_PATTERNS } from '#web/routes/table';
import { drawnByTheBrowser, type PageWalk, type WalkContent } from '#web/routes/+shared/walk-kit';
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
  /** The walk's steps, declared in each screen's folder (web/routes/<URL>/walk.ts), by the folder they sit in. */
  const FOLDER_WALKS = Object.entries(
    import.meta.glob<PageWalk>('../../web/routes/**/walk.ts', { eager: true, import: 'walk' }),
  ).map(([file, walk]) => ({ folder: `routes/${/web\/routes\/(.+)\/walk\.ts$/.exec(file)![1]}`, walk }));
  const WALK: PageWalk = Object.assign({}, ...FOLDER_WALKS.map((f) => f.walk));
  const content = (): WalkContent => ({
    author: { name: c.author.name, displayName: 'Alma Berg' },
    channel: { ...c.channel, name: 'Alpine Journal', infoText: 'Stories from the mountains' },
    category: { ...c.category, title: 'Alps and passes' },
    article: {
      ...c.article,
      title: 'Hut to hut',
      teaser: 'Four days above the clouds',
      firstParagraph: 'First paragraph of the walk.',
    },
    news: { title: 'News of the hut walk' },
  });
  const steps = Object.entries(WALK).flatMap(([pattern, step]) =>
    step === drawnByTheBrowser ? [] : [{ pattern, step }],
  );

  it('every public route of the route table has its step, declared in its own folder', () => {
    const found = PUBLIC_PATTERNS;
    expect(found.length).toBeGreaterThan(20);
    expect(found.filter((p) => !(p in WALK))).toEqual([]);
    expect(Object.keys(WALK).filter((p) => !found.includes(p))).toEqual([]);
    // A folder's walk names its own screen's patterns only (so a step cannot live elsewhere).
    for (const { folder, walk } of FOLDER_WALKS) {
      const screen = ALL_SCREENS.find(
        (s) => s.module.startsWith(`${folder}/`) && !s.module.slice(folder.length + 1).includes('/'),
      );
      expect(
        Object.keys(walk).filter((p) => !(screen && p in screen.paths)),
        folder,
      ).toEqual([]);
    }
    expect(steps.length).toBeGreaterThan(20);
  });

  it.each(steps.map((s) => s.pattern))(
    '%s: the server HTML holds the main content, nothing left loading',
    async (pattern) => {
      const step = WALK[pattern]!;
      if (step === drawnByTheBrowser) throw new Error(`${pattern} is drawn by the browser`);
      const { path, shows } = step(content());
      const { res, html } = await page(path);
      expect(res.status, path).toBe(200);
      const main = mainOf(html);
      expect(main).not.toContain('view-loading');
      for (const text of shows) expect(main, `${path} shows ${text}`).toContain(text);
    },
  );
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
