// withUpload through a probe route on the worker's own app: body forms, sniffing, limits, R2 streaming, cleanup.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { blobs } from '#schema/tables';
import { sniff } from '#schema/sniff';
import { UPLOAD_LIMITS } from '#worker/services/uploads';
import { DISGUISED_HTML, fixture, MEDIA } from '../fixtures/media';
import { createUser, db, sessionCookie } from './helpers';
import {
  probeApp,
  send,
  type Part,
  form,
  json,
  blob,
  leavesNothing,
  spyBucket,
  le16,
  le24,
  be16,
  be32,
  text,
} from './uploads-kit';

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
