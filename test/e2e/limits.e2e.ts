// Size limits over a real connection to `wrangler dev`: a body over its limit, streamed in chunks, gets
// the 413 envelope rather than a reset connection (the worker drains what it does not read), and URLs
// over the worker's limit get 414 in the envelope.
import http from 'node:http';
import { baseUrl, expect, test } from './browser';

interface Answer {
  status: number;
  body: { code: number; message: string; result: unknown };
}

/** POSTs `head`, then `size` bytes of filler, then `tail`, in 64 KiB chunks without Content-Length. */
function streamPost(
  path: string,
  headers: Record<string, string>,
  head: Buffer,
  size: number,
  tail = Buffer.alloc(0),
): Promise<Answer> {
  const url = new URL(baseUrl());
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path, method: 'POST', headers });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    req.write(head);
    const write = () => {
      while (sent < size) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', write);
      }
      req.end(tail);
    };
    write();
  });
}

async function signIn(username: string): Promise<string> {
  const res = await fetch(baseUrl() + '/api/users/auth', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: 'demo-password' }),
  });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

test('a chunked 20 MiB JSON body gets the 413 envelope, not a reset connection', async () => {
  const answer = await streamPost(
    '/api/search/search',
    { 'Content-Type': 'application/json' },
    Buffer.from('{"searchText":"'),
    20 * 1024 * 1024,
    Buffer.from('"}'),
  );
  expect(answer).toEqual({ status: 413, body: { code: 413, message: 'Request body exceeds 1 MiB', result: null } });
});

test('a chunked 40 MiB multipart upload with an image over its 10 MiB cap gets the 413 envelope', async () => {
  const cookie = await signIn('editor');
  const boundary = 'limits-e2e';
  const png = Buffer.from([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6,
    0, 0, 0, 0x1f, 0x15, 0xc4, 0x89,
  ]);
  const head = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\n`),
    Buffer.from(JSON.stringify({ title: 'Too big', type: 'text', channelId: null, thumbnailFileTag: 't' })),
    Buffer.from(
      `\r\n--${boundary}\r\nContent-Disposition: form-data; name="blob:t"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
  ]);
  const answer = await streamPost(
    '/api/articles',
    { 'Content-Type': `multipart/form-data; boundary=${boundary}`, Cookie: cookie },
    head,
    40 * 1024 * 1024,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  expect(answer.status).toBe(413);
  expect(answer.body).toEqual({
    code: 413,
    message: 'File part "blob:t" exceeds the 10 MiB limit for images',
    result: null,
  });
});

test('URLs over 8 KiB get 414 in the envelope from the worker', async () => {
  const res = await fetch(baseUrl() + '/api/articles/' + 'a'.repeat(9000));
  expect(res.status).toBe(414);
  expect(await res.json()).toEqual({ code: 414, message: 'URL too long', result: null });
});
