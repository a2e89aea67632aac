// withUpload through a probe route on the worker's own app: body forms, sniffing, limits, R2 streaming, cleanup.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { blobs } from '#schema/tables';
import { readMultipart } from '#worker/lib/multipart';
import { fixture } from '../fixtures/media';
import { db, expectConsoleError } from './helpers';
import { probeApp, send, form, json, blob, bucketKeys, leavesNothing, spyBucket } from './uploads-kit';

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
