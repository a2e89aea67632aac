// /api/articles through the worker's real fetch handler: read, create (JSON and multipart), update, delete cascade, ownership.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  articleCategories,
  articleMedia,
  articles,
  blobs,
  channels,
  contentAccess,
  contentRequests,
  news,
  slugs,
  userArticles,
} from '#schema/tables';
import { db } from './helpers';
import { asRole, createArticle, createCategory, createChannel, createNewsItem, grantAccess } from './content-factories';
import { multipartBody, pngFile } from './upload-fixtures';
import { keyOf, stored } from './articles-kit';

describe('PUT /articles/{id}', () => {
  it('lets the owner change fields, categories and the thumbnail; the old file is deleted', async () => {
    const client = await asRole('CLIENT');
    const created = await client.call('/articles', {
      method: 'POST',
      body: multipartBody({ title: 'Before', type: 'text', channelId: null, thumbnailFileTag: 't' }, { t: pngFile() }),
    });
    const oldThumb = created.body.result.thumbnailHref as string;
    const cat = await createCategory();
    const res = await client.call(`/articles/${created.body.result.slug}`, {
      method: 'PUT',
      body: multipartBody(
        { title: 'After', hidden: true, categoryIds: [cat.id], thumbnailFileTag: 'n' },
        { n: pngFile('n.png') },
      ),
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      title: 'After',
      hidden: true,
      categoryIds: [cat.id],
      slug: created.body.result.slug,
    });
    expect(res.body.result.thumbnailHref).not.toBe(oldThumb);
    expect(await stored(oldThumb)).toBe(false);
    expect(
      await db()
        .select()
        .from(blobs)
        .where(eq(blobs.key, keyOf(oldThumb)))
        .get(),
    ).toBeUndefined();
    const cleared = await client.call(`/articles/${created.body.result.id}`, {
      method: 'PUT',
      body: { thumbnailFileTag: null },
    });
    expect(cleared.body.result.thumbnailHref).toBeNull();
    expect(await stored(res.body.result.thumbnailHref)).toBe(false);
  });

  it('answers 403 to a non-owner editor and 404 to one who may not see it', async () => {
    const a = await createArticle();
    const draft = await createArticle({ published: false });
    const other = await asRole('CONTRIBUTOR');
    expect((await other.call(`/articles/${a.id}`, { method: 'PUT', body: { title: 'Mine now' } })).status).toBe(403);
    expect((await other.call(`/articles/${draft.id}`, { method: 'PUT', body: { title: 'Mine now' } })).status).toBe(
      404,
    );
    expect(
      (await (await asRole('REGULAR_USER')).call(`/articles/${a.id}`, { method: 'PUT', body: { title: 'x' } })).status,
    ).toBe(403);
    expect(
      (await (await asRole('ADMIN')).call(`/articles/${a.id}`, { method: 'PUT', body: { title: 'By admin' } })).body
        .result.title,
    ).toBe('By admin');
  });

  it('lets only ADMIN publish', async () => {
    const client = await asRole('CLIENT');
    const a = await createArticle({ userId: client.user.id, published: false });
    const res = await client.call(`/articles/${a.id}`, { method: 'PUT', body: { published: true } });
    expect(res.status).toBe(403);
    expect((await db().select().from(articles).where(eq(articles.id, a.id)).get())?.published).toBe(false);
    expect(
      (await (await asRole('ADMIN')).call(`/articles/${a.id}`, { method: 'PUT', body: { published: true } })).body
        .result.published,
    ).toBe(true);
  });

  it("takes an article that leaves its channel out of that channel's ordinals", async () => {
    const client = await asRole('CLIENT');
    const from = await createChannel({ userId: client.user.id });
    const to = await createChannel({ userId: client.user.id });
    const a = await createArticle({ userId: client.user.id, channelId: from.id });
    const keep = await createArticle({ userId: client.user.id, channelId: from.id });
    await db()
      .update(channels)
      .set({ articleOrdinals: { main: [a.id, keep.id], other: [a.id] } })
      .where(eq(channels.id, from.id));
    expect(
      (await client.call(`/articles/${a.id}`, { method: 'PUT', body: { channelId: to.id } })).body.result.channelId,
    ).toBe(to.id);
    expect((await db().select().from(channels).where(eq(channels.id, from.id)).get())?.articleOrdinals).toEqual({
      main: [keep.id],
      other: [],
    });
  });
});

describe('DELETE /articles/{id}', () => {
  it('removes the article and everything that names it: files, likes, grants, requests, ordinals, news, slug', async () => {
    const client = await asRole('CLIENT');
    const ch = await createChannel({ userId: client.user.id });
    const created = await client.call('/articles', {
      method: 'POST',
      body: multipartBody(
        {
          title: 'Doomed',
          type: 'gallery',
          channelId: ch.id,
          thumbnailFileTag: 't',
          media: { kind: 'gallery', images: [{ imageFileTag: 'i' }] },
        },
        { t: pngFile(), i: pngFile() },
      ),
    });
    const a = created.body.result;
    const other = await createArticle({ channelId: ch.id, userId: client.user.id });
    await db()
      .update(channels)
      .set({ articleOrdinals: { main: [other.id, a.id], featured: [a.id] } })
      .where(eq(channels.id, ch.id));
    const fan = await asRole('REGULAR_USER');
    await db().insert(userArticles).values({ id: crypto.randomUUID(), userId: fan.user.id, contentId: a.id });
    await grantAccess(fan.user.id, a.id, 'article');
    await db()
      .insert(contentRequests)
      .values({ id: crypto.randomUUID(), userId: fan.user.id, contentId: a.id, contentType: 'article' });
    const item = await createNewsItem({ refKind: 'article', refId: a.id, thumbnailKey: null });
    const unrelated = await createNewsItem({ refKind: 'article', refId: other.id });
    const hrefs = [a.thumbnailHref, a.media.images[0].href] as string[];
    expect(await env.KV.get(`slug:${a.slug}`)).toBe(a.id);

    const res = await client.call(`/articles/${a.id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ id: a.id });
    expect(await db().select().from(articles).where(eq(articles.id, a.id)).get()).toBeUndefined();
    expect(await db().select().from(articleMedia).where(eq(articleMedia.articleId, a.id)).all()).toEqual([]);
    expect(await db().select().from(articleCategories).where(eq(articleCategories.articleId, a.id)).all()).toEqual([]);
    expect(await db().select().from(userArticles).where(eq(userArticles.contentId, a.id)).all()).toEqual([]);
    expect(await db().select().from(contentAccess).where(eq(contentAccess.contentId, a.id)).all()).toEqual([]);
    expect(await db().select().from(contentRequests).where(eq(contentRequests.contentId, a.id)).all()).toEqual([]);
    expect(await db().select().from(news).where(eq(news.id, item.id)).get()).toBeUndefined();
    expect(await db().select().from(news).where(eq(news.id, unrelated.id)).get()).toBeDefined();
    expect((await db().select().from(channels).where(eq(channels.id, ch.id)).get())?.articleOrdinals).toEqual({
      main: [other.id],
      featured: [],
    });
    expect(await db().select().from(slugs).where(eq(slugs.entityId, a.id)).all()).toEqual([]);
    expect(await env.KV.get(`slug:${a.slug}`)).toBeNull();
    for (const href of hrefs) expect(await stored(href)).toBe(false);
    expect((await client.call(`/articles/${a.id}`)).status).toBe(404);
  });

  it('answers 403 to a non-owner, 404 for an unknown article', async () => {
    const a = await createArticle();
    expect((await (await asRole('CLIENT')).call(`/articles/${a.id}`, { method: 'DELETE' })).status).toBe(403);
    expect((await (await asRole('ADMIN')).call(`/articles/${crypto.randomUUID()}`, { method: 'DELETE' })).status).toBe(
      404,
    );
    expect((await (await asRole('ADMIN')).call(`/articles/${a.id}`, { method: 'DELETE' })).status).toBe(200);
  });
});
