// GET/HEAD /api/files/{key} through the worker's real fetch handler: who may fetch a file, caching, 304,
// ranges, 404s.
import { createExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '#worker/app';
import { ok } from '#worker/lib/envelope';
import { fileHref } from '#worker/lib/files';
import { upload, withUpload } from '#worker/services/uploads';
import { isUnsatisfiable } from '#worker/routes/files';
import { fixture } from '../fixtures/media';
import { eq } from 'drizzle-orm';
import { articles, channels, contentAccess } from '#schema/tables';
import { fileAudience, isPublicFile } from '#worker/queries/files';
import { BASE, db } from './helpers';
import { asRole, createArticle, createCategory, createChannel, createNewsItem, grantAccess } from './content-factories';

/** A stored file with distinct bytes 0..size-1 (mod 256), so any range can be checked by value; unattached. */
async function storedObject(size = 100, contentType = 'video/mp4', kind: 'image' | 'video' = 'video', ext = 'mp4') {
  const key = `${kind}/${crypto.randomUUID()}.${ext}`;
  const bytes = Uint8Array.from({ length: size }, (_, i) => i % 256);
  await env.FILES.put(key, bytes, { httpMetadata: { contentType } });
  return { key, bytes, path: fileHref(key)! };
}

/** A stored file shown by a published article (its thumbnail), so anyone may fetch it. */
async function storedFile(size = 100, contentType = 'video/mp4', kind: 'image' | 'video' = 'video', ext = 'mp4') {
  const file = await storedObject(size, contentType, kind, ext);
  await createArticle({ thumbnailKey: file.key });
  return file;
}

const get = (path: string, init: RequestInit = {}) => exports.default.fetch(new Request(BASE + path, init));
const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());

describe('GET /api/files/{key}', () => {
  it('serves the object with its type, a strong ETag and the caching and safety headers', async () => {
    const file = await storedFile(100);
    const res = await get(file.path);
    expect(res.status).toBe(200);
    expect(await bytesOf(res)).toEqual(file.bytes);
    expect(res.headers.get('Content-Type')).toBe('video/mp4');
    expect(res.headers.get('Content-Length')).toBe('100');
    expect(res.headers.get('ETag')).toMatch(/^"[^"]+"$/);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Accept-Ranges')).toBe('bytes');
    expect(res.headers.get('Content-Disposition')).toBe('inline');
  });

  it('answers 304 with no body to a matching If-None-Match (also in a list or weak), 200 otherwise', async () => {
    const file = await storedFile(50);
    const etag = (await get(file.path)).headers.get('ETag')!;
    for (const header of [etag, `"other", ${etag}`, `W/${etag}`, '*']) {
      const res = await get(file.path, { headers: { 'If-None-Match': header } });
      expect(res.status, header).toBe(304);
      expect(await res.text()).toBe('');
      expect(res.headers.get('ETag')).toBe(etag);
      expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    }
    const stale = await get(file.path, { headers: { 'If-None-Match': '"not-it"' } });
    expect(stale.status).toBe(200);
    expect(await bytesOf(stale)).toEqual(file.bytes);
  });

  it.each([
    ['bytes=0-9', 0, 9],
    ['bytes=-5', 95, 99],
    ['bytes=5-', 5, 99],
    ['bytes=90-500', 90, 99],
  ])('answers Range %s with 206 and the right slice', async (range, first, last) => {
    const file = await storedFile(100);
    const res = await get(file.path, { headers: { Range: range } });
    expect(res.status).toBe(206);
    expect(res.headers.get('Content-Range')).toBe(`bytes ${first}-${last}/100`);
    expect(res.headers.get('Content-Length')).toBe(String(last - first + 1));
    expect(res.headers.get('Content-Type')).toBe('video/mp4');
    expect(await bytesOf(res)).toEqual(file.bytes.slice(first, last + 1));
  });

  it('answers a range that covers the whole file with the whole file', async () => {
    const file = await storedFile(100);
    for (const range of ['bytes=-1000', 'bytes=0-']) {
      const res = await get(file.path, { headers: { Range: range } });
      expect(res.status, range).toBe(200);
      expect((await bytesOf(res)).length).toBe(100);
    }
  });

  it('answers an unsatisfiable range with 416 and Content-Range bytes */size', async () => {
    const file = await storedFile(100);
    for (const range of ['bytes=100-', 'bytes=150-200', 'bytes=-0']) {
      const res = await get(file.path, { headers: { Range: range } });
      expect(res.status, range).toBe(416);
      expect(res.headers.get('Content-Range')).toBe('bytes */100');
      expect(await res.json()).toEqual({ code: 416, message: 'Range not satisfiable', result: null });
    }
  });

  it('ignores malformed and multiple ranges and a stale If-Range, sending the whole file', async () => {
    const file = await storedFile(100);
    const cases: Record<string, string>[] = [
      { Range: 'bytes=0-1,5-6' },
      { Range: 'items=0-1' },
      { Range: 'bytes=9-2' },
      { Range: 'bytes=0-9', 'If-Range': '"old"' },
    ];
    for (const headers of cases) {
      const res = await get(file.path, { headers });
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect((await bytesOf(res)).length).toBe(100);
    }
    const etag = (await get(file.path)).headers.get('ETag')!;
    const current = await get(file.path, { headers: { Range: 'bytes=0-9', 'If-Range': etag } });
    expect(current.status).toBe(206);
  });

  it('answers HEAD with the headers and no body, ranges included', async () => {
    const file = await storedFile(100, 'image/png', 'image', 'png');
    const res = await get(file.path, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/png');
    expect(res.headers.get('Content-Length')).toBe('100');
    expect(res.headers.get('ETag')).toMatch(/^"[^"]+"$/);
    expect(await res.text()).toBe('');
    const ranged = await get(file.path, { method: 'HEAD', headers: { Range: 'bytes=0-9' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('Content-Range')).toBe('bytes 0-9/100');
  });

  it('answers 404 in the envelope for an unknown key, and 400 for a key of the wrong shape', async () => {
    const missing = await get(fileHref(`image/${crypto.randomUUID()}.png`)!);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ code: 404, message: 'File not found', result: null });
    for (const key of [
      'image/not-a-uuid.png',
      `secret/${crypto.randomUUID()}.png`,
      `image/${crypto.randomUUID()}.html`,
      `image/${crypto.randomUUID()}`,
      '..%2F..%2Fetc',
    ]) {
      const res = await get('/api/files/' + key);
      expect(res.status, key).toBe(400);
      expect(await res.json()).toEqual({ code: 400, message: 'Invalid file key', result: { issues: [] } });
    }
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('answers %s with 405 and leaves the file', async (method) => {
    const file = await storedFile(10);
    const res = await get(file.path, { method });
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('GET, HEAD');
    expect(await res.json()).toEqual({ code: 405, message: 'Method not allowed', result: null });
    expect(await env.FILES.head(file.key)).not.toBeNull();
  });

  it('serves a file stored through withUpload under the sniffed type', async () => {
    const schema = z.object({ title: z.string() });
    const app = buildApp();
    app.post('/__probe/upload', withUpload(schema), (c) => ok(c, upload(c, schema).file('pic', 'image'), 201));
    const webp = fixture('tiny.webp');
    const form = new FormData();
    form.append('body', JSON.stringify({ title: 't' }));
    form.append('blob:pic', new Blob([webp.bytes], { type: 'image/png' }), 'pic.png');
    const stored = await app.fetch(
      new Request(BASE + '/api/__probe/upload', { method: 'POST', body: form }),
      env,
      createExecutionContext(),
    );
    expect(stored.status).toBe(201);
    const { result } = await stored.json<{ result: { key: string } }>();
    await createArticle({ thumbnailKey: result.key });
    const res = await get(fileHref(result.key)!);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/webp');
    expect(await bytesOf(res)).toEqual(webp.bytes);
  });
});

describe('isUnsatisfiable', () => {
  it('is true only for one range wholly past the end, or the last zero bytes', () => {
    expect(isUnsatisfiable('bytes=10-', 10)).toBe(true);
    expect(isUnsatisfiable('bytes=15-20', 10)).toBe(true);
    expect(isUnsatisfiable('bytes=-0', 10)).toBe(true);
    expect(isUnsatisfiable('bytes=-1', 0)).toBe(true);
    for (const ok of ['bytes=0-0', 'bytes=9-', 'bytes=-3', 'bytes=-', 'bytes=12-11', 'bytes=0-1,5-6', 'items=20-30']) {
      expect(isUnsatisfiable(ok, 10), ok).toBe(false);
    }
  });
});

describe('who may fetch a file', () => {
  const cacheOf = (res: Response) => res.headers.get('Cache-Control');

  it('serves a file no entity shows to nobody, ADMIN included', async () => {
    const file = await storedObject(10, 'image/png', 'image', 'png');
    const admin = await asRole('ADMIN');
    expect((await get(file.path)).status).toBe(404);
    expect((await get(file.path, { headers: { Cookie: admin.cookie } })).status).toBe(404);
  });

  it('serves the media of a restricted article only to who may read it, privately, and its thumbnail to all', async () => {
    const owner = await asRole('CLIENT');
    const reader = await asRole('REGULAR_USER');
    const [thumb, image] = [
      await storedObject(10, 'image/png', 'image', 'png'),
      await storedObject(10, 'image/png', 'image', 'png'),
    ];
    const article = await createArticle({
      userId: owner.user.id,
      restricted: true,
      thumbnailKey: thumb.key,
      media: { kind: 'gallery', images: [{ key: image.key }] },
    });
    const thumbAnon = await get(thumb.path);
    expect(thumbAnon.status).toBe(200);
    expect(cacheOf(thumbAnon)).toBe('public, max-age=31536000, immutable');
    expect((await get(image.path)).status).toBe(404);
    expect((await get(image.path, { headers: { Cookie: reader.cookie } })).status).toBe(404);
    const own = await get(image.path, { headers: { Cookie: owner.cookie } });
    expect(own.status).toBe(200);
    expect(cacheOf(own)).toBe('private, no-store');
    // A grant opens it on the next request; revoking closes it on the next request.
    const grant = await grantAccess(reader.user.id, article.id, 'article');
    const granted = await get(image.path, { headers: { Cookie: reader.cookie } });
    expect(granted.status).toBe(200);
    expect(cacheOf(granted)).toBe('private, no-store');
    expect((await get(image.path, { method: 'HEAD', headers: { Cookie: reader.cookie } })).status).toBe(200);
    await db().delete(contentAccess).where(eq(contentAccess.id, grant.id));
    expect((await get(image.path, { headers: { Cookie: reader.cookie } })).status).toBe(404);
    expect((await get(image.path, { method: 'HEAD', headers: { Cookie: reader.cookie } })).status).toBe(404);
  });

  it('stops serving the files of an article once it is unpublished, except to its owner and ADMIN', async () => {
    const owner = await asRole('CONTRIBUTOR');
    const thumb = await storedObject(10, 'image/png', 'image', 'png');
    const video = await storedObject(10, 'video/mp4', 'video', 'mp4');
    const article = await createArticle({
      userId: owner.user.id,
      thumbnailKey: thumb.key,
      media: { kind: 'video', videos: [{ key: video.key }] },
    });
    expect(cacheOf(await get(video.path))).toBe('public, max-age=31536000, immutable');
    // Unpublished through the API, as an admin does it: the location's edge-cache copies go with it (decision 019).
    const admin = await asRole('ADMIN');
    expect((await admin.call(`/articles/${article.id}`, { method: 'PUT', body: { published: false } })).status).toBe(
      200,
    );
    for (const file of [thumb, video]) {
      expect((await get(file.path)).status).toBe(404);
      const own = await get(file.path, { headers: { Cookie: owner.cookie } });
      expect(own.status).toBe(200);
      expect(cacheOf(own)).toBe('private, no-store');
    }
    // A 304 answers with the same private caching.
    const etag = (await get(video.path, { headers: { Cookie: owner.cookie } })).headers.get('ETag')!;
    const notModified = await get(video.path, { headers: { Cookie: owner.cookie, 'If-None-Match': etag } });
    expect(notModified.status).toBe(304);
    expect(cacheOf(notModified)).toBe('private, no-store');
  });

  it('follows channels (portrait with the channel, cover with its restricted parts), news items and categories', async () => {
    const owner = await asRole('CLIENT');
    const [portrait, cover, newsThumb, categoryImage] = await Promise.all(
      [1, 2, 3, 4].map(() => storedObject(10, 'image/png', 'image', 'png')),
    );
    const channel = await createChannel({
      userId: owner.user.id,
      private: true,
      portraitKey: portrait!.key,
      coverMedia: { kind: 'image', key: cover!.key },
    });
    await createNewsItem({
      refKind: 'channel',
      refId: channel.id,
      userId: owner.user.id,
      thumbnailKey: newsThumb!.key,
    });
    await createCategory({ imageKey: categoryImage!.key });
    for (const file of [portrait!, cover!, newsThumb!]) {
      expect((await get(file.path)).status).toBe(404);
      expect((await get(file.path, { headers: { Cookie: owner.cookie } })).status).toBe(200);
    }
    expect(cacheOf(await get(categoryImage!.path))).toBe('public, max-age=31536000, immutable');
    await db().update(channels).set({ private: false, restricted: true }).where(eq(channels.id, channel.id));
    expect((await get(portrait!.path)).status).toBe(200);
    expect((await get(newsThumb!.path)).status).toBe(200);
    expect((await get(cover!.path)).status).toBe(404);
  });

  it('keeps the public or protected decision in one function an edge cache can ask', async () => {
    const file = await storedObject(10, 'image/png', 'image', 'png');
    expect(await isPublicFile(db(), file.key)).toBe(false);
    const article = await createArticle({ thumbnailKey: file.key, published: false });
    expect(await fileAudience(db(), null, file.key)).toBeNull();
    expect(await fileAudience(db(), { id: article.userId, name: 'owner', role: 'CLIENT' }, file.key)).toBe('private');
    await db().update(articles).set({ published: true }).where(eq(articles.id, article.id));
    expect(await isPublicFile(db(), file.key)).toBe(true);
  });
});

describe('GET /api/files/{key} with malformed Range and If-None-Match headers', () => {
  const ranges = [
    'bytes=0-10',
    'bytes=-5',
    'bytes=999999-',
    'bytes=5-1',
    'bytes=0-1,3-4',
    'bytes=%3Cscript%3E',
    'bytes=',
    'items=0-1',
  ];
  const conditions = [undefined, '*', '"x"', 'W/"y"', '%00%22%27', 'W/'];
  it('never answers 5xx, whatever the combination, for visitors and ADMIN', async () => {
    const file = await storedFile(100, 'image/jpeg', 'image', 'jpg');
    const admin = await asRole('ADMIN');
    for (const range of ranges)
      for (const ifNoneMatch of conditions)
        for (const cookie of [undefined, admin.cookie]) {
          const headers: Record<string, string> = { Range: range };
          if (ifNoneMatch) headers['If-None-Match'] = ifNoneMatch;
          if (cookie) headers.Cookie = cookie;
          const res = await get(file.path, { headers });
          expect(res.status, `${range} ${ifNoneMatch} ${cookie ? 'admin' : 'visitor'}`).toBeLessThan(500);
          await res.arrayBuffer();
        }
  });
});
