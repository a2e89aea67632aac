// Server-side sessions: a random 256-bit token in an HttpOnly cookie; KV holds only its SHA-256 hash.
// The user row is read from D1 on every request, so a role change or deactivation holds at once.
import { eq } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { users } from '../../schema/tables';
import type { AppEnv, Env } from '../env';
import { createDb } from './db';

export const SESSION_IDLE_SECONDS = 7 * 24 * 3600;
export const SESSION_ABSOLUTE_SECONDS = 30 * 24 * 3600;
/** Idle expiry is pushed forward at most this often, to keep KV writes rare. */
const REFRESH_AFTER_MS = 12 * 3600 * 1000;

interface StoredSession {
  userId: string;
  createdAt: number;
  lastSeenAt: number;
}

/** `__Host-` needs Secure, which plain-http local development cannot set; there the name is `session`. */
export function sessionCookieName(url: string): string {
  return new URL(url).protocol === 'https:' ? '__Host-session' : 'session';
}

function toBase64Url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

export function randomToken(bytes = 32): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

const sessionKey = async (token: string) => `session:${await sha256Hex(token)}`;

/** KV index of one user's session keys, so a password reset can end them all. */
const userSessionsKey = (userId: string) => `user-sessions:${userId}`;
interface IndexedSession {
  key: string;
  createdAt: number;
}

/** Stores a new session for the user and returns its token; every sign-in gets a new one. */
export async function createSession(env: Pick<Env, 'KV'>, userId: string): Promise<string> {
  const token = randomToken();
  const now = Date.now();
  const stored: StoredSession = { userId, createdAt: now, lastSeenAt: now };
  const key = await sessionKey(token);
  await env.KV.put(key, JSON.stringify(stored), { expirationTtl: SESSION_IDLE_SECONDS });
  // Read-modify-write: two sign-ins of one user at the same instant may drop one entry from the
  // index (that session then only ends by expiry, logout or deactivation, never stays unchecked).
  const index = (await env.KV.get<IndexedSession[]>(userSessionsKey(userId), 'json')) ?? [];
  const live = index.filter((s) => now - s.createdAt < SESSION_ABSOLUTE_SECONDS * 1000);
  live.push({ key, createdAt: now });
  await env.KV.put(userSessionsKey(userId), JSON.stringify(live), { expirationTtl: SESSION_ABSOLUTE_SECONDS });
  return token;
}

/** Ends every session of the user (password reset, account deletion). */
export async function endUserSessions(env: Pick<Env, 'KV'>, userId: string): Promise<void> {
  const index = (await env.KV.get<IndexedSession[]>(userSessionsKey(userId), 'json')) ?? [];
  await Promise.all(index.map((s) => env.KV.delete(s.key)));
  await env.KV.delete(userSessionsKey(userId));
}

/** Signs the user in on this response with a fresh token; a token the browser still had is dropped. */
export async function startSession(c: Context<AppEnv>, userId: string): Promise<void> {
  const previous = getCookie(c, sessionCookieName(c.req.url));
  if (previous && previous.length <= 128) await c.env.KV.delete(await sessionKey(previous));
  const token = await createSession(c.env, userId);
  const secure = new URL(c.req.url).protocol === 'https:';
  setCookie(c, sessionCookieName(c.req.url), token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure,
    path: '/',
    maxAge: SESSION_ABSOLUTE_SECONDS,
  });
}

export async function endSession(c: Context<AppEnv>): Promise<void> {
  const name = sessionCookieName(c.req.url);
  const token = getCookie(c, name);
  if (token) await c.env.KV.delete(await sessionKey(token));
  deleteCookie(c, name, { path: '/', secure: new URL(c.req.url).protocol === 'https:' });
}

/** Puts `db` and `user` on the context of every /api request. */
export const sessionMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  const db = createDb(c.env.DB);
  c.set('db', db);
  c.set('user', null);
  const token = getCookie(c, sessionCookieName(c.req.url));
  if (token && token.length <= 128) {
    const key = await sessionKey(token);
    const stored = await c.env.KV.get<StoredSession>(key, 'json');
    const now = Date.now();
    if (stored && now - stored.createdAt < SESSION_ABSOLUTE_SECONDS * 1000) {
      const row = await db
        .select({ id: users.id, name: users.name, role: users.role, active: users.active })
        .from(users)
        .where(eq(users.id, stored.userId))
        .get();
      if (row?.active) {
        c.set('user', { id: row.id, name: row.name, role: row.role });
        if (now - stored.lastSeenAt > REFRESH_AFTER_MS) {
          const refreshed: StoredSession = { ...stored, lastSeenAt: now };
          c.executionCtx.waitUntil(c.env.KV.put(key, JSON.stringify(refreshed), { expirationTtl: SESSION_IDLE_SECONDS }));
        }
      } else {
        c.executionCtx.waitUntil(c.env.KV.delete(key));
      }
    } else if (stored) {
      c.executionCtx.waitUntil(c.env.KV.delete(key));
    }
  }
  await next();
};
