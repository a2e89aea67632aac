// Personal API tokens (docs/decisions/034-api-tokens.md): made in a signed-in session and shown once, stored as a
// hash, used as `Authorization: Bearer`, refused at once when revoked, expired or their user is switched off; a `read`
// token refused on every route that writes, no token at all on the routes that manage tokens, sessions or the account.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiTokens, users } from '#schema/tables';
import { app } from '#worker/app';
import worker from '#worker/index';
import { routeDocs } from '#worker/openapi/route-docs';
import { READ_ONLY_TOKEN, SESSION_ONLY } from '#worker/middleware/token-scope';
import { runScheduled } from '#worker/scheduled';
import { createArticle } from './content-factories';
import { as, BASE, db, TEST_PASSWORD, type CallOptions } from './helpers';
import { DAY, withToken, rowOf } from './api-tokens-kit';

describe('scopes', () => {
  const docs = routeDocs(app.routes);
  /** A path of the route with every parameter filled in; the scope is refused before any parameter is read. */
  const pathOf = (route: string) =>
    route.replace(/^\/api/, '').replace(/:(\w+)(\{[^}]+\})?/g, () => '00000000-0000-4000-8000-000000000000');

  it('knows which routes only read although they are POSTs (searches, who-am-I), and no other', () => {
    const readPosts = docs
      .filter((d) => d.method !== 'GET' && d.tokenNeed === 'read')
      .map((d) => `${d.method} ${d.path}`);
    expect(readPosts.sort()).toEqual([
      'POST /api/categories/search',
      'POST /api/search/search',
      'POST /api/users/auth-validate',
    ]);
    // Every GET that changes state needs `full`, the other GETs any scope; session-only routes no token at all.
    for (const d of docs.filter((d) => d.method === 'GET' && d.tokenNeed !== 'session'))
      expect(d.tokenNeed, `GET ${d.path}`).toBe(d.sameOrigin ? 'full' : 'read');
    const sessionOnly = docs.filter((d) => d.tokenNeed === 'session').map((d) => `${d.method} ${d.path}`);
    expect(sessionOnly.sort()).toEqual([
      'DELETE /api/oauth/clients/:clientId',
      'DELETE /api/sessions',
      'DELETE /api/sessions/:id',
      'DELETE /api/tokens/:id',
      'DELETE /api/users/:id',
      'GET /api/oauth/clients',
      'GET /api/sessions',
      'GET /api/tokens',
      'GET /api/tokens/all',
      'GET /api/users/logout',
      'POST /api/oauth/consent',
      'POST /api/oauth/decision',
      'POST /api/tokens',
    ]);
  });

  it('refuses a read token on every route that writes (403, before the route runs)', async () => {
    const t = await withToken('ADMIN', 'read');
    const writes = docs.filter((d) => d.tokenNeed === 'full');
    expect(writes.length).toBeGreaterThan(50);
    for (const d of writes) {
      const res = await t.bearer(pathOf(d.path), { method: d.method, ...(d.method === 'GET' ? {} : { body: {} }) });
      expect(res.status, `${d.method} ${d.path}`).toBe(403);
      expect(res.body.message, `${d.method} ${d.path}`).toBe(READ_ONLY_TOKEN);
    }
    // A write to a path no route takes is refused the same way.
    expect((await t.bearer('/no-such-thing', { method: 'POST', body: {} })).status).toBe(403);
  });

  it('lets a read token read, search and ask who it is', async () => {
    const t = await withToken('CLIENT', 'read');
    expect((await t.bearer('/workspace/articles')).status).toBe(200);
    expect((await t.bearer('/search/search', { method: 'POST', body: { searchText: 'anything' } })).status).toBe(200);
    const me = await t.bearer('/users/auth-validate', { method: 'POST' });
    expect(me.status).toBe(200);
    expect(me.body.result.id).toBe(t.user.id);
  });

  it("lets a full token do what its user's role may, and no more", async () => {
    const t = await withToken('CLIENT');
    const made = await t.bearer('/articles', {
      method: 'POST',
      body: { title: 'Through a full token', type: 'text', channelId: null },
    });
    expect(made.status).toBe(201);
    expect((await t.bearer('/categories', { method: 'POST', body: { title: 'Not mine to make' } })).status).toBe(403);
  });

  it('never lets a token manage tokens, sessions, the password, the e-mail or the account', async () => {
    const t = await withToken('ADMIN');
    const refusals: [string, CallOptions][] = [
      ['/tokens', {}],
      ['/tokens/all', {}],
      ['/tokens', { method: 'POST', body: { name: 'Minted', scope: 'full', expiresInDays: 30 } }],
      [`/tokens/${t.id}`, { method: 'DELETE' }],
      ['/sessions', {}],
      ['/sessions', { method: 'DELETE' }],
      [`/sessions/${'a'.repeat(64)}`, { method: 'DELETE' }],
      ['/users/logout', {}],
      [`/users/${t.user.id}`, { method: 'DELETE', body: { password: TEST_PASSWORD } }],
    ];
    for (const [path, options] of refusals) {
      const res = await t.bearer(path, options);
      expect(res.status, `${options.method ?? 'GET'} ${path}`).toBe(403);
      expect(res.body.message).toBe(SESSION_ONLY);
    }
    for (const body of [
      { password: 'a-brand-new-password-1', currentPassword: TEST_PASSWORD },
      { email: 'taken-over@example.com', currentPassword: TEST_PASSWORD },
    ]) {
      const res = await t.bearer(`/users/${t.user.id}`, { method: 'PUT', body });
      expect(res.status).toBe(403);
      expect(res.body.message).toContain('signed-in session');
    }
    // Other account fields are the role's to change.
    expect((await t.bearer(`/users/${t.user.id}`, { method: 'PUT', body: { firstName: 'Scripted' } })).status).toBe(
      200,
    );
    expect((await rowOf(t.id))!.revokedAt).toBeNull();
  });
});

describe('ending tokens', () => {
  it("lets an ADMIN list and revoke anyone's; an editor only their own (someone else's is 404)", async () => {
    const owner = await withToken('CLIENT');
    const other = await as('CONTRIBUTOR');
    expect((await other.call(`/tokens/${owner.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await owner.bearer('/workspace/articles')).status).toBe(200);

    const admin = await as('ADMIN');
    const all = await admin.call('/tokens/all');
    expect(all.status).toBe(200);
    const listed = all.body.result.find((r: { id: string }) => r.id === owner.id);
    expect(listed).toMatchObject({
      name: 'CI deploy',
      user: { id: owner.user.id, name: owner.user.name, role: 'CLIENT' },
    });
    expect(listed).not.toHaveProperty('token');
    expect((await admin.call(`/tokens/${owner.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await owner.bearer('/workspace/articles')).status).toBe(401);
    expect((await admin.call(`/tokens/${owner.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('goes with its user, and the Cron Trigger prunes tokens revoked or expired 30 days ago', async () => {
    const gone = await withToken('CLIENT');
    await db().delete(users).where(eq(users.id, gone.user.id));
    expect(await rowOf(gone.id)).toBeUndefined();

    const revoked = await withToken('CLIENT');
    const expired = await withToken('CLIENT');
    const recent = await withToken('CLIENT');
    const long = Date.now() - 31 * DAY;
    await db().update(apiTokens).set({ revokedAt: long }).where(eq(apiTokens.id, revoked.id));
    await db().update(apiTokens).set({ expiresAt: long }).where(eq(apiTokens.id, expired.id));
    await db()
      .update(apiTokens)
      .set({ expiresAt: Date.now() - DAY })
      .where(eq(apiTokens.id, recent.id));
    await runScheduled(env);
    expect(await rowOf(revoked.id)).toBeUndefined();
    expect(await rowOf(expired.id)).toBeUndefined();
    expect(await rowOf(recent.id)).toBeDefined();
  });
});

describe('the edge cache', () => {
  async function read(path: string, headers: Record<string, string> = {}): Promise<Response> {
    const ctx = createExecutionContext();
    const res = await worker.fetch(new Request(BASE + '/api' + path, { headers }), env, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  }

  it('never serves a bearer call from the anonymous cache, nor keeps its answer', async () => {
    const t = await withToken('CLIENT', 'read');
    const article = await createArticle({ title: 'Cached for visitors' });
    // A bearer read first: nothing kept, so the first anonymous read misses.
    const byToken = await read(`/articles/${article.id}`, { Authorization: `Bearer ${t.token}` });
    expect(byToken.status).toBe(200);
    expect(byToken.headers.get('X-Edge-Cache')).toBeNull();
    expect(byToken.headers.get('Cache-Control')).toBe('no-store');
    expect((await read(`/articles/${article.id}`)).headers.get('X-Edge-Cache')).toBe('MISS');
    expect((await read(`/articles/${article.id}`)).headers.get('X-Edge-Cache')).toBe('HIT');
    // With a copy kept, a bearer read still goes to the route.
    const again = await read(`/articles/${article.id}`, { Authorization: `Bearer ${t.token}` });
    expect(again.headers.get('X-Edge-Cache')).toBeNull();
    // And an invalid token is refused, never answered from the cache.
    expect((await read(`/articles/${article.id}`, { Authorization: 'Bearer nonsense' })).status).toBe(401);
  });
});
