// The D1 Sessions API on every request (worker/services/db.ts, decision 019): which session each request starts,
// and the bookmark a caller carries so that its next request reads at least what it last wrote or read.
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOKMARK_COOKIE } from '#worker/services/db';
import { as, call } from './helpers';
import { createArticle } from './content-factories';

afterEach(() => vi.restoreAllMocks());

const bookmarkOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .find((c) => c.startsWith(`${BOOKMARK_COOKIE}=`))
    ?.split(';')[0]
    ?.slice(BOOKMARK_COOKIE.length + 1);

/** The constraints or bookmarks the requests' D1 sessions started from. */
function watchSessions(): (string | undefined)[] {
  const started: (string | undefined)[] = [];
  const real = env.DB.withSession.bind(env.DB);
  vi.spyOn(env.DB, 'withSession').mockImplementation((constraint) => {
    started.push(constraint);
    return real(constraint);
  });
  return started;
}

describe('D1 sessions', () => {
  it('an anonymous read takes the nearest replica and sets no cookie (it stays cacheable)', async () => {
    const started = watchSessions();
    const res = await call('/news');
    expect(res.status).toBe(200);
    expect(started).toEqual(['first-unconstrained']);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('a write starts at the primary and hands back a bookmark', async () => {
    const editor = await as('CLIENT');
    const started = watchSessions();
    const res = await editor.call('/articles', {
      method: 'POST',
      body: { title: 'Bookmarked', type: 'text', channelId: null },
    });
    expect(res.status).toBe(201);
    expect(started).toEqual(['first-primary']);
    const bookmark = bookmarkOf(res.headers);
    expect(bookmark).toMatch(/^[0-9a-f-]+$/i);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${BOOKMARK_COOKIE}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Path=\/api/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('the bookmark sent back is where the next read starts, and that read sees the write', async () => {
    const editor = await as('CLIENT');
    const created = await editor.call('/articles', {
      method: 'POST',
      body: { title: 'Read your writes', type: 'text', channelId: null },
    });
    const bookmark = bookmarkOf(created.headers)!;
    const started = watchSessions();
    const read = await call(`/articles/${created.body.result.id}`, {
      cookie: `${editor.cookie}; ${BOOKMARK_COOKIE}=${bookmark}`,
    });
    expect(read.status).toBe(200);
    expect(read.body.result.title).toBe('Read your writes');
    expect(started).toEqual([bookmark]);
  });

  it('a signed-in read gets its bookmark back after every request', async () => {
    const reader = await as('REGULAR_USER');
    const res = await reader.call('/news');
    expect(res.status).toBe(200);
    expect(bookmarkOf(res.headers)).toMatch(/^[0-9a-f-]+$/i);
  });

  it('a refused write hands back no bookmark', async () => {
    const res = await call('/users/auth', {
      method: 'POST',
      body: { username: 'nobody-here', password: 'wrong-password' },
    });
    expect(res.status).toBe(401);
    expect(bookmarkOf(res.headers)).toBeUndefined();
  });

  it.each(['not a bookmark', 'x'.repeat(300), '../../etc', '0000-zz'])(
    'ignores a bookmark cookie of the wrong shape (%s)',
    async (value) => {
      const started = watchSessions();
      const article = await createArticle({ published: true });
      const res = await call(`/articles/${article.id}`, { cookie: `${BOOKMARK_COOKIE}=${encodeURIComponent(value)}` });
      expect(res.status).toBe(200);
      // The nearest replica, or this location's last write (edge cache, decision 019): never the cookie's value.
      expect(started[0]).toBe('first-unconstrained');
      expect(started).not.toContain(value);
    },
  );

  it("reads a write's signed-in user from the primary, outside the request's session; a read's in its own (a replica)", async () => {
    const reader = await as('REGULAR_USER');
    const sessionQueries: string[] = [];
    const real = env.DB.withSession.bind(env.DB);
    vi.spyOn(env.DB, 'withSession').mockImplementation((constraint) => {
      const session = real(constraint);
      const prepare = session.prepare.bind(session);
      vi.spyOn(session, 'prepare').mockImplementation((query) => {
        sessionQueries.push(query);
        return prepare(query);
      });
      return session;
    });
    const lookedUpInSession = () => sessionQueries.some((q) => /from "sessions" inner join "users"/i.test(q));
    // A write (sign out everywhere else): the look-up is on the binding itself, so a revoked session never writes.
    expect((await reader.call('/sessions', { method: 'DELETE' })).status).toBe(200);
    expect(lookedUpInSession()).toBe(false);
    // A read without a session ticket: the look-up runs in the request's D1 session, which starts at a replica.
    expect((await reader.call('/users/auth-validate', { method: 'POST' })).status).toBe(200);
    expect(lookedUpInSession()).toBe(true);
  });
});
