// A request that dies midway (the isolate killed, as a deploy or a crash does) leaves no file without its record: each
// file is recorded, with its uploader, before its content is written, and an R2 multipart upload's id as soon as it
// exists. The Cron Trigger sweeps what nothing refers to after a day; the health check reports it until then.
import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { healthCheck } from '#schema/entities';
import { RESUMABLE_LIMITS } from '#schema/limits';
import { articles, blobs, imageOptions, uploads } from '#schema/tables';
import { buildApp } from '#worker/app';
import type { Env } from '#worker/env';
import { sweepUnreferencedFiles, UNREFERENCED_GRACE_MILLIS } from '#worker/services/file-sweep';
import { variantKey } from '#worker/lib/files';
import { upload, UPLOAD_LIMITS, withUpload } from '#worker/services/uploads';
import { runUploadCleanUp } from '#worker/scheduled';
import { fixture } from '../fixtures/media';
import { createArticle } from './content-factories';
import { pngFile } from './upload-fixtures';
import { as, BASE, call, db } from './helpers';

const probeBody = z.object({ use: z.array(z.string()), articleId: z.string().optional() });

/**
 * An app whose probe route stores the files, sets the first one as the thumbnail of `articleId` (the content write),
 * and then never answers: everything after that point in the request, as when its isolate is killed, never runs.
 */
function dyingApp(bindings: Env) {
  const app = buildApp();
  app.post('/__probe/dies', withUpload(probeBody), async (c) => {
    const up = upload(c, probeBody);
    const files = up.body.use.map((tag) => up.file(tag));
    if (up.body.articleId)
      await c.get('db').update(articles).set({ thumbnailKey: files[0]!.key }).where(eq(articles.id, up.body.articleId));
    await new Promise(() => {});
    return c.json({});
  });
  return (cookie: string, form: FormData) => {
    void app.fetch(
      new Request(BASE + '/api/__probe/dies', { method: 'POST', headers: { Cookie: cookie }, body: form }),
      bindings,
      createExecutionContext(),
    );
  };
}

/** The bucket, except that R2 never answers the upload of part `hangAt` (the request dies there). */
function bucketDyingAtPart(hangAt: number): R2Bucket {
  return new Proxy(env.FILES, {
    get(target, prop) {
      const value = Reflect.get(target, prop);
      if (typeof value !== 'function') return value;
      if (prop !== 'createMultipartUpload') return value.bind(target);
      return async (...args: Parameters<R2Bucket['createMultipartUpload']>) => {
        const mp = await target.createMultipartUpload(...args);
        return {
          key: mp.key,
          uploadId: mp.uploadId,
          uploadPart: (n: number, data: Uint8Array) => (n === hangAt ? new Promise(() => {}) : mp.uploadPart(n, data)),
          complete: (parts: R2UploadedPart[]) => mp.complete(parts),
          abort: () => mp.abort(),
        };
      };
    },
  });
}

const rowOf = (key: string) => db().select().from(blobs).where(eq(blobs.key, key)).get();
const later = () => Date.now() + UNREFERENCED_GRACE_MILLIS + 60_000;

describe('a request killed midway', () => {
  it('after the content write: the picture has its uploader, so the owner sets its focal point', async () => {
    const owner = await as('CLIENT');
    const article = await createArticle({ userId: owner.user!.id });
    const form = new FormData();
    form.append('body', JSON.stringify({ use: ['t'], articleId: article.id }));
    form.append('blob:t', pngFile('t.png', 40, 30));
    dyingApp(env)(owner.cookie!, form);
    const key = await vi.waitFor(async () => {
      const row = await db().select().from(articles).where(eq(articles.id, article.id)).get();
      expect(row?.thumbnailKey).toBeTruthy();
      return row!.thumbnailKey!;
    });
    expect((await rowOf(key))?.userId).toBe(owner.user!.id);
    const focal = await owner.call('/imageOptions', {
      method: 'POST',
      body: { blobKey: key, position: '20% 30%', scale: 1 },
    });
    expect(focal.status, focal.body.message).toBe(201);
    // It is shown, so no sweep takes it.
    expect(await sweepUnreferencedFiles(env, db(), later())).toEqual({ files: 0, abortedUploads: 0 });
    expect(await env.FILES.head(key)).not.toBeNull();
  });

  it('before the content write: the file and its variant are swept after a day, and reported until then', async () => {
    const owner = await as('CLIENT');
    const form = new FormData();
    form.append('body', JSON.stringify({ use: ['a'] }));
    form.append('blob:a', pngFile('a.png', 960, 480));
    form.append('variant:a:480', pngFile('a480.png', 480, 240));
    dyingApp(env)(owner.cookie!, form);
    const key = await vi.waitFor(async () => {
      const row = await db().select().from(blobs).where(eq(blobs.userId, owner.user!.id)).get();
      expect(row).toBeTruthy();
      expect(await env.FILES.head(variantKey(row!.key, 480))).not.toBeNull();
      return row!.key;
    });
    await db().insert(imageOptions).values({ blobKey: key, position: '10% 10%', scale: 1 });
    // Within the grace period nothing is reported or swept: the request may still be writing its entity.
    expect(await sweepUnreferencedFiles(env, db())).toEqual({ files: 0, abortedUploads: 0 });
    // A day later (the row made older, as the clock cannot move) the health check reports it and the sweep takes it.
    await db()
      .update(blobs)
      .set({ createdAt: Date.now() - UNREFERENCED_GRACE_MILLIS - 1000 })
      .where(eq(blobs.key, key));
    const admin = await as('ADMIN');
    const report = healthCheck.parse((await admin.call('/healthCheck')).body.result);
    expect(report.unreferencedFiles).toBe(1);
    expect(report.message).toContain('1 file no entity shows, recorded over a day ago');
    const cleaned = await runUploadCleanUp(env, Date.now());
    expect(cleaned.unreferenced).toEqual({ files: 1, abortedUploads: 0 });
    expect(await rowOf(key)).toBeUndefined();
    expect(await env.FILES.head(key)).toBeNull();
    expect(await env.FILES.head(variantKey(key, 480))).toBeNull();
    expect(await db().select().from(imageOptions).where(eq(imageOptions.blobKey, key)).all()).toEqual([]);
  });

  it('in the middle of an R2 multipart upload: the upload is recorded, reported and aborted by the sweep', async () => {
    const owner = await as('CLIENT');
    const size = 2 * UPLOAD_LIMITS.partSize + 1000;
    const video = new Uint8Array(size);
    video.set(fixture('tiny.mp4').bytes);
    const form = new FormData();
    form.append('body', JSON.stringify({ use: ['v'] }));
    form.append('blob:v', new File([video], 'v.mp4', { type: 'video/mp4' }));
    dyingApp({ ...env, FILES: bucketDyingAtPart(2) })(owner.cookie!, form);
    const row = await vi.waitFor(
      async () => {
        const found = await db().select().from(blobs).where(eq(blobs.userId, owner.user!.id)).get();
        expect(found?.r2UploadId).toBeTruthy();
        return found!;
      },
      { timeout: 10_000 },
    );
    expect(row.size).toBe(0);
    await db()
      .update(blobs)
      .set({ createdAt: Date.now() - UNREFERENCED_GRACE_MILLIS - 1000 })
      .where(eq(blobs.key, row.key));
    const admin = await as('ADMIN');
    const report = healthCheck.parse((await admin.call('/healthCheck')).body.result);
    expect(report).toMatchObject({ unreferencedFiles: 1, unfinishedUploads: 1 });
    const fix = await admin.call('/healthCheck/fix');
    expect(fix.body.result.message).toContain('removed 1 file nothing referred to (1 unfinished R2 upload(s) aborted)');
    expect(fix.body.result).toMatchObject({ unreferencedFiles: 0, unfinishedUploads: 0 });
    expect(await rowOf(row.key)).toBeUndefined();
    // The aborted upload takes no more parts.
    await expect(
      env.FILES.resumeMultipartUpload(row.key, row.r2UploadId!).uploadPart(3, new Uint8Array(10)),
    ).rejects.toThrow();
  });

  it('the sweep leaves files that entities show and recent ones alone', async () => {
    const editor = await as('CLIENT');
    const made = await editor.call('/articles', {
      method: 'POST',
      body: (() => {
        const form = new FormData();
        form.append('body', JSON.stringify({ title: 'Kept', type: 'text', channelId: null, thumbnailFileTag: 't' }));
        form.append('blob:t', pngFile());
        return form;
      })(),
    });
    expect(made.status, made.body.message).toBe(201);
    const key = (made.body.result.thumbnailHref as string).replace('/api/files/', '');
    const row = await rowOf(key);
    expect(row).toMatchObject({ userId: editor.user!.id, size: pngFile().size, r2UploadId: null });
    expect((await sweepUnreferencedFiles(env, db(), later())).files).toBe(0);
    expect(await env.FILES.head(key)).not.toBeNull();
    expect((await call(`/files/${key}`)).status).not.toBe(500);
  });

  it('a resumable upload whose request died before R2 made its multipart upload is cleared like any idle one', async () => {
    const editor = await as('CLIENT');
    const id = crypto.randomUUID();
    await db()
      .insert(uploads)
      .values({
        id,
        userId: editor.user!.id,
        key: `video/${crypto.randomUUID()}.mp4`,
        r2UploadId: '',
        contentType: 'video/mp4',
        size: 100,
        partSize: RESUMABLE_LIMITS.partSize,
        fingerprint: 'v1:dead',
        updatedAt: Date.now() - RESUMABLE_LIMITS.idleMillis - 1000,
      });
    const cleaned = await runUploadCleanUp(env, Date.now());
    expect(cleaned.aborted).toBe(1);
    expect(await db().select().from(uploads).where(eq(uploads.id, id)).get()).toBeUndefined();
  });
});
