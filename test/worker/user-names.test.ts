// A user name has at least three characters (schema/requests.ts `userName`), on registration, on an admin's new
// account and on a rename; names stored before the rule keep working.
import { describe, expect, it } from 'vitest';
import { LIMITS, userName } from '#schema/requests';
import { as, call, unique } from './helpers';

// Each registration from an address of its own: registration is limited per address (decision 021).
const register = (name: string) =>
  call('/users', {
    method: 'POST',
    body: { name, email: `${unique('n')}@example.com`, password: 'a-good-password' },
    headers: { 'CF-Connecting-IP': unique('ip') },
  });

describe('user names', () => {
  it('the shared schema takes 3 to 64 characters, counted after trimming', () => {
    expect(LIMITS.userNameMin).toBe(3);
    for (const bad of ['a', 'ab', '  ab  ', 'x'.repeat(65)]) expect(userName.safeParse(bad).success, bad).toBe(false);
    for (const good of ['abc', ' Ada ', 'x'.repeat(64)]) expect(userName.safeParse(good).success, good).toBe(true);
  });

  it('registration refuses a name of one or two characters with a 400 that names the field, and creates nothing', async () => {
    for (const name of ['a', 'ab']) {
      const res = await register(name);
      expect(res.status, name).toBe(400);
      expect(res.body.message).toMatch(/name/);
    }
    const ok = await register(unique('abc').slice(0, 20));
    expect(ok.status).toBe(201);
  });

  it('an admin’s new account and a rename are held to it too', async () => {
    const admin = await as('ADMIN');
    const created = await admin.call('/users', {
      method: 'POST',
      body: { name: 'z', email: null, password: 'a-good-password' },
    });
    expect(created.status).toBe(400);
    const me = await as('REGULAR_USER');
    const renamed = await me.call(`/users/${me.user!.id}`, { method: 'PUT', body: { name: 'q' } });
    expect(renamed.status).toBe(400);
    const kept = await me.call(`/users/${me.user!.id}`, { method: 'PUT', body: { firstName: 'Ada' } });
    expect(kept.status).toBe(200);
  });
});
