import { describe, expect, it } from 'vitest';
import { imageOption } from '#schema/entities';
import { imageOptions } from '#schema/tables';
import { getImageOption } from '#worker/queries/image-options';
import { createArticle, createChannel, createNewsItem, createBlob } from './content-factories';
import { as, call, createUser, db, sessionCookie } from './helpers';

const path = (key: string) => `/imageOptions/${encodeURIComponent(key)}`;

describe('POST /imageOptions', () => {
  it('lets the uploader set options, coercing scale to a number; 201', async () => {
    const { call: asUser, user } = await as('REGULAR_USER');
    const blob = await createBlob(user!.id);
    const res = await asUser('/imageOptions', {
      method: 'POST',
      body: { blobKey: blob.key, position: '30% 70%', scale: '1.5' },
    });
    expect(res.status).toBe(201);
    expect(imageOption.parse(res.body.result)).toEqual({ blobKey: blob.key, position: '30% 70%', scale: 1.5 });
    expect(await getImageOption(db(), blob.key)).toEqual({ blobKey: blob.key, position: '30% 70%', scale: 1.5 });
  });

  it('refuses a second POST for the same file with 409', async () => {
    const { call: asUser, user } = await as('CLIENT');
    const blob = await createBlob(user!.id);
    const body = { blobKey: blob.key, position: '50% 50%', scale: 1 };
    expect((await asUser('/imageOptions', { method: 'POST', body })).status).toBe(201);
    const again = await asUser('/imageOptions', { method: 'POST', body: { ...body, scale: 2 } });
    expect(again.status).toBe(409);
    expect((await call(path(blob.key))).body.result.scale).toBe(1);
  });

  it('refuses an unknown file with 400, even for ADMIN', async () => {
    const { call: asAdmin } = await as('ADMIN');
    const res = await asAdmin('/imageOptions', {
      method: 'POST',
      body: { blobKey: 'image/nothing.png', position: '50% 50%', scale: 1 },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Unknown file');
  });

  it('validates position and scale', async () => {
    const { call: asUser, user } = await as('CLIENT');
    const blob = await createBlob(user!.id);
    for (const body of [
      { blobKey: blob.key, position: 'center', scale: 1 },
      { blobKey: blob.key, position: '101% 0%', scale: 1 },
      { blobKey: blob.key, position: '50% 50%', scale: 'big' },
      { blobKey: blob.key, position: '50% 50%', scale: 0 },
      { position: '50% 50%', scale: 1 },
    ]) {
      const res = await asUser('/imageOptions', { method: 'POST', body });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^Validation error: /);
    }
  });

  it('lets the owner of content showing the file, and ADMIN, write; others get 403; visitors 401', async () => {
    const uploader = await createUser({ role: 'ADMIN' });
    const owner = await createUser({ role: 'CLIENT' });
    const thumb = await createBlob(uploader.id);
    const portrait = await createBlob(uploader.id);
    const media = await createBlob(uploader.id);
    const newsThumb = await createBlob(uploader.id);
    await createArticle({ userId: owner.id, thumbnailKey: thumb.key });
    await createArticle({ userId: owner.id, media: { kind: 'gallery', images: [{ key: media.key }] } });
    await createChannel({ userId: owner.id, portraitKey: portrait.key });
    const target = await createArticle();
    await createNewsItem({ refKind: 'article', refId: target.id, userId: owner.id, thumbnailKey: newsThumb.key });
    const ownerCookie = await sessionCookie(owner);
    const stranger = await as('CONTRIBUTOR');
    for (const blob of [thumb, portrait, media, newsThumb]) {
      const body = { blobKey: blob.key, position: '10% 20%', scale: 2 };
      expect((await call('/imageOptions', { method: 'POST', body })).status).toBe(401);
      const refused = await stranger.call('/imageOptions', { method: 'POST', body });
      expect(refused.status).toBe(403);
      expect((await call('/imageOptions', { method: 'POST', body, cookie: ownerCookie })).status).toBe(201);
    }
    const other = await createBlob((await createUser()).id);
    expect(
      (
        await (
          await as('ADMIN')
        ).call('/imageOptions', { method: 'POST', body: { blobKey: other.key, position: '0% 0%', scale: 1 } })
      ).status,
    ).toBe(201);
  });
});

describe('GET /imageOptions/{blobKey}', () => {
  it('is public, takes the key raw or encoded, and is 404 when none are set', async () => {
    const blob = await createBlob(null);
    await db().insert(imageOptions).values({ blobKey: blob.key, position: '20% 40%', scale: 1.25 });
    for (const p of [path(blob.key), `/imageOptions/${blob.key}`]) {
      const res = await call(p);
      expect(res.status).toBe(200);
      expect(res.body.result).toEqual({ blobKey: blob.key, position: '20% 40%', scale: 1.25 });
    }
    expect((await call(path('image/unknown.png'))).body).toEqual({
      code: 404,
      message: 'Image options not found',
      result: null,
    });
  });
});

describe('PUT /imageOptions/{blobKey}', () => {
  it("changes the options of the caller's file; 404 when none exist or the file is unknown", async () => {
    const { call: asUser, user } = await as('CLIENT');
    const blob = await createBlob(user!.id);
    expect((await asUser(path(blob.key), { method: 'PUT', body: { position: '1% 2%', scale: 3 } })).body.message).toBe(
      'Image options not found',
    );
    await asUser('/imageOptions', { method: 'POST', body: { blobKey: blob.key, position: '50% 50%', scale: 1 } });
    const res = await asUser(`/imageOptions/${blob.key}`, { method: 'PUT', body: { position: '1% 2%', scale: '3' } });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ blobKey: blob.key, position: '1% 2%', scale: 3 });
    expect(
      (await asUser(path('image/unknown.png'), { method: 'PUT', body: { position: '1% 2%', scale: 3 } })).body.message,
    ).toBe('File not found');
    expect(
      (await (await as('CLIENT')).call(path(blob.key), { method: 'PUT', body: { position: '9% 9%', scale: 1 } }))
        .status,
    ).toBe(403);
    expect((await call(path(blob.key))).body.result.position).toBe('1% 2%');
  });
});

describe('DELETE /imageOptions/{blobKey}', () => {
  it('removes the options; 404 afterwards; 403 for others', async () => {
    const { call: asUser, user } = await as('CLIENT');
    const blob = await createBlob(user!.id);
    await asUser('/imageOptions', { method: 'POST', body: { blobKey: blob.key, position: '50% 50%', scale: 1 } });
    expect((await (await as('REGULAR_USER')).call(path(blob.key), { method: 'DELETE' })).status).toBe(403);
    expect((await asUser(path(blob.key), { method: 'DELETE' })).status).toBe(200);
    expect((await call(path(blob.key))).status).toBe(404);
    expect((await asUser(path(blob.key), { method: 'DELETE' })).status).toBe(404);
  });

  it('lets ADMIN clean up the options of a file that is gone', async () => {
    await db().insert(imageOptions).values({ blobKey: 'image/gone.png', position: '50% 50%', scale: 1 });
    expect((await (await as('CLIENT')).call(path('image/gone.png'), { method: 'DELETE' })).status).toBe(404);
    expect((await (await as('ADMIN')).call(path('image/gone.png'), { method: 'DELETE' })).status).toBe(200);
  });
});

describe('GET /imageOptions?keys=', () => {
  it('answers the options of the listed files that have any, to anyone, in one look-up', async () => {
    const owner = await createUser({ role: 'CLIENT' });
    const [framed, plain] = [await createBlob(owner.id), await createBlob(owner.id)];
    await db().insert(imageOptions).values({ blobKey: framed.key, position: '10% 90%', scale: 2 });
    const res = await call(
      `/imageOptions?keys=${encodeURIComponent([framed.key, plain.key, 'image/unknown.png'].join(','))}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual([{ blobKey: framed.key, position: '10% 90%', scale: 2 }]);
  });

  it('refuses no keys and more than 100 keys with 400', async () => {
    const none = await call('/imageOptions?keys=');
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/^Validation error: .* at "keys"$/);
    const keys = Array.from({ length: 101 }, (_, i) => `image/k${i}.png`).join(',');
    const many = await call(`/imageOptions?keys=${encodeURIComponent(keys)}`);
    expect(many.status).toBe(400);
    expect((await call('/imageOptions')).status).toBe(400);
  });
});
