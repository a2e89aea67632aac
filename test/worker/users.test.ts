// /users: registration, the account CRUD with its guards, and the user queries on their own.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import type { Role } from '#schema/tables';
import { articles, channels, users } from '#schema/tables';
import { user as userSchema } from '#schema/entities';
import { findUserForSignIn, insertUser, updateUser } from '#worker/queries/users';
import { deleteUser, ownsContent } from '#worker/queries/user-deletion';
import { OWNS_CONTENT } from '#worker/queries/users';
import { as, call, createUser, db, unique } from './helpers';
import { systemScope } from '#worker/services/audit';
import { expectNoHash, register, newUserBody, signIn } from './users-kit';

const ROLES: Role[] = ['REGULAR_USER', 'CLIENT', 'CONTRIBUTOR', 'ADMIN'];

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
