// Every public URL the SPA builds comes from web/paths.ts. This walks the route table of web/app.tsx: each route
// pattern that names content (an article, channel or category) has a builder, and the path built for ids that
// need encoding is matched by exactly that pattern, with the same ids back as its params.
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '#web/app';
import { articleHomePath, articlePath, authorPath, categoryPath, channelPath, contentPath } from '#web/paths';

/** Every route's full pattern, e.g. '/category/:categoryId/c/:channelId'. */
function patterns(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const here = route.path ? `${parent.replace(/\/$/, '')}/${route.path}` : parent || '/';
    return [...(route.path ? [here] : []), ...patterns(route.children ?? [], here)];
  });
}

// Ids with what a path must encode: a space, a slash, a question mark, a hash, a percent sign, non-ASCII.
const article = 'a b/c?d#1%';
const channel = 'chän/nel';
const category = 'cat egory?';

const BUILT: Record<string, { path: string; params: Record<string, string> }> = {
  '/article/:articleId': { path: articlePath({ id: article }), params: { articleId: article } },
  '/chan/:channelId': { path: channelPath(channel), params: { channelId: channel } },
  '/chan/:channelId/a/:articleId': {
    path: articlePath({ id: article }, { channel }),
    params: { channelId: channel, articleId: article },
  },
  '/category/:categoryId': { path: categoryPath(category), params: { categoryId: category } },
  '/category/:categoryId/a/:articleId': {
    path: articlePath({ id: article }, { category }),
    params: { categoryId: category, articleId: article },
  },
  '/category/:categoryId/c/:channelId': {
    path: channelPath(channel, category),
    params: { categoryId: category, channelId: channel },
  },
  '/category/:categoryId/c/:channelId/a/:articleId': {
    path: articlePath({ id: article }, { category, channel }),
    params: { categoryId: category, channelId: channel, articleId: article },
  },
  '/author/:username': { path: authorPath({ username: 'Zoë K' }), params: { username: 'Zoë K' } },
};

const contentPatterns = () => patterns(routes).filter((p) => /:(articleId|channelId|categoryId|username)\b/.test(p));

describe('public paths', () => {
  it('every route pattern that names content has a builder', () => {
    expect(contentPatterns().length).toBeGreaterThanOrEqual(7);
    expect(contentPatterns().filter((p) => !(p in BUILT))).toEqual([]);
  });

  it.each(Object.entries(BUILT))('%s: the built path matches that pattern, ids encoded once', (pattern, built) => {
    expect(contentPatterns()).toContain(pattern);
    const matched = matchRoutes(routes, built.path);
    const last = matched?.at(-1);
    expect(last, built.path).toBeTruthy();
    const full = matched!.map((m) => m.route.path ?? '').filter(Boolean);
    expect(`/${full.join('/')}`).toBe(pattern);
    expect({ ...last!.params }).toEqual(built.params);
    // Encoded exactly once: no id shows raw, none twice encoded.
    expect(built.path).not.toContain('%25' + '25');
    expect(built.path).not.toContain(' ');
  });

  it('an article links into its own channel when it has one; news and grants link to what they name', () => {
    expect(articleHomePath({ id: 'x', channelId: 'c' })).toBe('/chan/c/a/x');
    expect(articleHomePath({ id: 'x', channelId: null })).toBe('/article/x');
    expect(contentPath('article', 'a/1')).toBe('/article/a%2F1');
    expect(contentPath('channel', 'c 1')).toBe('/chan/c%201');
  });

  it('an item with a slug is named by it (the readable, canonical form), else by its id', () => {
    const id = 'd1000000-0000-4000-8000-000000000001';
    expect(articlePath({ id, slug: 'hut-to-hut' })).toBe('/article/hut-to-hut');
    expect(articlePath({ id, slug: '' })).toBe(`/article/${id}`);
    expect(
      articlePath({ id, slug: 'hut' }, { channel: { id: 'c', slug: 'alps' }, category: { id: 'k', slug: 'walks' } }),
    ).toBe('/category/walks/c/alps/a/hut');
    expect(channelPath({ id: 'c', slug: 'alpine-journal' })).toBe('/chan/alpine-journal');
    expect(categoryPath({ id: 'k', slug: 'alps' })).toBe('/category/alps');
    expect(contentPath('article', { id, slug: 'hut-to-hut' })).toBe('/article/hut-to-hut');
    expect(articleHomePath({ id, slug: 'hut', channelId: 'c' })).toBe('/chan/c/a/hut');
  });
});
