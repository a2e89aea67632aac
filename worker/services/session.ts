// Server-side sessions: a random 256-bit token in an HttpOnly cookie; D1 `sessions` holds only its SHA-256.
// A write reads the session joined with its user at the primary, so a logout, password change, reset, deactivation,
// role change or deletion refuses the very next write, everywhere. A read takes its user from the session ticket
// (./session-ticket.ts) and renews an old one from the request's D1 session (a replica): revocation holds for reads
// within TICKET_SECONDS plus the replica lag (docs/decisions/003-users-and-sessions.md).
import { and, desc, eq, gt, lt, ne, or } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Context, MiddlewareHandler, Next } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { sessions, users } from '#schema/tables';
import type { AppEnv, Db } from '../env';
import { createDb } from './db';
import { deviceLabel } from '../lib/device';
import { randomToken, sha256Hex } from '../lib/tokens';
import { authenticateBearer, bearerCredential, InvalidToken } from './api-tokens';
import { checkedMcpIdentity } from '../lib/mcp-via';
import { requestWrites } from './request-kind';
import { dropTicket, issueTicket, ticketSession } from './session-ticket';
import { isHttps } from '../lib/https';

export { randomToken, sha256Hex } from '../lib/tokens';

export const SESSION_IDLE_SECONDS = 7 * 24 * 3600;
export const SESSION_ABSOLUTE_SECONDS = 30 * 24 * 3600;
/** Idle expiry is pushed forward at most this often, to keep D1 writes rare. */
const REFRESH_AFTER_MS = 12 * 3600 * 1000;
/** Longer cookies are not ours: not even hashed. */
const MAX_TOKEN_LENGTH = 128;

/** `__Host-` needs Secure, which plain-http local development cannot set; there the name is `session`. */
export function sessionCookieName(url: string): string {
  return isHttps(url) ? '__Host-session' : 'session';
}

/** The condition of a session that has not expired at `now`. */
export const liveAt = (now: number) =>
  and(
    gt(sessions.createdAt, now - SESSION_ABSOLUTE_SECONDS * 1000),
    gt(sessions.lastSeenAt, now - SESSION_IDLE_SECONDS * 1000),
  );

/**
 * Stores a new session for the user and returns its token; every sign-in gets a new one. `also` joins the insert's
 * batch (the sign-in's audit entry).
 */
export async function createSession(
  db: Db,
  userId: string,
  device = '',
  also: BatchItem<'sqlite'>[] = [],
): Promise<string> {
  const token = randomToken();
  const now = Date.now();
  await db.batch([
    db.insert(sessions).values({ id: await sha256Hex(token), userId, createdAt: now, lastSeenAt: now, device }),
    ...also,
  ]);
  return token;
}

/** Ends every session of the user (password change or reset); returns the ids of those it ended. */
export async function endUserSessions(db: Db, userId: string): Promise<string[]> {
  const ended = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return ended.map((s) => s.id);
}

/** Removes expired sessions (the Cron Trigger; an expired one signs nobody in meanwhile). */
export async function pruneSessions(db: Db, now = Date.now()): Promise<void> {
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.createdAt, now - SESSION_ABSOLUTE_SECONDS * 1000),
        lt(sessions.lastSeenAt, now - SESSION_IDLE_SECONDS * 1000),
      ),
    );
}

const cookieToken = (c: Context<AppEnv>) => {
  const token = getCookie(c, sessionCookieName(c.req.url));
  return token && token.length <= MAX_TOKEN_LENGTH ? token : undefined;
};

/** Signs the user in on this response with a fresh token; a token the browser still had is dropped. */
export async function startSession(
  c: Context<AppEnv>,
  userId: string,
  also: (db: Db) => BatchItem<'sqlite'>[] = () => [],
): Promise<void> {
  const db = createDb(c.env.DB);
  const previous = cookieToken(c);
  if (previous) await db.delete(sessions).where(eq(sessions.id, await sha256Hex(previous)));
  dropTicket(c);
  c.set('sessionId', null); // the new session's ticket comes with the next request
  const token = await createSession(db, userId, deviceLabel(c.req.header('User-Agent')), also(db));
  setCookie(c, sessionCookieName(c.req.url), token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c.req.url),
    path: '/',
    maxAge: SESSION_ABSOLUTE_SECONDS,
  });
}

export async function endSession(c: Context<AppEnv>): Promise<void> {
  const token = cookieToken(c);
  if (token)
    await createDb(c.env.DB)
      .delete(sessions)
      .where(eq(sessions.id, await sha256Hex(token)));
  deleteCookie(c, sessionCookieName(c.req.url), { path: '/', secure: isHttps(c.req.url) });
  dropTicket(c);
  c.set('sessionId', null);
}

/**
 * Puts `user` on the context of every /api request and page, from the session cookie or an API token
 * (services/api-tokens.ts).
 * - A write (services/request-kind.ts) reads the live session joined with its active user from the primary (the
 *   binding itself, outside the request's D1 session), so a revoked session never writes, not even once.
 * - A read takes the user from its session ticket when the ticket is fresh (no D1 at all), else from the same
 *   look-up in the request's D1 session (the nearest replica, or one at least as new as the caller's bookmark), and
 *   answers with a fresh ticket. No read waits on the primary.
 */
export const sessionMiddleware: MiddlewareHandler<AppEnv> = (c, next) => readSession(c, next, 'refuse');

/**
 * The pages' reading of the session (worker/pages/pages.ts): as the API's, except that an invalid bearer token makes
 * the page anonymous instead of a 401 (issue 27 §2). The cookie is still not read then, so a bad token grants nothing.
 */
export const pageSessionMiddleware: MiddlewareHandler<AppEnv> = (c, next) => readSession(c, next, 'anonymous');

/** What a page's reading of the session found, carried by its in-process API calls. */
interface CarriedSession {
  user: AppEnv['Variables']['user'];
  sessionId: AppEnv['Variables']['sessionId'];
  apiToken: AppEnv['Variables']['apiToken'];
}
const carried = new WeakMap<Request, CarriedSession>();

/**
 * A page's call to the API in-process (worker/pages/in-process.ts) is made as the page's user: the session the page
 * read is carried with the request, and not read again (decision 048).
 */
export function carrySession(request: Request, page: Context<AppEnv>): void {
  carried.set(request, { user: page.get('user'), sessionId: page.get('sessionId'), apiToken: page.get('apiToken') });
}

async function readSession(c: Context<AppEnv>, next: Next, invalidBearer: 'refuse' | 'anonymous'): Promise<void> {
  const known = carried.get(c.req.raw);
  if (known) {
    c.set('user', known.user);
    c.set('sessionId', known.sessionId);
    c.set('apiToken', known.apiToken);
    return next();
  }
  c.set('user', null);
  c.set('sessionId', null);
  c.set('apiToken', null);
  const writes = requestWrites(c);
  // A bearer token, when sent, decides alone: the cookie is not read (so the cross-site checks a cookie needs may be
  // skipped for it, middleware/security.ts), and an invalid token is 401 even where no sign-in is needed.
  const bearer = bearerCredential(c.req.raw);
  // An MCP tool's in-process call (worker/mcp/api.ts) whose token /mcp has just checked at the primary: that check
  // stands for this call (its props come from the worker's code, never from a request). The token's scope still
  // limits the call (middleware/token-scope.ts reads apiToken), and a revoked token or a deactivated user is refused
  // at /mcp from the next request on.
  const checked = bearer === undefined ? undefined : checkedMcpIdentity(c.executionCtx as ExecutionContext, bearer);
  if (checked) {
    c.set('user', checked.user);
    c.set('apiToken', checked.apiToken);
    await next();
    return;
  }
  if (bearer !== undefined) {
    try {
      await authenticateBearer(c, bearer, writes);
    } catch (err) {
      // authenticateBearer sets nothing before it throws: the request stays anonymous.
      if (invalidBearer === 'refuse' || !(err instanceof InvalidToken)) throw err;
    }
    await next();
    return;
  }
  const token = cookieToken(c);
  if (!token) return next();
  const now = Date.now();
  const ticketed = writes ? null : await ticketSession(c, token, now);
  if (ticketed) {
    c.set('user', ticketed.user);
    c.set('sessionId', ticketed.id);
    return next();
  }
  const id = await sha256Hex(token);
  const db = writes ? createDb(c.env.DB) : c.get('db');
  const row = await db
    .select({ id: users.id, name: users.name, role: users.role, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), liveAt(now), eq(users.active, true)))
    .get();
  if (row) {
    const user = { id: row.id, name: row.name, role: row.role };
    c.set('user', user);
    c.set('sessionId', id);
    if (now - row.lastSeenAt > REFRESH_AFTER_MS) {
      c.executionCtx.waitUntil(
        createDb(c.env.DB)
          .update(sessions)
          .set({ lastSeenAt: now })
          .where(eq(sessions.id, id))
          .then(() => undefined),
      );
    }
  }
  await next();
  // After the route. A write drops the ticket: it may have changed the user (a new name, a role), and the next read
  // renews the ticket from a replica at least as new as the write (its bookmark). A read issues one while its session
  // is still the one looked up.
  if (!row || writes) dropTicket(c);
  else if (c.get('sessionId') === id) await issueTicket(c, id, { id: row.id, name: row.name, role: row.role }, now);
}

export interface SessionRow {
  id: string;
  device: string;
  createdAt: number;
  lastSeenAt: number;
}

/** The user's live sessions, most recently seen first (the list of one's sessions, GET /api/sessions). */
export async function listUserSessions(db: Db, userId: string, now = Date.now()): Promise<SessionRow[]> {
  return db
    .select({
      id: sessions.id,
      device: sessions.device,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), liveAt(now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
    .all();
}

/** Ends the user's sessions but `keep` ("sign out everywhere else"); returns how many ended. */
export async function endOtherSessions(db: Db, userId: string, keep: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keep)))
    .returning({ id: sessions.id });
  return ended.length;
}

/** Ends one of the user's sessions; false when the user has no such session. */
export async function endUserSession(db: Db, userId: string, id: string): Promise<boolean> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}
