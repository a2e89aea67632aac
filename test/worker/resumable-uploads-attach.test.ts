// Resumable uploads (POST/GET/PUT/DELETE /uploads): parts streamed into an R2 multipart upload, the first one
// sniffed, ownership on every call, completion, cancel, attaching to articles and channels, and the Cron clean-up.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { resumableUpload } from '#schema/workspace';
import { RESUMABLE_LIMITS } from '#schema/limits';
import { blobs, uploads } from '#schema/tables';
import { runUploadCleanUp } from '#worker/scheduled';
import { asRole, createArticle, createChannel } from './content-factories';
import { db } from './helpers';
import { multipartBody, pngFile } from './upload-fixtures';
import { PART, fileBytes, start, putPart, partOf, uploadWhole, keyOf } from './resumable-uploads-kit';

// Parts are 8 MiB: a few of them take longer than the default 5 s in workerd on a small machine.
vi.setConfig({ testTimeout: 30_000 });

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
