// Sign-in and password-reset limits, counted in D1 `rate_counters` (strongly consistent, unlike KV, which
// would let a burst of guesses through). Rules and reasons: docs/decisions/003-users-and-sessions.md.
//
// Sign-in follows OWASP's device cookies: a browser that signed in to the account before (a valid device cookie,
// worker/services/device-cookie.ts) has its own small failure budget and is never slowed by anyone else. Every other
// client shares the account's budget: past it, unknown devices get 429 until the window ends (or, where Turnstile
// is configured, a challenge). An address that has failed against many accounts gets 429 without a device cookie.
import { and, eq, gt, sql } from 'drizzle-orm';
import { auditLog, rateCounters } from '#schema/tables';
import type { Db } from '../env';
import { dummyPasswordHash, verifyPassword } from '../lib/password';
import { TooManyRequests } from '../lib/errors';
import { countStatement, pruneStatement } from './rate-limit';
import { auditEntryWhen, type AuditScope } from './audit';

/** Whom a failed attempt is against, for the audit log's `failed_sign_in_burst` (decision 033), and who tried. */
export interface BurstRecord {
  scope: AuditScope;
  user: { id: string; name: string };
}

export const LOGIN_LIMITS = {
  /** The window of the account's and a device's budgets. */
  windowMs: 15 * 60 * 1000,
  /** Failures from unknown devices one account allows per window; beyond, unknown devices get 429. */
  account: 10,
  /** Failures one device cookie allows per window for its account. */
  device: 5,
  /** An address that failed against more distinct accounts than this within `addressWindowMs` is refused. */
  addressAccounts: 20,
  addressWindowMs: 3600 * 1000,
} as const;

export const TOO_MANY_SIGN_INS = 'Too many failed sign-ins, try again later';
export const TOO_MANY_ACCOUNTS = 'Too many failed sign-ins from this address, try again later';

export const RESET_MAIL_LIMITS = {
  /** Reset requests from one address per window (429 beyond). */
  perAddress: 5,
  /** Reset mails to one account per window (beyond, the answer is the same but no mail goes out). */
  perAccount: 3,
  windowMs: 3600 * 1000,
} as const;

export interface LoginKeys {
  /** The account's shared budget, for clients without its device cookie. */
  account: string;
  /** The device cookie's own budget; null for an unknown device. */
  device: string | null;
  /** The row that says this address failed against this account (one per pair: they count distinct accounts). */
  pair: string;
  /** The pair rows of this address are the keys from `addressFrom` (inclusive) to `addressTo` (exclusive). */
  addressFrom: string;
  addressTo: string;
}

/**
 * Keys of one sign-in attempt. A known user is counted by id, so name and e-mail share one budget; an unknown
 * name by its lower-cased text, so guessing at names is limited too. `device` is the nonce of the browser's valid
 * device cookie for this account (worker/services/device-cookie.ts), or null.
 */
export function loginKeys(
  username: string,
  userId: string | undefined,
  address: string | undefined,
  device: string | null = null,
): LoginKeys {
  const account = userId ? `user:${userId}` : `user:${username.trim().toLowerCase()}`;
  const ip = `login:ip:${address?.trim() || 'unknown'}`;
  return {
    account: `login:${account}`,
    device: device ? `login:device:${device}` : null,
    pair: `${ip}|${account}`,
    // A range of the primary key, not LIKE (D1 refuses LIKE patterns over 50 bytes); '}' follows '|'.
    addressFrom: `${ip}|`,
    addressTo: `${ip}}`,
  };
}

/** Where the caller can answer a challenge (Turnstile) instead of waiting: whether it did. */
export type ChallengeCheck = () => Promise<boolean>;

/**
 * Counts one sign-in attempt before its password is checked (so parallel guesses cannot all pass a check made
 * before any of them was counted) and refuses it with 429 and Retry-After when it is over budget:
 * - with a device cookie, the device's own budget alone;
 * - otherwise the account's shared budget, and the address's count of distinct accounts it failed against.
 * An unknown device over budget that passes `challenge` goes on (and is still counted). A success hands the
 * attempt back (`recordLoginSuccess`); a failure leaves it counted (`recordLoginFailure`).
 */
export async function reserveLoginAttempt(
  db: Db,
  keys: LoginKeys,
  now = Date.now(),
  challenge?: ChallengeCheck,
): Promise<void> {
  const { windowMs, addressWindowMs, addressAccounts } = LOGIN_LIMITS;
  if (keys.device) {
    const row = await countStatement(db, keys.device, now, windowMs).get();
    if (row.count > LOGIN_LIMITS.device)
      throw new TooManyRequests((row.firstAt + windowMs - now) / 1000, TOO_MANY_SIGN_INS);
    return;
  }
  const [, [account], failedAgainst] = await db.batch([
    pruneStatement(db, now),
    countStatement(db, keys.account, now, windowMs),
    // The newest addressAccounts + 1 accounts this address failed against within the hour.
    db
      .select({ lastAt: rateCounters.lastAt })
      .from(rateCounters)
      .where(
        and(
          sql`${rateCounters.key} >= ${keys.addressFrom} and ${rateCounters.key} < ${keys.addressTo}`,
          gt(rateCounters.lastAt, now - addressWindowMs),
        ),
      )
      .orderBy(sql`${rateCounters.lastAt} desc`)
      .limit(addressAccounts + 1),
  ]);
  let refusal: TooManyRequests | undefined;
  const oldest = failedAgainst[addressAccounts];
  if (oldest) {
    // Refused until the oldest of those is an hour old and the address is back to addressAccounts accounts.
    refusal = new TooManyRequests((oldest.lastAt + addressWindowMs - now) / 1000, TOO_MANY_ACCOUNTS);
  } else if (account && account.count > LOGIN_LIMITS.account) {
    refusal = new TooManyRequests((account.firstAt + windowMs - now) / 1000, TOO_MANY_SIGN_INS);
  }
  if (!refusal) return;
  if (challenge && (await challenge())) return;
  if (challenge) {
    // The client may solve the challenge and try again at once (the SPA renders the widget on this answer).
    throw new TooManyRequests(Number(refusal.headers?.['Retry-After']), refusal.message, { challenge: 'turnstile' });
  }
  throw refusal;
}

/** A failed attempt stays counted; from an unknown device it also marks the address as failing this account. */
export async function recordLoginFailure(
  db: Db,
  keys: LoginKeys,
  now = Date.now(),
  burst?: BurstRecord,
): Promise<void> {
  if (keys.device) return;
  const count = countStatement(db, keys.pair, now, LOGIN_LIMITS.addressWindowMs);
  if (!burst) {
    await count.run();
    return;
  }
  // The failure that exhausts the account's budget records one `failed_sign_in_burst`, once per window: the
  // account's count has reached the budget and no such entry exists since the window began.
  const { windowMs, account } = LOGIN_LIMITS;
  const exhausted = sql`exists (
      select 1 from ${rateCounters} r where r.key = ${keys.account} and r.count >= ${account}
        and r.first_at > ${now - windowMs}
        and not exists (select 1 from ${auditLog} a where a.entity_id = ${burst.user.id}
          and a.action = 'failed_sign_in_burst' and a.at >= r.first_at))`;
  await db.batch([
    count,
    auditEntryWhen(
      db,
      burst.scope,
      {
        entityType: 'user',
        entityId: burst.user.id,
        title: burst.user.name,
        ownerId: burst.user.id,
        action: 'failed_sign_in_burst',
      },
      exhausted,
      now,
    ),
  ]);
}

/**
 * The right password: the device's budget starts over; from an unknown device the attempt is handed back to the
 * account's budget and the address no longer counts this account among its failures.
 */
export async function recordLoginSuccess(db: Db, keys: LoginKeys): Promise<void> {
  if (keys.device) {
    await db.delete(rateCounters).where(eq(rateCounters.key, keys.device));
    return;
  }
  await db.batch([
    db
      .update(rateCounters)
      .set({ count: sql`max(${rateCounters.count} - 1, 0)` })
      .where(eq(rateCounters.key, keys.account)),
    db.delete(rateCounters).where(eq(rateCounters.key, keys.pair)),
  ]);
}

/**
 * Checks a password under the sign-in limits: the attempt is counted and may be refused (429) before any PBKDF2
 * run; then one PBKDF2 run (against a dummy hash when there is no account, so both refusals take alike time).
 * Sign-in and every account change that asks for the current password use this. With `burst`, the failure that
 * exhausts a known account's budget is recorded in the audit log.
 */
export async function verifyPasswordLimited(
  db: Db,
  keys: LoginKeys,
  passwordHash: string | undefined,
  password: string,
  challenge?: ChallengeCheck,
  burst?: BurstRecord,
): Promise<boolean> {
  await reserveLoginAttempt(db, keys, Date.now(), challenge);
  const valid =
    (await verifyPassword(password, passwordHash ?? (await dummyPasswordHash()))) && passwordHash !== undefined;
  if (valid) await recordLoginSuccess(db, keys);
  else await recordLoginFailure(db, keys, Date.now(), burst);
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

/**
 * Whether another "someone tried to register with your address" mail may go to the account this hour (as many as
 * reset mails); counts it when it may. Registrations from many addresses cannot flood one mailbox.
 */
export async function allowRegistrationAttemptMail(db: Db, userId: string, now = Date.now()): Promise<boolean> {
  return (await countInWindow(db, `register-attempt:user:${userId}`, now)).count <= RESET_MAIL_LIMITS.perAccount;
}

/** Clears an account's shared sign-in budget (after a password reset: whoever reads its mail owns it). */
export async function clearAccountFailures(db: Db, userId: string): Promise<void> {
  await db.delete(rateCounters).where(eq(rateCounters.key, `login:user:${userId}`));
}
