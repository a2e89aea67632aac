// The edge cache of anonymous public reads (worker/middleware/edge-cache.ts, decision 019): what is kept, what never
// is, and how fresh it stays: a write shows at once in the writer's location, elsewhere a copy lives 60 s.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { buildApp } from '#worker/app';
import worker from '#worker/index';
import { CACHED_READ_CONTROL, EDGE_CACHE_SECONDS } from '#worker/middleware/edge-cache';
import { fileHref } from '#worker/lib/files';
import { runScheduled } from '#worker/scheduled';
import { asRole, createArticle, createChannel } from './content-factories';
import { BASE, call } from './helpers';

/** The location's cache, as the worker sees it (the test's DOM typings know no `caches.default`). */
const locationCache = (caches as unknown as { default: Cache }).default;

/** A request through the worker's fetch handler, once its cache write (waitUntil) is done. */
async function read(path: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(BASE + '/api' + path, init), env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}
const cacheState = (res: Response) => res.headers.get('X-Edge-Cache');
const titleOf = async (res: Response) => (await res.json<{ result: { title: string } }>()).result.title;

describe('the edge cache of anonymous reads', () => {
  it('keeps a public read: a miss, then a hit with the same answer and the caching headers', async () => {
    const article = await createArticle({ title: 'Kept at the edge' });
    const first = await read(`/articles/${article.id}`);
    expect(first.status).toBe(200);
    expect(cacheState(first)).toBe('MISS');
    expect(first.headers.get('Cache-Control')).toBe(CACHED_READ_CONTROL);
    expect(first.headers.get('Vary')).toContain('Cookie');
    const second = await read(`/articles/${article.id}`);
    expect(cacheState(second)).toBe('HIT');
    expect(second.headers.get('Cache-Control')).toBe(CACHED_READ_CONTROL);
    expect(second.headers.get('X-Request-Id')).not.toBe(first.headers.get('X-Request-Id'));
    expect(await titleOf(second)).toBe('Kept at the edge');
  });

  it("shows a write on the very next read in the writer's location", async () => {
    const owner = await asRole('CLIENT');
    const article = await createArticle({ userId: owner.user.id, title: 'Before the edit' });
    await read(`/articles/${article.id}`);
    expect(cacheState(await read(`/articles/${article.id}`))).toBe('HIT');
    const edit = await call(`/articles/${article.id}`, {
      method: 'PUT',
      cookie: owner.cookie,
      body: { title: 'After the edit' },
    });
    expect(edit.status).toBe(200);
    const next = await read(`/articles/${article.id}`);
    expect(cacheState(next)).toBe('MISS');
    expect(await titleOf(next)).toBe('After the edit');
    // Lists follow too: the feed of newest articles carries the new title.
    const list = await (
      await read('/articles?limit=100')
    ).json<{ result: { items: { id: string; title: string }[] } }>();
    expect(list.result.items.find((i) => i.id === article.id)?.title).toBe('After the edit');
  });

  it("keeps a location's copy at most EDGE_CACHE_SECONDS: what another location wrote shows after that", async () => {
    const article = await createArticle();
    await read(`/articles/${article.id}`);
    const version = await (await locationCache.match('https://edge-cache.invalid/content-version'))!.json<{
      id: string;
    }>();
    // Named by the request's language too (the default here: no Accept-Language), decision 056.
    const copy = await locationCache.match(
      `${BASE}/api/articles/${article.id}?__language=en-US&__content-version=${version.id}`,
    );
    expect(copy).toBeDefined();
    expect(copy!.headers.get('Cache-Control')).toBe(`max-age=${EDGE_CACHE_SECONDS}`);
    expect(EDGE_CACHE_SECONDS).toBe(60);
  });

  it('never serves or keeps a signed-in read, which must see drafts and grants', async () => {
    const owner = await asRole('CLIENT');
    const article = await createArticle({ userId: owner.user.id, title: 'Public copy' });
    await read(`/articles/${article.id}`);
    expect(cacheState(await read(`/articles/${article.id}`))).toBe('HIT');
    const signedIn = await read(`/articles/${article.id}`, { headers: { Cookie: owner.cookie } });
    expect(signedIn.status).toBe(200);
    expect(cacheState(signedIn)).toBeNull();
    expect(signedIn.headers.get('Cache-Control')).toBe('no-store');
    const draft = await createArticle({ userId: owner.user.id, published: false });
    expect((await read(`/articles/${draft.id}`)).status).toBe(404);
    expect((await read(`/articles/${draft.id}`, { headers: { Cookie: owner.cookie } })).status).toBe(200);
  });

  it('never keeps restricted content', async () => {
    const article = await createArticle({ restricted: true });
    const first = await read(`/articles/${article.id}`);
    expect(first.status).toBe(200);
    expect(cacheState(first)).toBeNull();
    expect(first.headers.get('Cache-Control')).toBe('no-store');
    expect(cacheState(await read(`/articles/${article.id}`))).toBeNull();
    const channel = await createChannel({ restricted: true });
    await read(`/channels/${channel.id}`);
    expect(cacheState(await read(`/channels/${channel.id}`))).toBeNull();
  });

  it('keeps type-ahead answers for prefixes of up to three letters, not longer searches', async () => {
    const search = (searchText: string) =>
      read('/search/search', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ searchText }),
      });
    expect(cacheState(await search('Caf'))).toBe('MISS');
    expect(cacheState(await search('caf'))).toBe('HIT');
    expect(cacheState(await search('cafe au lait'))).toBeNull();
    expect(cacheState(await search('cafe au lait'))).toBeNull();
  });

  it('keeps public files whole with their immutable caching; ranges and conditions go to R2', async () => {
    const key = `image/${crypto.randomUUID()}.png`;
    await env.FILES.put(key, new Uint8Array(64).fill(7), { httpMetadata: { contentType: 'image/png' } });
    await createArticle({ thumbnailKey: key });
    const path = fileHref(key)!.replace(/^\/api/, '');
    expect(cacheState(await read(path))).toBe('MISS');
    const hit = await read(path);
    expect(cacheState(hit)).toBe('HIT');
    expect(hit.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect((await hit.arrayBuffer()).byteLength).toBe(64);
    const range = await read(path, { headers: { Range: 'bytes=0-9' } });
    expect(range.status).toBe(206);
    expect(cacheState(range)).toBeNull();
  });

  it('drops the copies when the Cron Trigger expires a publication', async () => {
    const admin = await asRole('ADMIN');
    const owner = await asRole('CLIENT');
    const article = await createArticle({ userId: owner.user.id, published: false, title: 'Published for a while' });
    const request = await call('/publications', {
      method: 'POST',
      cookie: owner.cookie,
      body: { contentId: article.id, type: 'article' },
    });
    expect(request.status).toBe(201);
    const approve = await call('/publications/update-status', {
      method: 'PUT',
      cookie: admin.cookie,
      body: { id: request.body.result.id, status: 'APPROVED' },
    });
    expect(approve.status).toBe(200);
    const expires = Date.now() + 60_000;
    await call('/publications/update-expiration', {
      method: 'PUT',
      cookie: admin.cookie,
      body: { id: request.body.result.id, expirationDate: new Date(expires).toISOString() },
    });
    await read(`/articles/${article.id}`);
    expect(cacheState(await read(`/articles/${article.id}`))).toBe('HIT');
    await runScheduled(env, expires + 1000);
    expect((await read(`/articles/${article.id}`)).status).toBe(404);
  });

  it('keeps its copies across writes that change nothing visitors see (a like)', async () => {
    const reader = await asRole('REGULAR_USER');
    const article = await createArticle();
    await read(`/articles/${article.id}`);
    const like = await call('/myso/user-articles', {
      method: 'POST',
      cookie: reader.cookie,
      body: { contentId: article.id },
    });
    expect(like.status).toBe(201);
    expect(cacheState(await read(`/articles/${article.id}`))).toBe('HIT');
  });

  it('is off with EDGE_CACHE=off (npm run bench measures both)', async () => {
    const article = await createArticle();
    const app = buildApp();
    const off = { ...env, EDGE_CACHE: 'off' };
    for (let i = 0; i < 2; i++) {
      const ctx = createExecutionContext();
      const res = await app.fetch(new Request(`${BASE}/api/articles/${article.id}`), off, ctx);
      await waitOnExecutionContext(ctx);
      expect(res.status).toBe(200);
      expect(cacheState(res)).toBeNull();
      expect(res.headers.get('Cache-Control')).toBe('no-store');
    }
  });
});
