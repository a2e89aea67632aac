// Shared helpers of the resumable upload tests (resumable-uploads*.test.ts).
import { exports } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { resumableUpload, type ResumableUpload } from '#schema/workspace';
import { RESUMABLE_LIMITS } from '#schema/limits';
import { uploads } from '#schema/tables';
import { asRole } from './content-factories';
import { BASE, db, unique } from './helpers';
import { mp4Bytes } from './upload-fixtures';

export type Editor = Awaited<ReturnType<typeof asRole>>;
export const PART = RESUMABLE_LIMITS.partSize;

/** A file of `size` bytes that sniffs as `head` says (the rest is a counting pattern, so parts differ). */
export function fileBytes(size: number, head: Uint8Array = mp4Bytes()): Uint8Array<ArrayBuffer> {
  const pattern = Uint8Array.from({ length: 251 }, (_, i) => i);
  const bytes = new Uint8Array(size);
  for (let at = 0; at < size; at += pattern.length)
    bytes.set(pattern.subarray(0, Math.min(pattern.length, size - at)), at);
  bytes.set(head.subarray(0, Math.min(head.length, size)));
  return bytes;
}

export async function start(editor: Editor, size: number, o: { contentType?: string; fingerprint?: string } = {}) {
  return editor.call('/uploads', {
    method: 'POST',
    body: {
      size,
      contentType: o.contentType ?? 'video/mp4',
      name: 'clip.mp4',
      fingerprint: o.fingerprint ?? unique('fp'),
    },
  });
}

export async function putPart(
  cookie: string | undefined,
  id: string,
  n: number,
  bytes: Uint8Array<ArrayBuffer>,
  headers: Record<string, string> = {},
) {
  const res = await exports.default.fetch(
    new Request(`${BASE}/api/uploads/${id}/parts/${n}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/octet-stream', ...(cookie ? { Cookie: cookie } : {}), ...headers },
      body: bytes,
    }),
  );
  return { status: res.status, body: await res.json<{ code: number; message: string; result: any }>() };
}

export const partOf = (bytes: Uint8Array<ArrayBuffer>, n: number) =>
  bytes.subarray((n - 1) * PART, Math.min(n * PART, bytes.length));

/** A complete upload of `bytes`, sent part by part. */
export async function uploadWhole(
  editor: Editor,
  bytes: Uint8Array<ArrayBuffer>,
  contentType = 'video/mp4',
): Promise<ResumableUpload> {
  const created = resumableUpload.parse((await start(editor, bytes.length, { contentType })).body.result);
  for (let n = 1; n <= created.partCount; n++)
    expect((await putPart(editor.cookie, created.id, n, partOf(bytes, n))).status).toBe(200);
  const done = await editor.call(`/uploads/${created.id}/complete`, { method: 'POST' });
  expect(done.status, done.body.message).toBe(200);
  return resumableUpload.parse(done.body.result);
}

export const keyOf = async (id: string) =>
  (await db().select({ key: uploads.key }).from(uploads).where(eq(uploads.id, id)).get())?.key;
