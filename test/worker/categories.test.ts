import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { articlePage, category, categoryChildren, categoryRoute } from '#schema/entities';
import { articleCategories, articles, blobs, categories, slugs } from '#schema/tables';
import { encodeKeyCursor } from '#worker/lib/cursor';
import { categoryChain, categoryDependants, listCategories } from '#worker/queries/categories';
import { listCategoryArticles } from '#worker/queries/category-contents';
import { createArticle, createCategory, createChannel, grantAccess, createBlob } from './content-factories';
import { as, call, createUser, db, sessionCookie, unique } from './helpers';
import { multipartBody, pngBytes } from './upload-fixtures';

const admin = () => as('ADMIN');

describe('GET /categories', () => {
  it("lists roots first, then each parent's children in ordinal order, with imageHref", async () => {
    const root = await createCategory({ title: unique('Root'), ordinal: 900, imageKey: 'image/root.png' });
    const second = await createCategory({ parentId: root.id, ordinal: 2 });
    const first = await createCategory({ parentId: root.id, ordinal: 1 });
    const res = await call('/categories');
    expect(res.status).toBe(200);
    const list = z.array(category).parse(res.body.result);
    const ids = list.map((c) => c.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(ids.indexOf(root.id)).toBeLessThan(ids.indexOf(first.id));
    expect(list.find((c) => c.id === root.id)?.imageHref).toBe('/api/files/image/root.png');
    expect(list.findIndex((c) => c.parentId !== null)).toBeGreaterThan(list.findLastIndex((c) => c.parentId === null));
    expect((await listCategories(db())).map((c) => c.id)).toEqual(ids);
  });
});

describe('GET /categories/{id}', () => {
  it('answers by id and by slug', async () => {
    const cat = await createCategory({ title: 'Gardens' });
    for (const key of [cat.id, cat.slug]) {
      const res = await call(`/categories/${key}`);
      expect(res.status).toBe(200);
      expect(category.parse(res.body.result)).toMatchObject({
        id: cat.id,
        slug: cat.slug,
        title: 'Gardens',
        parentId: null,
      });
    }
  });

  it('answers an unknown id or slug with 404 Category not found', async () => {
    for (const key of [crypto.randomUUID(), 'no-such-category']) {
      const res = await call(`/categories/${key}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 404, message: 'Category not found', result: null });
    }
  });

  it('does not answer with another kind of entity behind a slug', async () => {
    const article = await createArticle();
    const res = await call(`/categories/${article.slug}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Category not found');
  });

  it('refuses a malformed id with 400', async () => {
    expect((await call('/categories/Not%20A%20Slug')).status).toBe(400);
  });
});

describe('GET /categories/{id}/route', () => {
  it('lists the ancestors from the root down to the category itself', async () => {
    const a = await createCategory({ title: 'Art' });
    const b = await createCategory({ title: 'Painting', parentId: a.id });
    const c = await createCategory({ title: 'Oil', parentId: b.id });
    const res = await call(`/categories/${c.slug}/route`);
    expect(res.status).toBe(200);
    expect(categoryRoute.parse(res.body.result)).toEqual([
      { id: a.id, title: 'Art' },
      { id: b.id, title: 'Painting' },
      { id: c.id, title: 'Oil' },
    ]);
    expect((await call(`/categories/${a.id}/route`)).body.result).toEqual([{ id: a.id, title: 'Art' }]);
    expect(await categoryChain(db(), b.id)).toEqual([
      { id: a.id, title: 'Art' },
      { id: b.id, title: 'Painting' },
    ]);
  });

  it('is 404 for an unknown category', async () => {
    const res = await call(`/categories/${crypto.randomUUID()}/route`);
    expect(res.body).toEqual({ code: 404, message: 'Category not found', result: null });
  });
});

describe('GET /categories/{id}/children', () => {
  it('gives sub-categories, channels and articles each in ordinal order', async () => {
    const parent = await createCategory();
    const sub2 = await createCategory({ parentId: parent.id, ordinal: 5 });
    const sub1 = await createCategory({ parentId: parent.id, ordinal: 1 });
    await createCategory({ parentId: sub1.id }); // a grandchild is not a child
    const ch1 = await createChannel({ categoryIds: [parent.id] });
    const ch2 = await createChannel({ categoryIds: [parent.id] });
    const a1 = await createArticle({ categoryIds: [parent.id], publishedAtCategory: true });
    const a2 = await createArticle({ categoryIds: [parent.id], publishedAtCategory: true });
    // Ordinals are per link: put the second-made first.
    await db().update(articleCategories).set({ ordinal: 7 }).where(eq(articleCategories.articleId, a1.id));
    await db().update(articleCategories).set({ ordinal: 3 }).where(eq(articleCategories.articleId, a2.id));
    const res = await call(`/categories/${parent.slug}/children`);
    expect(res.status).toBe(200);
    const children = categoryChildren.parse(res.body.result);
    expect(children.categories.map((c) => c.id)).toEqual([sub1.id, sub2.id]);
    expect(children.channels.map((c) => c.id)).toEqual([ch1.id, ch2.id]);
    expect(children.channels[0]!.categoryIds).toEqual([parent.id]);
    expect(children.articles.map((a) => a.id)).toEqual([a2.id, a1.id]);
    expect(children.articlesCursor).toBeNull();
  });

  it('leaves out articles not published at the category', async () => {
    const parent = await createCategory();
    await createArticle({ categoryIds: [parent.id], publishedAtCategory: false });
    const res = await call(`/categories/${parent.id}/children`);
    expect(res.body.result.articles).toEqual([]);
  });

  it('shows each viewer only what they may see in a list', async () => {
    const parent = await createCategory();
    const owner = await createUser({ role: 'CLIENT' });
    const granted = await createUser({ role: 'REGULAR_USER' });
    const visible = await createChannel({ categoryIds: [parent.id] });
    const unpublished = await createChannel({ categoryIds: [parent.id], userId: owner.id, published: false });
    const hidden = await createChannel({ categoryIds: [parent.id], userId: owner.id, hidden: true });
    const priv = await createChannel({ categoryIds: [parent.id], userId: owner.id, private: true });
    await grantAccess(granted.id, priv.id, 'channel');
    const art = await createArticle({ categoryIds: [parent.id], publishedAtCategory: true });
    const draft = await createArticle({
      categoryIds: [parent.id],
      publishedAtCategory: true,
      userId: owner.id,
      published: false,
    });
    const hiddenArt = await createArticle({ categoryIds: [parent.id], publishedAtCategory: true, hidden: true });
    const inPrivate = await createArticle({ categoryIds: [parent.id], publishedAtCategory: true, channelId: priv.id });

    const seen = async (cookie?: string) => {
      const r = categoryChildren.parse((await call(`/categories/${parent.id}/children`, { cookie })).body.result);
      return { channels: r.channels.map((c) => c.id).sort(), articles: r.articles.map((a) => a.id).sort() };
    };
    const sorted = (...ids: string[]) => ids.sort();
    expect(await seen()).toEqual({ channels: [visible.id], articles: [art.id] });
    const other = await as('CLIENT');
    expect(await seen(other.cookie)).toEqual({ channels: [visible.id], articles: [art.id] });
    expect(await seen(await sessionCookie(granted))).toEqual({
      channels: sorted(visible.id, priv.id),
      articles: sorted(art.id, inPrivate.id),
    });
    expect(await seen(await sessionCookie(owner))).toEqual({
      channels: sorted(visible.id, unpublished.id, priv.id),
      articles: sorted(art.id, draft.id, inPrivate.id),
    });
    const { cookie } = await admin();
    expect(await seen(cookie)).toEqual({
      channels: sorted(visible.id, unpublished.id, priv.id),
      articles: sorted(art.id, draft.id, inPrivate.id),
    });
    // Hidden ones are in no list, not even the owner's or an admin's.
    expect(JSON.stringify(await seen(cookie))).not.toContain(hidden.id);
    expect(JSON.stringify(await seen(cookie))).not.toContain(hiddenArt.id);
  });

  it('locks a restricted channel for others and opens it for its owner', async () => {
    const parent = await createCategory();
    const ch = await createChannel({
      categoryIds: [parent.id],
      restricted: true,
      coverMedia: { kind: 'image', key: 'image/cover.png' },
    });
    const anon = categoryChildren.parse((await call(`/categories/${parent.id}/children`)).body.result).channels[0]!;
    expect(anon).toMatchObject({ id: ch.id, locked: true, coverMedia: null });
    const mine = categoryChildren.parse(
      (await call(`/categories/${parent.id}/children`, { cookie: await sessionCookie({ id: ch.userId }) })).body.result,
    ).channels[0]!;
    expect(mine).toMatchObject({
      id: ch.id,
      locked: false,
      coverMedia: { kind: 'image', href: '/api/files/image/cover.png' },
    });
  });

  it('is 404 for an unknown category', async () => {
    expect((await call(`/categories/${crypto.randomUUID()}/children`)).body.message).toBe('Category not found');
  });
});

describe('GET /categories/{id}/articles and the first page in children', () => {
  /** A category with `n` articles published at it, ordinals n-1 … 0 (so the last made comes first). */
  const filled = async (n: number) => {
    const parent = await createCategory();
    const made: string[] = [];
    for (let i = 0; i < n; i++) {
      const a = await createArticle({ categoryIds: [parent.id], publishedAtCategory: true });
      await db()
        .update(articleCategories)
        .set({ ordinal: n - 1 - i })
        .where(eq(articleCategories.articleId, a.id));
      made.push(a.id);
    }
    return { parent, order: made.reverse() };
  };
  const pageIds = (result: unknown) => articlePage.parse(result).items.map((a) => a.id);

  it('children carry the first 24 articles by ordinal and a cursor; the articles route continues from it', async () => {
    const { parent, order } = await filled(26);
    const children = categoryChildren.parse((await call(`/categories/${parent.id}/children`)).body.result);
    expect(children.articles.map((a) => a.id)).toEqual(order.slice(0, 24));
    expect(children.articlesCursor).toEqual(expect.any(String));
    const rest = await call(`/categories/${parent.slug}/articles?cursor=${children.articlesCursor}`);
    expect(rest.status).toBe(200);
    expect(articlePage.parse(rest.body.result)).toMatchObject({ nextCursor: null });
    expect(pageIds(rest.body.result)).toEqual(order.slice(24));
    // The route on its own pages the same order from the start.
    const first = articlePage.parse((await call(`/categories/${parent.id}/articles?limit=10`)).body.result);
    expect(first.items.map((a) => a.id)).toEqual(order.slice(0, 10));
    const second = articlePage.parse(
      (await call(`/categories/${parent.id}/articles?limit=10&cursor=${first.nextCursor}`)).body.result,
    );
    expect(second.items.map((a) => a.id)).toEqual(order.slice(10, 20));
    expect(pageIds((await call(`/categories/${parent.id}/articles`)).body.result)).toEqual(order.slice(0, 24));
  });

  it('pages only what the viewer may list, without gaps or doubles', async () => {
    const owner = await createUser({ role: 'CLIENT' });
    const parent = await createCategory();
    const order: string[] = [];
    for (let i = 0; i < 5; i++) {
      const a = await createArticle({
        categoryIds: [parent.id],
        publishedAtCategory: true,
        userId: owner.id,
        published: i !== 2,
        hidden: i === 4,
      });
      await db().update(articleCategories).set({ ordinal: i }).where(eq(articleCategories.articleId, a.id));
      order.push(a.id);
    }
    const walk = async (cookie?: string) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res: Awaited<ReturnType<typeof call>> = await call(
          `/categories/${parent.id}/articles?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
          { cookie },
        );
        const page = articlePage.parse(res.body.result);
        seen.push(...page.items.map((a) => a.id));
        cursor = page.nextCursor;
      } while (cursor);
      return seen;
    };
    expect(await walk()).toEqual([order[0], order[1], order[3]]);
    expect(await walk(await sessionCookie(owner))).toEqual([order[0], order[1], order[2], order[3]]);
    const direct = await listCategoryArticles(db(), null, parent.id, { limit: 100 });
    expect(direct.items.map((a) => a.id)).toEqual([order[0], order[1], order[3]]);
  });

  it('goes on after the last article shown: articles filed, unfiled or retitled before it shift nothing', async () => {
    const parent = await createCategory();
    const titled = async (title: string) =>
      (await createArticle({ title, categoryIds: [parent.id], publishedAtCategory: true })).id;
    // Titles of every kind: the cursor carries the last title shown (and its ordinal and id) whole.
    const long = `Ü${'ß'.repeat(199)}`;
    const [b, c, d, e] = [
      await titled('B "quoted" / slashed'),
      await titled('C café ☕'),
      await titled(long),
      await titled('😀 E'),
    ];
    const first = articlePage.parse((await call(`/categories/${parent.id}/articles?limit=2`)).body.result);
    expect(pageIds(first)).toEqual([b, c]);
    await titled('A new one before');
    await createArticle({ title: 'Cz filed after the cursor', categoryIds: [parent.id], publishedAtCategory: true });
    await db().update(articles).set({ title: 'AA retitled' }).where(eq(articles.id, c));
    await db().delete(articleCategories).where(eq(articleCategories.articleId, b));
    const cursor = encodeURIComponent(first.nextCursor!);
    const second = articlePage.parse(
      (await call(`/categories/${parent.id}/articles?limit=2&cursor=${cursor}`)).body.result,
    );
    expect(second.items.map((a) => a.title)).toEqual(['Cz filed after the cursor', long]);
    const third = articlePage.parse(
      (await call(`/categories/${parent.id}/articles?limit=2&cursor=${encodeURIComponent(second.nextCursor!)}`)).body
        .result,
    );
    expect(pageIds(third)).toEqual([e]);
    expect(third.nextCursor).toBeNull();
    expect(d).toBe(second.items[1]!.id);
  });

  it('checks limit and cursor, and is 404 for an unknown category', async () => {
    const { parent } = await filled(1);
    for (const limit of ['0', '101', 'many'])
      expect((await call(`/categories/${parent.id}/articles?limit=${limit}`)).status).toBe(400);
    for (const cursor of [
      'abc',
      '-3',
      '12345678',
      encodeKeyCursor([0, 'x']),
      encodeKeyCursor([0, 1, crypto.randomUUID()]),
      'x'.repeat(2001),
    ]) {
      const res = await call(`/categories/${parent.id}/articles?cursor=${encodeURIComponent(cursor)}`);
      expect(res.status).toBe(400);
      if (cursor.length <= 2000)
        expect(res.body).toEqual({ code: 400, message: 'Invalid cursor', result: { issues: [] } });
    }
    expect((await call(`/categories/${parent.id}/articles?limit=100`)).body.result.items).toHaveLength(1);
    expect((await call(`/categories/${crypto.randomUUID()}/articles`)).body).toEqual({
      code: 404,
      message: 'Category not found',
      result: null,
    });
    expect((await call('/categories/no-such-category/articles')).status).toBe(404);
  });
});

describe('POST /categories', () => {
  it('is for ADMIN only', async () => {
    expect((await call('/categories', { method: 'POST', body: { title: 'X' } })).status).toBe(401);
    for (const role of ['REGULAR_USER', 'CLIENT', 'CONTRIBUTOR'] as const) {
      const { call: asRole } = await as(role);
      expect((await asRole('/categories', { method: 'POST', body: { title: 'X' } })).status).toBe(403);
    }
  });

  it('creates a category with a unique slug made from the title, appended after its siblings', async () => {
    const { call: asAdmin } = await admin();
    const parent = await createCategory();
    await createCategory({ parentId: parent.id, ordinal: 4 });
    const title = `Café ${unique('t')}`;
    const first = await asAdmin('/categories', { method: 'POST', body: { title, parentId: parent.id } });
    expect(first.status).toBe(201);
    const made = category.parse(first.body.result);
    expect(made).toMatchObject({ title, parentId: parent.id, ordinal: 5, imageHref: null });
    expect(made.slug).toMatch(/^cafe-t-/);
    const second = category.parse((await asAdmin('/categories', { method: 'POST', body: { title } })).body.result);
    expect(second.slug).toBe(`${made.slug}-2`);
    expect(second.ordinal).toBeGreaterThanOrEqual(0);
    expect(await db().select().from(slugs).where(eq(slugs.entityId, made.id)).all()).toMatchObject([
      { slug: made.slug, entityId: made.id, entityKind: 'category' },
    ]);
    expect(await env.KV.get(`slug:${made.slug}`)).toBe(made.id);
    expect((await call(`/categories/${made.slug}`)).body.result.id).toBe(made.id);
  });

  it('takes a given slug, and refuses one already taken with 409', async () => {
    const { call: asAdmin } = await admin();
    const slug = unique('given').toLowerCase();
    const res = await asAdmin('/categories', { method: 'POST', body: { title: 'Given', slug } });
    expect(res.status).toBe(201);
    expect(res.body.result.slug).toBe(slug);
    const channel = await createChannel();
    for (const taken of [slug, channel.slug]) {
      const again = await asAdmin('/categories', { method: 'POST', body: { title: 'Again', slug: taken } });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('Slug already taken');
    }
  });

  it('refuses an unknown parent with 400 and invalid input with 400', async () => {
    const { call: asAdmin } = await admin();
    const res = await asAdmin('/categories', {
      method: 'POST',
      body: { title: 'Orphan', parentId: crypto.randomUUID() },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Parent category not found');
    const bad = await asAdmin('/categories', { method: 'POST', body: { title: '' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Validation error: .* at "title"/);
  });

  it('stores an image sent as a multipart part', async () => {
    const { call: asAdmin, user } = await admin();
    const res = await asAdmin('/categories', {
      method: 'POST',
      body: multipartBody({ title: 'Pictured', imageFileTag: 'img' }, { img: pngBytes() }),
    });
    expect(res.status).toBe(201);
    const made = category.parse(res.body.result);
    expect(made.imageHref).toMatch(/^\/api\/files\/image\//);
    const key = made.imageHref!.slice('/api/files/'.length);
    expect(await env.FILES.head(key)).not.toBeNull();
    expect((await db().select().from(blobs).where(eq(blobs.key, key)).get())?.userId).toBe(user!.id);
  });

  it('refuses a missing file part with 400 and writes nothing', async () => {
    const { call: asAdmin } = await admin();
    const title = unique('Missing file');
    const res = await asAdmin('/categories', { method: 'POST', body: { title, imageFileTag: 'nope' } });
    expect(res.status).toBe(400);
    expect(await db().select().from(categories).where(eq(categories.title, title)).all()).toEqual([]);
  });
});

describe('PUT /categories/{id}', () => {
  it('renames, reorders and moves a category (appending under the new parent)', async () => {
    const { call: asAdmin } = await admin();
    const from = await createCategory();
    const to = await createCategory();
    await createCategory({ parentId: to.id, ordinal: 8 });
    const cat = await createCategory({ parentId: from.id });
    const res = await asAdmin(`/categories/${cat.id}`, { method: 'PUT', body: { title: 'Renamed', parentId: to.id } });
    expect(res.status).toBe(200);
    expect(category.parse(res.body.result)).toMatchObject({
      id: cat.id,
      title: 'Renamed',
      parentId: to.id,
      ordinal: 9,
      slug: cat.slug,
    });
    const reorder = await asAdmin(`/categories/${cat.slug}`, { method: 'PUT', body: { ordinal: 0, parentId: null } });
    expect(reorder.body.result).toMatchObject({ parentId: null, ordinal: 0 });
    expect((await call(`/categories/${cat.id}`)).body.result).toMatchObject({
      title: 'Renamed',
      parentId: null,
      ordinal: 0,
    });
  });

  it('refuses a move that would make a cycle with 409 and changes nothing', async () => {
    const { call: asAdmin } = await admin();
    const a = await createCategory();
    const b = await createCategory({ parentId: a.id });
    const c = await createCategory({ parentId: b.id });
    for (const parentId of [a.id, b.id, c.id]) {
      const res = await asAdmin(`/categories/${a.id}`, { method: 'PUT', body: { parentId, title: 'Changed' } });
      expect(res.status).toBe(409);
    }
    expect((await call(`/categories/${a.id}`)).body.result).toMatchObject({
      parentId: null,
      title: expect.not.stringMatching('Changed'),
    });
    expect(
      (await asAdmin(`/categories/${a.id}`, { method: 'PUT', body: { parentId: crypto.randomUUID() } })).status,
    ).toBe(400);
  });

  it('changes the slug in the slugs table and in KV; the old slug keeps leading to the category', async () => {
    const { call: asAdmin } = await admin();
    const cat = await createCategory();
    expect((await call(`/categories/${cat.slug}`)).status).toBe(200); // warms KV with the old slug
    expect(await env.KV.get(`slug:${cat.slug}`)).toBe(cat.id);
    const slug = unique('moved').toLowerCase();
    const res = await asAdmin(`/categories/${cat.id}`, { method: 'PUT', body: { title: 'Renamed', slug } });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ slug, title: 'Renamed' });
    expect(await env.KV.get(`slug:${slug}`)).toBe(cat.id);
    // Old links and bookmarks: the old slug resolves, and says which slug is current, so the SPA moves there.
    expect((await call(`/categories/${cat.slug}`)).body.result).toMatchObject({ id: cat.id, slug });
    expect((await call(`/slugs/${cat.slug}`)).body.result).toEqual({
      slug: cat.slug,
      entityId: cat.id,
      currentSlug: slug,
    });
    expect((await call(`/categories/${slug}`)).body.result.id).toBe(cat.id);
    const rows = await db().select().from(slugs).where(eq(slugs.entityId, cat.id)).all();
    expect(rows.sort((a, b) => Number(b.current) - Number(a.current))).toEqual([
      { slug, entityId: cat.id, entityKind: 'category', current: true },
      { slug: cat.slug, entityId: cat.id, entityKind: 'category', current: false },
    ]);
    // Neither the new nor the old slug can be taken by another category.
    const other = await createCategory();
    expect((await asAdmin(`/categories/${other.id}`, { method: 'PUT', body: { slug } })).status).toBe(409);
    expect((await asAdmin(`/categories/${other.id}`, { method: 'PUT', body: { slug: cat.slug } })).status).toBe(409);
    // Taking its old slug back makes it current again.
    const back = await asAdmin(`/categories/${cat.id}`, { method: 'PUT', body: { slug: cat.slug } });
    expect(back.body.result.slug).toBe(cat.slug);
    expect((await call(`/slugs/${slug}`)).body.result.currentSlug).toBe(cat.slug);
    // Deleting the category removes every slug it had.
    expect((await asAdmin(`/categories/${cat.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await db().select().from(slugs).where(eq(slugs.entityId, cat.id)).all()).toEqual([]);
  });

  it('replaces and removes the image, deleting the old file', async () => {
    const { call: asAdmin } = await admin();
    const cat = await createCategory();
    const first = await asAdmin(`/categories/${cat.id}`, {
      method: 'PUT',
      body: multipartBody({ imageFileTag: 'a' }, { a: pngBytes() }),
    });
    expect(first.status).toBe(200);
    const oldKey = first.body.result.imageHref.slice('/api/files/'.length);
    const second = await asAdmin(`/categories/${cat.id}`, {
      method: 'PUT',
      body: multipartBody({ imageFileTag: 'b' }, { b: pngBytes() }),
    });
    const newKey = second.body.result.imageHref.slice('/api/files/'.length);
    expect(newKey).not.toBe(oldKey);
    expect(await env.FILES.head(oldKey)).toBeNull();
    expect(await db().select().from(blobs).where(eq(blobs.key, oldKey)).get()).toBeUndefined();
    const removed = await asAdmin(`/categories/${cat.id}`, { method: 'PUT', body: { imageFileTag: null } });
    expect(removed.body.result.imageHref).toBeNull();
    expect(await env.FILES.head(newKey)).toBeNull();
  });

  it('is ADMIN only and 404 for an unknown category', async () => {
    const cat = await createCategory();
    const { call: asClient } = await as('CLIENT');
    expect((await asClient(`/categories/${cat.id}`, { method: 'PUT', body: { title: 'No' } })).status).toBe(403);
    const { call: asAdmin } = await admin();
    expect(
      (await asAdmin(`/categories/${crypto.randomUUID()}`, { method: 'PUT', body: { title: 'No' } })).body,
    ).toEqual({ code: 404, message: 'Category not found', result: null });
  });
});

describe('DELETE /categories/{id}', () => {
  it('refuses with 409 while sub-categories, channels or articles are inside', async () => {
    const { call: asAdmin } = await admin();
    const withSub = await createCategory();
    await createCategory({ parentId: withSub.id });
    const withChannel = await createCategory();
    await createChannel({ categoryIds: [withChannel.id], published: false });
    const withArticle = await createCategory();
    await createArticle({ categoryIds: [withArticle.id], publishedAtCategory: false });
    for (const [cat, what] of [
      [withSub, 'sub-category'],
      [withChannel, 'channel'],
      [withArticle, 'article'],
    ] as const) {
      const res = await asAdmin(`/categories/${cat.id}`, { method: 'DELETE' });
      expect(res.status).toBe(409);
      expect(res.body.message).toContain(`1 ${what}`);
      expect((await call(`/categories/${cat.id}`)).status).toBe(200);
    }
    expect(await categoryDependants(db(), withChannel.id)).toEqual({ categories: 0, channels: 1, articles: 0 });
  });

  it('deletes an empty category with its slug (table and KV) and its image', async () => {
    const { call: asAdmin, user } = await admin();
    const blob = await createBlob(user!.id);
    await env.FILES.put(blob.key, pngBytes());
    const cat = await createCategory({ imageKey: blob.key });
    await call(`/categories/${cat.slug}`);
    expect(await env.KV.get(`slug:${cat.slug}`)).toBe(cat.id);
    const res = await asAdmin(`/categories/${cat.slug}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect((await call(`/categories/${cat.id}`)).status).toBe(404);
    expect(await env.KV.get(`slug:${cat.slug}`)).toBeNull();
    expect(await db().select().from(slugs).where(eq(slugs.entityId, cat.id)).all()).toEqual([]);
    expect(await env.FILES.head(blob.key)).toBeNull();
    expect(await db().select().from(blobs).where(eq(blobs.key, blob.key)).all()).toEqual([]);
    expect((await asAdmin(`/categories/${cat.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('with ?children=moveUp moves the sub-categories up to its parent, after its siblings, and deletes it', async () => {
    const { call: asAdmin } = await admin();
    const top = await createCategory();
    const sibling = await createCategory({ parentId: top.id, ordinal: 4 });
    const doomed = await createCategory({ parentId: top.id, ordinal: 5 });
    const first = await createCategory({ parentId: doomed.id, ordinal: 0 });
    const second = await createCategory({ parentId: doomed.id, ordinal: 1 });
    const grandchild = await createCategory({ parentId: first.id });
    const res = await asAdmin(`/categories/${doomed.id}?children=moveUp`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect((await call(`/categories/${doomed.id}`)).status).toBe(404);
    const rows = await db().select().from(categories).where(eq(categories.parentId, top.id)).all();
    const order = rows.sort((a, b) => a.ordinal - b.ordinal).map((r) => r.id);
    expect(order).toEqual([sibling.id, first.id, second.id]);
    expect((await db().select().from(categories).where(eq(categories.id, grandchild.id)).get())?.parentId).toBe(
      first.id,
    );

    // A root's children become roots.
    const root = await createCategory();
    const child = await createCategory({ parentId: root.id });
    expect((await asAdmin(`/categories/${root.slug}?children=moveUp`, { method: 'DELETE' })).status).toBe(200);
    expect((await db().select().from(categories).where(eq(categories.id, child.id)).get())?.parentId).toBeNull();
  });

  it('moves nothing when channels or articles still block the delete, and refuses unknown options', async () => {
    const { call: asAdmin } = await admin();
    const top = await createCategory();
    const doomed = await createCategory({ parentId: top.id });
    const child = await createCategory({ parentId: doomed.id });
    await createArticle({ categoryIds: [doomed.id], publishedAtCategory: false });
    const res = await asAdmin(`/categories/${doomed.id}?children=moveUp`, { method: 'DELETE' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('The category still has 1 article; move or unlink them before deleting it');
    expect((await db().select().from(categories).where(eq(categories.id, child.id)).get())?.parentId).toBe(doomed.id);
    const plain = await asAdmin(`/categories/${doomed.id}?children=refuse`, { method: 'DELETE' });
    expect(plain.body.message).toContain('1 sub-category, 1 article');
    const bad = await asAdmin(`/categories/${doomed.id}?children=orphan`, { method: 'DELETE' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Validation error: .* at "children"$/);
  });

  it('is ADMIN only', async () => {
    const cat = await createCategory();
    const { call: asContributor } = await as('CONTRIBUTOR');
    expect((await asContributor(`/categories/${cat.id}`, { method: 'DELETE' })).status).toBe(403);
    expect((await call(`/categories/${cat.id}`, { method: 'DELETE' })).status).toBe(401);
  });
});

describe('POST /categories/search', () => {
  it('finds categories by title words and prefixes, ignoring accents, best first', async () => {
    const word = `zq${crypto.randomUUID().slice(0, 6).replace(/-/g, '')}`;
    const exact = await createCategory({ title: `Café ${word}` });
    const other = await createCategory({ title: `Unrelated ${word}x` });
    const res = await call('/categories/search', { method: 'POST', body: { searchText: `cafe ${word}` } });
    expect(res.status).toBe(200);
    expect(
      z
        .array(category)
        .parse(res.body.result)
        .map((c) => c.id),
    ).toEqual([exact.id]);
    const prefix = await call('/categories/search', { method: 'POST', body: { searchText: word.slice(0, 5) } });
    expect(prefix.body.result.map((c: { id: string }) => c.id).sort()).toEqual([exact.id, other.id].sort());
  });

  it('finds nothing for articles and channels, and answers hostile text with 200', async () => {
    const word = `zw${crypto.randomUUID().slice(0, 6).replace(/-/g, '')}`;
    await createArticle({ title: `Article ${word}` });
    expect((await call('/categories/search', { method: 'POST', body: { searchText: word } })).body.result).toEqual([]);
    for (const searchText of ['"', '*', '-', 'NEAR(', ')', 'title:x', '^', '', '  ']) {
      const res = await call('/categories/search', { method: 'POST', body: { searchText } });
      expect(res.status).toBe(200);
    }
  });
});
