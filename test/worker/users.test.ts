// /users: registration, the account CRUD with its guards, and the user queries on their own.
import { env } from 'cloudflare:workers';
import { eq, and, ne } from 'drizzle-orm';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import type { Role } from '#schema/tables';
import { articles, channels, contentAccess, contentRequests, sessions, userArticles, users } from '#schema/tables';
import { user as userSchema } from '#schema/entities';
import { LOGIN_LIMITS } from '#worker/services/login-limit';
import { findUserForSignIn, insertUser, updateUser } from '#worker/queries/users';
import { deleteUser, ownsContent } from '#worker/queries/user-deletion';
import { OWNS_CONTENT } from '#worker/queries/users';
import { createArticle } from './content-factories';
import { as, call, createUser, db, sessionCookie, unique, type CallResult } from './helpers';
import { systemScope } from '#worker/services/audit';

const ROLES: Role[] = ['REGULAR_USER', 'CLIENT', 'CONTRIBUTOR', 'ADMIN'];

/** No answer may carry a hash, whatever its shape. */
function expectNoHash(res: CallResult) {
  const text = JSON.stringify(res.body);
  expect(text).not.toMatch(/pbkdf2|passwordHash|password_hash/i);
}

// Each registration from an address of its own: registration is limited per address (decision 021).
const register = (body: Record<string, unknown>, cookie?: string) =>
  call('/users', { method: 'POST', body, cookie, headers: { 'CF-Connecting-IP': unique('ip') } });
const newUserBody = (extra: Record<string, unknown> = {}) => {
  const name = unique('new');
  return { name, email: `${name}@example.com`, password: 'a-good-password', ...extra };
};
const signIn = (username: string, password: string) =>
  call('/users/auth', { method: 'POST', body: { username, password }, headers: { 'CF-Connecting-IP': unique('ip') } });

/** Leaves `keep` the only active ADMIN of this file's database. */
async function onlyActiveAdmin(keep: string) {
  await db()
    .update(users)
    .set({ active: false })
    .where(and(eq(users.role, 'ADMIN'), ne(users.id, keep)));
}

describe('POST /users (registration)', () => {
  it('registers an anonymous caller as REGULAR_USER whatever the body says, with 201 and no hash', async () => {
    const body = newUserBody({ role: 'ADMIN', firstName: 'Ada', lastName: 'Lovelace' });
    const res = await register(body);
    expect(res.status).toBe(201);
    expect(res.body.code).toBe(201);
    expect(res.body.result).toEqual({
      id: expect.any(String),
      name: body.name,
      email: body.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      role: 'REGULAR_USER',
      active: true,
      locale: 'en-US',
    });
    expect(z.strictObject(userSchema.shape).parse(res.body.result)).toBeTruthy();
    expectNoHash(res);
    // Registration does not sign in (no session cookie; the D1 bookmark of the write is no sign-in); the new account can.
    expect(res.headers.getSetCookie().filter((c) => /^(__Host-)?session=/.test(c))).toEqual([]);
    expect((await signIn(body.name, 'a-good-password')).status).toBe(200);
  });

  it.each(['REGULAR_USER', 'CLIENT', 'CONTRIBUTOR'] as Role[])(
    'gives a signed-in %s no say over the role either',
    async (role) => {
      const caller = await as(role);
      const res = await caller.call('/users', { method: 'POST', body: newUserBody({ role: 'ADMIN' }) });
      expect(res.status).toBe(201);
      expect(res.body.result.role).toBe('REGULAR_USER');
    },
  );

  it('lets an ADMIN choose the role, REGULAR_USER by default', async () => {
    const admin = await as('ADMIN');
    expect(
      (await admin.call('/users', { method: 'POST', body: newUserBody({ role: 'CONTRIBUTOR' }) })).body.result.role,
    ).toBe('CONTRIBUTOR');
    expect((await admin.call('/users', { method: 'POST', body: newUserBody() })).body.result.role).toBe('REGULAR_USER');
  });

  it('takes a null or missing e-mail as null', async () => {
    expect((await register(newUserBody({ email: null }))).body.result.email).toBeNull();
    const { email: _omit, ...noEmail } = newUserBody();
    expect((await register(noEmail)).body.result.email).toBeNull();
  });

  it.each([
    [{ email: 'x@example.com', password: 'a-good-password' }, '"name"'],
    [{ name: 'someone-new' }, '"password"'],
    [{ name: '   ', password: 'a-good-password' }, '"name"'],
    [{ name: 'someone-new', password: 'short' }, '"password"'],
    [{ name: 'someone-new', password: 'a-good-password', email: 'not-an-email' }, '"email"'],
    [{ name: 'someone-new', password: 'a-good-password', role: 'EMPEROR' }, '"role"'],
  ])('refuses %j with 400 naming %s', async (body, path) => {
    const res = await register(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(new RegExp(`^Validation error: .+ at ${path}$`));
    expect(await db().select().from(users).where(eq(users.name, 'someone-new')).get()).toBeUndefined();
  });

  it('answers 409 for a taken name in any case, and for a name that is someone’s e-mail (a taken e-mail: see registration-enumeration.test.ts)', async () => {
    const taken = await createUser();
    const res1 = await register(newUserBody({ name: taken.name.toUpperCase() }));
    const nameTaken = {
      code: 409,
      message: 'Name already taken',
      result: { issues: [{ path: ['name'], code: 'name_taken', message: 'Name already taken' }] },
    };
    expect(res1.body).toEqual(nameTaken);
    // Both taken: the name is said, the e-mail never.
    const both = await register(newUserBody({ name: taken.name.toUpperCase(), email: taken.email }));
    expect(both.body).toEqual(nameTaken);
    const res3 = await register(newUserBody({ name: taken.email }));
    expect(res3.status).toBe(409);
    const res4 = await register(newUserBody({ email: `${unique('x')}@example.com`, name: unique('n') }));
    expect(res4.status).toBe(201);
  });
});

describe('guards of the users routes', () => {
  const expected = (role: Role | 'ANONYMOUS', adminOnly: number) =>
    role === 'ANONYMOUS' ? 401 : role === 'ADMIN' ? adminOnly : 403;

  it.each([...ROLES, 'ANONYMOUS' as const])('as %s: list, and read, update, delete someone else', async (role) => {
    const caller = await as(role);
    const other = await createUser();
    const list = await caller.call('/users');
    expect(list.status).toBe(expected(role, 200));
    expectNoHash(list);
    const read = await caller.call(`/users/${other.id}`);
    expect(read.status).toBe(expected(role, 200));
    expectNoHash(read);
    const update = await caller.call(`/users/${other.id}`, { method: 'PUT', body: { firstName: 'Changed' } });
    expect(update.status).toBe(expected(role, 200));
    expectNoHash(update);
    const row = await db().select({ firstName: users.firstName }).from(users).where(eq(users.id, other.id)).get();
    expect(row!.firstName).toBe(role === 'ADMIN' ? 'Changed' : 'Test');
    const remove = await caller.call(`/users/${other.id}`, { method: 'DELETE' });
    expect(remove.status).toBe(expected(role, 200));
    const still = await db().select().from(users).where(eq(users.id, other.id)).get();
    expect(still === undefined).toBe(role === 'ADMIN');
  });

  it.each(ROLES)('as %s: reads and updates itself', async (role) => {
    const caller = await as(role);
    const read = await caller.call(`/users/${caller.user!.id}`);
    expect(read.status).toBe(200);
    expect(read.body.result).toMatchObject({ id: caller.user!.id, role, active: true });
    expectNoHash(read);
    const update = await caller.call(`/users/${caller.user!.id}`, {
      method: 'PUT',
      body: { firstName: 'Me', lastName: 'Myself' },
    });
    expect(update.status).toBe(200);
    expect(update.body.result).toMatchObject({ firstName: 'Me', lastName: 'Myself', role });
    expectNoHash(update);
  });

  it('answers 401 to an anonymous caller on its own kind of path too', async () => {
    const someone = await createUser();
    expect((await call(`/users/${someone.id}`)).status).toBe(401);
    expect((await call(`/users/${someone.id}`, { method: 'PUT', body: { firstName: 'X' } })).status).toBe(401);
    expect((await call(`/users/${someone.id}`, { method: 'DELETE' })).status).toBe(401);
  });
});

describe('GET /users and GET /users/{id}', () => {
  it('lists every user for an ADMIN in the user shape', async () => {
    const admin = await as('ADMIN');
    const a = await createUser({ role: 'CLIENT' });
    const res = await admin.call('/users');
    expect(res.status).toBe(200);
    expect((await admin.call(`/users?q=${encodeURIComponent(a.name)}`)).body.result).toEqual({
      items: [
        {
          id: a.id,
          name: a.name,
          email: a.email,
          firstName: 'Test',
          lastName: 'User',
          role: 'CLIENT',
          active: true,
          locale: 'en-US',
        },
      ],
      nextCursor: null,
    });
    for (const u of res.body.result.items) z.strictObject(userSchema.shape).parse(u);
  });

  it('answers 404 to an ADMIN for an unknown id, 403 to anyone else', async () => {
    const admin = await as('ADMIN');
    const reader = await as('REGULAR_USER');
    const missing = crypto.randomUUID();
    expect((await admin.call(`/users/${missing}`)).body).toEqual({
      code: 404,
      message: 'User not found',
      result: null,
    });
    expect((await reader.call(`/users/${missing}`)).status).toBe(403);
    expect((await admin.call(`/users/${missing}`, { method: 'PUT', body: { firstName: 'x' } })).status).toBe(404);
    expect((await admin.call(`/users/${missing}`, { method: 'DELETE' })).status).toBe(404);
  });
});

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

describe('user queries', () => {
  it('findUserForSignIn prefers a name match over an e-mail match', async () => {
    const byEmail = await createUser({ email: `${unique('shared')}@example.com` });
    // Written straight to D1, past the route's namespace check, to pin the ordering down.
    const byName = await createUser({ name: byEmail.email!.toUpperCase(), email: null });
    expect((await findUserForSignIn(db(), byEmail.email!))!.id).toBe(byName.id);
    expect((await findUserForSignIn(db(), byEmail.name))!.id).toBe(byEmail.id);
    expect(await findUserForSignIn(db(), unique('none'))).toBeUndefined();
  });

  it('insertUser and updateUser answer the unique indexes as 409', async () => {
    const a = await createUser();
    const base = { email: null, passwordHash: 'x', firstName: '', lastName: '', role: 'REGULAR_USER' as const };
    await expect(insertUser(db(), { ...base, name: a.name }, systemScope())).rejects.toMatchObject({
      status: 409,
      message: 'Name already taken',
    });
    const { user: b } = await insertUser(db(), { ...base, name: unique('b') }, systemScope());
    await expect(updateUser(db(), b.id, { email: a.email!.toUpperCase() }, systemScope())).rejects.toMatchObject({
      status: 409,
      message: 'Email already taken',
    });
  });

  it('ownsContent sees channels, articles and news; deleteUser refuses then', async () => {
    const owner = await createUser({ role: 'CLIENT' });
    expect(await ownsContent(db(), owner.id)).toBe(false);
    await db()
      .insert(articles)
      .values({ id: crypto.randomUUID(), slug: unique('art'), title: 'Owned', userId: owner.id });
    expect(await ownsContent(db(), owner.id)).toBe(true);
    await expect(deleteUser(db(), owner.id, systemScope())).rejects.toMatchObject({
      status: 409,
      message: OWNS_CONTENT,
    });
  });

  it('the D1 foreign keys really guard owned content', async () => {
    // The fallback in deleteUser relies on D1 enforcing foreign keys.
    const owner = await createUser({ role: 'CLIENT' });
    await db()
      .insert(channels)
      .values({ id: crypto.randomUUID(), slug: unique('chan'), name: 'Owned', userId: owner.id });
    await expect(env.DB.prepare('delete from users where id = ?').bind(owner.id).run()).rejects.toThrow(/FOREIGN KEY/);
  });
});
