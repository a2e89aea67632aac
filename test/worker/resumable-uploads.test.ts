// Resumable uploads (POST/GET/PUT/DELETE /uploads): parts streamed into an R2 multipart upload, the first one
// sniffed, ownership on every call, completion, cancel, attaching to articles and channels, and the Cron clean-up.
import { env, exports } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { resumableUpload, type ResumableUpload } from '#schema/workspace';
import { RESUMABLE_LIMITS } from '#schema/limits';
import { blobs, uploads } from '#schema/tables';
import { runUploadCleanUp } from '#worker/scheduled';
import { asRole, createArticle, createChannel } from './content-factories';
import { BASE, call, db, unique } from './helpers';
import { mp4Bytes, multipartBody, pngFile, webmBytes } from './upload-fixtures';

type Editor = Awaited<ReturnType<typeof asRole>>;
const PART = RESUMABLE_LIMITS.partSize;

/** A file of `size` bytes that sniffs as `head` says (the rest is a counting pattern, so parts differ). */
function fileBytes(size: number, head: Uint8Array = mp4Bytes()): Uint8Array<ArrayBuffer> {
  const pattern = Uint8Array.from({ length: 251 }, (_, i) => i);
  const bytes = new Uint8Array(size);
  for (let at = 0; at < size; at += pattern.length)
    bytes.set(pattern.subarray(0, Math.min(pattern.length, size - at)), at);
  bytes.set(head.subarray(0, Math.min(head.length, size)));
  return bytes;
}

/** SHA-256 hex: comparing megabytes with toEqual takes vitest seconds. */
const digest = async (data: ArrayBuffer | Uint8Array<ArrayBuffer>) =>
  [...new Uint8Array(await crypto.subtle.digest('SHA-256', data))].map((b) => b.toString(16).padStart(2, '0')).join('');

async function start(editor: Editor, size: number, o: { contentType?: string; fingerprint?: string } = {}) {
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

async function putPart(
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

const partOf = (bytes: Uint8Array<ArrayBuffer>, n: number) =>
  bytes.subarray((n - 1) * PART, Math.min(n * PART, bytes.length));

/** A complete upload of `bytes`, sent part by part. */
async function uploadWhole(
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

const keyOf = async (id: string) =>
  (await db().select({ key: uploads.key }).from(uploads).where(eq(uploads.id, id)).get())?.key;

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

describe('attaching a complete upload', () => {
  it("becomes an article video by videoUploadId (add, replace, create), and is no longer the owner's to cancel", async () => {
    const editor = await asRole('CLIENT');
    const article = await createArticle({ userId: editor.user.id, media: { kind: 'video', videos: [] } });
    const done = await uploadWhole(editor, fileBytes(PART + 7));
    const key = (await keyOf(done.id))!;
    const res = await editor.call(`/articles/${article.id}/media/video`, {
      method: 'POST',
      body: multipartBody(
        { videoUploadId: done.id, title: 'Big one', thumbnailMillis: 1500, thumbnailFileTag: 't' },
        { t: pngFile() },
      ),
    });
    expect(res.status, res.body.message).toBe(201);
    expect(res.body.result.media.videos[0]).toMatchObject({
      title: 'Big one',
      href: `/api/files/${key}`,
      thumbnailMillis: 1500,
    });
    expect((await editor.call(`/uploads/${done.id}`)).status).toBe(404);
    expect((await editor.call('/uploads')).body.result).toEqual([]);
    expect(await env.FILES.head(key)).not.toBeNull();
    // Taken once only.
    const twice = await editor.call(`/articles/${article.id}/media/video`, {
      method: 'POST',
      body: { videoUploadId: done.id },
    });
    expect(twice.status).toBe(400);

    // Replacing the file deletes the old one.
    const next = await uploadWhole(editor, fileBytes(2000));
    const replaced = await editor.call(`/articles/${article.id}/media/video/0`, {
      method: 'PUT',
      body: { videoUploadId: next.id },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.result.media.videos[0].href).toBe(
      `/api/files/${(await db().select().from(blobs).where(eq(blobs.size, 2000)).all()).at(-1)!.key}`,
    );
    expect(await env.FILES.head(key)).toBeNull();

    const third = await uploadWhole(editor, fileBytes(3000));
    const created = await editor.call('/articles', {
      method: 'POST',
      body: {
        title: 'With a big video',
        type: 'video',
        channelId: null,
        media: { kind: 'video', videos: [{ videoUploadId: third.id, title: 'v' }] },
      },
    });
    expect(created.status, created.body.message).toBe(201);
    expect(created.body.result.media.videos).toHaveLength(1);
  });

  it("stays the owner's when the write fails, so it can be attached elsewhere", async () => {
    const editor = await asRole('CLIENT');
    const gallery = await createArticle({ userId: editor.user.id, media: { kind: 'gallery', images: [] } });
    const done = await uploadWhole(editor, fileBytes(500));
    const refused = await editor.call(`/articles/${gallery.id}/media/video`, {
      method: 'POST',
      body: { videoUploadId: done.id },
    });
    expect(refused.status).toBe(409);
    expect((await editor.call(`/uploads/${done.id}`)).body.result.status).toBe('complete');
    const channel = await createChannel({ userId: editor.user.id });
    const cover = await editor.call(`/channels/${channel.id}`, {
      method: 'PUT',
      body: { coverMedia: { kind: 'video', uploadId: done.id, thumbnailMillis: 2000 } },
    });
    expect(cover.status, cover.body.message).toBe(200);
    expect(cover.body.result.coverMedia).toMatchObject({
      kind: 'video',
      thumbnailMillis: 2000,
      href: expect.stringMatching(/^\/api\/files\/video\//),
    });
    // Without a new file, a video cover keeps its video and takes the new time.
    const retimed = await editor.call(`/channels/${channel.id}`, {
      method: 'PUT',
      body: { coverMedia: { kind: 'video', thumbnailMillis: 3500 } },
    });
    expect(retimed.body.result.coverMedia).toEqual({ ...cover.body.result.coverMedia, thumbnailMillis: 3500 });
    expect(await env.FILES.head(cover.body.result.coverMedia.href.replace('/api/files/', ''))).not.toBeNull();
    const bare = await createChannel({ userId: editor.user.id });
    expect(
      (
        await editor.call(`/channels/${bare.id}`, {
          method: 'PUT',
          body: { coverMedia: { kind: 'video', thumbnailMillis: 1 } },
        })
      ).status,
    ).toBe(400);
  });

  it("refuses someone else's upload, an unfinished one, and both sources at once", async () => {
    const owner = await asRole('CLIENT');
    const other = await asRole('CLIENT');
    const done = await uploadWhole(owner, fileBytes(500));
    const article = await createArticle({ userId: other.user.id, media: { kind: 'video', videos: [] } });
    expect(
      (await other.call(`/articles/${article.id}/media/video`, { method: 'POST', body: { videoUploadId: done.id } }))
        .status,
    ).toBe(400);
    const open = resumableUpload.parse((await start(other, 500)).body.result);
    const unfinished = await other.call(`/articles/${article.id}/media/video`, {
      method: 'POST',
      body: { videoUploadId: open.id },
    });
    expect(unfinished.status).toBe(409);
    const both = await other.call(`/articles/${article.id}/media/video`, {
      method: 'POST',
      body: { videoUploadId: open.id, videoFileTag: 'v' },
    });
    expect(both.status).toBe(400);
    expect(
      (await other.call(`/articles/${article.id}/media/video`, { method: 'POST', body: { title: 'no file' } })).status,
    ).toBe(400);
    expect((await owner.call(`/uploads/${done.id}`)).body.result.status).toBe('complete');
  });
});

describe('the Cron Trigger clean-up', () => {
  it('aborts unfinished uploads and deletes unattached files left alone for a day; recent ones stay', async () => {
    const editor = await asRole('CLIENT');
    const bytes = fileBytes(PART + 1);
    const idle = resumableUpload.parse((await start(editor, bytes.length)).body.result);
    expect((await putPart(editor.cookie, idle.id, 1, partOf(bytes, 1))).status).toBe(200);
    const unattached = await uploadWhole(editor, fileBytes(400));
    const recent = resumableUpload.parse((await start(editor, 100)).body.result);
    const unattachedKey = (await keyOf(unattached.id))!;
    const dayAgo = Date.now() - RESUMABLE_LIMITS.idleMillis - 1000;
    for (const id of [idle.id, unattached.id])
      await db().update(uploads).set({ updatedAt: dayAgo }).where(eq(uploads.id, id));
    const result = await runUploadCleanUp(env, Date.now());
    expect(result).toMatchObject({ aborted: 1, deleted: 1 });
    expect((await editor.call(`/uploads/${idle.id}`)).status).toBe(404);
    expect((await editor.call(`/uploads/${unattached.id}`)).status).toBe(404);
    expect(await env.FILES.head(unattachedKey)).toBeNull();
    expect(await db().select().from(blobs).where(eq(blobs.key, unattachedKey)).get()).toBeUndefined();
    expect((await editor.call(`/uploads/${recent.id}`)).status).toBe(200);
  });
});
