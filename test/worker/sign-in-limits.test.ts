// Sign-in and password-reset limits that slow guessing down without locking anyone out
// (docs/decisions/003-users-and-sessions.md, "Login limit").
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rateCounters } from '../../schema/tables';
import {
  assertLoginAllowed,
  LOGIN_LIMITS,
  loginDelayMs,
  loginKeys,
  RESET_MAIL_LIMITS,
  recordLoginFailure,
} from '../../worker/lib/login-limit';
import { call, createUser, db, unique } from './helpers';

let ipCounter = 0;
/** Every test signs in from its own addresses, so one test's counts never touch another's. */
const freshIp = () => `10.${(Date.now() >> 8) % 200}.${Math.floor(ipCounter / 250) % 250}.${ipCounter++ % 250}`;
const WRONG = 'wrong-password-123';

function signIn(username: string, password: string, ip = freshIp()) {
  return call('/users/auth', { method: 'POST', body: { username, password }, headers: { 'CF-Connecting-IP': ip } });
}

describe('nobody can lock anyone out', () => {
  it('many failures from one address (an office, a carrier NAT) do not refuse another account signing in from it', async () => {
    const shared = freshIp();
    for (let i = 0; i < LOGIN_LIMITS.free.address + 10; i++) {
      expect((await signIn(unique('colleague'), WRONG, shared)).status).toBe(401);
    }
    const user = await createUser();
    expect((await signIn(user.name, user.password, shared)).status).toBe(200);
  });

  it('failing on an account on purpose, from many addresses, does not refuse its owner on a clean address', async () => {
    const user = await createUser();
    for (let i = 0; i < LOGIN_LIMITS.free.account + 5; i++) expect((await signIn(user.name, WRONG)).status).toBe(401);
    const res = await signIn(user.email!, user.password);
    expect(res.status).toBe(200);
  });

  it('counts unknown names like accounts, by their lower-cased text', async () => {
    const name = unique('ghost');
    const ip = freshIp();
    for (let i = 0; i < LOGIN_LIMITS.free.pair + 1; i++) expect((await signIn(name, WRONG, ip)).status).toBe(401);
    expect((await signIn(name.toUpperCase(), WRONG, ip)).status).toBe(429);
  });
});

describe('an address that keeps failing for an account waits longer each time', () => {
  it(`answers 429 with Retry-After once the pair is past its ${LOGIN_LIMITS.free.pair} free failures, the right password included`, async () => {
    const user = await createUser();
    const ip = freshIp();
    for (let i = 0; i < LOGIN_LIMITS.free.pair + 1; i++) expect((await signIn(user.name, WRONG, ip)).status).toBe(401);
    const res = await signIn(user.name, user.password, ip);
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ code: 429, message: 'Too many failed sign-ins, try again later', result: null });
    expect(Number(res.headers.get('Retry-After'))).toBe(1);
    expect(res.headers.getSetCookie()).toEqual([]);
    // Another address that has not failed for this account signs in.
    expect((await signIn(user.name, user.password)).status).toBe(200);
  });

  it('doubles the delay with every further failure, up to 15 minutes', async () => {
    expect([1, 2, 3, 4, 10, 11, 40].map(loginDelayMs)).toEqual([1000, 2000, 4000, 8000, 512_000, 900_000, 900_000]);
    const keys = loginKeys(unique('slow'), undefined, freshIp());
    let now = Date.now();
    for (let i = 0; i < LOGIN_LIMITS.free.pair; i++) await recordLoginFailure(db(), keys, now);
    await assertLoginAllowed(db(), keys, now);
    for (let excess = 1; excess <= 12; excess++) {
      await recordLoginFailure(db(), keys, now);
      const delay = loginDelayMs(excess);
      await expect(assertLoginAllowed(db(), keys, now + delay - 1)).rejects.toMatchObject({
        status: 429,
        headers: { 'Retry-After': '1' },
      });
      await assertLoginAllowed(db(), keys, now + delay);
      now += delay;
    }
  });

  it('waits longer when the account or the address is failing a lot elsewhere too', async () => {
    const user = await createUser();
    const keys = loginKeys(user.name, user.id, freshIp());
    const now = Date.now();
    // Eleven failures on the account from other addresses and one from this address: two past its free ten.
    for (let i = 0; i < LOGIN_LIMITS.free.account + 1; i++)
      await recordLoginFailure(db(), loginKeys(user.name, user.id, freshIp()), now);
    await recordLoginFailure(db(), keys, now);
    await expect(assertLoginAllowed(db(), keys, now + 1999)).rejects.toMatchObject({ status: 429 });
    await assertLoginAllowed(db(), keys, now + 2000);
  });

  it('a right password clears the pair and the account, not the address', async () => {
    const user = await createUser();
    const ip = freshIp();
    const keys = loginKeys(user.name, user.id, ip);
    for (let i = 0; i < LOGIN_LIMITS.free.pair; i++) await signIn(user.name, WRONG, ip);
    expect((await signIn(user.name, user.password, ip)).status).toBe(200);
    const count = async (key: string) =>
      (await db().select().from(rateCounters).where(eq(rateCounters.key, key)).get())?.count;
    expect(await count(keys.pair)).toBeUndefined();
    expect(await count(keys.account)).toBeUndefined();
    expect(await count(keys.address)).toBe(LOGIN_LIMITS.free.pair);
  });

  it('forgets counts a day after the last failure', async () => {
    const keys = loginKeys(unique('old'), undefined, freshIp());
    const dayAgo = Date.now() - LOGIN_LIMITS.forgetAfterMs - 1000;
    for (let i = 0; i < LOGIN_LIMITS.free.pair + 5; i++) await recordLoginFailure(db(), keys, dayAgo);
    await assertLoginAllowed(db(), keys);
    await recordLoginFailure(db(), keys);
    expect((await db().select().from(rateCounters).where(eq(rateCounters.key, keys.pair)).get())?.count).toBe(1);
  });

  it('names the keys by account id (name and e-mail share them) and address, `unknown` without CF-Connecting-IP', () => {
    expect(loginKeys('Someone', undefined, undefined)).toEqual({
      pair: 'login:user:someone|ip:unknown',
      account: 'login:user:someone',
      address: 'login:ip:unknown',
    });
    expect(loginKeys('Someone', 'id-1', ' 1.2.3.4 ').pair).toBe('login:user:id-1|ip:1.2.3.4');
  });
});

describe('password-reset mails are limited', () => {
  afterEach(() => vi.restoreAllMocks());

  const requestReset = (email: string, ip = freshIp()) =>
    call('/users/mail', { method: 'POST', body: { email }, headers: { 'CF-Connecting-IP': ip } });

  it(`sends at most ${RESET_MAIL_LIMITS.perAccount} mails an hour to one account, answering every request alike`, async () => {
    const send = vi.spyOn(env.MAIL, 'send').mockResolvedValue({ messageId: 'test' });
    const user = await createUser();
    for (let i = 0; i < RESET_MAIL_LIMITS.perAccount + 2; i++) {
      const res = await requestReset(user.email!);
      expect(res.status).toBe(200);
    }
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(RESET_MAIL_LIMITS.perAccount));
    // Give the extra requests' background work the time to (not) send.
    await new Promise((r) => setTimeout(r, 200));
    expect(send).toHaveBeenCalledTimes(RESET_MAIL_LIMITS.perAccount);
  });

  it(`answers 429 after ${RESET_MAIL_LIMITS.perAddress} requests an hour from one address, known accounts or not`, async () => {
    vi.spyOn(env.MAIL, 'send').mockResolvedValue({ messageId: 'test' });
    const ip = freshIp();
    for (let i = 0; i < RESET_MAIL_LIMITS.perAddress; i++)
      expect((await requestReset(`${unique('nobody')}@example.com`, ip)).status).toBe(200);
    const res = await requestReset((await createUser()).email!, ip);
    expect(res.status).toBe(429);
    expect(res.body.message).toBe('Too many reset requests, try again later');
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(3500);
    expect((await requestReset(`${unique('other')}@example.com`)).status).toBe(200);
  });
});
