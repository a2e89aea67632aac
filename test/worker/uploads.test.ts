// withUpload through a probe route on the worker's own app: body forms, sniffing, limits, R2 streaming, cleanup.
import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { blobs } from '#schema/tables';
import { buildApp } from '#worker/app';
import type { Env } from '#worker/env';
import { ok } from '#worker/lib/envelope';
import { Conflict } from '#worker/lib/errors';
import { readMultipart } from '#worker/lib/multipart';
import { sniff } from '#schema/sniff';
import { UPLOAD_LIMITS, upload, withUpload } from '#worker/services/uploads';
import { DISGUISED_HTML, fixture, MEDIA } from '../fixtures/media';
import { BASE, createUser, db, expectConsoleError, sessionCookie } from './helpers';

const probeBody = z.object({
  title: z.string().min(1),
  /** Tags the handler takes with file(); the rest stay unused. */
  use: z.array(z.string()).default([]),
  kind: z.enum(['image', 'video']).optional(),
  optional: z.string().nullable().optional(),
  fail: z.enum(['throw', 'conflict']).optional(),
});

function probeApp(bindings: Env = env) {
  const app = buildApp();
  app.post('/__probe/upload', withUpload(probeBody), (c) => {
    const up = upload(c, probeBody);
    const files = up.body.use.map((tag) => up.file(tag, up.body.kind));
    const optional = up.optionalFile(up.body.optional);
    if (up.body.fail === 'throw') throw new Error('handler failed after taking the files');
    if (up.body.fail === 'conflict') throw new Conflict('Handler refused');
    return ok(c, { body: up.body, files, optional: optional ?? null }, 201);
  });
  return async (init: RequestInit & { cookie?: string }) => {
    const headers = new Headers(init.headers);
    if (init.cookie) headers.set('Cookie', init.cookie);
    const res = await app.fetch(
      new Request(BASE + '/api/__probe/upload', { method: 'POST', ...init, headers }),
      bindings,
      createExecutionContext(),
    );
    return { status: res.status, body: await res.json<{ code: number; message: string; result: any }>() };
  };
}
const send = probeApp();

type Part = [name: string, value: string | Blob, filename?: string];
function form(...parts: Part[]): FormData {
  const fd = new FormData();
  for (const [name, value, filename] of parts) {
    if (typeof value === 'string') fd.append(name, value);
    else fd.append(name, value, filename ?? 'file');
  }
  return fd;
}
const json = (value: unknown) => JSON.stringify(value);
const blob = (bytes: Uint8Array<ArrayBuffer>, type = 'application/octet-stream') => new Blob([bytes], { type });

async function bucketKeys(): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.FILES.list({ cursor, limit: 1000 });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys.sort();
}
const blobRows = async () => (await db().select({ n: count() }).from(blobs))[0]!.n;

/** Runs `fn` and checks that neither R2 nor the `blobs` table gained anything. */
async function leavesNothing(fn: () => Promise<void>) {
  const [keysBefore, rowsBefore] = [await bucketKeys(), await blobRows()];
  await fn();
  expect(await bucketKeys()).toEqual(keysBefore);
  expect(await blobRows()).toBe(rowsBefore);
}

/** A file of `size` bytes that starts like `head` (so it sniffs as that type), filled with varied bytes. */
function padded(head: Uint8Array, size: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i++) out[i] = (i * 31 + (i >> 8)) & 0xff;
  out.set(head.subarray(0, Math.min(head.length, size)));
  return out;
}

async function sha256(data: ArrayBuffer | Uint8Array<ArrayBuffer>): Promise<string> {
  return [...new Uint8Array(await crypto.subtle.digest('SHA-256', data))]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('');
}

/** The test bucket, wrapped to record which R2 calls withUpload makes (multipart uploads included). */
function spyBucket(calls: string[]): R2Bucket {
  return new Proxy(env.FILES, {
    get(target, prop) {
      const value = Reflect.get(target, prop);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push(String(prop));
        const result = value.apply(target, args);
        if (prop !== 'createMultipartUpload') return result;
        return (result as Promise<R2MultipartUpload>).then((mp) => ({
          key: mp.key,
          uploadId: mp.uploadId,
          uploadPart: (n: number, data: Uint8Array) => {
            calls.push(`uploadPart ${n} ${data.byteLength}`);
            return mp.uploadPart(n, data);
          },
          complete: (parts: R2UploadedPart[]) => (calls.push('complete'), mp.complete(parts)),
          abort: () => (calls.push('abort'), mp.abort()),
        }));
      };
    },
  });
}

describe('withUpload: the body', () => {
  it('accepts a JSON request and validates it', async () => {
    const res = await send({ headers: { 'Content-Type': 'application/json' }, body: json({ title: 'plain' }) });
    expect(res.status).toBe(201);
    expect(res.body.result.body).toEqual({ title: 'plain', use: [] });
  });

  it('accepts a multipart body part sent as a string field', async () => {
    const res = await send({ body: form(['body', json({ title: 'as string' })]) });
    expect(res.status).toBe(201);
    expect(res.body.result.body.title).toBe('as string');
  });

  it('accepts a multipart body part sent as a JSON file', async () => {
    const res = await send({
      body: form(['body', new Blob([json({ title: 'as file' })], { type: 'application/json' }), 'body.json']),
    });
    expect(res.status).toBe(201);
    expect(res.body.result.body.title).toBe('as file');
  });

  it('accepts the body part after the files', async () => {
    const png = fixture('tiny.png');
    const res = await send({
      body: form(['blob:pic', blob(png.bytes), 'a.png'], ['body', json({ title: 'late body', use: ['pic'] })]),
    });
    expect(res.status).toBe(201);
    expect(res.body.result.files[0]).toMatchObject({ contentType: 'image/png', size: png.bytes.length, kind: 'image' });
  });

  it('answers 400 in the shared format for a body that fails the schema, storing nothing', async () => {
    await leavesNothing(async () => {
      const res = await send({
        body: form(['blob:pic', blob(fixture('tiny.png').bytes)], ['body', json({ title: '' })]),
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: 400,
        message: 'Validation error: Too small: expected string to have >=1 characters at "title"',
        result: {
          issues: [
            { path: ['title'], code: 'too_small', message: 'Too small: expected string to have >=1 characters' },
          ],
        },
      });
    });
  });

  it('answers 400 for malformed JSON in the body part and in a JSON request', async () => {
    await leavesNothing(async () => {
      const multi = await send({ body: form(['blob:pic', blob(fixture('tiny.gif').bytes)], ['body', '{"title": ']) });
      expect(multi.status).toBe(400);
      expect(multi.body.message).toBe('Malformed JSON in part "body"');
    });
    const plain = await send({ headers: { 'Content-Type': 'application/json' }, body: '{"title": ' });
    expect(plain.status).toBe(400);
    expect(plain.body.message).toBe('Malformed JSON in request body');
  });

  it('answers 400 when the body part is missing, removing the files already stored', async () => {
    await leavesNothing(async () => {
      const res = await send({ body: form(['blob:pic', blob(fixture('tiny.jpg').bytes)]) });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Missing multipart part "body"');
    });
  });

  it('answers 415 for other content types', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'image/png']) {
      const res = await send({ headers: { 'Content-Type': type }, body: 'title=x' });
      expect(res.status, type).toBe(415);
      expect(res.body).toEqual({
        code: 415,
        message: 'Expected application/json or multipart/form-data',
        result: null,
      });
    }
    const none = await send({ body: new Uint8Array([1, 2, 3]) });
    expect(none.status).toBe(415);
  });

  it('answers 400 for unknown part names, duplicate parts and bad tags, storing nothing', async () => {
    const png = fixture('tiny.png').bytes;
    const cases: [Part[], string][] = [
      [
        [
          ['body', json({ title: 't' })],
          ['blob:a', blob(png)],
          ['avatar', blob(png)],
        ],
        'Unknown multipart part "avatar": expected "body", "blob:{tag}" or "variant:{tag}:{width}"',
      ],
      [
        [
          ['body', json({ title: 't' })],
          ['title', 'x'],
        ],
        'Unknown multipart part "title": expected "body", "blob:{tag}" or "variant:{tag}:{width}"',
      ],
      [
        [
          ['blob:a', blob(png)],
          ['blob:a', blob(png)],
          ['body', json({ title: 't' })],
        ],
        'Duplicate file part "blob:a"',
      ],
      [
        [
          ['body', json({ title: 't' })],
          ['body', json({ title: 't' })],
        ],
        'Duplicate multipart part "body"',
      ],
      [
        [
          ['body', json({ title: 't' })],
          ['blob:a/b', blob(png)],
        ],
        'Unknown multipart part "blob:a/b": expected "body", "blob:{tag}" or "variant:{tag}:{width}"',
      ],
    ];
    for (const [parts, message] of cases) {
      await leavesNothing(async () => {
        const res = await send({ body: form(...parts) });
        expect(res.status, message).toBe(400);
        expect(res.body.message).toBe(message);
      });
    }
  });

  it('answers 400 for a malformed multipart stream', async () => {
    const boundary = 'xyzBOUNDARYxyz';
    const headers = { 'Content-Type': `multipart/form-data; boundary=${boundary}` };
    const truncated = `--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\n{"title":"t"}`;
    const noBoundary = await send({ headers: { 'Content-Type': 'multipart/form-data' }, body: truncated });
    expect(noBoundary.status).toBe(400);
    expect(noBoundary.body.message).toBe('Multipart request without a boundary');
    const cut = await send({ headers, body: truncated });
    expect(cut.status).toBe(400);
    expect(cut.body.message).toBe('Malformed multipart body: Unexpected end of multipart body');
    const noDisposition = await send({
      headers,
      body: `--${boundary}\r\nContent-Type: text/plain\r\n\r\nx\r\n--${boundary}--\r\n`,
    });
    expect(noDisposition.status).toBe(400);
  });

  it('reads a hand-made multipart body with a preamble, quoted boundary and epilogue', async () => {
    const boundary = 'a "quoted" one'.replace(/ /g, '_').replace(/"/g, '');
    const text =
      'preamble to ignore\r\n' +
      `--${boundary}\r\nContent-Disposition: form-data; name="body"\r\nContent-Type: application/json\r\n\r\n${json({ title: 'hand made' })}\r\n` +
      `--${boundary}--\r\nepilogue`;
    const res = await send({ headers: { 'Content-Type': `multipart/form-data; boundary="${boundary}"` }, body: text });
    expect(res.status).toBe(201);
    expect(res.body.result.body.title).toBe('hand made');
  });
});

describe('withUpload: files', () => {
  it.each(MEDIA.map((m) => [m.name, m] as const))(
    'stores %s under a server-made key with its sniffed type',
    async (_name, media) => {
      const user = await createUser();
      // The declared type is deliberately wrong: only the bytes count.
      const res = await send({
        cookie: await sessionCookie(user),
        body: form(
          ['body', json({ title: media.name, use: ['f'], kind: media.kind })],
          ['blob:f', blob(media.bytes, 'text/plain'), 'upload.bin'],
        ),
      });
      expect(res.status).toBe(201);
      const stored = res.body.result.files[0];
      expect(stored).toEqual({
        key: expect.stringMatching(new RegExp(`^${media.kind}/[0-9a-f-]{36}\\.${media.ext}$`)),
        contentType: media.contentType,
        size: media.bytes.length,
        kind: media.kind,
        ...(media.kind === 'image' ? { dimensions: { width: 16, height: 16 } } : {}),
      });
      const object = await env.FILES.get(stored.key);
      expect(object?.httpMetadata?.contentType).toBe(media.contentType);
      expect(await sha256(await object!.arrayBuffer())).toBe(await sha256(media.bytes));
      const [row] = await db().select().from(blobs).where(eq(blobs.key, stored.key));
      expect(row).toMatchObject({
        key: stored.key,
        contentType: media.contentType,
        size: media.bytes.length,
        userId: user.id,
      });
    },
  );

  it('sniffs by content: every fixture is recognised, HTML and near misses are not', () => {
    for (const m of MEDIA)
      expect(sniff(m.bytes), m.name).toMatchObject({ contentType: m.contentType, kind: m.kind, ext: m.ext });
    expect(sniff(DISGUISED_HTML)).toBeNull();
    expect(sniff(new Uint8Array())).toBeNull();
    const enc = new TextEncoder();
    // QuickTime and HEIC share the ftyp box with mp4 and avif but are not allowed; Matroska shares EBML with webm.
    expect(
      sniff(padded(new Uint8Array([0, 0, 0, 20, ...enc.encode('ftypqt  '), 0, 0, 0, 0, ...enc.encode('qt  ')]), 64)),
    ).toBeNull();
    expect(
      sniff(
        padded(new Uint8Array([0, 0, 0, 24, ...enc.encode('ftypheic'), 0, 0, 0, 0, ...enc.encode('mif1heic')]), 64),
      ),
    ).toBeNull();
    expect(
      sniff(padded(new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x93, 0x42, 0x82, 0x88, ...enc.encode('matroska')]), 64)),
    ).toBeNull();
    expect(sniff(enc.encode('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
  });

  it('refuses a disguised file (HTML named .png, declared image/png) with 415 and leaves nothing in R2 or D1', async () => {
    await leavesNothing(async () => {
      const res = await send({
        body: form(
          ['body', json({ title: 'sneaky', use: ['good', 'bad'] })],
          ['blob:good', blob(fixture('tiny.png').bytes, 'image/png'), 'good.png'],
          ['blob:bad', blob(DISGUISED_HTML, 'image/png'), 'bad.png'],
        ),
      });
      expect(res.status).toBe(415);
      expect(res.body).toEqual({
        code: 415,
        message: 'File part "blob:bad" is not an allowed image or video (jpeg, png, webp, gif, avif, mp4, webm)',
        result: null,
      });
    });
  });

  it('refuses an empty file part with 415', async () => {
    await leavesNothing(async () => {
      const res = await send({ body: form(['body', json({ title: 'empty' })], ['blob:e', blob(new Uint8Array())]) });
      expect(res.status).toBe(415);
    });
  });

  it('answers 413 for an image over the limit and leaves nothing behind (the multipart upload is aborted)', async () => {
    const big = padded(fixture('tiny.png').bytes, UPLOAD_LIMITS.image + 1);
    const calls: string[] = [];
    await leavesNothing(async () => {
      const res = await probeApp({ ...env, FILES: spyBucket(calls) })({
        body: form(
          ['body', json({ title: 'big', use: ['small', 'big'] })],
          ['blob:small', blob(fixture('tiny.jpg').bytes)],
          ['blob:big', blob(big)],
        ),
      });
      expect(res.status).toBe(413);
      expect(res.body.message).toBe('File part "blob:big" exceeds the 10 MiB limit for images');
      const part = UPLOAD_LIMITS.partSize;
      // The limit trips as the byte past 10 MiB arrives, before that second part would go up.
      expect(calls).toEqual(['put', 'createMultipartUpload', `uploadPart 1 ${part}`, 'abort', 'delete']);
    });
  });

  it('answers 400 past the file count limit, storing nothing', async () => {
    const gif = fixture('tiny.gif').bytes;
    const parts: Part[] = [['body', json({ title: 'many' })]];
    for (let i = 0; i <= UPLOAD_LIMITS.files; i++) parts.push([`blob:f${i}`, blob(gif)]);
    await leavesNothing(async () => {
      const res = await send({ body: form(...parts) });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('At most 50 files per request');
    });
  });

  it('streams a multi-MiB video to R2 as a multipart upload of 5 MiB parts', async () => {
    const calls: string[] = [];
    const spied = spyBucket(calls);
    const sendSpied = probeApp({ ...env, FILES: spied });
    const size = 12 * 1024 * 1024 + 12345;
    const video = padded(fixture('tiny.mp4').bytes, size);
    const res = await sendSpied({
      body: form(
        ['body', json({ title: 'film', use: ['v'], kind: 'video' })],
        ['blob:v', blob(video, 'video/quicktime'), 'film.mov'],
      ),
    });
    expect(res.status).toBe(201);
    const part = UPLOAD_LIMITS.partSize;
    expect(calls).toEqual([
      'createMultipartUpload',
      `uploadPart 1 ${part}`,
      `uploadPart 2 ${part}`,
      `uploadPart 3 ${size - 2 * part}`,
      'complete',
    ]);
    const stored = res.body.result.files[0];
    expect(stored).toMatchObject({ contentType: 'video/mp4', size, kind: 'video' });
    const object = await env.FILES.get(stored.key);
    expect(object?.size).toBe(size);
    expect(object?.httpMetadata?.contentType).toBe('video/mp4');
    expect(await sha256(await object!.arrayBuffer())).toBe(await sha256(video));
  });

  it('puts a small file in one write without a multipart upload', async () => {
    const calls: string[] = [];
    const spied = spyBucket(calls);
    const res = await probeApp({ ...env, FILES: spied })({
      body: form(['body', json({ title: 'small', use: ['s'] })], ['blob:s', blob(fixture('tiny.webp').bytes)]),
    });
    expect(res.status).toBe(201);
    expect(calls).toEqual(['put']);
  });
});

// Headers that declare a size and nothing else: what a decompression bomb looks like before its pixels.
const le16 = (n: number) => [n & 0xff, n >>> 8];
const le24 = (n: number) => [n & 0xff, (n >>> 8) & 0xff, n >>> 16];
const be16 = (n: number) => [n >>> 8, n & 0xff];
const be32 = (n: number) => [n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const text = (s: string) => [...s].map((ch) => ch.charCodeAt(0));
const declaring: Record<string, (w: number, h: number) => number[]> = {
  png: (w, h) => [0x89, ...text('PNG\r\n\x1a\n'), 0, 0, 0, 13, ...text('IHDR'), ...be32(w), ...be32(h), 8, 6, 0, 0, 0],
  gif: (w, h) => [...text('GIF89a'), ...le16(w), ...le16(h), 0, 0, 0],
  webp: (w, h) => [
    ...text('RIFF'),
    22,
    0,
    0,
    0,
    ...text('WEBPVP8X'),
    10,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    ...le24(w - 1),
    ...le24(h - 1),
  ],
  jpeg: (w, h) => [
    ...[0xff, 0xd8, 0xff, 0xe0, 0, 16, ...text('JFIF'), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0],
    ...[0xff, 0xc0, 0, 17, 8, ...be16(h), ...be16(w), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1],
  ],
  avif: (w, h) => [
    ...[0, 0, 0, 20, ...text('ftypavif'), 0, 0, 0, 0, ...text('avif')],
    ...[0, 0, 0, 32, ...text('meta'), 0, 0, 0, 0, 0, 0, 0, 20, ...text('ispe'), 0, 0, 0, 0, ...be32(w), ...be32(h)],
  ],
};

describe('withUpload: pixel bound', () => {
  it.each(Object.keys(declaring))(
    'refuses a %s over 40 megapixels from its header (413), and takes one just under',
    async (format) => {
      const make = declaring[format]!;
      await leavesNothing(async () => {
        const bomb = padded(new Uint8Array(make(30_000, 30_000)), 4096);
        const res = await send({ body: form(['body', json({ title: 'bomb', use: ['b'] })], ['blob:b', blob(bomb)]) });
        expect(res.status, res.body.message).toBe(413);
        expect(res.body.message).toBe(
          'File part "blob:b" is 30000 × 30000 px: pictures may have at most 40 megapixels',
        );
      });
      const wide = padded(new Uint8Array(make(8000, 5000)), 4096);
      const ok = await send({ body: form(['body', json({ title: 'wide', use: ['w'] })], ['blob:w', blob(wide)]) });
      expect(ok.status, ok.body.message).toBe(201);
      expect(ok.body.result.files[0].dimensions).toEqual({ width: 8000, height: 5000 });
    },
  );

  it('refuses a picture whose header names no size (400)', async () => {
    await leavesNothing(async () => {
      // A PNG signature with no IHDR chunk after it.
      const headless = padded(new Uint8Array(declaring.png!(1, 1).slice(0, 8)), 100);
      const res = await send({ body: form(['body', json({ title: 'x', use: ['p'] })], ['blob:p', blob(headless)]) });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('File part "blob:p": its size in pixels cannot be read from its PNG header');
    });
  });

  it('reads the size of every real fixture', async () => {
    for (const media of MEDIA.filter((m) => m.kind === 'image')) {
      const res = await send({
        body: form(['body', json({ title: 'real', use: ['r'] })], ['blob:r', blob(media.bytes)]),
      });
      expect(res.status, media.name).toBe(201);
      expect(res.body.result.files[0].dimensions, media.name).toEqual({ width: 16, height: 16 });
    }
  });
});

describe('withUpload: cleanup and bookkeeping', () => {
  it('removes unused files on success and records only the used ones', async () => {
    const before = await bucketKeys();
    const res = await send({
      body: form(
        ['body', json({ title: 'pick one', use: ['keep'], optional: 'maybe' })],
        ['blob:keep', blob(fixture('tiny.png').bytes)],
        ['blob:maybe', blob(fixture('tiny.gif').bytes)],
        ['blob:drop', blob(fixture('tiny.jpg').bytes)],
      ),
    });
    expect(res.status).toBe(201);
    const kept = [res.body.result.files[0].key, res.body.result.optional.key].sort();
    expect(await bucketKeys()).toEqual([...before, ...kept].sort());
    const rows = await db().select({ key: blobs.key, userId: blobs.userId }).from(blobs);
    expect(rows.filter((r) => kept.includes(r.key))).toHaveLength(2);
    expect(rows.find((r) => r.key === kept[0])?.userId).toBeNull();
  });

  it('removes every stored file when the handler throws', async () => {
    expectConsoleError();
    await leavesNothing(async () => {
      const res = await send({
        body: form(
          ['body', json({ title: 'boom', use: ['a'], fail: 'throw' })],
          ['blob:a', blob(fixture('tiny.png').bytes)],
          ['blob:b', blob(fixture('tiny.webm').bytes)],
        ),
      });
      expect(res.status).toBe(500);
      expect(res.body.message).toBe('Internal server error');
    });
  });

  it('removes every stored file when the handler answers >= 400', async () => {
    await leavesNothing(async () => {
      const res = await send({
        body: form(
          ['body', json({ title: 'no', use: ['a'], fail: 'conflict' })],
          ['blob:a', blob(fixture('tiny.avif').bytes)],
        ),
      });
      expect(res.status).toBe(409);
    });
  });

  it('answers 400 for a missing or wrong-kind file the handler asks for, removing the rest', async () => {
    await leavesNothing(async () => {
      const missing = await send({
        body: form(['body', json({ title: 'where', use: ['nope'] })], ['blob:a', blob(fixture('tiny.png').bytes)]),
      });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe('Missing file part "blob:nope"');
      const wrongKind = await send({
        body: form(
          ['body', json({ title: 'kind', use: ['a'], kind: 'video' })],
          ['blob:a', blob(fixture('tiny.png').bytes)],
        ),
      });
      expect(wrongKind.status).toBe(400);
      expect(wrongKind.body.message).toBe('File part "blob:a" must be a video');
    });
  });

  it('stops at a bad body sent first without storing the files after it', async () => {
    const calls: string[] = [];
    const spied = spyBucket(calls);
    const res = await probeApp({ ...env, FILES: spied })({
      body: form(['body', json({ title: 7 })], ['blob:a', blob(fixture('tiny.png').bytes)]),
    });
    expect(res.status).toBe(400);
    expect(calls).toEqual([]);
  });
});

describe('readMultipart', () => {
  const boundary = 'B0UNDARY';
  const enc = new TextEncoder();
  // Content that keeps almost matching the delimiter, to catch a parser that cuts a part short.
  const tricky = enc.encode('a\r\n--B0UND\r\n--B0UNDARX\r\n-\r\n--B0UNDAR');
  const message = enc.encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\n{"title":"t"}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="blob:x"; filename="a \\"b\\".bin"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const closing = enc.encode(`\r\n--${boundary}--\r\n`);
  const whole = new Uint8Array([...message, ...tricky, ...closing]);

  function chunked(bytes: Uint8Array, sizes: () => number): ReadableStream<Uint8Array> {
    let at = 0;
    return new ReadableStream({
      pull(controller) {
        if (at >= bytes.length) return controller.close();
        const n = Math.max(1, sizes());
        controller.enqueue(bytes.slice(at, at + n));
        at += n;
      },
    });
  }

  async function collect(stream: ReadableStream<Uint8Array>) {
    const parts: { name: string; filename: string | null; contentType: string | null; bytes: number[] }[] = [];
    for await (const part of readMultipart(stream, boundary)) {
      const bytes: number[] = [];
      for await (const chunk of part.body) bytes.push(...chunk);
      parts.push({ name: part.name, filename: part.filename, contentType: part.contentType, bytes });
    }
    return parts;
  }

  it.each([
    ['one chunk', () => whole.length],
    ['single bytes', () => 1],
    ['7-byte chunks', () => 7],
    [
      'uneven chunks',
      (() => {
        let i = 0;
        return () => [3, 11, 1, 29, 2][i++ % 5]!;
      })(),
    ],
  ])('gives the same parts whatever the chunking (%s)', async (_label, sizes) => {
    const parts = await collect(chunked(whole, sizes));
    expect(parts).toEqual([
      { name: 'body', filename: null, contentType: null, bytes: [...enc.encode('{"title":"t"}')] },
      { name: 'blob:x', filename: 'a "b".bin', contentType: 'image/png', bytes: [...tricky] },
    ]);
  });

  it('skips a part body the reader leaves unread', async () => {
    const names: string[] = [];
    for await (const part of readMultipart(
      chunked(whole, () => 5),
      boundary,
    ))
      names.push(part.name);
    expect(names).toEqual(['body', 'blob:x']);
  });

  it('throws on a body cut before its closing boundary', async () => {
    await expect(collect(chunked(whole.slice(0, whole.length - closing.length), () => 4))).rejects.toThrow(
      'Unexpected end of multipart body',
    );
  });
});
