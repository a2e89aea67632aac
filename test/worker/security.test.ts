// CSRF, content-type and input refusals, and security headers, on the users routes.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '#schema/tables';
import { as, call, createUser, db, unique } from './helpers';

const foreign = [
  ['a foreign Origin', { Origin: 'https://evil.example' }],
  ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
  ['Sec-Fetch-Site: same-site', { 'Sec-Fetch-Site': 'same-site' }],
] as const;

describe('cross-site requests', () => {
  it.each(foreign)('refuses registration with %s: 403, nothing written', async (_label, headers) => {
    const name = unique('csrf');
    const res = await call('/users', { method: 'POST', body: { name, password: 'a-good-password' }, headers });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(403);
    expect(res.body.result).toBeNull();
    expect(await db().select().from(users).where(eq(users.name, name)).get()).toBeUndefined();
  });

  it.each(foreign)('refuses an admin’s update with %s, nothing changed', async (_label, headers) => {
    const admin = await as('ADMIN');
    const target = await createUser();
    const res = await admin.call(`/users/${target.id}`, { method: 'PUT', body: { role: 'ADMIN' }, headers });
    expect(res.status).toBe(403);
    const row = await db().select({ role: users.role }).from(users).where(eq(users.id, target.id)).get();
    expect(row!.role).toBe('REGULAR_USER');
    const del = await admin.call(`/users/${target.id}`, { method: 'DELETE', headers });
    expect(del.status).toBe(403);
    expect(await db().select().from(users).where(eq(users.id, target.id)).get()).toBeDefined();
  });

  it.each(foreign)('refuses sign-in with %s and sets no cookie', async (_label, headers) => {
    const user = await createUser();
    const res = await call('/users/auth', {
      method: 'POST',
      body: { username: user.name, password: user.password },
      headers,
    });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it.each(foreign)(
    'refuses a cross-site logout (a GET that changes state) with %s; the session lives on',
    async (_label, headers) => {
      const me = await as('REGULAR_USER');
      const res = await me.call('/users/logout', { headers });
      expect(res.status).toBe(403);
      expect((await me.call('/users/auth-validate', { method: 'POST' })).status).toBe(200);
    },
  );

  it('accepts same-origin and header-less callers', async () => {
    const same = await call('/users', {
      method: 'POST',
      body: { name: unique('same'), password: 'a-good-password' },
      headers: { Origin: 'http://localhost', 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(same.status).toBe(201);
    const bare = await call('/users', { method: 'POST', body: { name: unique('bare'), password: 'a-good-password' } });
    expect(bare.status).toBe(201);
  });
});

describe('content type and body', () => {
  it('refuses a JSON route called with text/plain: 415, nothing written', async () => {
    const name = unique('plain');
    const res = await call('/users', {
      method: 'POST',
      body: JSON.stringify({ name, password: 'a-good-password' }),
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ code: 415, message: 'Expected Content-Type application/json', result: null });
    expect(await db().select().from(users).where(eq(users.name, name)).get()).toBeUndefined();
  });

  it('refuses a form post to sign-in with 415', async () => {
    const user = await createUser();
    const form = new FormData();
    form.set('username', user.name);
    form.set('password', user.password);
    const res = await call('/users/auth', { method: 'POST', body: form });
    expect(res.status).toBe(415);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('answers malformed JSON with 400', async () => {
    const res = await call('/users', {
      method: 'POST',
      body: '{"name": "x", ',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(400);
    expect(res.body.result).toEqual({ issues: [] });
  });

  it('answers a non-uuid id with 400 in the validation format', async () => {
    const admin = await as('ADMIN');
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await admin.call('/users/not-a-uuid', {
        method,
        body: method === 'PUT' ? { firstName: 'x' } : undefined,
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400, message: 'Validation error: Invalid UUID at "id"' });
      expect(res.body.result.issues).toEqual([expect.objectContaining({ path: ['id'] })]);
    }
  });

  it.each([
    ['DELETE', '/users/auth', 'POST'],
    ['GET', '/users/auth', 'POST'],
    ['PUT', '/users/auth-validate', 'POST'],
    ['POST', '/users/logout', 'GET, HEAD'],
    ['GET', '/users/mail', 'POST'],
    ['DELETE', '/users/reset-password', 'POST'],
    ['PATCH', '/users', undefined],
    // A literal route beats a parameter route of another method on the same path.
    ['GET', '/categories/search', 'POST'],
    ['DELETE', '/myso/user-channels/user-channels', 'GET, HEAD'],
  ])('answers %s %s with 405', async (method, path, allow) => {
    const admin = await as('ADMIN');
    const res = await admin.call(path, { method });
    expect(res.status).toBe(405);
    expect(res.body).toEqual({ code: 405, message: 'Method not allowed', result: null });
    if (allow) expect(res.headers.get('Allow')).toBe(allow);
  });
});

/** Every /api answer's security headers, exactly (hono/secure-headers, configured in worker/middleware/security.ts). */
const API_SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'Cross-Origin-Resource-Policy': 'same-origin',
  // hono/secure-headers' own defaults, added when it replaced the hand-written list.
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Origin-Agent-Cluster': '?1',
  'X-DNS-Prefetch-Control': 'off',
  'X-Download-Options': 'noopen',
  'X-Permitted-Cross-Domain-Policies': 'none',
  'X-XSS-Protection': '0',
};

describe('security headers on the users routes', () => {
  it.each([
    ['a success', () => call('/users/logout')],
    ['a refusal', () => call('/users')],
    ['a validation error', () => call('/users/auth', { method: 'POST', body: {} })],
  ])('are set on %s', async (_label, request) => {
    const res = await request();
    for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) expect(res.headers.get(name)).toBe(value);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  });
});
