// Resumable uploads (POST/GET/PUT/DELETE /uploads): parts streamed into an R2 multipart upload, the first one
// sniffed, ownership on every call, completion, cancel, attaching to articles and channels, and the Cron clean-up.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { resumableUpload, type ResumableUpload } from '#schema/workspace';
import { RESUMABLE_LIMITS } from '#schema/limits';
import { blobs } from '#schema/tables';
import { asRole } from './content-factories';
import { call, db } from './helpers';
import { webmBytes } from './upload-fixtures';
import { PART, fileBytes, start, putPart, partOf, uploadWhole, keyOf } from './resumable-uploads-kit';

/** SHA-256 hex: comparing megabytes with toEqual takes vitest seconds. */
const digest = async (data: ArrayBuffer | Uint8Array<ArrayBuffer>) =>
  [...new Uint8Array(await crypto.subtle.digest('SHA-256', data))].map((b) => b.toString(16).padStart(2, '0')).join('');

// Parts are 8 MiB: a few of them take longer than the default 5 s in workerd on a small machine.
vi.setConfig({ testTimeout: 30_000 });

describe('creating an upload', () => {
  it('answers the parts to send; the same file again (fingerprint) gets the same upload back, with its parts', async () => {
    const editor = await asRole('CLIENT');
    const res = await start(editor, 2 * PART + 10, { fingerprint: 'clip.mp4:16777226:1700000000000:abc123' });
    expect(res.status).toBe(201);
    const upload = resumableUpload.parse(res.body.result);
    expect(upload).toMatchObject({
      partSize: PART,
      partCount: 3,
      parts: [],
      status: 'open',
      contentType: 'video/mp4',
      name: 'clip.mp4',
    });
    expect(Date.parse(upload.expiresAt) - Date.parse(upload.createdAt)).toBe(RESUMABLE_LIMITS.idleMillis);
    expect((await putPart(editor.cookie, upload.id, 1, fileBytes(PART))).status).toBe(200);
    const again = await start(editor, 2 * PART + 10, { fingerprint: 'clip.mp4:16777226:1700000000000:abc123' });
    expect(again.status).toBe(200);
    expect(again.body.result).toMatchObject({ id: upload.id, parts: [1] });
    const listed = await editor.call('/uploads');
    expect(listed.body.result.map((u: ResumableUpload) => u.id)).toEqual([upload.id]);
  });

  it('refuses other types (415), empty files (400), files over the limit (413) and an eleventh unfinished upload (409)', async () => {
    const editor = await asRole('CONTRIBUTOR');
    expect((await start(editor, 100, { contentType: 'video/quicktime' })).status).toBe(415);
    expect((await start(editor, 100, { contentType: 'image/png' })).status).toBe(415);
    expect((await start(editor, 0)).status).toBe(400);
    expect((await start(editor, RESUMABLE_LIMITS.video + 1)).status).toBe(413);
    for (let i = 0; i < RESUMABLE_LIMITS.perUser; i++) expect((await start(editor, 100)).status).toBe(201);
    const over = await start(editor, 100);
    expect(over.status).toBe(409);
    expect(over.body.message).toMatch(/unfinished uploads/);
  });

  it('keeps the bytes an editor holds in unfinished uploads within the quota (409 past it), also when started at once', async () => {
    const editor = await asRole('CLIENT');
    const video = RESUMABLE_LIMITS.video;
    const fit = Math.floor(RESUMABLE_LIMITS.bytesPerUser / video);
    for (let i = 0; i < fit; i++) expect((await start(editor, video)).status).toBe(201);
    const over = await start(editor, RESUMABLE_LIMITS.bytesPerUser - fit * video + 1);
    expect(over.status).toBe(409);
    expect(over.body.message).toMatch(/^Unfinished uploads may hold at most 5 GB at a time: yours hold 4 GB, /);
    // What is left fits exactly.
    expect((await start(editor, RESUMABLE_LIMITS.bytesPerUser - fit * video)).status).toBe(201);

    // Two uploads started at once that fit only one at a time: one is refused, never both taken.
    const other = await asRole('CONTRIBUTOR');
    for (let i = 0; i < fit; i++) expect((await start(other, video)).status).toBe(201);
    const rest = RESUMABLE_LIMITS.bytesPerUser - fit * video;
    const racing = await Promise.all([start(other, rest), start(other, rest)]);
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409]);
    const held = await other.call('/uploads');
    expect(held.body.result.reduce((sum: number, u: ResumableUpload) => sum + u.size, 0)).toBe(
      RESUMABLE_LIMITS.bytesPerUser,
    );
  });
});

describe('sending parts', () => {
  it("streams every part into R2 and completes into one file the size of the original, recorded as the caller's", async () => {
    const editor = await asRole('CLIENT');
    const bytes = fileBytes(2 * PART + 12_345, webmBytes());
    const done = await uploadWhole(editor, bytes, 'video/webm');
    expect(done).toMatchObject({ status: 'complete', parts: [1, 2, 3] });
    const key = (await keyOf(done.id))!;
    expect(key).toMatch(/^video\/[0-9a-f-]{36}\.webm$/);
    const object = await env.FILES.get(key);
    expect(object?.httpMetadata?.contentType).toBe('video/webm');
    expect(await digest(await object!.arrayBuffer())).toBe(await digest(bytes));
    expect(await db().select().from(blobs).where(eq(blobs.key, key)).get()).toMatchObject({
      size: bytes.length,
      userId: editor.user.id,
      contentType: 'video/webm',
    });
    // Completing again answers the same (a retry after a lost answer).
    const again = await editor.call(`/uploads/${done.id}/complete`, { method: 'POST' });
    expect(again.body.result).toMatchObject({ id: done.id, status: 'complete' });
  });

  it('resends a part: the second one replaces the first', async () => {
    const editor = await asRole('CLIENT');
    const bytes = fileBytes(PART + 5);
    const upload = resumableUpload.parse((await start(editor, bytes.length)).body.result);
    expect((await putPart(editor.cookie, upload.id, 1, partOf(bytes, 1))).status).toBe(200);
    expect((await putPart(editor.cookie, upload.id, 2, new Uint8Array([9, 9, 9, 9, 9]))).status).toBe(200);
    expect((await putPart(editor.cookie, upload.id, 2, partOf(bytes, 2))).status).toBe(200);
    const done = await editor.call(`/uploads/${upload.id}/complete`, { method: 'POST' });
    expect(done.status).toBe(200);
    const object = await env.FILES.get((await keyOf(upload.id))!);
    expect(await digest(await object!.arrayBuffer())).toBe(await digest(bytes));
  });

  it("wants part 1 first (409), a part number in range (400) and exactly the part's length (400)", async () => {
    const editor = await asRole('CLIENT');
    const bytes = fileBytes(PART + 100);
    const upload = resumableUpload.parse((await start(editor, bytes.length)).body.result);
    const early = await putPart(editor.cookie, upload.id, 2, partOf(bytes, 2));
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/part 1 first/);
    expect((await putPart(editor.cookie, upload.id, 3, new Uint8Array(10))).status).toBe(400);
    expect((await putPart(editor.cookie, upload.id, 0, new Uint8Array(10))).status).toBe(400);
    const short = await putPart(editor.cookie, upload.id, 1, partOf(bytes, 1).subarray(0, PART - 1));
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(`Part 1 must be ${PART} bytes, not ${PART - 1}`);
    // A part is raw bytes: another type is 415 (and, over 1 MiB, refused as any other body that size: 413).
    expect(
      (await putPart(editor.cookie, upload.id, 1, partOf(bytes, 1).subarray(0, 1000), { 'Content-Type': 'video/mp4' }))
        .status,
    ).toBe(415);
    expect((await putPart(editor.cookie, upload.id, 1, partOf(bytes, 1), { 'Content-Type': 'video/mp4' })).status).toBe(
      413,
    );
    expect((await editor.call(`/uploads/${upload.id}`)).body.result.parts).toEqual([]);
    const missing = await editor.call(`/uploads/${upload.id}/complete`, { method: 'POST' });
    expect(missing.status).toBe(409);
    expect(missing.body.message).toBe('Parts missing: 1, 2 (of 2)');
  });

  it('sniffs part 1: a disguised file is 415 and the whole upload is cancelled, nothing stored', async () => {
    const editor = await asRole('CLIENT');
    const html = new TextEncoder().encode('<!doctype html><html><body>not a video</body></html>'.padEnd(200, ' '));
    const upload = resumableUpload.parse((await start(editor, html.length)).body.result);
    const key = (await keyOf(upload.id))!;
    const res = await putPart(editor.cookie, upload.id, 1, html);
    expect(res.status).toBe(415);
    expect((await editor.call(`/uploads/${upload.id}`)).status).toBe(404);
    expect(await env.FILES.head(key)).toBeNull();
    // A WebM declared as MP4 is refused the same way.
    const webm = fileBytes(300, webmBytes());
    const declaredMp4 = resumableUpload.parse((await start(editor, webm.length)).body.result);
    expect((await putPart(editor.cookie, declaredMp4.id, 1, webm)).status).toBe(415);
  });

  it("is the owner's alone: another editor and ADMIN get 404, a reader 403, anonymous 401, on every call", async () => {
    const owner = await asRole('CLIENT');
    const bytes = fileBytes(PART + 1);
    const upload = resumableUpload.parse((await start(owner, bytes.length)).body.result);
    expect((await putPart(owner.cookie, upload.id, 1, partOf(bytes, 1))).status).toBe(200);
    for (const role of ['CONTRIBUTOR', 'ADMIN'] as const) {
      const other = await asRole(role);
      expect((await other.call(`/uploads/${upload.id}`)).status).toBe(404);
      expect((await putPart(other.cookie, upload.id, 2, partOf(bytes, 2))).status).toBe(404);
      expect((await other.call(`/uploads/${upload.id}/complete`, { method: 'POST' })).status).toBe(404);
      expect((await other.call(`/uploads/${upload.id}`, { method: 'DELETE' })).status).toBe(404);
      expect((await other.call('/uploads')).body.result).toEqual([]);
    }
    const reader = await asRole('REGULAR_USER');
    expect((await putPart(reader.cookie, upload.id, 2, partOf(bytes, 2))).status).toBe(403);
    expect((await putPart(undefined, upload.id, 2, partOf(bytes, 2))).status).toBe(401);
    expect((await call(`/uploads/${upload.id}`)).status).toBe(401);
    expect((await owner.call(`/uploads/${upload.id}`)).body.result.parts).toEqual([1]);
  });
});

describe('cancelling', () => {
  it('aborts an unfinished upload: gone, and later parts are 404', async () => {
    const editor = await asRole('CLIENT');
    const bytes = fileBytes(PART + 1);
    const upload = resumableUpload.parse((await start(editor, bytes.length)).body.result);
    expect((await putPart(editor.cookie, upload.id, 1, partOf(bytes, 1))).status).toBe(200);
    const key = (await keyOf(upload.id))!;
    expect((await editor.call(`/uploads/${upload.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await editor.call(`/uploads/${upload.id}`)).status).toBe(404);
    expect((await putPart(editor.cookie, upload.id, 2, partOf(bytes, 2))).status).toBe(404);
    expect(await env.FILES.head(key)).toBeNull();
  });

  it('deletes the file of a complete upload never attached', async () => {
    const editor = await asRole('CLIENT');
    const done = await uploadWhole(editor, fileBytes(1000));
    const key = (await keyOf(done.id))!;
    expect(await env.FILES.head(key)).not.toBeNull();
    expect((await editor.call(`/uploads/${done.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await env.FILES.head(key)).toBeNull();
    expect(await db().select().from(blobs).where(eq(blobs.key, key)).get()).toBeUndefined();
  });
});
