// Account and reset hygiene: reset tokens tied to the password's state, reset links from SITE_URL, the password
// rules (length, common passwords, the account's own name or e-mail) on registration, reset and change, and
// registration and reset answering in the same time whether or not the name or e-mail exists.
import { env, exports } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import passwords from '@zxcvbn-ts/language-common/src/passwords.json';
import { LIMITS } from '../../schema/requests';
import { COMMON_PASSWORD, OWN_NAME_PASSWORD, passwordProblem } from '../../worker/lib/password-policy';
import { call, createUser, sessionCookie, TEST_PASSWORD, unique } from './helpers';
import { DEMO_PASSWORD } from '../../worker/scripts/seed-demo-content';

let ipCounter = 0;
const freshIp = () => `10.77.${Math.floor(ipCounter / 250) % 250}.${ipCounter++ % 250}`;

const spyOnMail = () => vi.spyOn(env.MAIL, 'send').mockResolvedValue({ messageId: 'test' });
type Mail = { to: string; text: string };

/** Asks for a reset mail and returns the link it carries (the mail goes out after the answer). */
async function mailedLink(send: ReturnType<typeof spyOnMail>, email: string, url = 'http://localhost/api/users/mail') {
  const before = send.mock.calls.length;
  const res = await exports.default.fetch(
    new Request(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': freshIp() },
      body: JSON.stringify({ email }),
    }),
  );
  expect(res.status).toBe(200);
  await vi.waitFor(() => expect(send.mock.calls.length).toBe(before + 1));
  const mail = send.mock.calls.at(-1)![0] as Mail;
  const link = /(\S+\/forgot-password\/)([A-Za-z0-9_-]+)/.exec(mail.text);
  expect(link, mail.text).not.toBeNull();
  return { prefix: link![1]!, token: link![2]! };
}

const reset = (token: string, password: string) =>
  call('/users/reset-password', { method: 'POST', body: { token, password } });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('reset tokens are tied to the password', () => {
  it('a reset voids every other token issued before it', async () => {
    const send = spyOnMail();
    const user = await createUser();
    const first = await mailedLink(send, user.email!);
    const second = await mailedLink(send, user.email!);
    expect((await reset(second.token, 'first-new-password-1')).status).toBe(200);
    const older = await reset(first.token, 'second-new-password-2');
    expect(older.status).toBe(400);
    expect(older.body.message).toBe('Invalid or expired reset token');
  });

  it('a change in the account form voids every token issued before it', async () => {
    const send = spyOnMail();
    const user = await createUser();
    const { token } = await mailedLink(send, user.email!);
    const changed = await call(`/users/${user.id}`, {
      method: 'PUT',
      cookie: await sessionCookie(user),
      headers: { 'CF-Connecting-IP': freshIp() },
      body: { password: 'changed-in-the-form-1', currentPassword: TEST_PASSWORD },
    });
    expect(changed.status, changed.body.message).toBe(200);
    expect((await reset(token, 'taken-over-password-1')).status).toBe(400);
    // A token asked for after the change works.
    const fresh = await mailedLink(send, user.email!);
    expect((await reset(fresh.token, 'after-the-change-1')).status).toBe(200);
  });
});

describe('reset links', () => {
  it("are built from SITE_URL, never from the request's Host", async () => {
    const send = spyOnMail();
    const user = await createUser();
    expect(env.SITE_URL).toBe('http://localhost:8787');
    const link = await mailedLink(send, user.email!, 'http://evil.example/api/users/mail');
    expect(link.prefix).toBe('http://localhost:8787/forgot-password/');
    expect((send.mock.calls.at(-1)![0] as Mail).text).not.toContain('evil.example');
  });
});

describe('password rules', () => {
  it('refuse every one of the 10,000 most common passwords (by length or by the list), whatever the case', () => {
    const top = passwords.slice(0, 10_000);
    expect(top).toHaveLength(10_000);
    const passes = top.filter((p) => p.length >= LIMITS.password.min && passwordProblem(p, {}) === null);
    expect(passes).toEqual([]);
    expect(passwordProblem('PassWord123', {})).toBe(COMMON_PASSWORD);
    expect(passwordProblem(DEMO_PASSWORD, { name: 'admin' })).toBeNull();
    expect(passwordProblem(TEST_PASSWORD, { name: 'x' })).toBeNull();
  });

  it('apply on registration, with a validation error that says why', async () => {
    const register = (name: string, password: string, email?: string) =>
      call('/users', { method: 'POST', body: { name, password, ...(email ? { email } : {}) } });
    const name = unique('rules');
    const short = await register(name, 'nine-char');
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(
      'Validation error: Too small: expected string to have >=10 characters at "password"',
    );
    const common = await register(name, 'Basketball');
    expect(common.status).toBe(400);
    expect(common.body.message).toBe(`Validation error: ${COMMON_PASSWORD} at "password"`);
    const ownName = await register(`${name}-long`, `${name}-long`.toUpperCase());
    expect(ownName.status).toBe(400);
    expect(ownName.body.message).toBe(`Validation error: ${OWN_NAME_PASSWORD} at "password"`);
    const ownMail = await register(name, `${name}@example.com`, `${name}@example.com`);
    expect(ownMail.body.message).toBe(`Validation error: ${OWN_NAME_PASSWORD} at "password"`);
    expect((await register(name, 'a-good-password')).status).toBe(201);
  });

  it('apply on reset (before the token is used up) and on change', async () => {
    const send = spyOnMail();
    const user = await createUser();
    const { token } = await mailedLink(send, user.email!);
    const common = await reset(token, '1234567890');
    expect(common.status).toBe(400);
    expect(common.body.message).toBe(`Validation error: ${COMMON_PASSWORD} at "password"`);
    const own = await reset(token, user.email!);
    expect(own.body.message).toBe(`Validation error: ${OWN_NAME_PASSWORD} at "password"`);
    expect((await reset(token, 'a-fine-new-password')).status).toBe(200);

    const cookie = await sessionCookie(user);
    const change = (password: string) =>
      call(`/users/${user.id}`, {
        method: 'PUT',
        cookie,
        headers: { 'CF-Connecting-IP': freshIp() },
        body: { password, currentPassword: 'a-fine-new-password' },
      });
    expect((await change('qwertyuiop')).body.message).toBe(`Validation error: ${COMMON_PASSWORD} at "password"`);
    expect((await change(user.name)).body.message).toBe(`Validation error: ${OWN_NAME_PASSWORD} at "password"`);
    expect((await change('short-pw')).status).toBe(400);
    expect((await change('another-fine-password')).status).toBe(200);
  });
});

describe('no enumeration by timing', () => {
  const TRIES = 100;
  // A timing is noise as well as signal: a busy machine (the other test files run alongside) can shift one run's
  // medians by a few ms. A real difference between the paths shows in every run; a retry tells the two apart.
  const TIMED = { timeout: 120_000, retry: 2 };

  it(
    `registration takes the same time for a taken name as for a free one (±2 ms median over ${TRIES} tries)`,
    TIMED,
    async () => {
      const taken = await createUser();
      const register = async (name: string, expected: number) => {
        const res = await call('/users', {
          method: 'POST',
          headers: { 'CF-Connecting-IP': freshIp() },
          body: { name, password: 'a-good-password' },
        });
        expect(res.status).toBe(expected);
      };
      // Interleaved, so drift of the machine's load touches both alike.
      const times = { taken: [] as number[], free: [] as number[] };
      for (let i = 0; i < TRIES; i++) {
        for (const kind of i % 2 ? (['taken', 'free'] as const) : (['free', 'taken'] as const)) {
          const start = performance.now();
          await register(kind === 'taken' ? taken.name : unique('free'), kind === 'taken' ? 409 : 201);
          times[kind].push(performance.now() - start);
        }
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      const [takenMs, freeMs] = [median(times.taken), median(times.free)];
      console.info(`registration median: taken ${takenMs.toFixed(2)} ms, free ${freeMs.toFixed(2)} ms`);
      expect(Math.abs(takenMs - freeMs)).toBeLessThanOrEqual(2);
    },
  );

  it(
    `a reset request takes the same time for a known e-mail as for an unknown one (±2 ms median over ${TRIES} tries)`,
    TIMED,
    async () => {
      spyOnMail();
      const known = await createUser();
      const ask = (email: string) =>
        call('/users/mail', { method: 'POST', headers: { 'CF-Connecting-IP': freshIp() }, body: { email } });
      const times = { known: [] as number[], unknown: [] as number[] };
      for (let i = 0; i < TRIES; i++) {
        for (const kind of i % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const)) {
          const start = performance.now();
          const res = await ask(kind === 'known' ? known.email! : `${unique('nobody')}@example.com`);
          times[kind].push(performance.now() - start);
          expect(res.status).toBe(200);
        }
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      const [knownMs, unknownMs] = [median(times.known), median(times.unknown)];
      console.info(`reset request median: known ${knownMs.toFixed(2)} ms, unknown ${unknownMs.toFixed(2)} ms`);
      expect(Math.abs(knownMs - unknownMs)).toBeLessThanOrEqual(2);
    },
  );
});
