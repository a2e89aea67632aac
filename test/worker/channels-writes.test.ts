// /api/channels through the real fetch handler: lists, one channel, a user's channels, a channel's articles, writes.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { channel as channelSchema } from '#schema/entities';
import { channelCategories, channels, contentAccess, contentRequests, news, slugs, userChannels } from '#schema/tables';
import { as, db } from './helpers';
import { asRole, createArticle, createCategory, createChannel, createNewsItem, grantAccess } from './content-factories';
import { mp4File, multipartBody, pngFile } from './upload-fixtures';
import { stored } from './channels-kit';

describe('POST /channels', () => {
  it('creates an unpublished channel of the caller from multipart, with slug, categories, portrait, banner and cover video', async () => {
    const client = await asRole('CLIENT');
    const cat = await createCategory();
    const res = await client.call('/channels', {
      method: 'POST',
      body: multipartBody(
        {
          name: 'Mein Kanal',
          categoryIds: [cat.id],
          portraitFileTag: 'p',
          bannerFileTag: 'b',
          coverMedia: { kind: 'video', fileTag: 'c', thumbnailMillis: 300 },
          restricted: true,
        },
        { p: pngFile(), b: pngFile(), c: mp4File() },
      ),
    });
    expect(res.status).toBe(201);
    const ch = channelSchema.parse(res.body.result);
    expect(ch).toMatchObject({
      name: 'Mein Kanal',
      slug: 'mein-kanal',
      userId: client.user.id,
      published: false,
      categoryIds: [cat.id],
      restricted: true,
      locked: false,
    });
    expect(ch.coverMedia).toMatchObject({ kind: 'video', thumbnailMillis: 300 });
    for (const href of [ch.portraitHref!, ch.bannerHref!, ch.coverMedia!.href]) expect(await stored(href)).toBe(true);
    expect(await env.KV.get('slug:mein-kanal')).toBe(ch.id);
    expect(await db().select().from(slugs).where(eq(slugs.slug, 'mein-kanal')).get()).toMatchObject({
      entityId: ch.id,
      entityKind: 'channel',
    });
  });

  it('refuses readers, unknown categories, foreign ordinals and an image as cover video', async () => {
    expect(
      (await (await asRole('REGULAR_USER')).call('/channels', { method: 'POST', body: { name: 'x' } })).status,
    ).toBe(403);
    expect((await (await as('ANONYMOUS')).call('/channels', { method: 'POST', body: { name: 'x' } })).status).toBe(401);
    const client = await asRole('CONTRIBUTOR');
    expect(
      (await client.call('/channels', { method: 'POST', body: { name: 'x', categoryIds: [crypto.randomUUID()] } }))
        .status,
    ).toBe(400);
    const other = await createArticle();
    expect(
      (await client.call('/channels', { method: 'POST', body: { name: 'x', articleOrdinals: { main: [other.id] } } }))
        .status,
    ).toBe(400);
    const badCover = await client.call('/channels', {
      method: 'POST',
      body: multipartBody({ name: 'x', coverMedia: { kind: 'video', fileTag: 'c' } }, { c: pngFile() }),
    });
    expect(badCover.status).toBe(400);
  });
});

describe('PUT /channels/{id}', () => {
  it('lets the owner change fields, ordinals and files; replaced files are deleted', async () => {
    const owner = await asRole('CLIENT');
    const created = (
      await owner.call('/channels', {
        method: 'POST',
        body: multipartBody(
          { name: 'Before', portraitFileTag: 'p', coverMedia: { kind: 'image', fileTag: 'c' } },
          { p: pngFile(), c: pngFile() },
        ),
      })
    ).body.result;
    const a = await createArticle({ channelId: created.id, userId: owner.user.id });
    const res = await owner.call(`/channels/${created.slug}`, {
      method: 'PUT',
      body: multipartBody(
        {
          name: 'After',
          infoText: 'new info',
          portraitFileTag: 'np',
          coverMedia: null,
          articleOrdinals: { main: [a.id] },
        },
        { np: pngFile() },
      ),
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      name: 'After',
      infoText: 'new info',
      coverMedia: null,
      articleOrdinals: { main: [a.id] },
      slug: created.slug,
    });
    expect(res.body.result.portraitHref).not.toBe(created.portraitHref);
    expect(await stored(created.portraitHref)).toBe(false);
    expect(await stored(created.coverMedia.href)).toBe(false);
    expect(await stored(res.body.result.portraitHref)).toBe(true);
  });

  it('lets only ADMIN publish; refuses non-owners (403) and invisible channels (404)', async () => {
    const owner = await asRole('CLIENT');
    const ch = await createChannel({ userId: owner.user.id, published: false });
    expect((await owner.call(`/channels/${ch.id}`, { method: 'PUT', body: { published: true } })).status).toBe(403);
    expect(
      (await (await asRole('CONTRIBUTOR')).call(`/channels/${ch.id}`, { method: 'PUT', body: { name: 'x' } })).status,
    ).toBe(404);
    const pub = await createChannel();
    expect(
      (await (await asRole('CONTRIBUTOR')).call(`/channels/${pub.id}`, { method: 'PUT', body: { name: 'x' } })).status,
    ).toBe(403);
    expect(
      (await (await asRole('ADMIN')).call(`/channels/${ch.id}`, { method: 'PUT', body: { published: true } })).body
        .result.published,
    ).toBe(true);
  });
});

describe('DELETE /channels/{id}', () => {
  it('refuses with 409 while the channel has articles', async () => {
    const owner = await asRole('CLIENT');
    const ch = await createChannel({ userId: owner.user.id });
    const a = await createArticle({ channelId: ch.id, userId: owner.user.id, published: false });
    const res = await owner.call(`/channels/${ch.id}`, { method: 'DELETE' });
    expect(res.status).toBe(409);
    expect(await db().select().from(channels).where(eq(channels.id, ch.id)).get()).toBeDefined();
    await owner.call(`/articles/${a.id}`, { method: 'DELETE' });
    expect((await owner.call(`/channels/${ch.id}`, { method: 'DELETE' })).status).toBe(200);
  });

  it('removes likes, grants, requests, news, slug, category links and files', async () => {
    const owner = await asRole('CLIENT');
    const cat = await createCategory();
    const ch = (
      await owner.call('/channels', {
        method: 'POST',
        body: multipartBody({ name: 'Gone soon', categoryIds: [cat.id], bannerFileTag: 'b' }, { b: pngFile() }),
      })
    ).body.result;
    const fan = await asRole('REGULAR_USER');
    await db().insert(userChannels).values({ id: crypto.randomUUID(), userId: fan.user.id, contentId: ch.id });
    await grantAccess(fan.user.id, ch.id, 'channel');
    await db()
      .insert(contentRequests)
      .values({ id: crypto.randomUUID(), userId: fan.user.id, contentId: ch.id, contentType: 'channel' });
    const item = await createNewsItem({ refKind: 'channel', refId: ch.id });
    // Still unpublished: another editor may not even see it.
    expect((await (await asRole('CONTRIBUTOR')).call(`/channels/${ch.id}`, { method: 'DELETE' })).status).toBe(404);
    const published = await createChannel();
    expect((await (await asRole('CONTRIBUTOR')).call(`/channels/${published.id}`, { method: 'DELETE' })).status).toBe(
      403,
    );
    const res = await owner.call(`/channels/${ch.slug}`, { method: 'DELETE' });
    expect(res.body).toEqual({ code: 200, message: 'OK', result: { id: ch.id } });
    expect(await db().select().from(channels).where(eq(channels.id, ch.id)).get()).toBeUndefined();
    expect(await db().select().from(userChannels).where(eq(userChannels.contentId, ch.id)).all()).toEqual([]);
    expect(await db().select().from(contentAccess).where(eq(contentAccess.contentId, ch.id)).all()).toEqual([]);
    expect(await db().select().from(contentRequests).where(eq(contentRequests.contentId, ch.id)).all()).toEqual([]);
    expect(await db().select().from(news).where(eq(news.id, item.id)).get()).toBeUndefined();
    expect(await db().select().from(channelCategories).where(eq(channelCategories.channelId, ch.id)).all()).toEqual([]);
    expect(await db().select().from(slugs).where(eq(slugs.entityId, ch.id)).all()).toEqual([]);
    expect(await env.KV.get(`slug:${ch.slug}`)).toBeNull();
    expect(await stored(ch.bannerHref)).toBe(false);
    expect((await owner.call(`/channels/${ch.id}`)).status).toBe(404);
  });
});
