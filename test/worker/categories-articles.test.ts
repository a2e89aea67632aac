import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { articlePage, categoryChildren } from '#schema/entities';
import { articleCategories, articles } from '#schema/tables';
import { encodeKeyCursor } from '#worker/lib/cursor';
import { listCategoryArticles } from '#worker/queries/category-contents';
import { createArticle, createCategory } from './content-factories';
import { call, createUser, db, sessionCookie } from './helpers';

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
