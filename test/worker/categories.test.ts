import { eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { category, categoryChildren, categoryRoute } from '#schema/entities';
import { articleCategories } from '#schema/tables';
import { categoryChain, listCategories } from '#worker/queries/categories';
import { createArticle, createCategory, createChannel, grantAccess } from './content-factories';
import { as, call, createUser, db, sessionCookie, unique } from './helpers';
import { admin } from './categories-kit';

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
