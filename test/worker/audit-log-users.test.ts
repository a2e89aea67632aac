// Every kind of write records its audit entries (who, what, which fields, the owner, the request id) in its own
// batch, and a refused or failed change leaves none (decision 033). Through the worker's real fetch handler.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '#schema/tables';
import { LOGIN_LIMITS } from '#worker/services/login-limit';
import { as, call, createUser, db, unique } from './helpers';
import { createArticle } from './content-factories';
import { createResetToken } from './matrix-fixtures';
import { entriesOf, actionsOf, requestIdOf } from './audit-log-kit';

let ipCounter = 0;
const freshIp = () => `10.77.${Math.floor(ipCounter / 250) % 250}.${ipCounter++ % 250}`;

describe('users', () => {
  it('records a registration by the new user, and an ADMIN-made account by the ADMIN', async () => {
    const name = unique('newcomer');
    const res = await call('/users', {
      method: 'POST',
      body: { name, email: `${name}@example.com`, password: 'a-long-password-1' },
      headers: { 'CF-Connecting-IP': freshIp() },
    });
    expect(res.status).toBe(201);
    const id = res.body.result.id as string;
    expect(await entriesOf(id)).toMatchObject([
      { action: 'created', entityType: 'user', actorId: id, actorName: name, entityTitle: name, ownerId: id },
    ]);
    // The name is taken now: 409, and no entry.
    const taken = await call('/users', {
      method: 'POST',
      body: { name, password: 'a-long-password-1' },
      headers: { 'CF-Connecting-IP': freshIp() },
    });
    expect(taken.status).toBe(409);
    const admin = await as('ADMIN');
    const made = await admin.call('/users', {
      method: 'POST',
      body: { name: unique('made'), password: 'a-long-password-1', role: 'CLIENT' },
    });
    expect(await entriesOf(made.body.result.id)).toMatchObject([{ action: 'created', actorId: admin.user!.id }]);
  });

  it('records profile changes, a role change, deactivation and activation, and a password change', async () => {
    const admin = await as('ADMIN');
    const me = await as('REGULAR_USER');
    const id = me.user!.id;
    expect((await me.call(`/users/${id}`, { method: 'PUT', body: { role: 'ADMIN' } })).status).toBe(403);
    expect(await entriesOf(id)).toEqual([]);
    await me.call(`/users/${id}`, { method: 'PUT', body: { firstName: 'Ada', lastName: 'User' } });
    await admin.call(`/users/${id}`, { method: 'PUT', body: { role: 'CLIENT' } });
    await admin.call(`/users/${id}`, { method: 'PUT', body: { active: false } });
    await admin.call(`/users/${id}`, { method: 'PUT', body: { active: true } });
    const changed = await me.call(`/users/${id}`, {
      method: 'PUT',
      body: { password: 'another-long-password-2', currentPassword: me.user!.password },
    });
    expect(changed.status).toBe(200);
    expect(await entriesOf(id)).toMatchObject([
      { action: 'updated', fields: ['firstName'], actorId: id, ownerId: id },
      { action: 'role_changed', fields: ['role:CLIENT'], actorId: admin.user!.id },
      { action: 'deactivated', actorId: admin.user!.id },
      { action: 'activated', actorId: admin.user!.id },
      { action: 'password_changed', actorId: id, requestId: requestIdOf(changed) },
    ]);
  });

  it('records a password reset by the account itself, and account deletions', async () => {
    const user = await createUser();
    const token = await createResetToken(user.id);
    const reset = await call('/users/reset-password', {
      method: 'POST',
      body: { token, password: 'a-brand-new-password-3' },
    });
    expect(reset.status).toBe(200);
    expect(await entriesOf(user.id)).toMatchObject([{ action: 'password_changed', actorId: user.id }]);
    const admin = await as('ADMIN');
    await admin.call(`/users/${user.id}`, { method: 'DELETE', body: {} });
    expect((await entriesOf(user.id)).at(-1)).toMatchObject({ action: 'deleted', actorId: admin.user!.id });
    // An account that owns content cannot be deleted by ADMIN: 409, no entry.
    const owner = await createUser({ role: 'CLIENT' });
    await createArticle({ userId: owner.id });
    expect((await admin.call(`/users/${owner.id}`, { method: 'DELETE', body: {} })).status).toBe(409);
    expect(await entriesOf(owner.id)).toEqual([]);
  });

  it('records a sign-in with its session, and one failed sign-in burst when the budget is exhausted', async () => {
    const user = await createUser();
    const ip = freshIp();
    const signIn = (password: string) =>
      call('/users/auth', {
        method: 'POST',
        body: { username: user.name, password },
        headers: { 'CF-Connecting-IP': ip },
      });
    const ok = await signIn(user.password);
    expect(ok.status).toBe(200);
    expect(await entriesOf(user.id)).toMatchObject([
      { action: 'signed_in', actorId: user.id, actorName: user.name, requestId: requestIdOf(ok) },
    ]);
    for (let i = 0; i < LOGIN_LIMITS.account - 1; i++) expect((await signIn('wrong-password')).status).toBe(401);
    expect(await actionsOf(user.id)).toEqual(['signed_in']);
    expect((await signIn('wrong-password')).status).toBe(401);
    expect((await signIn('wrong-password')).status).toBe(429);
    const burst = (await entriesOf(user.id)).filter((e) => e.action === 'failed_sign_in_burst');
    expect(burst).toMatchObject([{ entityId: user.id, actorId: null, actorName: 'anonymous', ownerId: user.id }]);
  });
});

describe('no way to change the log', () => {
  it('has no route that edits or deletes an entry', async () => {
    const admin = await as('ADMIN');
    const a = await createArticle({ userId: admin.user!.id });
    await admin.call(`/articles/${a.id}`, { method: 'DELETE' });
    const [entry] = await entriesOf(a.id);
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST']) {
      for (const path of ['/admin/auditLog', `/admin/auditLog/${entry!.id}`, '/auditLog', `/auditLog/${entry!.id}`]) {
        const res = await admin.call(path, { method, body: { actorName: 'someone else' } });
        expect([404, 405]).toContain(res.status);
      }
    }
    expect(await entriesOf(a.id)).toEqual([entry]);
  });
});

describe('reading the log', () => {
  it('ADMIN filters by actor, entity, action and time, newest first, page by page; bad filters are 400', async () => {
    const admin = await as('ADMIN');
    const editor = await as('CLIENT');
    const ids: string[] = [];
    for (const title of ['One', 'Two', 'Three']) {
      const res = await editor.call('/articles', { method: 'POST', body: { title, type: 'text', channelId: null } });
      ids.push(res.body.result.id);
    }
    await admin.call(`/articles/${ids[1]}`, { method: 'DELETE' });
    const page1 = await admin.call(`/admin/auditLog?actor=${editor.user!.id}&limit=2`);
    expect(page1.status).toBe(200);
    expect(page1.body.result.items.map((e: { entityTitle: string }) => e.entityTitle)).toEqual(['Three', 'Two']);
    const page2 = await admin.call(
      `/admin/auditLog?actor=${editor.user!.id}&limit=2&cursor=${page1.body.result.nextCursor}`,
    );
    expect(page2.body.result).toMatchObject({ items: [{ entityTitle: 'One', entityExists: true }], nextCursor: null });
    const deleted = await admin.call(`/admin/auditLog?action=deleted&entityType=article&entityId=${ids[1]}`);
    expect(deleted.body.result.items).toMatchObject([
      { actorId: admin.user!.id, actorName: admin.user!.name, entityTitle: 'Two', entityExists: false },
    ]);
    const future = new Date(Date.now() + 3600_000).toISOString();
    expect((await admin.call(`/admin/auditLog?actor=${editor.user!.id}&from=${future}`)).body.result.items).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await admin.call(`/admin/auditLog?actor=${editor.user!.id}&to=${today}`)).body.result.items).toHaveLength(
      3,
    );
    for (const bad of ['action=exploded', 'entityType=planet', 'actor=nobody', 'from=yesterday', 'cursor=x']) {
      const res = await admin.call(`/admin/auditLog?${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(400);
    }
    expect((await editor.call('/admin/auditLog')).status).toBe(403);
  });

  it("an editor sees their own content's entries, never someone else's; ADMIN sees any entity's", async () => {
    const owner = await as('CLIENT');
    const other = await as('CLIENT');
    const admin = await as('ADMIN');
    const a = await createArticle({ userId: owner.user!.id });
    await owner.call(`/articles/${a.id}`, { method: 'PUT', body: { title: 'Changed by owner' } });
    await admin.call(`/articles/${a.id}`, { method: 'PUT', body: { title: 'Changed by admin' } });
    const mine = await owner.call(`/auditLog?entityId=${a.id}`);
    expect(mine.body.result.items.map((e: { actorId: string }) => e.actorId)).toEqual([admin.user!.id, owner.user!.id]);
    expect((await other.call(`/auditLog?entityId=${a.id}`)).body.result.items).toEqual([]);
    expect((await admin.call(`/auditLog?entityId=${a.id}`)).body.result.items).toHaveLength(2);
    expect((await call(`/auditLog?entityId=${a.id}`)).status).toBe(401);
    expect(
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, a.id), eq(auditLog.ownerId, owner.user!.id)))
        .all(),
    ).toHaveLength(2);
  });
});
