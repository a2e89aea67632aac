// /api/articles through the worker's real fetch handler: read, create (JSON and multipart), update, delete cascade, ownership.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { article as articleSchema } from '#schema/entities';
import { articles, slugs } from '#schema/tables';
import { as, db } from './helpers';
import { asRole, createArticle, createCategory, createChannel } from './content-factories';
import { mp4File, multipartBody, pngFile } from './upload-fixtures';
import { stored } from './articles-kit';

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
