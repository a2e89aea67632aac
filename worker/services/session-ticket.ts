// Session tickets: how a signed-in read knows its user without a D1 round trip (docs/decisions/003 and 019). A read
// whose session was confirmed from D1 less than TICKET_SECONDS ago carries a ticket, a cookie signed by the worker
// that names the session (the SHA-256 of its cookie's token), its user and when it stops counting. Such a read
// costs the one round trip of its content, on the nearest replica, like a visitor's. A write never takes a ticket:
// it reads its session from the primary (worker/services/session.ts).
//
// The bound this sets: a logout, a password change or reset, a deactivation, a role change or a deletion holds for
// every write at once, and for reads once the caller's ticket is older than TICKET_SECONDS, plus the replica lag
// of the read that renews it (a refresh reads the request's D1 session, not the primary).
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { SessionUser } from '#schema/entities';
import { ROLES, type Role } from '#schema/enums';
import type { AppEnv } from '../env';
import { appKey, HMAC_KEY } from '../lib/app-key';
import { fromBase64Url, toBase64Url as base64Url } from '../lib/tokens';

/** How long a ticket stands for a D1 look-up of its session: the reads' bound on revocation (besides replica lag). */
export const TICKET_SECONDS = 60;
const KEY_NAME = 'session-ticket';
/** Longer cookies are not ours: not even parsed. */
const MAX_TICKET_LENGTH = 1024;

/** `__Host-` needs Secure, which plain-http local development cannot set; there the name is `session-ticket`. */
export const ticketCookieName = (url: string) =>
  new URL(url).protocol === 'https:' ? '__Host-session-ticket' : 'session-ticket';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * The HMAC key of the tickets (lib/app-key.ts), read from the request's D1 session first (a replica, for a read);
 * only a database that has none yet makes one, at the primary.
 */
const ticketKey = (c: Context<AppEnv>) => appKey(c.env.DB, KEY_NAME, HMAC_KEY, c.get('db'));

interface TicketBody {
  /** The session's id (SHA-256 of its token): a ticket counts only beside its own session cookie. */
  s: string;
  u: string;
  n: string;
  r: Role;
  /** Until when, in epoch milliseconds. */
  e: number;
}

/**
 * The user of the request's ticket, when it is signed by this deployment, names the session `sessionId` and has not
 * run out at `now`; null otherwise (no ticket, a forged or foreign one, an old one).
 */
export async function ticketUser(c: Context<AppEnv>, sessionId: string, now = Date.now()): Promise<SessionUser | null> {
  const value = getCookie(c, ticketCookieName(c.req.url));
  if (!value || value.length > MAX_TICKET_LENGTH) return null;
  const [payload, signature, extra] = value.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const bytes = fromBase64Url(payload);
  const mac = fromBase64Url(signature);
  if (!bytes || !mac) return null;
  let body: Partial<TicketBody>;
  try {
    body = JSON.parse(decoder.decode(bytes)) as Partial<TicketBody>;
  } catch {
    return null;
  }
  // Cheap checks first: a ticket of another session or one that ran out costs no HMAC.
  if (body.s !== sessionId || typeof body.e !== 'number' || body.e <= now || body.e > now + TICKET_SECONDS * 1000)
    return null;
  if (
    typeof body.u !== 'string' ||
    typeof body.n !== 'string' ||
    !(ROLES as readonly string[]).includes(body.r as string)
  )
    return null;
  if (!(await crypto.subtle.verify('HMAC', await ticketKey(c), mac, bytes))) return null;
  return { id: body.u, name: body.n, role: body.r as Role };
}

/** Puts a fresh ticket for the session and its user on the answer. */
export async function issueTicket(
  c: Context<AppEnv>,
  sessionId: string,
  user: SessionUser,
  now = Date.now(),
): Promise<void> {
  const body: TicketBody = { s: sessionId, u: user.id, n: user.name, r: user.role, e: now + TICKET_SECONDS * 1000 };
  const bytes = encoder.encode(JSON.stringify(body));
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', await ticketKey(c), bytes));
  setCookie(c, ticketCookieName(c.req.url), `${base64Url(bytes)}.${base64Url(mac)}`, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: new URL(c.req.url).protocol === 'https:',
    path: '/',
    maxAge: TICKET_SECONDS,
  });
}

/** Drops the ticket the browser holds (sign-in, sign-out, a session that no longer signs anyone in). */
export function dropTicket(c: Context<AppEnv>): void {
  if (getCookie(c, ticketCookieName(c.req.url)) === undefined) return;
  deleteCookie(c, ticketCookieName(c.req.url), { path: '/', secure: new URL(c.req.url).protocol === 'https:' });
}
