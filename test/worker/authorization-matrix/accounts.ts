// The authorization matrix's rows (its machinery in kit.ts): readers' and accounts' calls: mySO, sessions, user
// content, API tokens, OAuth grants, users.
import { sha256Hex } from '#worker/services/session';
import { createArticle, createChannel, grantAccess } from '../content-factories';
import { createUser, sessionCookie, TEST_PASSWORD, unique } from '../helpers';
import {
  createAccessRequest,
  createApiTokenRow,
  createArticleLike,
  createChannelLike,
  createResetToken,
} from '../matrix-fixtures';
import { authorizationRequest, connectOAuthClient, registerOAuthClient } from '../oauth-fixtures';
import {
  type Entry,
  accountId,
  adminEvenOverOwners,
  adminOnly,
  editors,
  everyone,
  extraSession,
  ownerEditorOrAdmin,
  ownerOnly,
  ownerOrAdminSees,
  selfOrAdmin,
  shared,
  signedIn,
} from './kit';

export const ACCOUNTS_ROWS: Entry[] = [
  // ---- myso: the caller's own likes ----
  {
    route: 'GET /api/myso/user-channels/user-channels',
    expected: signedIn(200),
    request: async () => ({ path: '/myso/user-channels/user-channels' }),
  },
  {
    // Someone else's link does not exist for the caller, ADMIN included: mySO is personal.
    route: 'GET /api/myso/user-channels/:id',
    expected: { ...selfOrAdmin(200, 404), ADMIN: { owner: 200, other: 404 } },
    request: async (c) => ({
      path: `/myso/user-channels/${await createChannelLike(c.ownerId, (await createChannel()).id)}`,
    }),
  },
  {
    route: 'POST /api/myso/user-channels',
    expected: signedIn(201),
    request: async () => ({ path: '/myso/user-channels', body: { contentId: (await createChannel()).id } }),
  },
  {
    route: 'POST /api/myso/user-channels',
    when: 'draft',
    expected: { ...ownerOrAdminSees(201), anonymous: 401 },
    request: async (c) => ({
      path: '/myso/user-channels',
      body: { contentId: (await createChannel({ userId: c.ownerId, published: false })).id },
    }),
  },
  {
    route: 'DELETE /api/myso/user-channels',
    expected: signedIn(200),
    request: async (c) => {
      const channel = await createChannel();
      if (c.actor) await createChannelLike(c.actor.user.id, channel.id);
      return { path: '/myso/user-channels', body: { contentId: channel.id } };
    },
  },
  {
    route: 'GET /api/myso/user-articles',
    expected: signedIn(200),
    request: async () => ({ path: '/myso/user-articles' }),
  },
  {
    route: 'POST /api/myso/user-articles',
    expected: signedIn(201),
    request: async () => ({ path: '/myso/user-articles', body: { contentId: (await createArticle()).id } }),
  },
  {
    route: 'POST /api/myso/user-articles',
    when: 'draft',
    expected: { ...ownerOrAdminSees(201), anonymous: 401 },
    request: async (c) => ({
      path: '/myso/user-articles',
      body: { contentId: (await createArticle({ userId: c.ownerId, published: false })).id },
    }),
  },
  {
    route: 'POST /api/myso/user-articles/remove',
    expected: signedIn(200),
    request: async (c) => {
      const article = await createArticle();
      if (c.actor) await createArticleLike(c.actor.user.id, article.id);
      return { path: '/myso/user-articles/remove', body: { contentId: article.id } };
    },
  },
  { route: 'GET /api/myso/vm', expected: signedIn(200), request: async () => ({ path: '/myso/vm' }) },

  // ---- sessions: the caller's own ----
  {
    route: 'GET /api/sessions',
    expected: signedIn(200),
    request: async () => ({ path: '/sessions' }),
  },
  {
    // Ends the caller's other sessions; the cell's own session stays.
    route: 'DELETE /api/sessions',
    expected: signedIn(200),
    request: async () => ({ path: '/sessions' }),
  },
  {
    route: 'DELETE /api/sessions/:id',
    variants: ['own', "someone else's"],
    expected: {
      anonymous: 401,
      REGULAR_USER: { owner: 200, other: 404 },
      CLIENT: { owner: 200, other: 404 },
      CONTRIBUTOR: { owner: 200, other: 404 },
      ADMIN: { owner: 200, other: 404 },
    },
    request: async (c) => {
      const holder = c.owner && c.actor ? c.actor.user : await createUser();
      const token = (await sessionCookie(holder)).split('=')[1]!;
      return { path: `/sessions/${await sha256Hex(token)}` };
    },
  },

  // ---- userContent ----
  {
    // Owners and ADMIN can already read restricted content: 409 tells them so.
    route: 'POST /api/userContent',
    expected: {
      ...signedIn(201),
      CLIENT: { owner: 409, other: 201 },
      CONTRIBUTOR: { owner: 409, other: 201 },
      ADMIN: 409,
    },
    request: async (c) => ({
      path: '/userContent',
      body: { contentId: (await createArticle({ userId: c.ownerId, restricted: true })).id, contentType: 'article' },
    }),
  },
  {
    route: 'GET /api/userContent/requests',
    expected: adminOnly(200),
    request: async () => ({ path: '/userContent/requests?status=PENDING&limit=5' }),
  },
  {
    route: 'GET /api/userContent/access',
    expected: adminOnly(200),
    request: async () => ({ path: '/userContent/access?contentType=article' }),
  },
  ...(['requests', 'access'] as const).flatMap((list) =>
    (['channels', 'articles'] as const).flatMap((type): Entry[] => [
      {
        route: `GET /api/userContent/${list}/${type}`,
        expected: adminOnly(200),
        request: async () => ({ path: `/userContent/${list}/${type}` }),
      },
      {
        route: `GET /api/userContent/my/${list}/${type}`,
        expected: signedIn(200),
        request: async () => ({ path: `/userContent/my/${list}/${type}` }),
      },
    ]),
  ),
  ...(['allow', 'deny'] as const).map((decision): Entry => ({
    route: `GET /api/userContent/${decision}-request/:id`,
    expected: adminEvenOverOwners(200),
    request: async (c) => {
      const article = await createArticle({ userId: c.ownerId, restricted: true });
      const asker = await createUser();
      return { path: `/userContent/${decision}-request/${await createAccessRequest(asker.id, article.id, 'article')}` };
    },
  })),
  {
    route: 'GET /api/userContent/user-access-article/:id',
    when: 'published',
    expected: everyone(200),
    request: async () => ({ path: `/userContent/user-access-article/${shared.restrictedArticle.id}` }),
  },
  {
    route: 'GET /api/userContent/user-access-article/:id',
    when: 'draft',
    expected: ownerOrAdminSees(200),
    request: async (c) => ({
      path: `/userContent/user-access-article/${(await createArticle({ userId: c.ownerId, published: false })).id}`,
    }),
  },
  {
    route: 'GET /api/userContent/user-access-channel-all/:id',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => ({
      path: `/userContent/user-access-channel-all/${(await createChannel({ userId: c.ownerId, restricted: true })).id}`,
    }),
  },
  {
    route: 'GET /api/userContent/user-access-channel-all/:id',
    when: 'private',
    expected: { ...ownerEditorOrAdmin(200, 404), REGULAR_USER: 404 },
    request: async (c) => ({
      path: `/userContent/user-access-channel-all/${(await createChannel({ userId: c.ownerId, private: true })).id}`,
    }),
  },
  {
    route: 'POST /api/userContent/revoke-access-channel',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => {
      const channel = await createChannel({ userId: c.ownerId, restricted: true });
      const grantee = await createUser();
      await grantAccess(grantee.id, channel.id, 'channel');
      return { path: '/userContent/revoke-access-channel', body: { userId: grantee.id, contentId: channel.id } };
    },
  },

  // ---- tokens: editors' and ADMIN's own; ADMIN lists and revokes anyone's ----
  { route: 'GET /api/tokens', expected: editors(200), request: async () => ({ path: '/tokens' }) },
  { route: 'GET /api/tokens/all', expected: adminOnly(200), request: async () => ({ path: '/tokens/all' }) },
  {
    route: 'POST /api/tokens',
    expected: editors(201),
    request: async () => ({ path: '/tokens', body: { name: unique('Token'), scope: 'read', expiresInDays: 30 } }),
  },
  {
    // Someone else's token is not there for an editor: 404, as if it did not exist.
    route: 'DELETE /api/tokens/:id',
    expected: ownerEditorOrAdmin(200, 404),
    request: async (c) => ({ path: `/tokens/${await createApiTokenRow(c.ownerId)}` }),
  },

  // ---- OAuth for MCP clients (decision 045): the person's side, session only ----
  {
    route: 'POST /api/oauth/consent',
    expected: editors(200),
    request: async () => ({
      path: '/oauth/consent',
      body: { request: (await authorizationRequest(await registerOAuthClient())).query },
    }),
  },
  {
    // Denying spends nothing; allowing is the same guard (test/worker/mcp-oauth.test.ts).
    route: 'POST /api/oauth/decision',
    expected: editors(200),
    request: async () => ({
      path: '/oauth/decision',
      body: { request: (await authorizationRequest(await registerOAuthClient())).query, allow: false },
    }),
  },
  { route: 'GET /api/oauth/clients', expected: editors(200), request: async () => ({ path: '/oauth/clients' }) },
  {
    // Grants are each person's own, ADMIN's too: someone else's client is not there (404).
    route: 'DELETE /api/oauth/clients/:clientId',
    expected: ownerOnly(200),
    request: async (c) => {
      const holder = c.owner ? c.actor!.cookie : await sessionCookie(await createUser({ role: 'CLIENT' }));
      return { path: `/oauth/clients/${encodeURIComponent(await connectOAuthClient(holder))}` };
    },
  },

  // ---- users ----
  {
    // Signing in replaces the caller's session, so signed-in cells bring a spare one.
    route: 'POST /api/users/auth',
    expected: everyone(200),
    request: async (c) => {
      const user = await createUser();
      return {
        path: '/users/auth',
        body: { username: user.name, password: TEST_PASSWORD },
        cookie: await extraSession(c),
      };
    },
  },
  {
    route: 'GET /api/users/logout',
    expected: everyone(200),
    request: async (c) => ({ path: '/users/logout', cookie: await extraSession(c) }),
  },
  {
    route: 'POST /api/users/auth-validate',
    expected: signedIn(200),
    request: async () => ({ path: '/users/auth-validate' }),
  },
  {
    route: 'POST /api/users/mail',
    expected: everyone(200),
    request: async () => ({ path: '/users/mail', body: { email: (await createUser()).email } }),
  },
  {
    route: 'POST /api/users/reset-password',
    expected: everyone(200),
    request: async () => ({
      path: '/users/reset-password',
      body: { token: await createResetToken((await createUser()).id), password: 'a-new-password-1' },
    }),
  },
  {
    route: 'POST /api/users',
    expected: everyone(201),
    request: async () => {
      const name = unique('member');
      return { path: '/users', body: { name, email: `${name}@example.com`, password: 'a-long-password-1' } };
    },
  },
  { route: 'GET /api/users', expected: adminOnly(200), request: async () => ({ path: '/users' }) },
  {
    route: 'GET /api/users/:id',
    variants: ['self', 'other'],
    expected: selfOrAdmin(200),
    request: async (c) => ({ path: `/users/${await accountId(c)}` }),
  },
  {
    route: 'PUT /api/users/:id',
    variants: ['self', 'other'],
    expected: selfOrAdmin(200),
    request: async (c) => ({ path: `/users/${await accountId(c)}`, body: { firstName: 'Changed', lastName: 'Name' } }),
  },
  {
    // A fresh caller in the self cells: were the change let through, it must not promote the matrix's callers.
    route: 'PUT /api/users/:id',
    when: 'role change',
    variants: ['self', 'other'],
    expected: { ...selfOrAdmin(403), ADMIN: 200 },
    request: async (c) => {
      if (!c.owner) return { path: `/users/${(await createUser()).id}`, body: { role: 'ADMIN' } };
      const self = await c.freshSelf();
      return { path: `/users/${self.user.id}`, body: { role: 'ADMIN' }, cookie: self.cookie };
    },
  },
  {
    route: 'DELETE /api/users/:id',
    variants: ['self', 'other'],
    expected: selfOrAdmin(200),
    request: async (c) => {
      if (!c.owner) return { path: `/users/${(await createUser()).id}` };
      const self = await c.freshSelf();
      return { path: `/users/${self.user.id}`, cookie: self.cookie, body: { password: TEST_PASSWORD } };
    },
  },
];
