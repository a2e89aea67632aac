// Personal API tokens (docs/decisions/034-api-tokens.md): made in a signed-in session and shown once, stored as a
// hash, used as `Authorization: Bearer`, refused at once when revoked, expired or their user is switched off; a `read`
// token refused on every route that writes, no token at all on the routes that manage tokens, sessions or the account.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Role } from '#schema/enums';
import { apiTokens, auditLog, users } from '#schema/tables';
import { app } from '#worker/app';
import worker from '#worker/index';
import { routeDocs } from '#worker/openapi/route-docs';
import { READ_ONLY_TOKEN, SESSION_ONLY } from '#worker/middleware/token-scope';
import { runScheduled } from '#worker/scheduled';
import { LAST_USED_REFRESH_MS, MAX_LIVE_TOKENS } from '#worker/services/api-tokens';
import { sha256Hex } from '#worker/services/session';
import { createArticle } from './content-factories';
import { as, BASE, call, db, TEST_PASSWORD, type CallOptions } from './helpers';

type Caller = Awaited<ReturnType<typeof as>>;
const DAY = 24 * 3600 * 1000;

/** Makes a token through the API in the caller's session; answers the whole creation answer. */
async function makeToken(
  caller: Caller,
  body: { name?: string; scope?: string; expiresInDays?: number | null } = {},
): Promise<{ id: string; token: string; expiresAt: string | null; [k: string]: unknown }> {
  const res = await caller.call('/tokens', {
    method: 'POST',
    body: { name: 'CI deploy', scope: 'full', expiresInDays: 30, ...body },
  });
  expect(res.status, res.body.message).toBe(201);
  return res.body.result;
}

/** A signed-in caller of the role and a token of theirs. */
async function withToken(role: Role, scope: 'read' | 'full' = 'full') {
  const caller = await as(role);
  const made = await makeToken(caller, { scope });
  const bearer = (path: string, o: CallOptions = {}) =>
    call(path, { ...o, headers: { ...(o.headers as Record<string, string>), Authorization: `Bearer ${made.token}` } });
  return { caller, user: caller.user!, ...made, bearer };
}

const rowOf = (id: string) => db().select().from(apiTokens).where(eq(apiTokens.id, id)).get();

describe('creating a token', () => {
  it('answers the token once, with its id; lists it without the token; stores only its SHA-256', async () => {
    const editor = await as('CLIENT');
    const res = await editor.call('/tokens', {
      method: 'POST',
      body: { name: '  Newsletter sync ', scope: 'read', expiresInDays: 90 },
    });
    expect(res.status).toBe(201);
    const { token, id, ...rest } = res.body.result;
    expect(token).toMatch(/^sop_[A-Za-z0-9_-]{43}$/);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(rest).toMatchObject({ name: 'Newsletter sync', scope: 'read', lastUsedAt: null, expired: false });
    expect(Date.parse(rest.expiresAt) - Date.parse(rest.createdAt)).toBe(90 * DAY);

    const list = await editor.call('/tokens');
    expect(list.body.result).toEqual([{ id, ...rest }]);
    expect(JSON.stringify(list.body)).not.toContain(token);

    const row = (await rowOf(id))!;
    expect(row.tokenHash).toBe(await sha256Hex(token));
    expect(Object.values(row).map(String)).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token.slice(4));
  });

  it('expires after 30, 90 or 365 days; never only for ADMIN; no other length', async () => {
    const editor = await as('CONTRIBUTOR');
    for (const days of [30, 365]) {
      const made = await makeToken(editor, { expiresInDays: days });
      expect(Date.parse(made.expiresAt!) - Date.parse(made.createdAt as string)).toBe(days * DAY);
    }
    const never = await editor.call('/tokens', {
      method: 'POST',
      body: { name: 'Forever', scope: 'full', expiresInDays: null },
    });
    expect(never.status).toBe(400);
    expect(never.body.message).toContain('Only an admin');
    for (const expiresInDays of [7, 0, '30', undefined]) {
      const odd = await editor.call('/tokens', { method: 'POST', body: { name: 'Odd', scope: 'full', expiresInDays } });
      expect(odd.status, String(expiresInDays)).toBe(400);
    }
    const badScope = await editor.call('/tokens', {
      method: 'POST',
      body: { name: 'X', scope: 'admin', expiresInDays: 30 },
    });
    expect(badScope.status).toBe(400);
    const noName = await editor.call('/tokens', {
      method: 'POST',
      body: { name: '  ', scope: 'read', expiresInDays: 30 },
    });
    expect(noName.status).toBe(400);

    const admin = await as('ADMIN');
    const forever = await makeToken(admin, { expiresInDays: null });
    expect(forever.expiresAt).toBeNull();
  });

  it(`holds at most ${MAX_LIVE_TOKENS} live tokens per user; a revoked one frees its place`, async () => {
    const editor = await as('CLIENT');
    const made = [];
    for (let i = 0; i < MAX_LIVE_TOKENS; i++) made.push(await makeToken(editor, { name: `T${i}` }));
    const over = await editor.call('/tokens', {
      method: 'POST',
      body: { name: 'One more', scope: 'read', expiresInDays: 30 },
    });
    expect(over.status).toBe(409);
    expect((await editor.call(`/tokens/${made[0]!.id}`, { method: 'DELETE' })).status).toBe(200);
    await makeToken(editor, { name: 'One more' });
  });

  it('is not for readers (REGULAR_USER): tokens are for editors and ADMIN', async () => {
    const reader = await as('REGULAR_USER');
    const res = await reader.call('/tokens', {
      method: 'POST',
      body: { name: 'Mine', scope: 'read', expiresInDays: 30 },
    });
    expect(res.status).toBe(403);
  });

  it('records token_created and token_revoked in the audit log, with the token name and its owner', async () => {
    const editor = await as('CLIENT');
    const made = await makeToken(editor, { name: 'Audit me' });
    const admin = await as('ADMIN');
    expect((await admin.call(`/tokens/${made.id}`, { method: 'DELETE' })).status).toBe(200);
    const entries = await db().select().from(auditLog).where(eq(auditLog.entityId, made.id)).orderBy(auditLog.at).all();
    expect(entries.map((e) => [e.action, e.actorId, e.entityType, e.entityTitle, e.ownerId])).toEqual([
      ['token_created', editor.user!.id, 'token', 'Audit me', editor.user!.id],
      ['token_revoked', admin.user!.id, 'token', 'Audit me', editor.user!.id],
    ]);
  });
});

describe('using a token', () => {
  it('authenticates any /api call as its user, with no cookie, and keeps last_used_at to within minutes', async () => {
    const t = await withToken('CLIENT');
    const me = await t.bearer(`/users/${t.user.id}`);
    expect(me.status).toBe(200);
    expect(me.body.result.name).toBe(t.user.name);
    const used = (await rowOf(t.id))!.lastUsedAt;
    expect(used).toEqual(expect.any(Number));
    // Within LAST_USED_REFRESH_MS a use writes nothing more.
    await t.bearer(`/users/${t.user.id}`);
    expect((await rowOf(t.id))!.lastUsedAt).toBe(used);
    await db()
      .update(apiTokens)
      .set({ lastUsedAt: Date.now() - LAST_USED_REFRESH_MS - 1000 })
      .where(eq(apiTokens.id, t.id));
    await t.bearer(`/users/${t.user.id}`);
    expect((await rowOf(t.id))!.lastUsedAt).toBeGreaterThan(used!);
    const listed = await t.caller.call('/tokens');
    expect(listed.body.result[0].lastUsedAt).toEqual(expect.any(String));
  });

  it('refuses a revoked token at once (401, WWW-Authenticate)', async () => {
    const t = await withToken('CLIENT');
    expect((await t.bearer('/workspace/articles')).status).toBe(200);
    expect((await t.caller.call(`/tokens/${t.id}`, { method: 'DELETE' })).status).toBe(200);
    const res = await t.bearer('/workspace/articles');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('This API token was revoked');
    expect(res.headers.get('WWW-Authenticate')).toMatch(/^Bearer realm="api", error="invalid_token"/);
    expect((await t.caller.call('/tokens')).body.result).toEqual([]);
  });

  it('refuses an expired token, even on a route anyone may call', async () => {
    const t = await withToken('CLIENT');
    await db()
      .update(apiTokens)
      .set({ expiresAt: Date.now() - 1000 })
      .where(eq(apiTokens.id, t.id));
    const res = await t.bearer('/articles?limit=1');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('This API token has expired');
    expect((await t.caller.call('/tokens')).body.result[0].expired).toBe(true);
  });

  it("stops a deactivated user's tokens, and those of an account moved to REGULAR_USER", async () => {
    const t = await withToken('CONTRIBUTOR');
    await db().update(users).set({ active: false }).where(eq(users.id, t.user.id));
    expect((await t.bearer(`/users/${t.user.id}`)).status).toBe(401);
    await db().update(users).set({ active: true, role: 'REGULAR_USER' }).where(eq(users.id, t.user.id));
    expect((await t.bearer(`/users/${t.user.id}`)).status).toBe(401);
    await db().update(users).set({ role: 'CONTRIBUTOR' }).where(eq(users.id, t.user.id));
    expect((await t.bearer(`/users/${t.user.id}`)).status).toBe(200);
  });

  it('refuses an unknown or malformed bearer token with 401; other schemes leave the cookie to decide', async () => {
    const anonymous = (authorization: string) =>
      call('/articles?limit=1', { headers: { Authorization: authorization } });
    for (const header of [
      'Bearer',
      'Bearer nonsense',
      `Bearer sop_${'A'.repeat(43)}`,
      `bearer sop_${'b'.repeat(43)}`,
    ]) {
      const res = await anonymous(header);
      expect(res.status, header).toBe(401);
      expect(res.body.message).toBe('Invalid API token');
      expect(res.headers.get('WWW-Authenticate')).toContain('Bearer');
    }
    // A browser on a site behind HTTP authentication sends Basic credentials: not ours, the session decides.
    const editor = await as('CLIENT');
    const basic = await call('/workspace/articles', {
      cookie: editor.cookie,
      headers: { Authorization: 'Basic dXNlcjpwYXNz' },
    });
    expect(basic.status).toBe(200);
  });

  it("decides by the bearer alone when a cookie comes too: the cookie's user and rights are not used", async () => {
    const admin = await as('ADMIN');
    const t = await withToken('CLIENT', 'read');
    const both = await call('/users', { cookie: admin.cookie, headers: { Authorization: `Bearer ${t.token}` } });
    expect(both.status).toBe(403); // the CLIENT's rights, not the ADMIN's
    const invalid = await call('/users', { cookie: admin.cookie, headers: { Authorization: 'Bearer nonsense' } });
    expect(invalid.status).toBe(401);
  });

  it("records a write through a token as the token's: actorKind token, with its name", async () => {
    const t = await withToken('CLIENT');
    const a = await createArticle({ userId: t.user.id });
    const res = await t.bearer(`/articles/${a.id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    const entry = await db().select().from(auditLog).where(eq(auditLog.entityId, a.id)).get();
    expect(entry).toMatchObject({
      actorKind: 'token',
      actorId: t.user.id,
      actorName: t.user.name,
      tokenId: t.id,
      tokenName: 'CI deploy',
      action: 'deleted',
    });
  });
});

describe('cross-site checks', () => {
  const crossSite = { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' };

  it('do not apply to bearer calls, which no browser sends by itself', async () => {
    const t = await withToken('CLIENT');
    const res = await t.bearer('/articles', {
      method: 'POST',
      headers: crossSite,
      body: { title: 'Sent by a script', type: 'text', channelId: null },
    });
    expect(res.status, res.body.message).toBe(201);
  });

  it('still apply to cookie calls', async () => {
    const editor = await as('CLIENT');
    const res = await editor.call('/articles', {
      method: 'POST',
      headers: crossSite,
      body: { title: 'Forged', type: 'text', channelId: null },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Cross-site request refused');
  });
});

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
