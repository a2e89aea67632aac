// Shared probe app and helpers of the upload tests (uploads*.test.ts).
import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { count } from 'drizzle-orm';
import { expect } from 'vitest';
import { z } from 'zod';
import { blobs } from '#schema/tables';
import { buildApp } from '#worker/app';
import type { Env } from '#worker/env';
import { ok } from '#worker/lib/envelope';
import { Conflict } from '#worker/lib/errors';
import { upload, withUpload } from '#worker/services/uploads';
import { BASE, db } from './helpers';

export const probeBody = z.object({
  title: z.string().min(1),
  /** Tags the handler takes with file(); the rest stay unused. */
  use: z.array(z.string()).default([]),
  kind: z.enum(['image', 'video']).optional(),
  optional: z.string().nullable().optional(),
  fail: z.enum(['throw', 'conflict']).optional(),
});

export function probeApp(bindings: Env = env) {
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
export const send = probeApp();

export type Part = [name: string, value: string | Blob, filename?: string];
export function form(...parts: Part[]): FormData {
  const fd = new FormData();
  for (const [name, value, filename] of parts) {
    if (typeof value === 'string') fd.append(name, value);
    else fd.append(name, value, filename ?? 'file');
  }
  return fd;
}
export const json = (value: unknown) => JSON.stringify(value);
export const blob = (bytes: Uint8Array<ArrayBuffer>, type = 'application/octet-stream') => new Blob([bytes], { type });

export async function bucketKeys(): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.FILES.list({ cursor, limit: 1000 });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys.sort();
}
export const blobRows = async () => (await db().select({ n: count() }).from(blobs))[0]!.n;

/** Runs `fn` and checks that neither R2 nor the `blobs` table gained anything. */
export async function leavesNothing(fn: () => Promise<void>) {
  const [keysBefore, rowsBefore] = [await bucketKeys(), await blobRows()];
  await fn();
  expect(await bucketKeys()).toEqual(keysBefore);
  expect(await blobRows()).toBe(rowsBefore);
}

/** The test bucket, wrapped to record which R2 calls withUpload makes (multipart uploads included). */
export function spyBucket(calls: string[]): R2Bucket {
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

// Headers that declare a size and nothing else: what a decompression bomb looks like before its pixels.
export const le16 = (n: number) => [n & 0xff, n >>> 8];
export const le24 = (n: number) => [n & 0xff, (n >>> 8) & 0xff, n >>> 16];
export const be16 = (n: number) => [n >>> 8, n & 0xff];
export const be32 = (n: number) => [n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
export const text = (s: string) => [...s].map((ch) => ch.charCodeAt(0));
