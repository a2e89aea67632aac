// Sign-in and password-reset limits, counted in D1 `rate_counters` (strongly consistent, unlike KV, which
// would let a burst of guesses through). Rules and reasons: docs/decisions/003-users-and-sessions.md.
//
// Sign-in: failures are counted per address on one account (the pair), per account and per address. An
// address that has not failed for an account is never refused before its password is checked, so nobody can
// lock an account, or everyone behind a shared address, out: the right password from a clean address signs in.
// An address that has failed for the account waits a delay that doubles with every failure past the free ones
// (of the pair, the account or the address, whichever is furthest over), up to 15 minutes, before its next try.
import { and, gt, inArray, lt, sql } from 'drizzle-orm';
import { rateCounters } from '../../schema/tables';
import type { Db } from '../env';
import { dummyPasswordHash, verifyPassword } from './password';
import { TooManyRequests } from './errors';

export const LOGIN_LIMITS = {
  /** Failures before any delay: of one address on one account, of one account, of one address. */
  free: { pair: 3, account: 10, address: 20 },
  firstDelayMs: 1000,
  maxDelayMs: 15 * 60 * 1000,
  /** Counts start over after this long without a failure. */
  forgetAfterMs: 24 * 3600 * 1000,
} as const;

export const RESET_MAIL_LIMITS = {
  /** Reset requests from one address per window (429 beyond). */
  perAddress: 5,
  /** Reset mails to one account per window (beyond, the answer is the same but no mail goes out). */
  perAccount: 3,
  windowMs: 3600 * 1000,
} as const;

export interface LoginKeys {
  pair: string;
  account: string;
  address: string;
}

/**
 * Keys of one sign-in attempt. A known user is counted by id, so name and e-mail share one budget;
 * an unknown name by its lower-cased text, so guessing at names is limited too.
 */
export function loginKeys(username: string, userId: string | undefined, address: string | undefined): LoginKeys {
  const account = userId ? `user:${userId}` : `user:${username.trim().toLowerCase()}`;
  const ip = `ip:${address?.trim() || 'unknown'}`;
  return { pair: `login:${account}|${ip}`, account: `login:${account}`, address: `login:${ip}` };
}

/** The delay after `excess` failures past the free ones: 1 s, 2 s, 4 s, ... at most 15 minutes. */
export function loginDelayMs(excess: number): number {
  if (excess <= 0) return 0;
  return Math.min(LOGIN_LIMITS.maxDelayMs, LOGIN_LIMITS.firstDelayMs * 2 ** Math.min(excess - 1, 30));
}

/** 429 with Retry-After while this address must still wait before trying this account again. */
export async function assertLoginAllowed(db: Db, keys: LoginKeys, now = Date.now()): Promise<void> {
  const rows = await db
    .select()
    .from(rateCounters)
    .where(
      and(
        inArray(rateCounters.key, [keys.pair, keys.account, keys.address]),
        gt(rateCounters.lastAt, now - LOGIN_LIMITS.forgetAfterMs),
      ),
    )
    .all();
  const count = (key: string) => rows.find((r) => r.key === key)?.count ?? 0;
  const pair = rows.find((r) => r.key === keys.pair);
  if (!pair) return;
  const { free } = LOGIN_LIMITS;
  const excess = Math.max(
    pair.count - free.pair,
    count(keys.account) - free.account,
    count(keys.address) - free.address,
  );
  const waitMs = pair.lastAt + loginDelayMs(excess) - now;
  if (waitMs > 0) throw new TooManyRequests(Math.ceil(waitMs / 1000), 'Too many failed sign-ins, try again later');
}

/** The upsert that counts one attempt under `key`; counts older than `startOverBefore` start over at one. */
function countAttempt(db: Db, key: string, now: number, startOverBefore: number) {
  const startOver = sql`${rateCounters.lastAt} <= ${startOverBefore}`;
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
    });
}

/** Counts one failure against all three keys, atomically, and drops counters long forgotten. */
export async function recordLoginFailure(db: Db, keys: LoginKeys, now = Date.now()): Promise<void> {
  const forgotten = now - LOGIN_LIMITS.forgetAfterMs;
  await db.batch([
    db.delete(rateCounters).where(lt(rateCounters.lastAt, forgotten)),
    countAttempt(db, keys.pair, now, forgotten),
    countAttempt(db, keys.account, now, forgotten),
    countAttempt(db, keys.address, now, forgotten),
  ]);
}

/** A right password clears the account's and the pair's failures (the address keeps its own). */
export async function clearLoginFailures(db: Db, keys: Pick<LoginKeys, 'pair' | 'account'>): Promise<void> {
  await db.delete(rateCounters).where(inArray(rateCounters.key, [keys.pair, keys.account]));
}

/**
 * Checks a password under the sign-in limits: 429 while the address must wait, then one PBKDF2 run (against
 * a dummy hash when there is no account, so both refusals take alike time); a failure is counted, a success
 * clears the counts. Sign-in and every account change that asks for the current password use this.
 */
export async function verifyPasswordLimited(
  db: Db,
  keys: LoginKeys,
  passwordHash: string | undefined,
  password: string,
): Promise<boolean> {
  await assertLoginAllowed(db, keys);
  const valid =
    (await verifyPassword(password, passwordHash ?? (await dummyPasswordHash()))) && passwordHash !== undefined;
  if (valid) await clearLoginFailures(db, keys);
  else await recordLoginFailure(db, keys);
  return valid;
}

/** Windowed count of one more attempt under `key`; returns the count and when the window ends. */
async function countInWindow(db: Db, key: string, now: number): Promise<{ count: number; endsAt: number }> {
  const { windowMs } = RESET_MAIL_LIMITS;
  const startOver = sql`${rateCounters.firstAt} <= ${now - windowMs}`;
  const row = await db
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
    .returning({ count: rateCounters.count, firstAt: rateCounters.firstAt })
    .get();
  return { count: row.count, endsAt: row.firstAt + windowMs };
}

/** Counts a reset request from the address: 429 with Retry-After once it asked too often this hour. */
export async function countResetRequest(db: Db, address: string | undefined, now = Date.now()): Promise<void> {
  const { count, endsAt } = await countInWindow(db, `reset:ip:${address?.trim() || 'unknown'}`, now);
  if (count > RESET_MAIL_LIMITS.perAddress) {
    throw new TooManyRequests(
      Math.max(1, Math.ceil((endsAt - now) / 1000)),
      'Too many reset requests, try again later',
    );
  }
}

/** Whether another reset mail may go to the account this hour; counts it when it may. */
export async function allowResetMail(db: Db, userId: string, now = Date.now()): Promise<boolean> {
  return (await countInWindow(db, `reset:user:${userId}`, now)).count <= RESET_MAIL_LIMITS.perAccount;
}

/** Clears an account's sign-in failures from every address (after a password reset). */
export async function clearAccountFailures(db: Db, userId: string): Promise<void> {
  const account = `login:user:${userId}`;
  await db.delete(rateCounters).where(
    // The account and its pairs (`<account>|ip:...`) as a range ('}' follows '|'), not LIKE (D1: 50-byte patterns).
    sql`${rateCounters.key} = ${account} or (${rateCounters.key} >= ${`${account}|`} and ${rateCounters.key} < ${`${account}}`})`,
  );
}
