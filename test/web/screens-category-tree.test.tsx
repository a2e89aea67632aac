// The category tree built in the browser from GET /categories, and the views that show it.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Category } from '#schema';
import CategoriesView from '#web/routes/category/list';
import { buildCategoryTree, flatten } from '#web/routes/category/tree';
import CategoryView from '#web/routes/category/$categoryId';
import { renderScreen } from './screens-render';
import { fail, fakeApi, ok } from './fake-api';

let n = 0;
function cat(title: string, parentId: string | null, ordinal = 0): Category {
  n += 1;
  const id = `a0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return { id, parentId, title, imageHref: null, slug: title.toLowerCase().replace(/\W+/g, '-'), ordinal };
}

describe('buildCategoryTree', () => {
  it('attaches children to parents and orders siblings by ordinal, then title', () => {
    const travel = cat('Travel', null, 1);
    const food = cat('Food', null, 0);
    const europe = cat('Europe', travel.id, 0);
    const asia = cat('Asia', travel.id, 0);
    const alps = cat('Alps', europe.id, 3);
    const tree = buildCategoryTree([alps, asia, europe, food, travel]);
    expect(tree.map((c) => c.title)).toEqual(['Food', 'Travel']);
    expect(tree[1]!.children.map((c) => c.title)).toEqual(['Asia', 'Europe']);
    expect(tree[1]!.children[1]!.children.map((c) => c.title)).toEqual(['Alps']);
    expect(tree[0]!.children).toEqual([]);
  });

  it('makes a category whose parent is missing a root instead of dropping it', () => {
    const orphan = cat('Orphan', 'a0000000-0000-4000-8000-999999999999');
    const root = cat('Root', null);
    const tree = buildCategoryTree([orphan, root]);
    expect(tree.map((c) => c.title).sort()).toEqual(['Orphan', 'Root']);
  });

  it('cuts a parent cycle once so every category still appears exactly once', () => {
    const a = cat('A', null);
    const b = cat('B', a.id);
    a.parentId = b.id;
    const c = cat('C', b.id);
    const tree = buildCategoryTree([a, b, c]);
    const all = flatten(tree)
      .map((x) => x.title)
      .sort();
    expect(all).toEqual(['A', 'B', 'C']);
    expect(tree).toHaveLength(1);
  });

  it('gives an empty tree for an empty list and ignores duplicate rows', () => {
    expect(buildCategoryTree([])).toEqual([]);
    const x = cat('X', null);
    expect(flatten(buildCategoryTree([x, { ...x }]))).toHaveLength(1);
  });
});

describe('categories views', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the tree as nested lists of links three levels deep', async () => {
    const top = cat('Outdoors', null);
    const mid = cat('Mountains', top.id);
    const leaf = cat('Via ferrata', mid.id);
    fakeApi((call) => (call.method === 'GET' && call.path === '/categories' ? ok([leaf, top, mid]) : undefined));
    renderScreen({ path: '/category', routes: [{ path: '/category', element: <CategoriesView /> }] });
    const nav = await screen.findByRole('navigation', { name: 'Category tree' });
    const topLink = within(nav).getByRole('link', { name: 'Outdoors' });
    expect(topLink.getAttribute('href')).toBe('/category/outdoors');
    const leafLink = within(nav).getByRole('link', { name: 'Via ferrata' });
    expect(leafLink.getAttribute('href')).toBe('/category/via-ferrata');
    // Links name each category by its slug (docs/decisions/041-pages-and-urls.md).
    // Via ferrata sits in the list inside Mountains, which sits in the list inside Outdoors.
    const leafItem = leafLink.closest('li')!;
    const midItem = leafItem.parentElement!.closest('li')!;
    expect(within(midItem).getAllByRole('link')[0]!.textContent).toBe('Mountains');
    expect(midItem.parentElement!.closest('li')).toBe(topLink.closest('li'));
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('resolves a slug and links children through the nested routes', async () => {
    const parent = cat('Cooking', null);
    const sub = cat('Baking', parent.id);
    const channelId = 'c0000000-0000-4000-8000-000000000001';
    const articleId = 'd0000000-0000-4000-8000-000000000001';
    fakeApi((call) => {
      if (call.path === '/slugs/cooking') return ok({ slug: 'cooking', entityId: parent.id });
      if (call.path === `/categories/${parent.id}`) return ok(parent);
      if (call.path === `/categories/${parent.id}/children`) {
        return ok({
          categories: [sub],
          channels: [
            {
              id: channelId,
              slug: 'bread-club',
              name: 'Bread club',
              categoryIds: [parent.id],
              userId: channelId,
              infoText: 'Sourdough every week.',
              portraitHref: null,
              bannerHref: null,
              hidden: false,
              private: false,
              published: true,
              restricted: false,
              isAd: false,
              coverMedia: null,
              locked: false,
              body: { version: 1, children: [] },
              version: 1,
              createdAt: '2025-01-02T10:00:00.000Z',
            },
          ],
          articlesCursor: null,
          articles: [
            {
              id: articleId,
              slug: 'rye',
              title: 'Rye in winter',
              teaser: 'Dark and dense.',
              type: 'text',
              channelId: null,
              userId: channelId,
              thumbnailHref: null,
              published: true,
              hidden: false,
              restricted: false,
              isAd: false,
              isEditorial: true,
              createdAt: '2025-01-03T10:00:00.000Z',
            },
          ],
        });
      }
      return undefined;
    });
    renderScreen({ path: '/category/cooking', routes: [{ path: '/category/:categoryId', element: <CategoryView /> }] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cooking' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Baking' }).getAttribute('href')).toBe('/category/baking');
    expect(screen.getByRole('link', { name: 'Bread club' }).getAttribute('href')).toBe(
      '/category/cooking/c/bread-club',
    );
    expect(screen.getByRole('link', { name: 'Rye in winter' }).getAttribute('href')).toBe('/category/cooking/a/rye');
    expect(screen.getByText('Editorial')).toBeTruthy();
  });

  it("says 'Category not found' when the look-up fails", async () => {
    fakeApi((call) => (call.path.startsWith('/categories/') ? fail(404, 'Category not found') : undefined));
    renderScreen({
      path: '/category/no-such-thing',
      routes: [{ path: '/category/:categoryId', element: <CategoryView /> }],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Category not found' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});
