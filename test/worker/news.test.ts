import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newsItem, newsPage } from '#schema/entities';
import { blobs, news } from '#schema/tables';
import { decodeCursor, encodeCursor } from '#worker/lib/cursor';
import { listNews } from '#worker/queries/news';
import { createArticle, createChannel, createNewsItem, grantAccess } from './content-factories';
import { as, call, createUser, db, sessionCookie } from './helpers';
import { multipartBody, pngBytes } from './upload-fixtures';

/** Every item of the feed the cookie's user sees, walking the pages. */
async function walkFeed(limit: number, cookie?: string): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await call(`/news?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { cookie });
    expect(res.status).toBe(200);
    const page = newsPage.parse(res.body.result);
    expect(page.items.length).toBeLessThanOrEqual(limit);
    ids.push(...page.items.map((i) => i.id));
    cursor = page.nextCursor;
    pages++;
  } while (cursor && pages < 500);
  return { ids, pages };
}

const feedIds = async (cookie?: string) => (await walkFeed(100, cookie)).ids;

describe('GET /news', () => {
  it('pages newest first with a keyset cursor, ties broken by id, nothing lost or repeated', async () => {
    const article = await createArticle();
    const base = Date.now() - 10 * 24 * 3600 * 1000;
    const made = [];
    for (const offset of [0, 1000, 1000, 2000, 3000, 1000]) {
      made.push({
        ...(await createNewsItem({ refKind: 'article', refId: article.id, publishedAt: base + offset })),
        at: base + offset,
      });
    }
    const expected = [...made].sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1)).map((m) => m.id);
    const { ids, pages } = await walkFeed(2);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => expected.includes(id))).toEqual(expected);
    expect(pages).toBeGreaterThanOrEqual(3);
    const first = newsPage.parse((await call('/news?limit=1')).body.result);
    expect(first.items).toHaveLength(1);
    expect(first.nextCursor).not.toBeNull();
  });

  it('fills each ref from its target', async () => {
    const article = await createArticle({ restricted: true, isAd: true, isEditorial: true });
    const channel = await createChannel({ isAd: true, restricted: true });
    const a = await createNewsItem({ refKind: 'article', refId: article.id });
    const c = await createNewsItem({ refKind: 'channel', refId: channel.id });
    const items = newsPage.parse((await call('/news?limit=100')).body.result).items;
    expect(items.find((i) => i.id === a.id)?.ref).toEqual({
      kind: 'article',
      id: article.id,
      slug: article.slug,
      restricted: true,
      isAd: true,
      isEditorial: true,
    });
    expect(items.find((i) => i.id === c.id)?.ref).toEqual({
      kind: 'channel',
      id: channel.id,
      slug: channel.slug,
      restricted: true,
      isAd: true,
      isEditorial: false,
    });
  });

  it('leaves out items whose target the caller may not see, and dangling ones', async () => {
    const owner = await createUser({ role: 'CLIENT' });
    const granted = await createUser();
    const draft = await createArticle({ userId: owner.id, published: false });
    const priv = await createChannel({ userId: owner.id, private: true });
    const hidden = await createArticle({ hidden: true });
    await grantAccess(granted.id, priv.id, 'channel');
    const onDraft = await createNewsItem({ refKind: 'article', refId: draft.id });
    const onPrivate = await createNewsItem({ refKind: 'channel', refId: priv.id });
    const onHidden = await createNewsItem({ refKind: 'article', refId: hidden.id });
    const dangling = await createNewsItem({ refKind: 'article', refId: crypto.randomUUID() });

    const anon = await feedIds();
    expect(anon).not.toContain(onHidden.id); // the feed is a list: hidden targets stay out of it, as of every list
    expect(anon).not.toContain(onDraft.id);
    expect(anon).not.toContain(onPrivate.id);
    expect(anon).not.toContain(dangling.id);
    const ownerSees = await feedIds(await sessionCookie(owner));
    expect(ownerSees).toEqual(expect.arrayContaining([onDraft.id, onPrivate.id]));
    const grantedSees = await feedIds(await sessionCookie(granted));
    expect(grantedSees).toContain(onPrivate.id);
    expect(grantedSees).not.toContain(onDraft.id);
    const adminSees = await feedIds((await as('ADMIN')).cookie);
    expect(adminSees).toEqual(expect.arrayContaining([onDraft.id, onPrivate.id]));
    expect(adminSees).not.toContain(onHidden.id);
    expect(adminSees).not.toContain(dangling.id);
    // By id, a news item is a link like any other: its hidden target counts, as the target's own page does.
    expect((await call(`/news/${onHidden.id}`)).status).toBe(200);

    expect((await call(`/news/${onDraft.id}`)).body).toEqual({
      code: 404,
      message: 'News item not found',
      result: null,
    });
    expect((await call(`/news/${onDraft.id}`, { cookie: await sessionCookie(owner) })).status).toBe(200);
    expect((await call(`/news/${dangling.id}`, { cookie: (await as('ADMIN')).cookie })).status).toBe(404);
  });

  it('never shows anyone, by id and slug, a hidden article or channel another user pointed an item at', async () => {
    const hiddenArticle = await createArticle({ hidden: true });
    const hiddenChannel = await createChannel({ hidden: true });
    const items = [
      await createNewsItem({ refKind: 'article', refId: hiddenArticle.id }),
      await createNewsItem({ refKind: 'channel', refId: hiddenChannel.id }),
    ];
    for (const cookie of [
      undefined,
      (await as('REGULAR_USER')).cookie,
      await sessionCookie({ id: items[0]!.userId }),
      (await as('ADMIN')).cookie,
    ]) {
      const res = await call('/news?limit=100', { cookie });
      const text = JSON.stringify(res.body.result);
      for (const target of [hiddenArticle, hiddenChannel]) {
        expect(text).not.toContain(target.id);
        expect(text).not.toContain(target.slug);
      }
    }
  });

  it('keeps items scheduled for later out of the feed except for their author and ADMIN', async () => {
    const author = await createUser({ role: 'CLIENT' });
    const article = await createArticle();
    const later = await createNewsItem({
      refKind: 'article',
      refId: article.id,
      userId: author.id,
      publishedAt: Date.now() + 3600_000,
    });
    expect(await feedIds()).not.toContain(later.id);
    expect(await feedIds(await sessionCookie(author))).toContain(later.id);
    expect(await feedIds((await as('ADMIN')).cookie)).toContain(later.id);
    expect((await call(`/news/${later.id}`)).status).toBe(404);
  });

  it('refuses a malformed cursor or limit with 400', async () => {
    expect((await call('/news?cursor=garbage')).body).toEqual({
      code: 400,
      message: 'Invalid cursor',
      result: { issues: [] },
    });
    expect((await call('/news?limit=0')).status).toBe(400);
    expect((await call('/news?limit=101')).status).toBe(400);
    expect((await call('/news/not-a-uuid')).status).toBe(400);
  });

  it('round-trips cursors and pages at the query level', async () => {
    const id = crypto.randomUUID();
    expect(decodeCursor(encodeCursor({ time: 1234, id }))).toEqual({ time: 1234, id });
    const page = await listNews(db(), null, { limit: 1 });
    expect(page.items.length).toBeLessThanOrEqual(1);
  });
});

describe('GET /news/{id}', () => {
  it('answers one item with its filled ref', async () => {
    const article = await createArticle();
    const item = await createNewsItem({
      refKind: 'article',
      refId: article.id,
      title: 'One item',
      thumbnailKey: 'image/n.png',
    });
    const res = await call(`/news/${item.id}`);
    expect(res.status).toBe(200);
    expect(newsItem.parse(res.body.result)).toMatchObject({
      id: item.id,
      title: 'One item',
      thumbnailHref: '/api/files/image/n.png',
      ref: { kind: 'article', id: article.id, slug: article.slug },
    });
    expect((await call(`/news/${crypto.randomUUID()}`)).status).toBe(404);
  });
});

describe('POST /news', () => {
  it('is for editor roles', async () => {
    const article = await createArticle();
    const body = { title: 'Hello', ref: { kind: 'article', id: article.id } };
    expect((await call('/news', { method: 'POST', body })).status).toBe(401);
    expect((await (await as('REGULAR_USER')).call('/news', { method: 'POST', body })).status).toBe(403);
    for (const role of ['CLIENT', 'CONTRIBUTOR', 'ADMIN'] as const) {
      expect((await (await as(role)).call('/news', { method: 'POST', body })).status).toBe(201);
    }
  });

  it('creates an item owned by the caller with its ref filled and a thumbnail', async () => {
    const { call: asClient, user } = await as('CLIENT');
    const channel = await createChannel({ isAd: true });
    const publishedAt = new Date(Date.now() - 60_000).toISOString();
    const res = await asClient('/news', {
      method: 'POST',
      body: multipartBody(
        {
          title: 'New channel',
          teaser: 'Look',
          ref: { kind: 'channel', id: channel.id },
          thumbnailFileTag: 't',
          publishedAt,
        },
        { t: pngBytes() },
      ),
    });
    expect(res.status).toBe(201);
    const item = newsItem.parse(res.body.result);
    expect(item).toMatchObject({
      title: 'New channel',
      teaser: 'Look',
      description: '',
      userId: user!.id,
      publishedAt,
      ref: { kind: 'channel', id: channel.id, slug: channel.slug, isAd: true, restricted: false, isEditorial: false },
    });
    const key = item.thumbnailHref!.slice('/api/files/'.length);
    expect(await env.FILES.head(key)).not.toBeNull();
    expect((await call(`/news/${item.id}`)).body.result).toEqual(item);
  });

  it("refuses a target that does not exist, that the writer may not see, or another user's hidden one, with 400", async () => {
    const { call: asClient } = await as('CLIENT');
    const draft = await createArticle({ published: false });
    const priv = await createChannel({ private: true });
    const hiddenArticle = await createArticle({ hidden: true });
    const hiddenChannel = await createChannel({ hidden: true });
    for (const ref of [
      { kind: 'article', id: crypto.randomUUID() },
      { kind: 'article', id: draft.id },
      { kind: 'channel', id: priv.id },
      { kind: 'channel', id: draft.id },
      { kind: 'article', id: hiddenArticle.id },
      { kind: 'channel', id: hiddenChannel.id },
    ]) {
      const res = await asClient('/news', { method: 'POST', body: { title: 'Bad ref', ref } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('The news item must point at an article or channel you can see');
    }
    expect(await db().select().from(news).where(eq(news.title, 'Bad ref')).all()).toEqual([]);
    // ADMIN may not point at someone's hidden content either; changing an item's ref is checked the same way.
    const admin = await as('ADMIN');
    expect(
      (
        await admin.call('/news', {
          method: 'POST',
          body: { title: 'Bad ref', ref: { kind: 'article', id: hiddenArticle.id } },
        })
      ).status,
    ).toBe(400);
    const item = await createNewsItem({
      refKind: 'article',
      refId: (await createArticle()).id,
      userId: admin.user!.id,
    });
    expect(
      (
        await admin.call(`/news/${item.id}`, {
          method: 'PUT',
          body: { ref: { kind: 'channel', id: hiddenChannel.id } },
        })
      ).status,
    ).toBe(400);
    const invalid = await asClient('/news', {
      method: 'POST',
      body: { title: 'x', ref: { kind: 'user', id: draft.id } },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toMatch(/^Validation error: .* at "ref.kind"/);
  });
});

describe("news on one's own hidden content", () => {
  it('may be written by the owner, is reachable by id, and stays out of the feed like every list', async () => {
    const owner = await as('CONTRIBUTOR');
    const hidden = await createArticle({ userId: owner.user!.id, hidden: true });
    const res = await owner.call('/news', {
      method: 'POST',
      body: { title: 'My hidden piece', ref: { kind: 'article', id: hidden.id } },
    });
    expect(res.status).toBe(201);
    expect((await call(`/news/${res.body.result.id}`)).status).toBe(200);
    expect(await feedIds()).not.toContain(res.body.result.id);
    expect(await feedIds(owner.cookie)).not.toContain(res.body.result.id);
  });
});

describe('PUT /news/{id}', () => {
  it('lets the author and ADMIN change an item; other editors get 403', async () => {
    const author = await createUser({ role: 'CONTRIBUTOR' });
    const article = await createArticle();
    const other = await createArticle({ isEditorial: true });
    const item = await createNewsItem({ refKind: 'article', refId: article.id, userId: author.id });
    const cookie = await sessionCookie(author);
    const res = await call(`/news/${item.id}`, {
      method: 'PUT',
      cookie,
      body: { title: 'Changed', ref: { kind: 'article', id: other.id } },
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ title: 'Changed', ref: { id: other.id, isEditorial: true } });
    expect(
      (await (await as('CLIENT')).call(`/news/${item.id}`, { method: 'PUT', body: { title: 'Nope' } })).status,
    ).toBe(403);
    expect(
      (await (await as('ADMIN')).call(`/news/${item.id}`, { method: 'PUT', body: { teaser: 'By admin' } })).body.result,
    ).toMatchObject({ title: 'Changed', teaser: 'By admin' });
    expect((await call(`/news/${item.id}`, { method: 'PUT', cookie, body: {} })).status).toBe(200);
    const bad = await call(`/news/${item.id}`, {
      method: 'PUT',
      cookie,
      body: { ref: { kind: 'channel', id: crypto.randomUUID() } },
    });
    expect(bad.status).toBe(400);
    expect((await call(`/news/${crypto.randomUUID()}`, { method: 'PUT', cookie, body: { title: 'x' } })).status).toBe(
      404,
    );
  });

  it('replaces and removes the thumbnail, deleting the old file', async () => {
    const { call: asClient } = await as('CLIENT');
    const article = await createArticle();
    const made = await asClient('/news', {
      method: 'POST',
      body: multipartBody(
        { title: 'Pic', ref: { kind: 'article', id: article.id }, thumbnailFileTag: 'a' },
        { a: pngBytes() },
      ),
    });
    const oldKey = made.body.result.thumbnailHref.slice('/api/files/'.length);
    const replaced = await asClient(`/news/${made.body.result.id}`, {
      method: 'PUT',
      body: multipartBody({ thumbnailFileTag: 'b' }, { b: pngBytes() }),
    });
    expect(replaced.status).toBe(200);
    const newKey = replaced.body.result.thumbnailHref.slice('/api/files/'.length);
    expect(newKey).not.toBe(oldKey);
    expect(await env.FILES.head(oldKey)).toBeNull();
    const removed = await asClient(`/news/${made.body.result.id}`, { method: 'PUT', body: { thumbnailFileTag: null } });
    expect(removed.body.result.thumbnailHref).toBeNull();
    expect(await env.FILES.head(newKey)).toBeNull();
    expect(await db().select().from(blobs).where(eq(blobs.key, newKey)).all()).toEqual([]);
  });
});

describe('DELETE /news/{id}', () => {
  it('lets the author delete an item and its thumbnail; others get 403', async () => {
    const { call: asClient } = await as('CLIENT');
    const article = await createArticle();
    const made = await asClient('/news', {
      method: 'POST',
      body: multipartBody(
        { title: 'Gone', ref: { kind: 'article', id: article.id }, thumbnailFileTag: 'a' },
        { a: pngBytes() },
      ),
    });
    const id = made.body.result.id;
    const key = made.body.result.thumbnailHref.slice('/api/files/'.length);
    expect((await (await as('CONTRIBUTOR')).call(`/news/${id}`, { method: 'DELETE' })).status).toBe(403);
    expect((await (await as('REGULAR_USER')).call(`/news/${id}`, { method: 'DELETE' })).status).toBe(403);
    const res = await asClient(`/news/${id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect((await call(`/news/${id}`)).status).toBe(404);
    expect(await env.FILES.head(key)).toBeNull();
    expect((await asClient(`/news/${id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('lets ADMIN delete any item', async () => {
    const article = await createArticle();
    const item = await createNewsItem({ refKind: 'article', refId: article.id });
    expect((await (await as('ADMIN')).call(`/news/${item.id}`, { method: 'DELETE' })).status).toBe(200);
  });
});
