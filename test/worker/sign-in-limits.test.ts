// Sign-in limits with device cookies (OWASP), and the password-reset limits
// (docs/decisions/003-users-and-sessions.md, "Login limit").
import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rateCounters } from '#schema/tables';
import { app } from '#worker/app';
import {
  LOGIN_LIMITS,
  loginKeys,
  RESET_MAIL_LIMITS,
  TOO_MANY_ACCOUNTS,
  TOO_MANY_SIGN_INS,
} from '#worker/services/login-limit';
import { TURNSTILE_VERIFY_URL } from '#worker/services/turnstile';
import { BASE, call, createUser, db, unique } from './helpers';

let ipCounter = 0;
/** Every test signs in from its own addresses, so one test's counts never touch another's. */
const freshIp = () => `10.${(Date.now() >> 8) % 200}.${Math.floor(ipCounter / 250) % 250}.${ipCounter++ % 250}`;
const WRONG = 'wrong-password-123';

function signIn(username: string, password: string, ip = freshIp(), cookie?: string) {
  return call('/users/auth', {
    method: 'POST',
    body: { username, password },
    headers: { 'CF-Connecting-IP': ip },
    cookie,
  });
}

/** `device=...` of the device cookie a response sets. */
function deviceFrom(res: { headers: Headers }): string {
  const set = res.headers.getSetCookie().find((c) => /^device=[^;]+/.test(c));
  if (!set) throw new Error('no device cookie set');
  return set.split(';')[0]!;
}

/** Signs the user in once from a fresh address and returns the device cookie it got. */
async function ownDevice(user: { name: string; password: string }): Promise<string> {
  const res = await signIn(user.name, user.password);
  expect(res.status).toBe(200);
  return deviceFrom(res);
}

describe('credential stuffing and distributed guessing (issue: 15 of 150 accounts taken in 7 s)', () => {
  it('refuses one address trying 25 accounts once each before it is through them, with Retry-After', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof signIn>> | undefined;
    for (let i = 0; i < 25; i++) {
      const user = await createUser();
      const res = await signIn(user.name, WRONG, ip);
      statuses.push(res.status);
      refused ??= res.status === 429 ? res : undefined;
    }
    expect(statuses.slice(0, LOGIN_LIMITS.addressAccounts + 1)).toEqual(
      Array(LOGIN_LIMITS.addressAccounts + 1).fill(401),
    );
    expect(statuses.slice(LOGIN_LIMITS.addressAccounts + 1)).toEqual(
      Array(25 - LOGIN_LIMITS.addressAccounts - 1).fill(429),
    );
    expect(refused!.body).toEqual({ code: 429, message: TOO_MANY_ACCOUNTS, result: null });
    const retry = Number(refused!.headers.get('Retry-After'));
    expect(retry).toBeGreaterThan(3500);
    expect(retry).toBeLessThanOrEqual(3600);
    // The right password of a further account is refused too, before any password check: no takeover from there.
    const victim = await createUser();
    expect((await signIn(victim.name, victim.password, ip)).status).toBe(429);
    // Unknown names count as accounts as well.
    const other = freshIp();
    for (let i = 0; i <= LOGIN_LIMITS.addressAccounts; i++)
      expect((await signIn(unique('ghost'), WRONG, other)).status).toBe(401);
    expect((await signIn(unique('ghost'), WRONG, other)).status).toBe(429);
  });

  it('refuses 25 guesses at one account from 25 addresses before the end; the owner with a device cookie signs in at once', async () => {
    const owner = await createUser();
    const device = await ownDevice(owner);
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await signIn(owner.name, `${WRONG}-${i}`)).status);
    expect(statuses.slice(0, LOGIN_LIMITS.account)).toEqual(Array(LOGIN_LIMITS.account).fill(401));
    expect(statuses.slice(LOGIN_LIMITS.account)).toEqual(Array(25 - LOGIN_LIMITS.account).fill(429));
    // Unknown devices wait for the window, the right password included.
    const refused = await signIn(owner.name, owner.password);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ code: 429, message: TOO_MANY_SIGN_INS, result: null });
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(LOGIN_LIMITS.windowMs / 1000 - 60);
    expect(refused.headers.getSetCookie()).toEqual([]);
    // The owner's browser, from any address, with a typo first: 401, then 200 at once.
    expect((await signIn(owner.name, WRONG, freshIp(), device)).status).toBe(401);
    const res = await signIn(owner.email!, owner.password, freshIp(), device);
    expect(res.status).toBe(200);
    expect(res.body.result.id).toBe(owner.id);
  });

  it('never lets failures of others slow a device down, and an address over its accounts does not refuse it', async () => {
    const owner = await createUser();
    const device = await ownDevice(owner);
    const ip = freshIp();
    for (let i = 0; i <= LOGIN_LIMITS.addressAccounts; i++) await signIn(unique('stuffed'), WRONG, ip);
    expect((await signIn(unique('stuffed'), WRONG, ip)).status).toBe(429);
    expect((await signIn(owner.name, owner.password, ip, device)).status).toBe(200);
  });

  it(`gives a device cookie its own budget of ${LOGIN_LIMITS.device} failures per window`, async () => {
    const owner = await createUser();
    const device = await ownDevice(owner);
    for (let i = 0; i < LOGIN_LIMITS.device; i++)
      expect((await signIn(owner.name, WRONG, freshIp(), device)).status).toBe(401);
    const held = await signIn(owner.name, owner.password, freshIp(), device);
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('Retry-After'))).toBeGreaterThan(LOGIN_LIMITS.windowMs / 1000 - 60);
    // The account's shared budget was not touched: an unknown device with the right password signs in.
    expect((await signIn(owner.name, owner.password)).status).toBe(200);
  });

  it('a success hands the attempt back: typos of the owner followed by the right password do not use up the budget', async () => {
    const owner = await createUser();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 3; i++) expect((await signIn(owner.name, WRONG)).status).toBe(401);
      expect((await signIn(owner.name, owner.password)).status).toBe(200);
    }
    const count = (
      await db()
        .select()
        .from(rateCounters)
        .where(eq(rateCounters.key, `login:user:${owner.id}`))
        .get()
    )?.count;
    expect(count).toBe(9);
  });

  it('ignores a device cookie that is forged, tampered with, expired or for another account', async () => {
    const owner = await createUser();
    const other = await createUser();
    const otherDevice = await ownDevice(other);
    const real = await ownDevice(owner);
    for (let i = 0; i < LOGIN_LIMITS.account; i++) await signIn(owner.name, WRONG);
    const [userId, nonce, expires, signature] = real.slice('device='.length).split('.');
    const forged = [
      otherDevice,
      `device=${userId}.${nonce}.${Number(expires) + 1}.${signature}`,
      `device=${userId}.${nonce}.${expires}.${signature!.slice(1)}A`,
      `device=${userId}.${nonce}.${Date.now() - 1000}.${signature}`,
      `device=${'x'.repeat(3000)}`,
    ];
    for (const cookie of forged) expect((await signIn(owner.name, owner.password, freshIp(), cookie)).status).toBe(429);
    expect((await signIn(owner.name, owner.password, freshIp(), real)).status).toBe(200);
  });

  it('sets a signed, HttpOnly device cookie on every sign-in, keeping the other accounts of the browser', async () => {
    const first = await createUser();
    const second = await createUser();
    const res = await signIn(first.name, first.password);
    const set = res.headers.getSetCookie().find((c) => c.startsWith('device='))!;
    expect(set).toMatch(/; HttpOnly/i);
    expect(set).toMatch(/; SameSite=Lax/i);
    expect(set).toMatch(/; Path=\//i);
    expect(set).toMatch(/; Max-Age=31536000/i);
    const both = deviceFrom(await signIn(second.name, second.password, freshIp(), deviceFrom(res)));
    expect(both.split('~')).toHaveLength(2);
    for (const user of [first, second]) {
      for (let i = 0; i < LOGIN_LIMITS.account; i++) await signIn(user.name, WRONG);
      expect((await signIn(user.name, user.password, freshIp(), both)).status).toBe(200);
    }
  });

  it('counts a wrong password from an unknown device under the account and marks the address, by range of keys', () => {
    expect(loginKeys('Someone', undefined, undefined)).toEqual({
      account: 'login:user:someone',
      device: null,
      pair: 'login:ip:unknown|user:someone',
      addressFrom: 'login:ip:unknown|',
      addressTo: 'login:ip:unknown}',
    });
    expect(loginKeys('Someone', 'id-1', ' 1.2.3.4 ', 'n0nce')).toMatchObject({
      account: 'login:user:id-1',
      device: 'login:device:n0nce',
      pair: 'login:ip:1.2.3.4|user:id-1',
    });
  });
});

describe('Turnstile, where TURNSTILE_SECRET is configured', () => {
  afterEach(() => vi.restoreAllMocks());

  /** The app with a Turnstile secret; only siteverify is stubbed, answering `success` for the token 'solved'. */
  async function signInWithTurnstile(username: string, password: string, ip: string, token?: string) {
    const realFetch = globalThis.fetch;
    let calls = 0;
    const verify = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
      if (url !== TURNSTILE_VERIFY_URL) return realFetch(input, init);
      calls++;
      const form = init?.body as FormData;
      expect(form.get('secret')).toBe('test-secret');
      expect(form.get('remoteip')).toBe(ip);
      return Response.json({ success: form.get('response') === 'solved' });
    });
    const headers = new Headers({ 'Content-Type': 'application/json', 'CF-Connecting-IP': ip });
    if (token) headers.set('cf-turnstile-response', token);
    const ctx = createExecutionContext();
    const res = await app.fetch(
      new Request(`${BASE}/api/users/auth`, { method: 'POST', headers, body: JSON.stringify({ username, password }) }),
      { ...env, TURNSTILE_SECRET: 'test-secret', TURNSTILE_SITE_KEY: 'test-site-key' },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    verify.mockRestore();
    return { status: res.status, body: await res.json<{ result: unknown }>(), calls };
  }

  it('offers an unknown device over the account budget the challenge instead of the wait', async () => {
    const owner = await createUser();
    for (let i = 0; i < LOGIN_LIMITS.account; i++) await signIn(owner.name, WRONG);
    const asked = await signInWithTurnstile(owner.name, owner.password, freshIp());
    expect(asked.status).toBe(429);
    expect(asked.body.result).toEqual({ challenge: 'turnstile' });
    expect(asked.calls).toBe(0);
    expect((await signInWithTurnstile(owner.name, owner.password, freshIp(), 'wrong-token')).status).toBe(429);
    const solved = await signInWithTurnstile(owner.name, owner.password, freshIp(), 'solved');
    expect(solved.status).toBe(200);
    expect(solved.calls).toBe(1);
  });

  it('asks nothing of a client within the budget', async () => {
    const owner = await createUser();
    const res = await signInWithTurnstile(owner.name, owner.password, freshIp());
    expect(res.status).toBe(200);
    expect(res.calls).toBe(0);
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
