// Pages rendered by the worker (worker/pages/): the SPA's own views on the server, with the API's visibility, the
// status codes, the head for search engines and link previews, the session and the language, and the edge cache.
import { exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createArticle, createCategory, createChannel, createNewsItem, grantAccess } from './content-factories';
import { as, BASE, createUser, sessionCookie } from './helpers';

const SITE = 'http://localhost:8787'; // wrangler.toml's SITE_URL

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await exports.default.fetch(new Request(BASE + path, { headers, redirect: 'manual' }));
  return { res, html: await res.text() };
}

/** The JSON the page carries for the browser. */
function pageData(html: string): any {
  const json = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1];
  expect(json).toBeDefined();
  return JSON.parse(json!);
}

const meta = (html: string, property: string) =>
  new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)">`).exec(html)?.[1];

let c: Record<string, { id: string; slug: string; userId?: string }> = {};

beforeAll(async () => {
  const channel = await createChannel({ name: 'Alpine Journal', infoText: 'Stories from the mountains' });
  const otherChannel = await createChannel({ name: 'Elsewhere' });
  const category = await createCategory({ title: 'Alps' });
  c = {
    channel,
    otherChannel,
    category,
    article: await createArticle({
      channelId: channel.id,
      title: 'Hut to hut',
      teaser: 'Four days above the clouds',
      description: 'First paragraph of the walk.\n\nSecond paragraph.',
      categoryIds: [category.id],
      media: { kind: 'gallery', images: [{ key: 'image/hut.jpg', title: 'The hut' }] },
    }),
    restricted: await createArticle({
      title: 'Members only',
      teaser: 'Open teaser',
      description: 'SECRET-TEXT of the restricted article',
      restricted: true,
      media: { kind: 'gallery', images: [{ key: 'image/secret-picture.jpg' }] },
    }),
    draft: await createArticle({ title: 'Unfinished draft', published: false }),
    elsewhere: await createArticle({ channelId: otherChannel.id, title: 'Elsewhere article' }),
  };
  await createNewsItem({ refKind: 'article', refId: c.article!.id, title: 'News of the hut walk' });
});

describe('public pages', () => {
  it('/ is the news feed, rendered, with the data it was drawn with and the session (none)', async () => {
    const { res, html } = await page('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
    expect(html).toContain('<html lang="en-US">');
    expect(html).toContain('News of the hut walk');
    const data = pageData(html);
    expect(data.rendered).toBe(true);
    expect(data.user).toBeNull();
    expect(data.queries.map(([key]: [unknown[]]) => key[0])).toContain('news');
    expect(html).toContain('"@type":"WebSite"');
    expect(html).toContain('"@type":"SearchAction"');
  });

  it('an article page: title, teaser, text, first picture, crumbs; head for search engines and previews', async () => {
    const { res, html } = await page(`/article/${c.article!.id}`);
    expect(res.status).toBe(200);
    expect(html).toContain('<h1>Hut to hut</h1>');
    expect(html).toContain('Four days above the clouds');
    expect(html).toContain('First paragraph of the walk.');
    expect(html).toContain('/api/files/image/hut.jpg');
    expect(html).toContain('HUT TO HUT'); // the crumb, upper case
    expect(html).toContain('<title>Hut to hut – SO Portal</title>');
    expect(meta(html, 'description')).toBe('Four days above the clouds');
    expect(html).toContain(`<link rel="canonical" href="${SITE}/article/${c.article!.slug}">`);
    expect(meta(html, 'og:type')).toBe('article');
    expect(meta(html, 'og:url')).toBe(`${SITE}/article/${c.article!.slug}`);
    expect(meta(html, 'og:image')).toBe(`${SITE}/api/files/image/hut.jpg?w=1920`);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'robots')).toBeUndefined();
    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) =>
      JSON.parse(m[1]!),
    );
    const news = ld.find((d) => d['@type'] === 'NewsArticle');
    expect(news).toMatchObject({ headline: 'Hut to hut', publisher: { name: 'SO Portal' } });
    expect(news.datePublished).toMatch(/^\d{4}-/);
    expect(news.isAccessibleForFree).toBeUndefined();
    // Names in data are as written: the crumbs' upper case is the page's style, not the title.
    expect(ld.find((d) => d['@type'] === 'BreadcrumbList').itemListElement.at(-1).name).toBe('Hut to hut');
  });

  it('a long page is sent whole, with nothing the CSP would refuse (no inline script, only JSON data)', async () => {
    // Over React's chunk size (12.8 KB), within a text node's 20,000 characters (the client's schema refuses more,
    // in the browser and in the server's render alike).
    const long = await createArticle({ title: 'Long read', description: 'A sentence of the long read. '.repeat(600) });
    const { html } = await page(`/article/${long.id}`);
    expect(html).toContain('A sentence of the long read.');
    // React moves a boundary over its chunk size to the end and reveals it with an inline script, unless told not to.
    expect(
      [...html.matchAll(/<script(?![^>]*(?:type="application\/(?:ld\+)?json"|src=))[^>]*>/g)].map((m) => m[0]),
    ).toEqual([]);
    expect(html).not.toContain('<template');
  });

  it('the same article under its channel and category has the one canonical URL', async () => {
    const path = `/category/${c.category!.id}/a/${c.article!.id}`;
    const { res, html } = await page(path);
    expect(res.status).toBe(200);
    expect(html).toContain(`<link rel="canonical" href="${SITE}/article/${c.article!.slug}">`);
    expect((await page(`/chan/${c.channel!.id}/a/${c.article!.id}`)).res.status).toBe(200);
  });

  it('a nested route whose parts do not belong together redirects to the canonical URL', async () => {
    const wrong = await page(`/chan/${c.channel!.id}/a/${c.elsewhere!.id}`);
    expect(wrong.res.status).toBe(301);
    expect(wrong.res.headers.get('Location')).toBe(`/article/${c.elsewhere!.slug}`);
    const wrongCategory = await page(`/category/${c.category!.id}/c/${c.otherChannel!.id}`);
    expect(wrongCategory.res.status).toBe(301);
    expect(wrongCategory.res.headers.get('Location')).toBe(`/chan/${c.otherChannel!.slug}`);
  });

  it('a channel page shows its name and first articles, and advertises its feed', async () => {
    const { res, html } = await page(`/chan/${c.channel!.id}`);
    expect(res.status).toBe(200);
    expect(html).toContain('Alpine Journal');
    expect(html).toContain('Hut to hut');
    expect(html).toContain(`href="/feeds/chan/${c.channel!.id}.xml"`);
  });

  it('unknown ids and paths that are no route answer 404 with the rendered not-found page', async () => {
    const article = await page(`/article/${crypto.randomUUID()}`);
    expect(article.res.status).toBe(404);
    expect(article.html).toContain('Article not found');
    expect(meta(article.html, 'robots')).toBe('noindex');
    expect((await page(`/chan/${crypto.randomUUID()}`)).res.status).toBe(404);
    expect((await page('/category/no-such-category')).res.status).toBe(404);
    const typo = await page('/artcle/x');
    expect(typo.res.status).toBe(404);
    expect(typo.html).toContain('Page not found');
  });

  it('guarded routes without the right session redirect to /no-permission, saying where the visitor wanted to go', async () => {
    for (const path of ['/mySO', '/myaccount', '/appManagement/users']) {
      const { res } = await page(path);
      expect(res.status).toBe(302);
      expect(res.headers.get('Location')).toBe(`/no-permission?from=${encodeURIComponent(path)}`);
    }
    // An MCP client's consent link keeps its whole request through the sign-in.
    const consent = await page('/oauth/authorize?client_id=c1&state=s%261');
    expect(consent.res.headers.get('Location')).toBe(
      `/no-permission?from=${encodeURIComponent('/oauth/authorize?client_id=c1&state=s%261')}`,
    );
  });
});

describe('visibility is the API’s', () => {
  it('restricted text and media never reach a visitor; a granted reader gets them at once, never cached', async () => {
    const visitor = await page(`/article/${c.restricted!.id}`);
    expect(visitor.res.status).toBe(200);
    expect(visitor.html).toContain('Open teaser');
    expect(visitor.html).not.toContain('SECRET-TEXT');
    expect(visitor.html).not.toContain('secret-picture');
    expect(meta(visitor.html, 'robots')).toBe('noindex');
    expect(visitor.html).toContain('"isAccessibleForFree":false');

    const reader = await createUser();
    await grantAccess(reader.id, c.restricted!.id, 'article');
    const signedIn = await page(`/article/${c.restricted!.id}`, { Cookie: await sessionCookie(reader) });
    expect(signedIn.html).toContain('SECRET-TEXT');
    expect(signedIn.html).toContain('secret-picture');
    expect(signedIn.res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(pageData(signedIn.html).user).toMatchObject({ id: reader.id });
  });

  it('a signed-in reader’s page carries their mySO view: the like shows pressed, no second request needed', async () => {
    const reader = await as('REGULAR_USER');
    const cookie = reader.cookie!;
    expect(
      (await reader.call('/myso/user-articles', { method: 'POST', body: { contentId: c.article!.id } })).status,
    ).toBe(201);
    const { html } = await page(`/article/${c.article!.id}`, { Cookie: cookie });
    // The button as the view draws it with the user's likes: pressed, and waiting for the script to toggle.
    expect(html).toMatch(/<button type="button" class="like-button" aria-pressed="true" disabled="">/);
    const data = pageData(html);
    const [, view] = data.queries.find(([key]: [unknown[]]) => key[0] === 'myso') ?? [];
    expect(data.queries.find(([key]: [unknown[]]) => key[0] === 'myso')[0]).toEqual(['myso', reader.user!.id]);
    // What GET /myso/vm answers, for the same user.
    expect(view).toEqual((await reader.call('/myso/vm')).body.result);
    const other = await page(`/chan/${c.channel!.id}`, { Cookie: cookie });
    expect(other.html).toMatch(/<button type="button" class="like-button" aria-pressed="false" disabled="">/);
    // A visitor's page has no like button and no mySO view.
    const visitor = await page(`/article/${c.article!.id}`);
    expect(visitor.html).not.toContain('like-button');
    expect(pageData(visitor.html).queries.some(([key]: [unknown[]]) => key[0] === 'myso')).toBe(false);
  });

  it('a draft is a 404 for visitors and readers, and shown with its badge to its owner and admins', async () => {
    expect((await page(`/article/${c.draft!.id}`)).res.status).toBe(404);
    const reader = await createUser();
    expect((await page(`/article/${c.draft!.id}`, { Cookie: await sessionCookie(reader) })).res.status).toBe(404);
    for (const user of [{ id: c.draft!.userId! }, await createUser({ role: 'ADMIN' })]) {
      const own = await page(`/article/${c.draft!.id}`, { Cookie: await sessionCookie(user) });
      expect(own.res.status).toBe(200);
      expect(own.html).toContain('Unfinished draft');
      expect(own.html).toContain('Draft');
      expect(meta(own.html, 'robots')).toBe('noindex');
    }
  });
});

describe('language and cache', () => {
  it('renders in the URL’s language, whatever the cookie and Accept-Language say (decision 055)', async () => {
    expect((await page('/about', { 'Accept-Language': 'de-AT,de;q=0.9' })).html).toContain('<html lang="en-US">');
    expect((await page('/de/about', { Cookie: 'locale=en-US', 'Accept-Language': 'en' })).html).toContain(
      '<html lang="de-DE">',
    );
    expect((await page('/about', { Cookie: 'locale=de-DE' })).html).toContain('<html lang="en-US">');
  });

  it('anonymous pages come from the edge cache on the second request, one copy per language', async () => {
    const first = await page('/channels');
    expect(first.res.headers.get('X-Edge-Cache')).toBe('MISS');
    expect((await page('/channels')).res.headers.get('X-Edge-Cache')).toBe('HIT');
    // The URL says the language: a German browser on the English address gets the English copy.
    expect((await page('/channels', { 'Accept-Language': 'de' })).res.headers.get('X-Edge-Cache')).toBe('HIT');
    expect((await page('/de/channels')).res.headers.get('X-Edge-Cache')).toBe('MISS');
  });

  it('a link preview (facebookexternalhit) gets the Open Graph tags', async () => {
    const { html } = await page(`/article/${c.article!.id}`, { 'User-Agent': 'facebookexternalhit/1.1' });
    expect(meta(html, 'og:title')).toBe('Hut to hut');
    expect(meta(html, 'og:description')).toBe('Four days above the clouds');
  });
});
