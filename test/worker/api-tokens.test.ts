// Personal API tokens (docs/decisions/034-api-tokens.md): made in a signed-in session and shown once, stored as a
// hash, used as `Authorization: Bearer`, refused at once when revoked, expired or their user is switched off; a `read`
// token refused on every route that writes, no token at all on the routes that manage tokens, sessions or the account.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiTokens, auditLog, users } from '#schema/tables';
import { LAST_USED_REFRESH_MS, MAX_LIVE_TOKENS } from '#worker/services/api-tokens';
import { sha256Hex } from '#worker/services/session';
import { createArticle } from './content-factories';
import { as, call, db } from './helpers';
import { DAY, makeToken, withToken, rowOf } from './api-tokens-kit';

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
