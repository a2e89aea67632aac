// /api/articles through the worker's real fetch handler: read, create (JSON and multipart), update, delete cascade, ownership.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { article as articleSchema } from '#schema/entities';
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
import { as, db } from './helpers';
import { asRole, createArticle, createCategory, createChannel, createNewsItem, grantAccess } from './content-factories';
import { mp4File, multipartBody, pngFile } from './upload-fixtures';

const keyOf = (href: string) => href.replace(/^\/api\/files\//, '');
const stored = async (href: string) => (await env.FILES.get(keyOf(href))) !== null;

describe('GET /articles/{id}', () => {
  it('answers the Article entity by id and by slug', async () => {
    const cat = await createCategory();
    const a = await createArticle({
      title: 'Readable',
      categoryIds: [cat.id],
      thumbnailKey: 'image/thumb',
      media: { kind: 'gallery', images: [{ key: 'image/one', title: 'One' }] },
    });
    const anon = await as('ANONYMOUS');
    for (const ref of [a.id, a.slug]) {
      const res = await anon.call(`/articles/${ref}`);
      expect(res.status).toBe(200);
      const body = articleSchema.parse(res.body.result);
      expect(body).toMatchObject({
        id: a.id,
        slug: a.slug,
        title: 'Readable',
        description: 'Article description',
        categoryIds: [cat.id],
        locked: false,
        thumbnailHref: '/api/files/image/thumb',
        media: { kind: 'gallery', images: [{ ordinal: 0, title: 'One', href: '/api/files/image/one' }] },
      });
    }
  });

  it('answers 404 for an unknown id or slug', async () => {
    const anon = await as('ANONYMOUS');
    expect((await anon.call(`/articles/${crypto.randomUUID()}`)).body).toEqual({
      code: 404,
      message: 'Article not found',
      result: null,
    });
    expect((await anon.call('/articles/no-such-article-slug')).status).toBe(404);
    expect((await anon.call('/articles/NOT%20A%20SLUG')).status).toBe(400);
  });

  it('locks a restricted article: no description, no media', async () => {
    const a = await createArticle({
      restricted: true,
      media: { kind: 'video', videos: [{ key: 'video/v', thumbnailMillis: 5 }] },
    });
    const res = await (await asRole('REGULAR_USER')).call(`/articles/${a.id}`);
    expect(res.body.result).toMatchObject({ locked: true, description: '', media: null, restricted: true });
  });
});

describe('POST /articles', () => {
  it('creates a draft owned by the caller from JSON, with slug (D1 and KV) and category links', async () => {
    const client = await asRole('CLIENT');
    const cat = await createCategory();
    const ch = await createChannel({ userId: client.user.id });
    const res = await client.call('/articles', {
      method: 'POST',
      body: {
        title: 'Grüße aus Köln',
        type: 'text',
        channelId: ch.id,
        categoryIds: [cat.id],
        teaser: 'T',
        description: 'D',
      },
    });
    expect(res.status).toBe(201);
    const created = articleSchema.parse(res.body.result);
    expect(created).toMatchObject({
      title: 'Grüße aus Köln',
      slug: 'grusse-aus-koln',
      published: false,
      userId: client.user.id,
      channelId: ch.id,
      categoryIds: [cat.id],
      media: null,
      locked: false,
    });
    expect(await db().select().from(slugs).where(eq(slugs.slug, created.slug)).get()).toEqual({
      slug: created.slug,
      entityId: created.id,
      entityKind: 'article',
      current: true,
    });
    expect(await env.KV.get(`slug:${created.slug}`)).toBe(created.id);
    // The same title again gets the next free slug.
    const again = await client.call('/articles', {
      method: 'POST',
      body: { title: 'Grüße aus Köln', type: 'text', channelId: null },
    });
    expect(again.body.result.slug).toBe('grusse-aus-koln-2');
  });

  it('stores a thumbnail and a gallery sent as multipart, with hrefs the browser can load', async () => {
    const client = await asRole('CONTRIBUTOR');
    const res = await client.call('/articles', {
      method: 'POST',
      body: multipartBody(
        {
          title: 'Gallery',
          type: 'gallery',
          channelId: null,
          thumbnailFileTag: 'thumb',
          media: {
            kind: 'gallery',
            images: [
              { imageFileTag: 'a', title: 'A' },
              { imageFileTag: 'b', title: 'B' },
            ],
          },
        },
        { thumb: pngFile(), a: pngFile('a.png'), b: pngFile('b.png') },
      ),
    });
    expect(res.status).toBe(201);
    const a = articleSchema.parse(res.body.result);
    expect(a.media?.kind).toBe('gallery');
    const images = a.media?.kind === 'gallery' ? a.media.images : [];
    expect(images.map((i) => [i.ordinal, i.title])).toEqual([
      [0, 'A'],
      [1, 'B'],
    ]);
    for (const href of [a.thumbnailHref!, ...images.map((i) => i.href)]) {
      expect(href).toMatch(/^\/api\/files\//);
      expect(await stored(href)).toBe(true);
    }
  });

  it('stores videos with their optional thumbnails', async () => {
    const client = await asRole('CLIENT');
    const res = await client.call('/articles', {
      method: 'POST',
      body: multipartBody(
        {
          title: 'Video',
          type: 'video',
          channelId: null,
          media: {
            kind: 'video',
            videos: [
              { videoFileTag: 'v1', title: 'First', thumbnailMillis: 1500, thumbnailFileTag: 't1' },
              { videoFileTag: 'v2', title: 'Second' },
            ],
          },
        },
        { v1: mp4File(), t1: pngFile(), v2: mp4File('two.mp4') },
      ),
    });
    expect(res.status).toBe(201);
    const media = res.body.result.media;
    expect(media.kind).toBe('video');
    expect(media.videos).toMatchObject([
      { ordinal: 0, title: 'First', thumbnailMillis: 1500, thumbnailHref: expect.stringMatching(/^\/api\/files\//) },
      { ordinal: 1, title: 'Second', thumbnailMillis: 0, thumbnailHref: null },
    ]);
    expect(await stored(media.videos[1].href)).toBe(true);
  });

  it('refuses a missing or wrong-kind file part, and keeps nothing', async () => {
    const client = await asRole('CLIENT');
    const before = (await db().select().from(articles).all()).length;
    const missing = await client.call('/articles', {
      method: 'POST',
      body: multipartBody(
        {
          title: 'No file',
          type: 'gallery',
          channelId: null,
          media: { kind: 'gallery', images: [{ imageFileTag: 'gone' }] },
        },
        {},
      ),
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('blob:gone');
    const wrong = await client.call('/articles', {
      method: 'POST',
      body: multipartBody(
        { title: 'Wrong', type: 'video', channelId: null, media: { kind: 'video', videos: [{ videoFileTag: 'v' }] } },
        { v: pngFile() },
      ),
    });
    expect(wrong.status).toBe(400);
    expect((await db().select().from(articles).all()).length).toBe(before);
  });

  it('answers 401 anonymous, 403 for REGULAR_USER', async () => {
    const body = { title: 'x', type: 'text', channelId: null };
    expect((await (await as('ANONYMOUS')).call('/articles', { method: 'POST', body })).status).toBe(401);
    expect((await (await asRole('REGULAR_USER')).call('/articles', { method: 'POST', body })).status).toBe(403);
  });

  it('puts an article only into a channel of the caller (ADMIN: any), and knows only existing categories', async () => {
    const client = await asRole('CLIENT');
    const foreign = await createChannel();
    const hiddenForeign = await createChannel({ published: false });
    const create = (who: typeof client, extra: object) =>
      who.call('/articles', { method: 'POST', body: { title: 'In channel', type: 'text', channelId: null, ...extra } });
    expect((await create(client, { channelId: foreign.id })).status).toBe(403);
    expect((await create(client, { channelId: hiddenForeign.id })).status).toBe(404);
    expect((await create(client, { channelId: crypto.randomUUID() })).status).toBe(404);
    expect((await create(await asRole('ADMIN'), { channelId: foreign.id })).status).toBe(201);
    const unknown = await create(client, { categoryIds: [crypto.randomUUID()] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('Unknown category ids');
  });

  it('validates the body', async () => {
    const res = await (
      await asRole('CLIENT')
    ).call('/articles', { method: 'POST', body: { title: '', type: 'poem', channelId: null } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Validation error: .* at "title"; .* at "type"/);
  });
});

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

describe('GET /articles/{id}/media/{userId}/ownership', () => {
  it('tells a user whether they own the article; ADMIN may ask about anyone', async () => {
    const owner = await asRole('CLIENT');
    const a = await createArticle({ userId: owner.user.id });
    expect((await owner.call(`/articles/${a.id}/media/${owner.user.id}/ownership`)).body.result).toBe(true);
    const other = await asRole('REGULAR_USER');
    expect((await other.call(`/articles/${a.slug}/media/${other.user.id}/ownership`)).body.result).toBe(false);
    const admin = await asRole('ADMIN');
    expect((await admin.call(`/articles/${a.id}/media/${owner.user.id}/ownership`)).body.result).toBe(true);
    expect((await admin.call(`/articles/${a.id}/media/${other.user.id}/ownership`)).body.result).toBe(false);
  });

  it('refuses anonymous callers, questions about others, and invisible articles', async () => {
    const owner = await asRole('CLIENT');
    const a = await createArticle({ userId: owner.user.id });
    const draft = await createArticle({ userId: owner.user.id, published: false });
    expect((await (await as('ANONYMOUS')).call(`/articles/${a.id}/media/${owner.user.id}/ownership`)).status).toBe(401);
    const other = await asRole('CONTRIBUTOR');
    expect((await other.call(`/articles/${a.id}/media/${owner.user.id}/ownership`)).status).toBe(403);
    expect((await other.call(`/articles/${draft.id}/media/${other.user.id}/ownership`)).status).toBe(404);
  });
});
