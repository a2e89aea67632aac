// Fixed-window counters in D1 `rate_counters` (strongly consistent, unlike KV, which lets a burst through): the
// sign-in limits and the limits of the open forms, which are writes anyway (decisions 003 and 021). Limits on reads
// (search) cost no D1 write: Cloudflare's Rate Limiting binding counts them in the location's memory (decision 044).
import { lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { rateCounters } from '#schema/tables';
import type { AppEnv, Db } from '../env';
import { TooManyRequests } from '../lib/errors';

/** Rows untouched this long are deleted as counting goes on; every window is shorter. */
export const FORGET_AFTER_MS = 24 * 3600 * 1000;

/** The client's address as Cloudflare gives it; `unknown` without one (only local tools send none). */
export const clientAddress = (c: Context<AppEnv>) => c.req.header('CF-Connecting-IP')?.trim() || 'unknown';

/**
 * The upsert that counts one more under `key` in a window of `windowMs` that starts at its first count; a count
 * whose window has passed starts over at one. Returns the count and the window's start.
 */
export function countStatement(db: Db, key: string, now: number, windowMs: number) {
  const startOver = sql`${rateCounters.firstAt} <= ${now - windowMs}`;
  return db
    .insert(rateCounters)
    .values({ key, count: 1, firstAt: now, lastAt: now })
    .onConflictDoUpdate({
      target: rateCounters.key,
      set: {
        count: sql`case when ${startOver} then 1 else ${rateCounters.count} + 1 end`,
        firstAt: sql`case when ${startOver} then ${now} else ${rateCounters.firstAt} end`,
        lastAt: now,
      },
    })
    .returning({ count: rateCounters.count, firstAt: rateCounters.firstAt });
}

/** Deletes counters long forgotten (run now and then, as counting goes on). */
export const pruneStatement = (db: Db, now: number) =>
  db.delete(rateCounters).where(lt(rateCounters.lastAt, now - FORGET_AFTER_MS));

export interface WindowLimit {
  /** Counts allowed per window; the next one is refused. */
  max: number;
  windowMs: number;
  message: string;
}

/**
 * Counts one request under `key` and refuses it with 429 and Retry-After (the window's end) once the window holds
 * more than `limit.max`. Refused requests count too, which changes nothing: the window ends when it ends.
 */
export async function limitWindow(db: Db, key: string, limit: WindowLimit, now = Date.now()): Promise<void> {
  const row = await countStatement(db, key, now, limit.windowMs).get();
  if (row.count > limit.max) throw new TooManyRequests((row.firstAt + limit.windowMs - now) / 1000, limit.message);
}

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/**
 * The limits of the open forms, per client address (decision 021 gives the reasons for each number).
 * Where TURNSTILE_SECRET is set, the forms also ask for a solved challenge (worker/services/turnstile.ts).
 */
export const OPEN_LIMITS = {
  /** Accounts registered from one address (ADMIN creating accounts is not counted). */
  register: { max: 10, windowMs: HOUR, message: 'Too many registrations from this address, try again later' },
  /** Contact and order messages from one address (besides 5 per sender e-mail, worker/routes/contact.ts). */
  contact: { max: 10, windowMs: HOUR, message: 'Too many messages; please try again later' },
} as const satisfies Record<string, WindowLimit>;

/**
 * Searches from one address that reach the query (answers from the edge cache are not counted), counted by the
 * SEARCH_LIMIT binding (wrangler.toml `[[ratelimits]]`, whose limit and period must match these). The binding's
 * period is 10 or 60 seconds and its count is per Cloudflare location and approximate (decision 044).
 */
export const SEARCH_LIMIT = {
  max: 120,
  periodSeconds: 60,
  message: 'Too many searches, try again in a minute',
} as const;

/**
 * Counts one search under the client's address with the Rate Limiting binding; 429 once the address is over
 * SEARCH_LIMIT. The binding does not tell when its window ends: Retry-After names the whole period.
 */
export async function limitSearch(c: Context<AppEnv>): Promise<void> {
  const { success } = await c.env.SEARCH_LIMIT.limit({ key: `search:ip:${clientAddress(c)}` });
  if (!success) throw new TooManyRequests(SEARCH_LIMIT.periodSeconds, SEARCH_LIMIT.message);
}

/** Contact and order mails to the site per window, from everyone together; beyond, messages are stored unmailed. */
export const CONTACT_MAILS = { max: 60, windowMs: HOUR } as const;

/** Counts the request under its address for `limit`; 429 with Retry-After once the address is over it. */
export function limitAddress(c: Context<AppEnv>, name: keyof typeof OPEN_LIMITS, now = Date.now()): Promise<void> {
  return limitWindow(c.get('db'), `${name}:ip:${clientAddress(c)}`, OPEN_LIMITS[name], now);
}

/** Counts one more site mail; whether it is within the global cap of the window. */
export async function allowSiteMail(db: Db, now = Date.now()): Promise<boolean> {
  const row = await countStatement(db, 'contact:mails', now, CONTACT_MAILS.windowMs).get();
  return row.count <= CONTACT_MAILS.max;
}
