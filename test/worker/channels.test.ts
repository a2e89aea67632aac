// /api/channels through the real fetch handler: lists, one channel, a user's channels, a channel's articles, writes.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { articlePage, channel as channelSchema, channelSummary } from '#schema/entities';
import {
  channelCategories,
  channels,
  contentAccess,
  contentRequests,
  news,
  slugs,
  UNLISTED_RANK,
  userChannels,
} from '#schema/tables';
import { encodeKeyCursor } from '#worker/lib/cursor';
import { as, call, db, type CallResult } from './helpers';
import { asRole, createArticle, createCategory, createChannel, createNewsItem, grantAccess } from './content-factories';
import { mp4File, multipartBody, pngFile } from './upload-fixtures';

const keyOf = (href: string) => href.replace(/^\/api\/files\//, '');
const stored = async (href: string) => (await env.FILES.get(keyOf(href))) !== null;
const ids = (list: { id: string }[]) => list.map((x) => x.id);

describe('GET /channels', () => {
  it('lists the visible, non-hidden channels by name, as summaries without articleOrdinals', async () => {
    const shown = await createChannel({ name: 'zz Listed' });
    const first = await createChannel({ name: 'aa listed' });
    const hidden = await createChannel({ hidden: true });
    const draft = await createChannel({ published: false });
    const res = await (await as('ANONYMOUS')).call('/channels');
    expect(res.status).toBe(200);
    const list = res.body.result.map((c: unknown) => channelSummary.parse(c));
    for (const item of res.body.result) expect(item).not.toHaveProperty('articleOrdinals');
    const got = ids(list);
    expect(got).toContain(shown.id);
    expect(got.indexOf(first.id)).toBeLessThan(got.indexOf(shown.id));
    expect(got).not.toContain(hidden.id);
    expect(got).not.toContain(draft.id);
  });
});

describe('GET /channels/{id}', () => {
  it('answers by id and by slug, with hrefs for its files', async () => {
    const cat = await createCategory();
    const ch = await createChannel({
      categoryIds: [cat.id],
      portraitKey: 'image/p',
      bannerKey: 'image/b',
      coverMedia: { kind: 'video', key: 'video/c', thumbnailMillis: 7 },
    });
    for (const ref of [ch.id, ch.slug]) {
      const res = await (await as('ANONYMOUS')).call(`/channels/${ref}`);
      expect(channelSchema.parse(res.body.result)).toMatchObject({
        id: ch.id,
        categoryIds: [cat.id],
        portraitHref: '/api/files/image/p',
        bannerHref: '/api/files/image/b',
        coverMedia: { kind: 'video', href: '/api/files/video/c', thumbnailMillis: 7 },
        locked: false,
      });
    }
    expect((await (await as('ANONYMOUS')).call(`/channels/${crypto.randomUUID()}`)).body).toEqual({
      code: 404,
      message: 'Channel not found',
      result: null,
    });
  });

  it('shows only listable article ids in articleOrdinals to others, all of them to the owner', async () => {
    const owner = await asRole('CLIENT');
    const ch = await createChannel({ userId: owner.user.id });
    const pub = await createArticle({ channelId: ch.id, userId: owner.user.id });
    const draft = await createArticle({ channelId: ch.id, userId: owner.user.id, published: false });
    await db()
      .update(channels)
      .set({ articleOrdinals: { main: [draft.id, pub.id] } })
      .where(eq(channels.id, ch.id));
    expect((await (await as('REGULAR_USER')).call(`/channels/${ch.id}`)).body.result.articleOrdinals).toEqual({
      main: [pub.id],
    });
    expect((await owner.call(`/channels/${ch.id}`)).body.result.articleOrdinals).toEqual({ main: [draft.id, pub.id] });
  });

  it('cuts every list of articleOrdinals for others, keeping order and repeats; ADMIN and the owner get them as stored', async () => {
    const owner = await asRole('CLIENT');
    const ch = await createChannel({ userId: owner.user.id });
    const [a, b] = [
      await createArticle({ channelId: ch.id, userId: owner.user.id }),
      await createArticle({ channelId: ch.id, userId: owner.user.id }),
    ];
    const hidden = await createArticle({ channelId: ch.id, userId: owner.user.id, hidden: true });
    const stored = { main: [b.id, hidden.id, a.id, b.id], side: [hidden.id], empty: [] };
    await db().update(channels).set({ articleOrdinals: stored }).where(eq(channels.id, ch.id));
    const seen = async (caller: { call: (path: string) => Promise<CallResult> }) =>
      (await caller.call(`/channels/${ch.id}`)).body.result.articleOrdinals;
    expect(await seen(await as('ANONYMOUS'))).toEqual({ main: [b.id, a.id, b.id], side: [], empty: [] });
    expect(await seen(owner)).toEqual(stored);
    expect(await seen(await asRole('ADMIN'))).toEqual(stored);
  });
});

describe('GET /channels/{id}/summary', () => {
  it('answers the channel without its articleOrdinals, by id and by slug, locked as the channel is; 404 as GET /channels/{id}', async () => {
    const owner = await asRole('CLIENT');
    const ch = await createChannel({
      userId: owner.user.id,
      restricted: true,
      coverMedia: { kind: 'image', key: 'image/cover' },
      articleOrdinals: { main: [] },
    });
    for (const ref of [ch.id, ch.slug]) {
      const res = await (await as('ANONYMOUS')).call(`/channels/${ref}/summary`);
      expect(res.status).toBe(200);
      expect(res.body.result).not.toHaveProperty('articleOrdinals');
      expect(channelSummary.parse(res.body.result)).toMatchObject({
        id: ch.id,
        restricted: true,
        coverMedia: null,
        locked: true,
      });
    }
    expect((await owner.call(`/channels/${ch.id}/summary`)).body.result).toMatchObject({
      coverMedia: { kind: 'image', href: '/api/files/image/cover' },
      locked: false,
    });
    const draft = await createChannel({ published: false });
    expect((await (await as('ANONYMOUS')).call(`/channels/${draft.id}/summary`)).body).toEqual({
      code: 404,
      message: 'Channel not found',
      result: null,
    });
  });
});

describe('GET /channels/{userId}/channels', () => {
  it("lists a user's channels: others see the listable ones, the user and ADMIN also hidden and unpublished ones", async () => {
    const owner = await asRole('CLIENT');
    const open = await createChannel({ userId: owner.user.id, name: 'b open' });
    const hidden = await createChannel({ userId: owner.user.id, name: 'a hidden', hidden: true });
    const draft = await createChannel({ userId: owner.user.id, name: 'c draft', published: false });
    await createChannel();
    expect(ids((await (await as('ANONYMOUS')).call(`/channels/${owner.user.id}/channels`)).body.result)).toEqual([
      open.id,
    ]);
    expect(ids((await owner.call(`/channels/${owner.user.id}/channels`)).body.result)).toEqual([
      hidden.id,
      open.id,
      draft.id,
    ]);
    expect(ids((await (await asRole('ADMIN')).call(`/channels/${owner.user.id}/channels`)).body.result)).toEqual([
      hidden.id,
      open.id,
      draft.id,
    ]);
    expect((await owner.call('/channels/not-a-uuid/channels')).status).toBe(400);
  });
});

describe('GET /channels/{id}/articles', () => {
  /** Every page from the first on, following nextCursor. */
  const allPages = async (path: string, cookie?: string) => {
    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const res: CallResult = await call(`${path}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { cookie });
      expect(res.status).toBe(200);
      const page = articlePage.parse(res.body.result);
      pages.push(ids(page.items));
      cursor = page.nextCursor;
    } while (cursor && pages.length < 50);
    return pages;
  };

  it('lists visible articles in the order of articleOrdinals.main, then the rest newest first, as a page', async () => {
    const owner = await asRole('CLIENT');
    const ch = await createChannel({ userId: owner.user.id });
    const t = Date.now();
    const a = await createArticle({ channelId: ch.id, userId: owner.user.id, createdAt: t - 5000 });
    const b = await createArticle({ channelId: ch.id, userId: owner.user.id, createdAt: t - 4000 });
    const c = await createArticle({ channelId: ch.id, userId: owner.user.id, createdAt: t - 3000 });
    const d = await createArticle({ channelId: ch.id, userId: owner.user.id, createdAt: t - 2000 });
    const hidden = await createArticle({ channelId: ch.id, userId: owner.user.id, hidden: true });
    const draft = await createArticle({ channelId: ch.id, userId: owner.user.id, published: false });
    await createArticle();
    await db()
      .update(channels)
      .set({ articleOrdinals: { main: [b.id, crypto.randomUUID(), a.id] } })
      .where(eq(channels.id, ch.id));
    const res = await (await as('ANONYMOUS')).call(`/channels/${ch.slug}/articles`);
    expect(res.status).toBe(200);
    const page = articlePage.parse(res.body.result);
    expect(page).toEqual({ items: expect.any(Array), nextCursor: null });
    expect(ids(page.items)).toEqual([b.id, a.id, d.id, c.id]);
    expect(ids((await owner.call(`/channels/${ch.id}/articles`)).body.result.items)).toEqual([
      b.id,
      a.id,
      draft.id,
      d.id,
      c.id,
    ]);
    expect(ids(page.items)).not.toContain(hidden.id);
  });

  it('pages keep the order across pages: ordinals first, then newest; each viewer pages through what they may list', async () => {
    const owner = await asRole('CLIENT');
    const ch = await createChannel({ userId: owner.user.id });
    const t = Date.now();
    const made = [];
    for (let i = 0; i < 7; i++)
      made.push(await createArticle({ channelId: ch.id, userId: owner.user.id, createdAt: t - 60_000 + i * 1000 }));
    const draft = await createArticle({ channelId: ch.id, userId: owner.user.id, published: false, createdAt: t });
    const [m0, m1, m2, m3, m4, m5, m6] = made.map((x) => x.id) as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    await db()
      .update(channels)
      .set({ articleOrdinals: { main: [m2, m5, m0] } })
      .where(eq(channels.id, ch.id));
    const expected = [m2, m5, m0, m6, m4, m3, m1];
    expect(await allPages(`/channels/${ch.id}/articles?limit=3`)).toEqual([
      expected.slice(0, 3),
      expected.slice(3, 6),
      expected.slice(6),
    ]);
    // The owner also gets the draft (newest of the rest): every page shifts by one, nothing lost or doubled.
    const own = [m2, m5, m0, draft.id, m6, m4, m3, m1];
    expect(await allPages(`/channels/${ch.slug}/articles?limit=3`, owner.cookie)).toEqual([
      own.slice(0, 3),
      own.slice(3, 6),
      own.slice(6),
    ]);
    // Exactly a full last page: no empty page after it.
    expect(await allPages(`/channels/${ch.id}/articles?limit=7`)).toEqual([expected]);
  });

  it('takes limit 1..100 (default 24) and refuses a cursor it did not make', async () => {
    const ch = await createChannel();
    for (let i = 0; i < 25; i++) await createArticle({ channelId: ch.id });
    const first = articlePage.parse((await call(`/channels/${ch.id}/articles`)).body.result);
    expect(first.items).toHaveLength(24);
    expect(first.nextCursor).toEqual(expect.any(String));
    const rest = articlePage.parse((await call(`/channels/${ch.id}/articles?cursor=${first.nextCursor}`)).body.result);
    expect(rest.items).toHaveLength(1);
    expect(rest.nextCursor).toBeNull();
    expect([...ids(first.items), ...ids(rest.items)].sort()).toEqual(
      [...new Set([...ids(first.items), ...ids(rest.items)])].sort(),
    );
    expect((await call(`/channels/${ch.id}/articles?limit=100`)).body.result.items).toHaveLength(25);
    for (const limit of ['0', '101', '2.5', 'x']) {
      expect((await call(`/channels/${ch.id}/articles?limit=${limit}`)).status).toBe(400);
    }
    const made = [
      encodeKeyCursor(['x', 1, ch.id]),
      encodeKeyCursor([1, 2]),
      encodeKeyCursor([-1, 0, ch.id]),
      btoa('{"not":"json'),
      '!!',
    ];
    for (const cursor of ['nope', '-1', '1.5', '24', '1700000000000.0b2c6d4e-4a4b-4c4d-8e8f-000000000000', ...made]) {
      expect((await call(`/channels/${ch.id}/articles?cursor=${encodeURIComponent(cursor)}`)).body).toEqual({
        code: 400,
        message: 'Invalid cursor',
        result: { issues: [] },
      });
    }
    // Past the end: an empty last page.
    const end = encodeKeyCursor([UNLISTED_RANK, 0, crypto.randomUUID()]);
    expect((await call(`/channels/${ch.id}/articles?cursor=${end}`)).body.result).toEqual({
      items: [],
      nextCursor: null,
    });
  });

  it('goes on after the last row shown: articles added, deleted or moved meanwhile shift nothing', async () => {
    const owner = await asRole('CLIENT');
    const ch = await createChannel({ userId: owner.user.id });
    const t = Date.now() - 600_000;
    const made: string[] = [];
    for (let i = 0; i < 8; i++)
      made.push((await createArticle({ channelId: ch.id, userId: owner.user.id, createdAt: t + i * 1000 })).id);
    const [m0, m1, m2, m3, m4, m5, m6, m7] = made as [string, string, string, string, string, string, string, string];
    await owner.call(`/channels/${ch.id}`, { method: 'PUT', body: { articleOrdinals: { main: [m1, m3] } } });
    // Listed first (m1, m3), then newest first: m7 m6 m5 m4 m2 m0.
    const page = async (cursor?: string) =>
      articlePage.parse(
        (await call(`/channels/${ch.id}/articles?limit=3${cursor ? `&cursor=${cursor}` : ''}`)).body.result,
      );
    const first = await page();
    expect(ids(first.items)).toEqual([m1, m3, m7]);
    // A new article (newest of all), a deleted one already shown, and one shown moved elsewhere: the next page is unmoved.
    await createArticle({ channelId: ch.id, userId: owner.user.id, createdAt: Date.now() });
    await owner.call(`/articles/${m1}`, { method: 'DELETE' });
    const other = await createChannel({ userId: owner.user.id });
    await owner.call(`/articles/${m7}`, { method: 'PUT', body: { channelId: other.id } });
    const second = await page(first.nextCursor!);
    expect(ids(second.items)).toEqual([m6, m5, m4]);
    const third = await page(second.nextCursor!);
    expect(ids(third.items)).toEqual([m2, m0]);
    expect(third.nextCursor).toBeNull();
    // The cursor of a listed row goes on into the rest.
    const afterListed = await page(encodeKeyCursor([0, 0, m3]));
    expect(ids(afterListed.items)[0]).toBe(m3);
  });

  it('answers 404 for a channel the caller may not see', async () => {
    const ch = await createChannel({ private: true });
    expect((await (await asRole('REGULAR_USER')).call(`/channels/${ch.id}/articles`)).status).toBe(404);
    const cursor = encodeKeyCursor([0, 0, crypto.randomUUID()]);
    expect((await call(`/channels/${crypto.randomUUID()}/articles?cursor=${cursor}`)).body).toEqual({
      code: 404,
      message: 'Channel not found',
      result: null,
    });
  });
});

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
