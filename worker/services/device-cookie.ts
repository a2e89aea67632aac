// Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that has signed in
// to an account carries a signed token for it, and the sign-in limits treat it as the owner's device, with its
// own small failure budget, never slowed by what others do to the account (worker/services/login-limit.ts).
// Rules and reasons: docs/decisions/003-users-and-sessions.md.
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { appKeys } from '../../schema/tables';
import type { AppEnv } from '../env';
import { createDb } from './db';
import { randomToken } from './session';

export const DEVICE_COOKIE_DAYS = 365;
/** Accounts one browser keeps a device token for (the newest sign-ins). */
export const DEVICE_ACCOUNTS = 5;
const KEY_NAME = 'device-cookie';
/** Longer cookies are not ours: not even parsed. */
const MAX_COOKIE_LENGTH = 2048;

/** `__Host-` needs Secure, which plain-http local development cannot set; there the name is `device`. */
export const deviceCookieName = (url: string) => (new URL(url).protocol === 'https:' ? '__Host-device' : 'device');

const encoder = new TextEncoder();
const base64Url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

// The key is made once per database and read once per isolate; keyed by the binding, as each test file has its own.
const keys = new WeakMap<D1Database, Promise<CryptoKey>>();

/**
 * The HMAC key that signs device tokens: 256 random bits the worker makes on first use and keeps in D1
 * (`app_keys`), so a deployment needs no secret to set and every location signs with the same key. INSERT OR
 * IGNORE then SELECT: two isolates making one at once both end up with the row that won.
 */
function signingKey(binding: D1Database): Promise<CryptoKey> {
  let key = keys.get(binding);
  if (!key) {
    key = (async () => {
      const db = createDb(binding);
      await db
        .insert(appKeys)
        .values({ name: KEY_NAME, value: randomToken(32), createdAt: Date.now() })
        .onConflictDoNothing();
      const row = await db.select({ value: appKeys.value }).from(appKeys).where(eq(appKeys.name, KEY_NAME)).get();
      if (!row) throw new Error('Device cookie key missing');
      return crypto.subtle.importKey('raw', encoder.encode(row.value), { name: 'HMAC', hash: 'SHA-256' }, false, [
        'sign',
        'verify',
      ]);
    })();
    key.catch(() => keys.delete(binding));
    keys.set(binding, key);
  }
  return key;
}

interface DeviceToken {
  userId: string;
  /** Names the device in the failure counts; new on every sign-in. */
  nonce: string;
  expiresAt: number;
  raw: string;
}

const signed = (userId: string, nonce: string, expiresAt: number) => `${userId}.${nonce}.${expiresAt}`;

async function sign(key: CryptoKey, payload: string): Promise<string> {
  return base64Url(await crypto.subtle.sign('HMAC', key, encoder.encode(payload)));
}

/** The tokens of the cookie whose signature holds and that have not expired; the rest are ignored. */
async function readTokens(c: Context<AppEnv>, now: number): Promise<DeviceToken[]> {
  const value = getCookie(c, deviceCookieName(c.req.url));
  if (!value || value.length > MAX_COOKIE_LENGTH) return [];
  const key = await signingKey(c.env.DB);
  const tokens: DeviceToken[] = [];
  for (const raw of value.split('~').slice(0, DEVICE_ACCOUNTS)) {
    const [userId, nonce, expires, signature, extra] = raw.split('.');
    const expiresAt = Number(expires);
    if (!userId || !nonce || !signature || extra !== undefined || !(expiresAt > now)) continue;
    if ((await sign(key, signed(userId, nonce, expiresAt))) !== signature) continue;
    tokens.push({ userId, nonce, expiresAt, raw });
  }
  return tokens;
}

/** The nonce of this browser's valid device token for the account, or null (an unknown device). */
export async function deviceFor(
  c: Context<AppEnv>,
  userId: string | undefined,
  now = Date.now(),
): Promise<string | null> {
  if (!userId) return null;
  return (await readTokens(c, now)).find((t) => t.userId === userId)?.nonce ?? null;
}

/** After a successful sign-in: a fresh token for the account, the browser's other accounts kept (newest first). */
export async function issueDeviceCookie(c: Context<AppEnv>, userId: string, now = Date.now()): Promise<void> {
  const expiresAt = now + DEVICE_COOKIE_DAYS * 24 * 3600 * 1000;
  const nonce = randomToken(16);
  const token = `${signed(userId, nonce, expiresAt)}.${await sign(await signingKey(c.env.DB), signed(userId, nonce, expiresAt))}`;
  const others = (await readTokens(c, now)).filter((t) => t.userId !== userId).map((t) => t.raw);
  setCookie(c, deviceCookieName(c.req.url), [token, ...others].slice(0, DEVICE_ACCOUNTS).join('~'), {
    httpOnly: true,
    sameSite: 'Lax',
    secure: new URL(c.req.url).protocol === 'https:',
    path: '/',
    maxAge: DEVICE_COOKIE_DAYS * 24 * 3600,
  });
}
