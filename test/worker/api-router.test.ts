// Which of the API's routes Hono's RegExpRouter refuses (decision 044, the sixth look): a literal and a parameter
// beside each other under one path, within one method. Three such pairs keep the API on the TrieRouter; this test
// fails when a route adds another, or when one of the three stops being refused (then the API may move to the
// RegExpRouter, and this test should become "every route is accepted").
import { describe, expect, it } from 'vitest';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { buildApp } from '#worker/app';

/** The literal routes refused beside a parameter route of the same method under the same path. */
const REFUSED = [
  'GET /api/myso/user-channels/user-channels', // beside GET /api/myso/user-channels/:id
  'GET /api/users/logout', // beside GET /api/users/:id
  'POST /api/categories/search', // beside POST /api/categories/:id/translations
];

const routes = buildApp().routes;

/** Whether the RegExpRouter takes these routes (it builds its matcher, and so refuses, on the first match). */
function accepts(list: typeof routes): boolean {
  const router = new RegExpRouter<unknown>();
  try {
    for (const route of list) router.add(route.method, route.path, route.handler);
    router.match('GET', '/api/articles/x');
    return true;
  } catch {
    return false;
  }
}

const key = (route: (typeof routes)[number]) => `${route.method} ${route.path}`;

describe("the API's routes on the RegExpRouter", () => {
  it('are all accepted but the three known literals', () => {
    expect(accepts(routes.filter((route) => !REFUSED.includes(key(route))))).toBe(true);
  });

  it.each(REFUSED)('refuses %s beside the others', (refused) => {
    expect(routes.some((route) => key(route) === refused)).toBe(true);
    expect(accepts(routes.filter((route) => !REFUSED.includes(key(route)) || key(route) === refused))).toBe(false);
  });
});
