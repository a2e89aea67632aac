// Failed sign-ins counted per user name and per client address in a fixed window (D1 `login_failures`).
// D1 rather than KV: KV is eventually consistent and would let a burst of guesses through.
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { loginFailures } from '../../schema/tables';
import type { Db } from '../env';
import { TooManyRequests } from './errors';

export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

export interface LoginKeys {
  user: string;
  address: string;
}

/**
 * Keys of one sign-in attempt. A known user is counted by id, so name and e-mail share one budget;
 * an unknown name by its lower-cased text, so guessing at names is limited too.
 */
export function loginKeys(username: string, userId: string | undefined, address: string | undefined): LoginKeys {
  return {
    user: userId ? `user:${userId}` : `user:${username.trim().toLowerCase()}`,
    address: `ip:${address?.trim() || 'unknown'}`,
  };
}

/** Throws 429 with Retry-After when either key has used up its failures in the current window. */
export async function assertLoginAllowed(db: Db, keys: LoginKeys, now = Date.now()): Promise<void> {
  const rows = await db
    .select()
    .from(loginFailures)
    .where(and(inArray(loginFailures.key, [keys.user, keys.address]), gt(loginFailures.windowStart, now - LOGIN_WINDOW_MS)))
    .all();
  const blocked = rows.filter((r) => r.count >= LOGIN_MAX_FAILURES);
  if (blocked.length === 0) return;
  const until = Math.max(...blocked.map((r) => r.windowStart + LOGIN_WINDOW_MS));
  throw new TooManyRequests(Math.max(1, Math.ceil((until - now) / 1000)), 'Too many failed sign-ins, try again later');
}

/** Counts one failure against both keys, atomically, and drops windows that have ended. */
export async function recordLoginFailure(db: Db, keys: LoginKeys, now = Date.now()): Promise<void> {
  const windowEnded = sql`${loginFailures.windowStart} <= ${now - LOGIN_WINDOW_MS}`;
  const upsert = (key: string) =>
    db
      .insert(loginFailures)
      .values({ key, count: 1, windowStart: now })
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          count: sql`case when ${windowEnded} then 1 else ${loginFailures.count} + 1 end`,
          windowStart: sql`case when ${windowEnded} then ${now} else ${loginFailures.windowStart} end`,
        },
      });
  await db.batch([
    db.delete(loginFailures).where(lt(loginFailures.windowStart, now - LOGIN_WINDOW_MS)),
    upsert(keys.user),
    upsert(keys.address),
  ]);
}

/** A successful sign-in clears the user's counter (the address keeps its own). */
export async function clearLoginFailures(db: Db, userKey: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, userKey));
}
