// Request size limits: every non-multipart body is bounded before it is read (413 in the envelope, also
// for chunked bodies without Content-Length), JSON must be UTF-8 (400), multipart keeps its own streaming
// caps, and an over-long URL is 414 in the envelope.
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { REQUEST_LIMITS } from '#worker/middleware/limits';
import { BASE, call } from './helpers';
import { asRole } from './content-factories';
import { multipartBody, pngBytes } from './upload-fixtures';

const MiB = 1024 * 1024;
const encoder = new TextEncoder();

/** A JSON search body padded to `bytes` bytes. */
const searchBody = (bytes: number) => {
  const head = '{"searchText":"x","pad":"';
  return encoder.encode(head + ' '.repeat(Math.max(0, bytes - head.length - 2)) + '"}');
};

/** A body that arrives in chunks, without Content-Length (Transfer-Encoding: chunked on the wire). */
function chunked(bytes: Uint8Array, chunkSize = 64 * 1024): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + chunkSize));
      offset += chunkSize;
    },
  });
}

async function send(path: string, init: RequestInit & { duplex?: 'half' }) {
  const res = await exports.default.fetch(new Request(BASE + '/api' + path, init));
  return { status: res.status, body: await res.json<{ code: number; message: string; result: unknown }>() };
}

describe('JSON bodies are bounded before they are read', () => {
  it('answers 413 in the envelope for a body over the limit with Content-Length', async () => {
    const res = await send('/search/search', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: searchBody(REQUEST_LIMITS.json + 1),
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: 413, message: 'Request body exceeds 1 MiB', result: null });
  });

  it('answers 413 for a chunked body over the limit, and accepts a chunked body under it', async () => {
    const over = await send('/search/search', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: chunked(searchBody(3 * MiB)),
      duplex: 'half',
    });
    expect(over.status).toBe(413);
    expect(over.body.code).toBe(413);
    const under = await send('/search/search', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: chunked(searchBody(REQUEST_LIMITS.json - 10)),
      duplex: 'half',
    });
    expect(under.status).toBe(200);
  });

  it('bounds bodies of every content type except multipart, on routes that never read them too', async () => {
    for (const [path, type] of [
      ['/search/search', 'text/plain'],
      ['/users/auth', 'application/x-www-form-urlencoded'],
      ['/no-such-route', 'application/json'],
    ]) {
      const res = await send(path!, {
        method: 'POST',
        headers: { 'Content-Type': type! },
        body: chunked(searchBody(2 * MiB)),
        duplex: 'half',
      });
      expect(res.status, `${path} ${type}`).toBe(413);
    }
  });

  it('keeps the multipart streaming caps: a 3 MiB image goes through withUpload', async () => {
    const editor = await asRole('CLIENT');
    const image = new Uint8Array(3 * MiB);
    image.set(pngBytes());
    const res = await editor.call('/articles', {
      method: 'POST',
      body: multipartBody(
        { title: 'Big picture', type: 'text', channelId: null, thumbnailFileTag: 't' },
        { t: new File([image], 'big.png') },
      ),
    });
    expect(res.status).toBe(201);
  });
});

describe('JSON must be UTF-8', () => {
  // "caf\xff": a byte that is never valid UTF-8; Request.text() would turn it into U+FFFD silently.
  const invalid = new Uint8Array([...encoder.encode('{"searchText":"caf'), 0xff, ...encoder.encode('"}')]);

  it('refuses invalid UTF-8 with 400 on a jsonBody route', async () => {
    const res = await send('/search/search', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: invalid,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, message: 'Request body is not valid UTF-8', result: { issues: [] } });
  });

  it('refuses invalid UTF-8 with 400 on a withUpload route, as JSON and as the multipart body part', async () => {
    const editor = await asRole('CLIENT');
    const bytes = new Uint8Array([
      ...encoder.encode('{"title":"caf'),
      0xc3,
      0x28,
      ...encoder.encode('","type":"text","channelId":null}'),
    ]);
    const json = await send('/articles', {
      method: 'POST',
      body: bytes,
      headers: { 'Content-Type': 'application/json', Cookie: editor.cookie },
    });
    expect(json.status).toBe(400);
    expect(json.body.message).toBe('Request body is not valid UTF-8');
    const form = new FormData();
    form.set('body', new File([bytes], 'body.json', { type: 'application/json' }));
    const part = await editor.call('/articles', { method: 'POST', body: form });
    expect(part.status).toBe(400);
    expect(part.body.message).toBe('Part "body" is not valid UTF-8');
  });

  it('accepts real UTF-8 text, multi-byte characters split across chunks included', async () => {
    const text = encoder.encode(JSON.stringify({ searchText: 'Café 北京 😀' }));
    const res = await send('/search/search', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: chunked(text, 3),
      duplex: 'half',
    });
    expect(res.status).toBe(200);
  });
});

describe('over-long URLs', () => {
  it('answers 414 in the envelope for a URL over the limit', async () => {
    const res = await call('/articles/' + 'a'.repeat(REQUEST_LIMITS.url));
    expect(res.status).toBe(414);
    expect(res.body).toEqual({ code: 414, message: 'URL too long', result: null });
    const query = await call('/imageOptions?keys=' + 'k,'.repeat(REQUEST_LIMITS.url / 2));
    expect(query.status).toBe(414);
  });

  it('lets a long URL under the limit through to its route', async () => {
    const keys = Array.from({ length: 100 }, () => `image/${crypto.randomUUID()}.webp`).join(',');
    const res = await call('/imageOptions?keys=' + encodeURIComponent(keys));
    expect(res.status).toBe(200);
  });
});
