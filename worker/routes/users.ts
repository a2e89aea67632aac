// /users: sign-in and out, registration, the account CRUD, and the password reset by mail.
import { Hono, type Context } from 'hono';
import * as z from 'zod/mini';
import { accountDeletion, savedUser, sessionUser, user, userPage, type SessionUser } from '#schema/entities';
import {
  createUserBody,
  deleteUserBody,
  idParam,
  loginBody,
  mailBody,
  resetPasswordBody,
  updateUserBody,
  userListQuery,
} from '#schema/requests';
import type { AppEnv } from '../env';
import {
  findActiveUserByEmail,
  findActiveUserById,
  findUserForSignIn,
  getUser,
  insertUser,
  listUsers,
  resetPassword,
  setPasswordHash,
  updateUser,
  type UserPatch,
} from '../queries/users';
import { deleteOwnAccount, deleteUser } from '../queries/user-deletion';
import { ok } from '../lib/envelope';
import { BadRequest, Forbidden, Unauthorized, issue } from '../lib/errors';
import { currentUser, isAdmin, requireAdmin, requireUser } from '../middleware/guards';
import { describe } from '../lib/route-doc';
import { allowResetMail, countResetRequest, loginKeys, verifyPasswordLimited } from '../services/login-limit';
import { deviceFor, issueDeviceCookie } from '../services/device-cookie';
import { notifyRegistrationAttempt } from '../services/registration-mail';
import {
  INVALID_RESET,
  RESET_MAIL_MESSAGE,
  resetKey,
  resetStamp,
  sendResetMail,
  type StoredReset,
} from '../services/password-reset';
import { assertPasswordAllowed } from '../lib/password-policy';
import { clientAddress, limitAddress } from '../services/rate-limit';
import { passedTurnstile, requireTurnstile, turnstileOn } from '../services/turnstile';
import { hashPassword, needsRehash } from '../lib/password';
import { sameOrigin } from '../middleware/security';
import { readsOnly, sessionOnly } from '../middleware/token-scope';
import { endSession, endUserSessions, startSession } from '../services/session';
import { tellRoomsOf } from '../collab/members';
import { jsonBody, params, query, validate } from '../middleware/validate';
import { actingAs, auditEntry, auditScope } from '../services/audit';

const INVALID_LOGIN = 'Invalid username or password';
export const DEACTIVATED = 'This account is deactivated';
const WRONG_CURRENT = 'Current password is wrong';
const WRONG_PASSWORD = 'Password is wrong';
const NEEDS_CURRENT = 'Changing the password or e-mail needs your current password';
const NEEDS_PASSWORD = 'Deleting your account needs your password';

/** 400 without `currentPassword`, 403 when it is not the caller's password (counted like a failed sign-in). */
async function confirmOwnPassword(
  c: Context<AppEnv>,
  me: SessionUser,
  currentPassword: string | undefined,
): Promise<void> {
  // Never through an API token: a stolen token must not lock the owner out (docs/decisions/034-api-tokens.md).
  if (c.get('apiToken'))
    throw new Forbidden('Changing the password or e-mail needs a signed-in session, not an API token');
  if (currentPassword === undefined)
    throw new BadRequest(NEEDS_CURRENT, [issue('currentPassword', 'required', NEEDS_CURRENT)]);
  const db = c.get('db');
  const row = await findActiveUserById(db, me.id);
  const keys = loginKeys(me.name, me.id, clientAddress(c), await deviceFor(c, me.id));
  const burst = { scope: auditScope(c), user: me };
  if (!(await verifyPasswordLimited(db, keys, row?.passwordHash, currentPassword, undefined, burst))) {
    throw new Forbidden(WRONG_CURRENT, [issue('currentPassword', 'wrong_password', WRONG_CURRENT)]);
  }
}

/** ADMIN may act on anyone; everyone else only on their own account. */
function assertSelfOrAdmin(me: SessionUser, id: string): void {
  if (!isAdmin(me) && me.id !== id) throw new Forbidden('You may only act on your own account');
}

export const usersRoutes = new Hono<AppEnv>()
  .post(
    '/auth',
    describe({
      summary:
        'Signs in: sets the session cookie and the device cookie of the account (403 for a deactivated account, told only with the right password)',
      result: sessionUser,
      errors: [401, 403, 429],
    }),
    ...jsonBody(loginBody),
    async (c) => {
      const { username, password } = c.req.valid('json');
      const db = c.get('db');
      const found = await findUserForSignIn(db, username);
      // The browser's device cookie for this account, if it has one, gives it its own budget (decision 003).
      const keys = loginKeys(username, found?.id, clientAddress(c), await deviceFor(c, found?.id));
      const challenge = turnstileOn(c.env) ? () => passedTurnstile(c) : undefined;
      // A failure that exhausts a known account's budget is recorded (by nobody signed in: the anonymous caller).
      const burst = found ? { scope: auditScope(c), user: { id: found.id, name: found.name } } : undefined;
      const valid = await verifyPasswordLimited(db, keys, found?.passwordHash, password, challenge, burst);
      if (!found || !valid) throw new Unauthorized(INVALID_LOGIN);
      // Only whoever knows the password learns the account exists but is switched off.
      if (!found.active) throw new Forbidden(DEACTIVATED);
      if (needsRehash(found.passwordHash)) await setPasswordHash(db, found.id, await hashPassword(password));
      const self = { id: found.id, name: found.name };
      // The session and its `signed_in` entry in one batch; the user signing in is the actor.
      await startSession(c, found.id, (sessionDb) => [
        auditEntry(sessionDb, actingAs(auditScope(c), self), {
          entityType: 'user',
          entityId: found.id,
          title: found.name,
          ownerId: found.id,
          action: 'signed_in',
        }),
      ]);
      await issueDeviceCookie(c, found.id);
      const user: SessionUser = { id: found.id, name: found.name, role: found.role };
      return ok(c, user);
    },
  )

  .get(
    '/logout',
    describe({ summary: 'Signs out: ends the session and clears its cookie', result: z.null() }),
    sessionOnly,
    sameOrigin,
    async (c) => {
      const user = c.get('user');
      await endSession(c);
      if (user) await tellRoomsOf(c.env, user.id);
      return ok(c, null, 200, 'Signed out');
    },
  )

  .post(
    '/auth-validate',
    describe({ summary: 'The user of the session cookie (401 when there is none)', result: sessionUser }),
    readsOnly,
    requireUser,
    (c) => ok(c, currentUser(c)),
  )

  .post(
    '/mail',
    describe({
      summary:
        'Mails a password-reset link; answers alike for known and unknown addresses (5 requests per address, 3 mails per account an hour)',
      result: z.null(),
      errors: [403, 429],
    }),
    ...jsonBody(mailBody),
    async (c) => {
      const { email } = c.req.valid('json');
      const db = c.get('db');
      await countResetRequest(db, c.req.header('CF-Connecting-IP'));
      await requireTurnstile(c);
      const user = await findActiveUserByEmail(db, email);
      // Token and mail happen after the answer, so known and unknown addresses answer alike and in alike time;
      // so does the per-account limit, which drops the mail silently rather than telling who has an account.
      if (user?.email) {
        const to = { id: user.id, name: user.name, email: user.email, passwordHash: user.passwordHash };
        c.executionCtx.waitUntil(
          (async () => {
            if (await allowResetMail(db, user.id)) await sendResetMail(c.env, to);
          })().catch((err: unknown) => {
            console.error('Password reset mail failed', err);
          }),
        );
      }
      return ok(c, null, 200, RESET_MAIL_MESSAGE);
    },
  )

  .post(
    '/reset-password',
    describe({
      summary: 'Sets a new password with the token of the mailed link; ends every session of the account',
      result: z.null(),
    }),
    ...jsonBody(resetPasswordBody),
    async (c) => {
      const { token, password } = c.req.valid('json');
      const key = await resetKey(token);
      const stored = await c.env.KV.get<StoredReset>(key, 'json');
      if (!stored) throw new BadRequest(INVALID_RESET, [issue('token', 'token_expired', INVALID_RESET)]);
      const db = c.get('db');
      const user = await findActiveUserById(db, stored.userId);
      // A token made before the account's password or e-mail last changed is void (and so is one without a stamp).
      const valid = !!user && stored.expiresAt > Date.now() && stored.stamp === (await resetStamp(user));
      if (!valid) {
        await c.env.KV.delete(key);
        throw new BadRequest(INVALID_RESET, [issue('token', 'token_expired', INVALID_RESET)]);
      }
      // Like the schema's rules, the password's own are checked before the token is used up.
      assertPasswordAllowed(password, user);
      // Single use: the token goes before anything else can fail.
      await c.env.KV.delete(key);
      // Whoever holds the mailed link acts as the account's user.
      const self = { id: user.id, name: user.name };
      await resetPassword(db, self, await hashPassword(password), actingAs(auditScope(c), self));
      return ok(c, null, 200, 'Password changed');
    },
  )

  /**
   * Registration, open to everyone; only an ADMIN chooses the role, everyone else gets REGULAR_USER. It answers
   * alike whether or not the e-mail belongs to an account (docs/decisions/039-registration-without-enumeration.md).
   */
  .post(
    '/',
    describe({
      summary:
        "Registers an account (only an ADMIN chooses its role); 10 an hour per address, and a Turnstile challenge where configured, except for ADMIN. A taken name is a 409; a taken e-mail is not (except for an ADMIN): the answer is the same as for a free one, the account is made without the address, and the address's owner is mailed",
      result: user,
      status: 201,
      errors: [403, 409, 429],
    }),
    ...jsonBody(createUserBody),
    async (c) => {
      const body = c.req.valid('json');
      const admin = isAdmin(c.get('user'));
      if (!admin) {
        // Counted before the PBKDF2 run, so a flood costs it no CPU past the limit (decision 021).
        await limitAddress(c, 'register');
        await requireTurnstile(c);
      }
      assertPasswordAllowed(body.password, body);
      const role = admin ? (body.role ?? 'REGULAR_USER') : 'REGULAR_USER';
      // Hashed before the name and e-mail are looked up, so a taken one answers in the time a free one takes.
      const passwordHash = await hashPassword(body.password);
      const email = body.email ?? null;
      // An ADMIN sees every account's address anyway; anyone else learns nothing of who has one.
      const { user, emailTaken } = await insertUser(
        c.get('db'),
        {
          name: body.name,
          email,
          passwordHash,
          firstName: body.firstName ?? '',
          lastName: body.lastName ?? '',
          role,
          locale: body.locale,
        },
        auditScope(c),
        { takenEmail: admin ? 'refuse' : 'omit' },
      );
      // Looked for after the answer either way, so a taken and a free address leave the same work behind; the
      // address's owner is told, never the registrant, who gets the answer a free address gets.
      if (email && !admin) notifyRegistrationAttempt(c, () => findActiveUserByEmail(c.get('db'), email), user.id);
      return ok(c, emailTaken ? { ...user, email } : user, 201);
    },
  )

  .get(
    '/',
    describe({
      summary:
        'A page of accounts, alphabetical; filtered by a name, e-mail or full-name fragment, role and active flag',
      result: userPage,
    }),
    requireAdmin,
    query(userListQuery),
    async (c) => {
      const { active, ...filter } = c.req.valid('query');
      return ok(
        c,
        await listUsers(c.get('db'), { ...filter, active: active === undefined ? undefined : active === 'true' }),
      );
    },
  )

  .get(
    '/:id',
    describe({ summary: 'One account', result: user, errors: [404], ownerOrAdmin: 'the account itself' }),
    requireUser,
    params(idParam),
    async (c) => {
      const { id } = c.req.valid('param');
      assertSelfOrAdmin(currentUser(c), id);
      return ok(c, await getUser(c.get('db'), id));
    },
  )

  .put(
    '/:id',
    describe({
      summary:
        "Changes an account; role and active flag are ADMIN's; a new password or e-mail needs the caller's currentPassword; a new password ends its other sessions (sessionsEnded counts them)",
      result: savedUser,
      errors: [400, 403, 404, 409, 429],
      ownerOrAdmin: 'the account itself',
    }),
    requireUser,
    params(idParam),
    ...jsonBody(updateUserBody),
    async (c) => {
      const me = currentUser(c);
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      assertSelfOrAdmin(me, id);
      const db = c.get('db');
      const current = await getUser(db, id);
      if (!isAdmin(me)) {
        // A form may send the unchanged values back; only a change is refused.
        if (body.role !== undefined && body.role !== current.role)
          throw new Forbidden('You may not change your own role');
        if (body.active !== undefined && body.active !== current.active)
          throw new Forbidden('You may not change your own active flag');
      }
      const { password, role, active, currentPassword, ...rest } = body;
      const changesEmail = body.email !== undefined && body.email?.toLowerCase() !== current.email?.toLowerCase();
      // A cookie alone may not take an account over for good: whoever changes a password or an e-mail (their
      // own, or as ADMIN someone else's) confirms with their own password, under the sign-in limits.
      if (password !== undefined || changesEmail) await confirmOwnPassword(c, me, currentPassword);
      if (password !== undefined) {
        assertPasswordAllowed(password, current);
        assertPasswordAllowed(password, { name: rest.name, email: rest.email });
      }
      const patch: UserPatch = { ...rest };
      if (isAdmin(me) && role !== undefined) patch.role = role;
      if (isAdmin(me) && active !== undefined) patch.active = active;
      if (password !== undefined) patch.passwordHash = await hashPassword(password);
      const user = await updateUser(db, id, patch, auditScope(c));
      // A new role, deactivation or a new password (which ends the sessions below) may end their co-editing.
      const rightsChanged = patch.role !== undefined || patch.active !== undefined || password !== undefined;
      if (password === undefined) {
        if (rightsChanged) await tellRoomsOf(c.env, id);
        return ok(c, user);
      }
      // A new password ends every session of the account; whoever changed their own stays signed in here, so the
      // answer counts the others (what the form tells: "your other sessions were signed out").
      // The caller's session is read before startSession, which resets it (the new session's ticket comes later).
      const mine = c.get('sessionId');
      const ended = await endUserSessions(db, id);
      await tellRoomsOf(c.env, id);
      if (me.id === id) await startSession(c, id);
      return ok(c, { ...user, sessionsEnded: ended.filter((s) => s !== mine).length });
    },
  )

  .delete(
    '/:id',
    describe({
      summary:
        "Deletes an account. ADMIN deleting someone else's: only one that owns no content (409; deactivate it instead). " +
        'Deleting your own needs your password: sessions, likes, access requests and grants go; the row goes too, or stays ' +
        'anonymised as the owner of your channels, articles or news (result says which; docs/decisions/031)',
      result: accountDeletion,
      errors: [400, 403, 404, 409, 429],
      ownerOrAdmin: 'the account itself',
    }),
    sessionOnly,
    requireUser,
    params(idParam),
    validate('json', deleteUserBody),
    async (c) => {
      const me = currentUser(c);
      const { id } = c.req.valid('param');
      const { password } = c.req.valid('json');
      assertSelfOrAdmin(me, id);
      const db = c.get('db');
      if (me.id !== id) {
        // Its sessions go with the row (foreign key, on delete cascade).
        await deleteUser(db, id, auditScope(c));
        return ok(c, null, 200, 'User deleted');
      }
      if (password === undefined) throw new BadRequest(NEEDS_PASSWORD, [issue('password', 'required', NEEDS_PASSWORD)]);
      // Confirmed with the password, counted like a sign-in: a cookie alone cannot delete an account.
      const row = await findActiveUserById(db, me.id);
      const keys = loginKeys(me.name, me.id, c.req.header('CF-Connecting-IP'));
      if (
        !(await verifyPasswordLimited(db, keys, row?.passwordHash, password, undefined, {
          scope: auditScope(c),
          user: me,
        }))
      )
        throw new Forbidden(WRONG_PASSWORD, [issue('password', 'wrong_password', WRONG_PASSWORD)]);
      const account = await deleteOwnAccount(db, id, auditScope(c));
      await endSession(c);
      await tellRoomsOf(c.env, id);
      return ok(c, { account }, 200, 'Account deleted');
    },
  );
