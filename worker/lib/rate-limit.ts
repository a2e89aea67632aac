// Fixed-window counters in D1 `rate_counters` (strongly consistent, unlike KV, which lets a burst through): the
// sign-in limits and the limits of the open forms and search (decisions 003 and 021).
import { lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { rateCounters } from '../../schema/tables';
import type { AppEnv, Db } from '../env';
import { TooManyRequests } from './errors';

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
