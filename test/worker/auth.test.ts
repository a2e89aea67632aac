// Sign-in, sessions and the password reset, through the worker's real fetch handler (limits: sign-in-limits.test.ts).
import { env, exports } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { users } from '#schema/tables';
import { hashPassword, PBKDF2_ITERATIONS, verifyPassword } from '#worker/lib/password';
import { sha256Hex } from '#worker/services/session';
import { RESET_MAIL_MESSAGE } from '#worker/services/password-reset';
import { as, call, consoleErrors, createUser, db, expectConsoleError, TEST_PASSWORD, unique } from './helpers';

let ipCounter = 0;
/** Every test signs in from its own address, so the per-address limit of one test never touches another. */
const freshIp = () => `10.${Date.now() % 200}.${Math.floor(ipCounter / 250) % 250}.${ipCounter++ % 250}`;

function signIn(username: string, password: string, ip = freshIp(), cookie?: string) {
  return call('/users/auth', {
    method: 'POST',
    body: { username, password },
    headers: { 'CF-Connecting-IP': ip },
    cookie,
  });
}

/** `name=value` of the session cookie a response sets. */
function sessionFrom(res: { headers: Headers }): string {
  const set = res.headers.getSetCookie().find((c) => /^(__Host-)?session=[^;]+/.test(c));
  if (!set) throw new Error('no session cookie set');
  return set.split(';')[0]!;
}

const validate = (cookie?: string) => call('/users/auth-validate', { method: 'POST', cookie });

describe('POST /users/auth', () => {
  it('signs in by name, answers the session user and sets a session cookie that works', async () => {
    const user = await createUser({ role: 'CLIENT' });
    const res = await signIn(user.name, user.password);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, message: 'OK', result: { id: user.id, name: user.name, role: 'CLIENT' } });
    const me = await validate(sessionFrom(res));
    expect(me.status).toBe(200);
    expect(me.body.result).toEqual({ id: user.id, name: user.name, role: 'CLIENT' });
  });

  it('accepts the name or the e-mail in any case', async () => {
    const user = await createUser({ name: unique('MixedCase'), email: `${unique('mail')}@Example.com` });
    expect((await signIn(user.name.toUpperCase(), user.password)).status).toBe(200);
    expect((await signIn(user.email!.toLowerCase(), user.password)).status).toBe(200);
  });

  it('sets HttpOnly, SameSite=Lax, Path=/ cookie named `session` on http, without Secure', async () => {
    const user = await createUser();
    const res = await signIn(user.name, user.password);
    const set = res.headers.getSetCookie().find((c) => c.startsWith('session='))!;
    expect(set).toMatch(/; HttpOnly/i);
    expect(set).toMatch(/; SameSite=Lax/i);
    expect(set).toMatch(/; Path=\//i);
    expect(set).not.toMatch(/; Secure/i);
    // 256 random bits, base64url.
    expect(set.split(';')[0]!.slice('session='.length)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('uses `__Host-session` with Secure on https, and only that cookie signs in there', async () => {
    const user = await createUser();
    const res = await exports.default.fetch(
      new Request('https://localhost/api/users/auth', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': freshIp() },
        body: JSON.stringify({ username: user.name, password: user.password }),
      }),
    );
    expect(res.status).toBe(200);
    const set = res.headers.getSetCookie().find((c) => c.startsWith('__Host-session='))!;
    expect(set).toMatch(/; Secure/i);
    expect(set).toMatch(/; HttpOnly/i);
    expect(set).toMatch(/; SameSite=Lax/i);
    expect(set).toMatch(/; Path=\//i);
    expect(set).not.toMatch(/; Domain=/i);
    const token = set.split(';')[0]!.slice('__Host-session='.length);
    const validateOver = (cookie: string) =>
      exports.default.fetch(
        new Request('https://localhost/api/users/auth-validate', { method: 'POST', headers: { Cookie: cookie } }),
      );
    expect((await validateOver(`__Host-session=${token}`)).status).toBe(200);
    expect((await validateOver(`session=${token}`)).status).toBe(401);
  });

  it('issues a new token on every sign-in and drops the one the browser sent', async () => {
    const user = await createUser();
    const first = sessionFrom(await signIn(user.name, user.password));
    const second = sessionFrom(await signIn(user.name, user.password, freshIp(), first));
    expect(second).not.toBe(first);
    expect((await validate(second)).status).toBe(200);
    expect((await validate(first)).status).toBe(401);
  });

  it('answers an unknown user and a wrong password alike, and sets no cookie', async () => {
    const user = await createUser();
    const wrong = await signIn(user.name, 'wrong-password-123');
    const unknown = await signIn(unique('nobody'), 'wrong-password-123');
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 401, message: 'Invalid username or password', result: null });
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it('runs the same one PBKDF2 for an unknown user as for a wrong password, so both take alike time', async () => {
    const user = await createUser();
    // Warm the dummy hash, made once per isolate, so only the checks themselves are counted below.
    await signIn(unique('warm-up'), 'wrong-password-123');
    const derive = vi.spyOn(crypto.subtle, 'deriveBits');
    const iterationsOf = () => derive.mock.calls.map((args) => (args[0] as Pbkdf2Params).iterations);
    try {
      expect((await signIn(user.name, 'wrong-password-123')).status).toBe(401);
      expect(iterationsOf()).toEqual([PBKDF2_ITERATIONS]);
      derive.mockClear();
      expect((await signIn(unique('nobody'), 'wrong-password-123')).status).toBe(401);
      expect(iterationsOf()).toEqual([PBKDF2_ITERATIONS]);
    } finally {
      derive.mockRestore();
    }
  });

  it('tells a deactivated user so, but only after the right password; no session either way', async () => {
    const user = await createUser({ active: false });
    const wrong = await signIn(user.name, 'not-the-password');
    expect(wrong.body).toEqual({ code: 401, message: 'Invalid username or password', result: null });
    const right = await signIn(user.name, user.password);
    expect(right.body).toEqual({ code: 403, message: 'This account is deactivated', result: null });
    expect(right.headers.getSetCookie().filter((c) => /session=[^;]/.test(c))).toEqual([]);
  });

  it('re-hashes a password stored with weaker parameters on sign-in', async () => {
    const user = await createUser();
    await db()
      .update(users)
      .set({ passwordHash: await hashPassword(user.password, 1_000) })
      .where(eq(users.id, user.id));
    expect((await signIn(user.name, user.password)).status).toBe(200);
    const row = await db().select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id)).get();
    expect(row!.hash.startsWith(`pbkdf2-sha256$${PBKDF2_ITERATIONS}$`)).toBe(true);
    expect(await verifyPassword(user.password, row!.hash)).toBe(true);
  });

  it('validates its body', async () => {
    const res = await call('/users/auth', { method: 'POST', body: { username: '' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Validation error: .* at "username"; .* at "password"$/);
  });
});

describe('GET /users/logout and POST /users/auth-validate', () => {
  it('ends the session on the server and clears the cookie', async () => {
    const user = await createUser();
    const cookie = sessionFrom(await signIn(user.name, user.password));
    const res = await call('/users/logout', { cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, message: 'Signed out', result: null });
    expect(res.headers.getSetCookie().some((c) => c.startsWith('session=;') && /Max-Age=0/i.test(c))).toBe(true);
    // The same token, replayed, no longer signs anyone in.
    expect((await validate(cookie)).status).toBe(401);
  });

  it('answers 200 when already signed out', async () => {
    const res = await call('/users/logout');
    expect(res.status).toBe(200);
  });

  it('answers 401 without a session, or with a made-up one', async () => {
    expect((await validate()).body).toEqual({ code: 401, message: 'Sign-in required', result: null });
    expect((await validate('session=made-up-token')).status).toBe(401);
  });
});

describe('role changes and deactivation', () => {
  it('hold from the very next request', async () => {
    const admin = await as('ADMIN');
    const user = await createUser({ role: 'CLIENT' });
    const cookie = sessionFrom(await signIn(user.name, user.password));
    expect((await validate(cookie)).body.result.role).toBe('CLIENT');

    expect((await admin.call(`/users/${user.id}`, { method: 'PUT', body: { role: 'REGULAR_USER' } })).status).toBe(200);
    expect((await validate(cookie)).body.result.role).toBe('REGULAR_USER');

    expect((await admin.call(`/users/${user.id}`, { method: 'PUT', body: { role: 'ADMIN' } })).status).toBe(200);
    expect((await call('/users', { cookie })).status).toBe(200);

    expect((await admin.call(`/users/${user.id}`, { method: 'PUT', body: { active: false } })).status).toBe(200);
    expect((await validate(cookie)).status).toBe(401);
    expect((await call('/users', { cookie })).status).toBe(401);
  });
});

describe('password reset', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Intercepts the outside world: the send_email binding. */
  function spyOnMail() {
    return vi.spyOn(env.MAIL, 'send').mockResolvedValue({ messageId: 'test' });
  }

  async function requestReset(email: string) {
    const res = await call('/users/mail', {
      method: 'POST',
      body: { email },
      headers: { 'CF-Connecting-IP': freshIp() },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, message: RESET_MAIL_MESSAGE, result: null });
  }

  async function resetToken(send: ReturnType<typeof spyOnMail>, email: string): Promise<string> {
    await vi.waitFor(() => expect(send).toHaveBeenCalled());
    const mail = send.mock.calls.at(-1)![0] as { from: string; to: string; subject: string; text: string };
    expect(mail.to).toBe(email);
    expect(mail.from).toBe(env.MAIL_FROM);
    const link = new RegExp(`^${env.SITE_URL}/forgot-password/([A-Za-z0-9_-]+)$`, 'm').exec(mail.text);
    expect(link).not.toBeNull();
    return link![1]!;
  }

  it('mails a single-use link, sets the new password and ends the old sessions', async () => {
    const send = spyOnMail();
    const user = await createUser();
    const oldSession = sessionFrom(await signIn(user.name, user.password));
    await requestReset(user.email!.toUpperCase());
    const token = await resetToken(send, user.email!);
    expect(send).toHaveBeenCalledTimes(1);
    // KV holds the hash of the token, for an hour.
    expect(await env.KV.get(`password-reset:${token}`)).toBeNull();
    expect(await env.KV.get(`password-reset:${await sha256Hex(token)}`)).not.toBeNull();

    const res = await call('/users/reset-password', {
      method: 'POST',
      body: { token, password: 'a-brand-new-password' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, message: 'Password changed', result: null });
    expect((await validate(oldSession)).status).toBe(401);
    expect((await signIn(user.name, user.password)).status).toBe(401);
    expect((await signIn(user.name, 'a-brand-new-password')).status).toBe(200);

    const again = await call('/users/reset-password', {
      method: 'POST',
      body: { token, password: 'yet-another-password' },
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Invalid or expired reset token');
    expect((await signIn(user.name, 'a-brand-new-password')).status).toBe(200);
  });

  it('answers an unknown or inactive address alike and sends nothing', async () => {
    const send = spyOnMail();
    const inactive = await createUser({ active: false });
    await requestReset(`${unique('nobody')}@example.com`);
    await requestReset(inactive.email!);
    // A known address, asked last, shows the earlier ones had their chance to send.
    const known = await createUser();
    await requestReset(known.email!);
    await resetToken(send, known.email!);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('refuses an unknown or expired token with 400', async () => {
    const user = await createUser();
    const unknown = await call('/users/reset-password', {
      method: 'POST',
      body: { token: 'x'.repeat(43), password: 'a-brand-new-password' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Invalid or expired reset token');

    const token = unique('expired-token-value');
    await env.KV.put(
      `password-reset:${await sha256Hex(token)}`,
      JSON.stringify({ userId: user.id, expiresAt: Date.now() - 1 }),
    );
    const expired = await call('/users/reset-password', {
      method: 'POST',
      body: { token, password: 'a-brand-new-password' },
    });
    expect(expired.status).toBe(400);
    expect((await signIn(user.name, TEST_PASSWORD)).status).toBe(200);
  });

  it('validates the new password before using up the token', async () => {
    const send = spyOnMail();
    const user = await createUser();
    await requestReset(user.email!);
    const token = await resetToken(send, user.email!);
    const short = await call('/users/reset-password', { method: 'POST', body: { token, password: 'short' } });
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/^Validation error: .* at "password"$/);
    expect(
      (await call('/users/reset-password', { method: 'POST', body: { token, password: 'long-enough-now' } })).status,
    ).toBe(200);
  });

  it('logs a failed send without telling the caller', async () => {
    expectConsoleError();
    const send = vi.spyOn(env.MAIL, 'send').mockRejectedValue(new Error('mail relay down'));
    const user = await createUser();
    await requestReset(user.email!);
    await vi.waitFor(() => expect(send).toHaveBeenCalled());
    await vi.waitFor(() =>
      expect(consoleErrors.spy).toHaveBeenCalledWith('Password reset mail failed', expect.any(Error)),
    );
  });
});
