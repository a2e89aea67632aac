// GET/HEAD /api/files/{key} through the worker's real fetch handler: headers, 304, ranges, 404s.
import { createExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../worker/app';
import { ok } from '../../worker/lib/envelope';
import { fileHref } from '../../worker/lib/files';
import { upload, withUpload } from '../../worker/lib/uploads';
import { parseRange } from '../../worker/routes/files';
import { fixture } from '../fixtures/media';
import { BASE } from './helpers';

/** A stored file with distinct bytes 0..size-1 (mod 256), so any range can be checked by value. */
async function storedFile(size = 100, contentType = 'video/mp4', kind: 'image' | 'video' = 'video', ext = 'mp4') {
  const key = `${kind}/${crypto.randomUUID()}.${ext}`;
  const bytes = Uint8Array.from({ length: size }, (_, i) => i % 256);
  await env.FILES.put(key, bytes, { httpMetadata: { contentType } });
  return { key, bytes, path: fileHref(key)! };
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
    ['bytes=-1000', 0, 99],
  ])('answers Range %s with 206 and the right slice', async (range, first, last) => {
    const file = await storedFile(100);
    const res = await get(file.path, { headers: { Range: range } });
    expect(res.status).toBe(206);
    expect(res.headers.get('Content-Range')).toBe(`bytes ${first}-${last}/100`);
    expect(res.headers.get('Content-Length')).toBe(String(last - first + 1));
    expect(res.headers.get('Content-Type')).toBe('video/mp4');
    expect(await bytesOf(res)).toEqual(file.bytes.slice(first, last + 1));
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
    const cases: Record<string, string>[] = [{ Range: 'bytes=0-1,5-6' }, { Range: 'items=0-1' }, { Range: 'bytes=9-2' }, { Range: 'bytes=0-9', 'If-Range': '"old"' }];
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
    for (const key of ['image/not-a-uuid.png', `secret/${crypto.randomUUID()}.png`, `image/${crypto.randomUUID()}.html`, `image/${crypto.randomUUID()}`, '..%2F..%2Fetc']) {
      const res = await get('/api/files/' + key);
      expect(res.status, key).toBe(400);
      expect(await res.json()).toEqual({ code: 400, message: 'Invalid file key', result: null });
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
    const stored = await app.fetch(new Request(BASE + '/api/__probe/upload', { method: 'POST', body: form }), env, createExecutionContext());
    expect(stored.status).toBe(201);
    const { result } = await stored.json<{ result: { key: string } }>();
    const res = await get(fileHref(result.key)!);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/webp');
    expect(await bytesOf(res)).toEqual(webp.bytes);
  });
});

describe('parseRange', () => {
  it('reads single ranges and refuses what cannot be served', () => {
    expect(parseRange(undefined, 10)).toBeNull();
    expect(parseRange('bytes=0-0', 10)).toEqual({ offset: 0, length: 1 });
    expect(parseRange('bytes=3-', 10)).toEqual({ offset: 3, length: 7 });
    expect(parseRange('bytes=-3', 10)).toEqual({ offset: 7, length: 3 });
    expect(parseRange('bytes=-', 10)).toBeNull();
    expect(parseRange('bytes=10-', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=-1', 0)).toBe('unsatisfiable');
  });
});
