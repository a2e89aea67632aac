// The list of one's own sessions (device, created, last seen) and "sign out everywhere else" (ASVS V7.5.2).
import { describe, expect, it } from 'vitest';
import { savedUser, userSession } from '#schema/entities';
import { deviceLabel } from '#worker/lib/device';
import { as, call, createUser } from './helpers';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36';
const EDGE_WINDOWS = `${CHROME_WINDOWS} Edg/141.0.0.0`;

let ip = 0;
async function signIn(name: string, password: string, userAgent: string): Promise<string> {
  const res = await call('/users/auth', {
    method: 'POST',
    body: { username: name, password },
    headers: { 'User-Agent': userAgent, 'CF-Connecting-IP': `10.88.0.${ip++ % 250}` },
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith('session='))!
    .split(';')[0]!;
}

describe('device labels', () => {
  it.each([
    [FIREFOX_LINUX, 'Firefox on Linux'],
    [SAFARI_IPHONE, 'Safari on iPhone'],
    [CHROME_WINDOWS, 'Chrome on Windows'],
    [EDGE_WINDOWS, 'Edge on Windows'],
    ['curl/8.5.0', 'curl'],
    ['', ''],
  ])('%s is %s', (ua, label) => {
    expect(deviceLabel(ua)).toBe(label);
  });
});

describe('GET /sessions and DELETE /sessions', () => {
  it("lists the caller's sessions with their devices, and signs out everywhere else", async () => {
    const user = await createUser();
    const laptop = await signIn(user.name, user.password, FIREFOX_LINUX);
    const phone = await signIn(user.name, user.password, SAFARI_IPHONE);
    const other = await createUser();
    await signIn(other.name, other.password, CHROME_WINDOWS);

    const listed = await call('/sessions', { cookie: phone });
    expect(listed.status).toBe(200);
    const sessions = listed.body.result.map((s: unknown) => userSession.parse(s));
    expect(sessions.map((s: { device: string; current: boolean }) => [s.device, s.current]).sort()).toEqual([
      ['Firefox on Linux', false],
      ['Safari on iPhone', true],
    ]);
    for (const s of sessions) expect(Date.parse(s.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(s.createdAt));

    const ended = await call('/sessions', { method: 'DELETE', cookie: phone });
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ message: 'Signed out of 1 other session', result: { ended: 1 } });
    expect((await call('/users/auth-validate', { method: 'POST', cookie: laptop })).status).toBe(401);
    expect((await call('/users/auth-validate', { method: 'POST', cookie: phone })).status).toBe(200);
    expect((await call('/sessions', { cookie: phone })).body.result).toHaveLength(1);
  });

  it("ends one session by id, only the caller's own", async () => {
    const user = await createUser();
    const laptop = await signIn(user.name, user.password, FIREFOX_LINUX);
    const phone = await signIn(user.name, user.password, SAFARI_IPHONE);
    const laptopId = (await call('/sessions', { cookie: phone })).body.result.find(
      (s: { current: boolean }) => !s.current,
    ).id;
    const stranger = await as('REGULAR_USER');
    expect((await stranger.call(`/sessions/${laptopId}`, { method: 'DELETE' })).status).toBe(404);
    expect((await call('/users/auth-validate', { method: 'POST', cookie: laptop })).status).toBe(200);
    expect((await call(`/sessions/${laptopId}`, { method: 'DELETE', cookie: phone })).status).toBe(200);
    expect((await call('/users/auth-validate', { method: 'POST', cookie: laptop })).status).toBe(401);
    expect((await call('/sessions/not-a-session', { method: 'DELETE', cookie: phone })).status).toBe(400);
  });

  it('a new password answers how many other sessions it signed out (issue 27 §6.8)', async () => {
    const user = await createUser();
    const laptop = await signIn(user.name, user.password, FIREFOX_LINUX);
    const phone = await signIn(user.name, user.password, SAFARI_IPHONE);
    const changed = await call(`/users/${user.id}`, {
      method: 'PUT',
      cookie: phone,
      body: { password: 'a-new-long-password-1', currentPassword: user.password },
    });
    expect(changed.status).toBe(200);
    expect(savedUser.parse(changed.body.result)).toMatchObject({ id: user.id, sessionsEnded: 1 });
    expect((await call('/users/auth-validate', { method: 'POST', cookie: laptop })).status).toBe(401);
    // The only session left is the new one of the caller: a second change ends no other.
    const sessionOf = (res: typeof changed) =>
      res.headers
        .getSetCookie()
        .find((c) => c.startsWith('session='))!
        .split(';')[0]!;
    const again = await call(`/users/${user.id}`, {
      method: 'PUT',
      cookie: sessionOf(changed),
      body: { password: 'a-newer-long-password-2', currentPassword: 'a-new-long-password-1' },
    });
    expect(again.body.result).toMatchObject({ sessionsEnded: 0 });
    // A change without a new password says nothing about sessions.
    const renamed = await call(`/users/${user.id}`, {
      method: 'PUT',
      cookie: sessionOf(again),
      body: { firstName: 'Ada' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.result).not.toHaveProperty('sessionsEnded');
  });

  it('an admin deactivating the user ends every session of theirs', async () => {
    const user = await createUser();
    const laptop = await signIn(user.name, user.password, FIREFOX_LINUX);
    const phone = await signIn(user.name, user.password, SAFARI_IPHONE);
    const admin = await as('ADMIN');
    expect((await admin.call(`/users/${user.id}`, { method: 'PUT', body: { active: false } })).status).toBe(200);
    for (const cookie of [laptop, phone]) expect((await call('/sessions', { cookie })).status).toBe(401);
  });
});
