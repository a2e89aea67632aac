// Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that has signed in
// to an account carries a signed token for it, and the sign-in limits treat it as the owner's device, with its
// own small failure budget, never slowed by what others do to the account (worker/services/login-limit.ts).
// Rules and reasons: docs/decisions/003-users-and-sessions.md.
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../env';
import { appKey, HMAC_KEY } from '../lib/app-key';
import { randomToken, toBase64Url } from '../lib/tokens';

export const DEVICE_COOKIE_DAYS = 365;
/** Accounts one browser keeps a device token for (the newest sign-ins). */
export const DEVICE_ACCOUNTS = 5;
/** The app key that signs device tokens (lib/app-key.ts). */
const KEY_NAME = 'device-cookie';
/** Longer cookies are not ours: not even parsed. */
const MAX_COOKIE_LENGTH = 2048;

/** `__Host-` needs Secure, which plain-http local development cannot set; there the name is `device`. */
export const deviceCookieName = (url: string) => (new URL(url).protocol === 'https:' ? '__Host-device' : 'device');

const encoder = new TextEncoder();
interface DeviceToken {
  userId: string;
  /** Names the device in the failure counts; new on every sign-in. */
  nonce: string;
  expiresAt: number;
  raw: string;
}

const signed = (userId: string, nonce: string, expiresAt: number) => `${userId}.${nonce}.${expiresAt}`;

async function sign(key: CryptoKey, payload: string): Promise<string> {
  return toBase64Url(new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(payload))));
}

/** The tokens of the cookie whose signature holds and that have not expired; the rest are ignored. */
async function readTokens(c: Context<AppEnv>, now: number): Promise<DeviceToken[]> {
  const value = getCookie(c, deviceCookieName(c.req.url));
  if (!value || value.length > MAX_COOKIE_LENGTH) return [];
  const key = await appKey(c.env.DB, KEY_NAME, HMAC_KEY);
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
  const token = `${signed(userId, nonce, expiresAt)}.${await sign(await appKey(c.env.DB, KEY_NAME, HMAC_KEY), signed(userId, nonce, expiresAt))}`;
  const others = (await readTokens(c, now)).filter((t) => t.userId !== userId).map((t) => t.raw);
  setCookie(c, deviceCookieName(c.req.url), [token, ...others].slice(0, DEVICE_ACCOUNTS).join('~'), {
    httpOnly: true,
    sameSite: 'Lax',
    secure: new URL(c.req.url).protocol === 'https:',
    path: '/',
    maxAge: DEVICE_COOKIE_DAYS * 24 * 3600,
  });
}
