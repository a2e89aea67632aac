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
import { setBounded } from '../lib/bounded-map';
import { fromBase64Url, sha256Hex, toBase64Url as base64Url } from '../lib/tokens';
import { isHttps } from '../lib/https';

/** How long a ticket stands for a D1 look-up of its session: the reads' bound on revocation (besides replica lag). */
export const TICKET_SECONDS = 60;
const KEY_NAME = 'session-ticket';
/** Longer cookies are not ours: not even parsed. */
const MAX_TICKET_LENGTH = 1024;

/** `__Host-` needs Secure, which plain-http local development cannot set; there the name is `session-ticket`. */
export const ticketCookieName = (url: string) => (isHttps(url) ? '__Host-session-ticket' : 'session-ticket');

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

/** A ticket's session (the SHA-256 of its cookie's token) and user. */
export interface TicketSession {
  id: string;
  user: SessionUser;
}

/**
 * The tickets this isolate has verified, by the pair of cookies they came with (the session cookie's token and the
 * ticket): a signed-in browser's reads within a ticket's life are each answered without the token's SHA-256 or the
 * ticket's HMAC (issue 31). An entry stands for exactly what its ticket stands for: the same session cookie, the same
 * key, until the ticket's own end. So it delays no revocation beyond the ticket's life (decision 044). Bounded:
 * the oldest entry goes first.
 */
const verified = new Map<string, { key: CryptoKey; until: number; session: TicketSession }>();
export const VERIFIED_TICKETS_MAX = 1024;

/**
 * The session and user of the request's ticket, when it is signed by this deployment, names the session of `token`
 * (the session cookie's value) and has not run out at `now`; null otherwise (no ticket, a forged or foreign one, an
 * old one).
 */
export async function ticketSession(
  c: Context<AppEnv>,
  token: string,
  now = Date.now(),
): Promise<TicketSession | null> {
  const value = getCookie(c, ticketCookieName(c.req.url));
  if (!value || value.length > MAX_TICKET_LENGTH) return null;
  const key = await ticketKey(c);
  const pair = `${token} ${value}`;
  const known = verified.get(pair);
  if (known) {
    if (known.key === key && known.until > now) return known.session;
    verified.delete(pair);
  }
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
  // Cheap checks first: a ticket that ran out costs no hash, one of another session no HMAC.
  if (typeof body.e !== 'number' || body.e <= now || body.e > now + TICKET_SECONDS * 1000) return null;
  if (
    typeof body.u !== 'string' ||
    typeof body.n !== 'string' ||
    !(ROLES as readonly string[]).includes(body.r as string)
  )
    return null;
  const id = await sha256Hex(token);
  if (body.s !== id) return null;
  if (!(await crypto.subtle.verify('HMAC', key, mac, bytes))) return null;
  // Frozen: one object answers every request of this pair of cookies.
  const session = Object.freeze({ id, user: Object.freeze({ id: body.u, name: body.n, role: body.r as Role }) });
  setBounded(verified, pair, { key, until: body.e, session }, VERIFIED_TICKETS_MAX);
  return session;
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
    secure: isHttps(c.req.url),
    path: '/',
    maxAge: TICKET_SECONDS,
  });
}

/** Drops the ticket the browser holds (sign-in, sign-out, a session that no longer signs anyone in). */
export function dropTicket(c: Context<AppEnv>): void {
  if (getCookie(c, ticketCookieName(c.req.url)) === undefined) return;
  deleteCookie(c, ticketCookieName(c.req.url), { path: '/', secure: isHttps(c.req.url) });
}
