// GET / with the first news picture named in the HTML (worker/services/home-hints.ts): the hint is the preload the
// card's <img> would make (same srcset and sizes), it follows the feed, and a page without news, a failed read or
// another method leaves the SPA's page as the static assets serve it. The asset store is a stand-in serving the
// SPA's index.html (the build is not part of the worker tests); the news come from the worker on migrated D1.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { PAGE_HEADERS } from '../../schema/page-headers';
import { CARD_PICTURE_WIDTH, sizesOf, srcSetOf } from '../../schema/picture-sources';
import worker from '../../worker/index';
import { firstThumbnail, homePage, picturePreload } from '../../worker/services/home-hints';
import { createArticle, createNewsItem } from './content-factories';
import { BASE, consoleErrors, expectConsoleError } from './helpers';

const INDEX_HTML =
  '<!doctype html><html><head><title>SO Portal</title></head><body><div id="root"></div></body></html>';

const INDEX_ETAG = '"index-1"';

/** The static assets of the SPA: index.html for / with its ETag (304 when the browser has it), 405 for other methods. */
const assets = {
  fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405 });
    if (request.headers.get('If-None-Match') === INDEX_ETAG)
      return new Response(null, { status: 304, headers: { ETag: INDEX_ETAG } });
    return new Response(INDEX_HTML, { headers: { 'Content-Type': 'text/html; charset=utf-8', ETag: INDEX_ETAG } });
  },
  connect: () => {
    throw new Error('not used');
  },
} as unknown as Fetcher;

async function open(path: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(BASE + path, init), { ...env, ASSETS: assets }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const preloadsOf = (html: string) => html.match(/<link rel="preload"[^>]*>/g) ?? [];

describe('GET / names the first news picture', () => {
  it("has the preload of the newest item's picture, as its card asks for it", async () => {
    const article = await createArticle();
    await createNewsItem({
      refKind: 'article',
      refId: article.id,
      thumbnailKey: 'image/older.jpg',
      publishedAt: Date.now() - 60_000,
    });
    await createNewsItem({
      refKind: 'article',
      refId: article.id,
      thumbnailKey: 'image/newest.jpg',
      publishedAt: Date.now() - 1000,
    });

    const page = await open('/');
    expect(page.status).toBe(200);
    expect(page.headers.get('Content-Type')).toContain('text/html');
    const html = await page.text();
    const href = '/api/files/image/newest.jpg';
    expect(preloadsOf(html)).toEqual([
      `<link rel="preload" as="image" fetchpriority="high" href="${href}" imagesrcset="${srcSetOf(href)}" imagesizes="${sizesOf(CARD_PICTURE_WIDTH)}">`,
    ]);
    expect(html).toContain('<div id="root"></div>');
    // The SPA's headers, which the stand-in asset store does not set: the worker does.
    expect(page.headers.get('Content-Security-Policy')).toBe(PAGE_HEADERS['Content-Security-Policy']);
    expect(page.headers.get('X-Frame-Options')).toBe('DENY');
    // Its bytes follow the news: no ETag, and a browser's copy is never confirmed (it may name an older picture).
    expect(page.headers.get('ETag')).toBeNull();
    const again = await open('/', { headers: { 'If-None-Match': INDEX_ETAG } });
    expect(again.status).toBe(200);
    expect(preloadsOf(await again.text())).toHaveLength(1);
  });

  it('leaves other methods and other paths to the asset store and the API', async () => {
    expect((await open('/', { method: 'POST' })).status).toBe(405);
    const api = await open('/api/nowhere');
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ code: 404 });
  });

  it('serves the page without the hint when the feed is empty or cannot be read (and logs why)', async () => {
    const request = new Request(BASE + '/');
    const empty = await homePage(
      request,
      assets,
      async () => new Response('{"code":200,"result":{"items":[],"nextCursor":null}}'),
    );
    expect(empty.headers.get('ETag')).toBe(INDEX_ETAG);
    expect(empty.headers.get('Content-Security-Policy')).toBe(PAGE_HEADERS['Content-Security-Policy']);
    expect(await empty.text()).toBe(INDEX_HTML);
    const failed = await homePage(request, assets, async () => new Response('{"code":500}', { status: 500 }));
    expect(await failed.text()).toBe(INDEX_HTML);
    expectConsoleError();
    const thrown = await homePage(request, assets, async () => {
      throw new Error('D1 is away');
    });
    expect(await thrown.text()).toBe(INDEX_HTML);
    expect(consoleErrors.spy).toHaveBeenCalledWith(expect.objectContaining({ error: 'Error: D1 is away' }));
    expect(await firstThumbnail(new Response('{"code":200,"result":{"items":[{"thumbnailHref":null}]}}'))).toBeNull();
  });

  it('writes the href as an attribute value whatever it holds, and a GIF without copies', () => {
    expect(picturePreload('/api/files/image/a"b<c>&d.gif')).toBe(
      '<link rel="preload" as="image" fetchpriority="high" href="/api/files/image/a&quot;b&lt;c&gt;&amp;d.gif">',
    );
  });
});

describe('a path that is no static asset', () => {
  it('under /assets/ is 404, never the SPA page under a year-long immutable cache', async () => {
    const miss = await open('/assets/index-0000dead.js');
    expect(miss.status).toBe(404);
    expect(miss.headers.get('Content-Type')).toContain('text/plain');
    expect(miss.headers.get('Cache-Control')).toBe('no-store');
    expect(await miss.text()).not.toContain('<div id="root">');
  });

  it("elsewhere is a screen of the SPA: its page, with the SPA's headers", async () => {
    const screen = await open('/article/some-slug');
    expect(screen.status).toBe(200);
    expect(await screen.text()).toBe(INDEX_HTML);
    expect(screen.headers.get('Content-Security-Policy')).toBe(PAGE_HEADERS['Content-Security-Policy']);
    expect((await open('/article/some-slug', { method: 'POST' })).status).toBe(405);
  });
});
