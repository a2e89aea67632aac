// /users: registration, the account CRUD with its guards, and the user queries on their own.
import { eq, and, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { articles, channels, contentAccess, contentRequests, sessions, userArticles, users } from '#schema/tables';
import { LOGIN_LIMITS } from '#worker/services/login-limit';
import { OWNS_CONTENT } from '#worker/queries/users';
import { createArticle } from './content-factories';
import { as, call, createUser, db, sessionCookie, unique } from './helpers';
import { expectNoHash, register, newUserBody, signIn } from './users-kit';

/** Leaves `keep` the only active ADMIN of this file's database. */
async function onlyActiveAdmin(keep: string) {
  await db()
    .update(users)
    .set({ active: false })
    .where(and(eq(users.role, 'ADMIN'), ne(users.id, keep)));
}

describe('PUT /users/{id}', () => {
  it('never lets a non-admin change its own role or active flag, but accepts them unchanged', async () => {
    const me = await as('CLIENT');
    const role = await me.call(`/users/${me.user!.id}`, { method: 'PUT', body: { role: 'ADMIN' } });
    expect(role.body).toEqual({ code: 403, message: 'You may not change your own role', result: null });
    const active = await me.call(`/users/${me.user!.id}`, {
      method: 'PUT',
      body: { active: false, firstName: 'Sneaky' },
    });
    expect(active.status).toBe(403);
    const row = await db().select().from(users).where(eq(users.id, me.user!.id)).get();
    expect(row).toMatchObject({ role: 'CLIENT', active: true, firstName: 'Test' });
    const same = await me.call(`/users/${me.user!.id}`, {
      method: 'PUT',
      body: { role: 'CLIENT', active: true, firstName: 'Same' },
    });
    expect(same.status).toBe(200);
  });

  it('lets an ADMIN change role and active flag of others', async () => {
    const admin = await as('ADMIN');
    const other = await createUser();
    const res = await admin.call(`/users/${other.id}`, {
      method: 'PUT',
      body: { role: 'CONTRIBUTOR', active: false, email: null, currentPassword: admin.user!.password },
    });
    expect(res.body.result).toMatchObject({ role: 'CONTRIBUTOR', active: false, email: null });
  });

  it('answers 409 for a name or e-mail someone else has, but not for one’s own', async () => {
    const me = await as('REGULAR_USER');
    const other = await createUser();
    const name = await me.call(`/users/${me.user!.id}`, { method: 'PUT', body: { name: other.name.toUpperCase() } });
    expect(name.body).toEqual({
      code: 409,
      message: 'Name already taken',
      result: { issues: [{ path: ['name'], code: 'name_taken', message: 'Name already taken' }] },
    });
    const email = await me.call(`/users/${me.user!.id}`, {
      method: 'PUT',
      body: { email: other.email, currentPassword: me.user!.password },
    });
    expect(email.body).toEqual({
      code: 409,
      message: 'Email already taken',
      result: { issues: [{ path: ['email'], code: 'email_taken', message: 'Email already taken' }] },
    });
    const own = await me.call(`/users/${me.user!.id}`, {
      method: 'PUT',
      body: { name: me.user!.name.toUpperCase(), email: me.user!.email },
    });
    expect(own.status).toBe(200);
    expect(own.body.result.name).toBe(me.user!.name.toUpperCase());
  });

  it('changes the password, ends the other sessions and keeps the caller signed in', async () => {
    const me = await as('REGULAR_USER');
    const otherDevice = await sessionCookie(me.user!);
    const res = await me.call(`/users/${me.user!.id}`, {
      method: 'PUT',
      body: { password: 'a-new-password-1', currentPassword: me.user!.password },
    });
    expect(res.status).toBe(200);
    expectNoHash(res);
    const fresh = res.headers
      .getSetCookie()
      .find((c) => c.startsWith('session='))!
      .split(';')[0]!;
    expect((await call('/users/auth-validate', { method: 'POST', cookie: fresh })).status).toBe(200);
    expect((await call('/users/auth-validate', { method: 'POST', cookie: otherDevice })).status).toBe(401);
    expect((await call('/users/auth-validate', { method: 'POST', cookie: me.cookie })).status).toBe(401);
    expect((await signIn(me.user!.name, 'a-new-password-1')).status).toBe(200);
  });

  it('asks for the current password to change the password or the e-mail: 400 without it, 403 when wrong', async () => {
    const me = await as('CLIENT');
    const path = `/users/${me.user!.id}`;
    for (const change of [
      { password: 'a-new-password-1' },
      { email: `${unique('new')}@example.com` },
      { email: null },
    ]) {
      const missing = await me.call(path, { method: 'PUT', body: change });
      expect(missing.body).toEqual({
        code: 400,
        message: 'Changing the password or e-mail needs your current password',
        result: {
          issues: [
            {
              path: ['currentPassword'],
              code: 'required',
              message: 'Changing the password or e-mail needs your current password',
            },
          ],
        },
      });
      const wrong = await me.call(path, { method: 'PUT', body: { ...change, currentPassword: 'not-my-password' } });
      expect(wrong.body).toEqual({
        code: 403,
        message: 'Current password is wrong',
        result: {
          issues: [{ path: ['currentPassword'], code: 'wrong_password', message: 'Current password is wrong' }],
        },
      });
    }
    const row = await db().select().from(users).where(eq(users.id, me.user!.id)).get();
    expect(row!.email).toBe(me.user!.email);
    expect((await signIn(me.user!.name, me.user!.password)).status).toBe(200);
    // Unchanged values sent back, and other fields, need no password.
    expect(
      (await me.call(path, { method: 'PUT', body: { email: me.user!.email!.toUpperCase(), firstName: 'Free' } }))
        .status,
    ).toBe(200);
    const right = await me.call(path, {
      method: 'PUT',
      body: { email: 'moved@example.com', currentPassword: me.user!.password },
    });
    expect(right.status).toBe(200);
    expect(right.body.result.email).toBe('moved@example.com');
  });

  it('counts a wrong current password as a failed sign-in: the same budget applies', async () => {
    const me = await as('CONTRIBUTOR');
    const path = `/users/${me.user!.id}`;
    const headers = { 'CF-Connecting-IP': unique('ip') };
    for (let i = 0; i < LOGIN_LIMITS.account; i++) {
      expect(
        (
          await me.call(path, {
            method: 'PUT',
            headers,
            body: { password: 'a-new-password-1', currentPassword: `guess-${i}` },
          })
        ).status,
      ).toBe(403);
    }
    const held = await me.call(path, {
      method: 'PUT',
      headers,
      body: { password: 'a-new-password-1', currentPassword: me.user!.password },
    });
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('Retry-After'))).toBeGreaterThan(LOGIN_LIMITS.windowMs / 1000 - 60);
  });

  it('lets an ADMIN change another user’s password or e-mail only with the admin’s own password', async () => {
    const admin = await as('ADMIN');
    const other = await createUser();
    const otherSession = await sessionCookie(other);
    const path = `/users/${other.id}`;
    expect((await admin.call(path, { method: 'PUT', body: { password: 'set-by-admin-1' } })).status).toBe(400);
    expect(
      (
        await admin.call(path, {
          method: 'PUT',
          body: { password: 'set-by-admin-1', currentPassword: other.password.toUpperCase() },
        })
      ).status,
    ).toBe(403);
    const res = await admin.call(path, {
      method: 'PUT',
      body: { password: 'set-by-admin-1', currentPassword: admin.user!.password },
    });
    expect(res.status).toBe(200);
    expect((await signIn(other.name, 'set-by-admin-1')).status).toBe(200);
    expect((await call('/users/auth-validate', { method: 'POST', cookie: otherSession })).status).toBe(401);
    // The admin stays signed in on the same session.
    expect((await admin.call('/users/auth-validate', { method: 'POST' })).status).toBe(200);
  });

  it('validates the body', async () => {
    const me = await as('REGULAR_USER');
    const res = await me.call(`/users/${me.user!.id}`, { method: 'PUT', body: { email: 'nope', password: 'short' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Validation error: .+ at "email"; .+ at "password"$/);
  });
});

describe('the last active ADMIN', () => {
  it('may not demote, deactivate or delete itself; with another active admin it may', async () => {
    const admin = await as('ADMIN');
    await onlyActiveAdmin(admin.user!.id);
    const path = `/users/${admin.user!.id}`;
    const demote = await admin.call(path, { method: 'PUT', body: { role: 'CLIENT' } });
    expect(demote.body).toEqual({
      code: 409,
      message: 'The last active admin cannot be removed',
      result: { issues: [{ path: [], code: 'last_admin', message: 'The last active admin cannot be removed' }] },
    });
    expect((await admin.call(path, { method: 'PUT', body: { active: false } })).status).toBe(409);
    expect((await admin.call(path, { method: 'DELETE', body: { password: admin.user!.password } })).status).toBe(409);
    expect(
      await db()
        .select({ role: users.role, active: users.active })
        .from(users)
        .where(eq(users.id, admin.user!.id))
        .get(),
    ).toEqual({ role: 'ADMIN', active: true });
    // An inactive admin does not count.
    await createUser({ role: 'ADMIN', active: false });
    expect((await admin.call(path, { method: 'PUT', body: { role: 'CLIENT' } })).status).toBe(409);

    await createUser({ role: 'ADMIN' });
    const ok = await admin.call(path, { method: 'PUT', body: { role: 'CLIENT' } });
    expect(ok.status).toBe(200);
    expect(ok.body.result.role).toBe('CLIENT');
  });
});

describe('DELETE /users/{id}', () => {
  it('lets an ADMIN delete a user, whose sessions end with it', async () => {
    const admin = await as('ADMIN');
    const victim = await as('CLIENT');
    const res = await admin.call(`/users/${victim.user!.id}`, { method: 'DELETE' });
    expect(res.body).toEqual({ code: 200, message: 'User deleted', result: null });
    expect((await admin.call(`/users/${victim.user!.id}`)).status).toBe(404);
    expect((await victim.call('/users/auth-validate', { method: 'POST' })).status).toBe(401);
  });

  it('lets a user delete their own account with their password: row, sessions, likes, requests, grants go', async () => {
    const me = await as('REGULAR_USER');
    const other = await sessionCookie(me.user!); // a second device
    const liked = await createArticle({ published: true });
    const restricted = await createArticle({ published: true, restricted: true });
    await me.call('/myso/user-articles', { method: 'POST', body: { contentId: liked.id } });
    await me.call('/userContent', { method: 'POST', body: { contentId: restricted.id, contentType: 'article' } });
    await db()
      .insert(contentAccess)
      .values({ id: crypto.randomUUID(), userId: me.user!.id, contentId: liked.id, contentType: 'article' });

    const path = `/users/${me.user!.id}`;
    expect((await me.call(path, { method: 'DELETE' })).body).toEqual({
      code: 400,
      message: 'Deleting your account needs your password',
      result: {
        issues: [{ path: ['password'], code: 'required', message: 'Deleting your account needs your password' }],
      },
    });
    const wrong = await me.call(path, { method: 'DELETE', body: { password: 'not-my-password' } });
    expect(wrong.body).toEqual({
      code: 403,
      message: 'Password is wrong',
      result: { issues: [{ path: ['password'], code: 'wrong_password', message: 'Password is wrong' }] },
    });
    expect(await db().select().from(users).where(eq(users.id, me.user!.id)).get()).toBeDefined();

    const res = await me.call(path, { method: 'DELETE', body: { password: me.user!.password } });
    expect(res.body).toEqual({ code: 200, message: 'Account deleted', result: { account: 'deleted' } });
    expect(res.headers.getSetCookie().some((c) => c.startsWith('session=;'))).toBe(true);
    expect(await db().select().from(users).where(eq(users.id, me.user!.id)).get()).toBeUndefined();
    for (const table of [sessions, userArticles, contentRequests, contentAccess])
      expect(await db().select().from(table).where(eq(table.userId, me.user!.id)).all()).toEqual([]);
    expect((await call('/users/auth-validate', { method: 'POST', cookie: other })).status).toBe(401);
    expect((await signIn(me.user!.name, me.user!.password)).status).toBe(401);
  });

  it('keeps an editor’s content with an anonymised owner: no name, e-mail or password left, marked deleted', async () => {
    const me = await as('CLIENT');
    const article = await createArticle({ userId: me.user!.id, published: true });
    const liked = await createArticle({ published: true });
    await me.call('/myso/user-articles', { method: 'POST', body: { contentId: liked.id } });
    const res = await me.call(`/users/${me.user!.id}`, { method: 'DELETE', body: { password: me.user!.password } });
    expect(res.body.result).toEqual({ account: 'anonymised' });
    const row = (await db().select().from(users).where(eq(users.id, me.user!.id)).get())!;
    expect(row).toMatchObject({
      name: `Deleted user ${me.user!.id.slice(0, 8)}`,
      email: null,
      firstName: '',
      lastName: '',
      active: false,
      deletedAt: expect.any(Number),
    });
    expect(row.passwordHash).not.toContain('pbkdf2');
    expect((await db().select().from(articles).where(eq(articles.id, article.id)).get())!.userId).toBe(me.user!.id);
    expect(await db().select().from(userArticles).where(eq(userArticles.userId, me.user!.id)).all()).toEqual([]);
    expect(await db().select().from(sessions).where(eq(sessions.userId, me.user!.id)).all()).toEqual([]);
    // Visitors still read the article; nobody can sign in as the old name or the old address.
    expect((await call(`/articles/${article.id}`)).status).toBe(200);
    expect((await signIn(me.user!.name, me.user!.password)).status).toBe(401);
    expect((await signIn(me.user!.email!, me.user!.password)).status).toBe(401);
    // The name and address are free again.
    expect((await register(newUserBody({ name: me.user!.name, email: me.user!.email }))).status).toBe(201);
  });

  it('answers 409 while the user owns content, and deletes nothing', async () => {
    const admin = await as('ADMIN');
    const owner = await createUser({ role: 'CLIENT' });
    const channelId = crypto.randomUUID();
    await db()
      .insert(channels)
      .values({ id: channelId, slug: unique('chan'), name: 'Owned', userId: owner.id });
    const res = await admin.call(`/users/${owner.id}`, { method: 'DELETE' });
    expect(res.body).toEqual({
      code: 409,
      message: OWNS_CONTENT,
      result: { issues: [{ path: [], code: 'owns_content', message: OWNS_CONTENT }] },
    });
    expect(await db().select().from(users).where(eq(users.id, owner.id)).get()).toBeDefined();
    await db().delete(channels).where(eq(channels.id, channelId));
    expect((await admin.call(`/users/${owner.id}`, { method: 'DELETE' })).status).toBe(200);
  });
});
