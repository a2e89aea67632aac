// D1 access: drizzle over the binding, and the D1 Sessions API (read replicas) of every /api request.
// The consistency model is docs/decisions/019-read-replicas-and-edge-cache.md.
import { drizzle } from 'drizzle-orm/d1';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv, Db } from '../env';
import { requestWrites } from './request-kind';
import { isHttps } from '../lib/https';

/**
 * Drizzle over the binding itself (with read replication on, every query goes to the primary) or over a D1
 * session. One per request. Without a schema: drizzle would rebuild its relational config of every table on each
 * call (a measurable share of a read's CPU), for a query API the worker does not use.
 */
export function createDb(d1: D1Database): Db {
  return drizzle(d1);
}

/** ISO string of an epoch-milliseconds column. */
export const iso = (millis: number) => new Date(millis).toISOString();

/** Carries the caller's last D1 bookmark between requests, so the next one reads at least that state. */
export const BOOKMARK_COOKIE = 'd1-bookmark';
/** Bookmarks are hex words joined by dashes; anything else in the cookie is ignored rather than sent to D1. */
const BOOKMARK_SHAPE = /^[0-9a-f]{1,16}(?:-[0-9a-f]{1,64}){0,8}$/i;

/**
 * Runs the request's queries in one D1 session from `constraint` (a bookmark, or "first-primary" /
 * "first-unconstrained"): drizzle is handed the session (it uses only
 * `prepare` and `batch`, which a session has), and the session is kept on the context for its bookmark.
 */
export function useD1Session(c: Context<AppEnv>, constraint: D1SessionBookmark): void {
  const session = c.env.DB.withSession(constraint);
  c.set('d1', session);
  c.set('db', createDb(session as unknown as D1Database));
}

/** The caller's bookmark cookie when it has a bookmark's shape. */
export function bookmarkOf(c: Context<AppEnv>): string | undefined {
  const bookmark = getCookie(c, BOOKMARK_COOKIE);
  return bookmark && bookmark.length <= 200 && BOOKMARK_SHAPE.test(bookmark) ? bookmark : undefined;
}

/**
 * Every request's D1 session: writes (services/request-kind.ts: unsafe methods but the searches, and the few GETs
 * that change state) start at the primary (`first-primary`); reads continue from the caller's
 * bookmark when it sent one (so its own writes are there even on another replica), and otherwise take the
 * nearest replica (`first-unconstrained`). After the request a signed-in caller, a writer and a caller that
 * sent a bookmark get the session's newest bookmark back (not after a refusal: nothing of theirs changed);
 * anonymous reads set no cookie, so they stay cacheable.
 */
export const d1Session: MiddlewareHandler<AppEnv> = async (c, next) => {
  const write = requestWrites(c);
  const bookmark = bookmarkOf(c);
  useD1Session(c, write ? 'first-primary' : (bookmark ?? 'first-unconstrained'));
  await next();
  const latest = c.get('d1').getBookmark();
  if (latest && latest !== bookmark && c.res.status < 400 && (write || bookmark || c.get('user'))) {
    setCookie(c, BOOKMARK_COOKIE, latest, {
      httpOnly: true,
      sameSite: 'Lax',
      secure: isHttps(c.req.url),
      path: '/api',
      // Replicas catch up within seconds; a day is far more than a bookmark is needed for.
      maxAge: 24 * 3600,
    });
  }
};
