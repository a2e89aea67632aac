// The authorization matrix: every route the worker registers against anonymous, REGULAR_USER, CLIENT,
// CONTRIBUTOR and ADMIN (and owner / non-owner where ownership decides), with the status each must get,
// each cell run through the real fetch handler with a valid request, so the status is the permission's.
// A route the app registers but the table lacks (or the reverse) fails the first test below.
// Each cell also holds the OpenAPI document to its word: a success is among the route's documented statuses
// and its result parses with the documented schema; a failure is among its documented error codes.
import { env, exports } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { eq } from 'drizzle-orm';
import { apiTokens, articles, revisions, type Role } from '#schema/tables';
import { updateArticle } from '#worker/queries/article-writes';
import { systemScope } from '#worker/services/audit';
import { createPreviewLink } from '#worker/queries/previews';
import { app } from '#worker/app';
import { routeDocs, type RouteDoc } from '#worker/openapi/route-docs';
import { sha256Hex } from '#worker/services/session';
import {
  createArticle,
  createCategory,
  createChannel,
  createNewsItem,
  grantAccess,
  createBlob,
} from './content-factories';
import { BASE, call, createUser, db, sessionCookie, TEST_PASSWORD, unique, type TestUser } from './helpers';
import {
  createAccessRequest,
  createApiTokenRow,
  createArticleLike,
  createChannelLike,
  createContactMessage,
  createImageOption,
  createPublicationRequest,
  createResetToken,
  storeFile,
} from './matrix-fixtures';
import { createUploadOf, mp4File, multipartBody, pngFile, tinyVideo } from './upload-fixtures';
import { createFailedDelivery, createWebhookRow } from './webhook-fixtures';
import { authorizationRequest, connectOAuthClient, registerOAuthClient } from './oauth-fixtures';
import { createImportRow, importForm } from './import-fixtures';
import { createTranslationRow, type TranslatedKind } from './translation-fixtures';

type Who = 'anonymous' | Role;
const WHO: readonly Who[] = ['anonymous', 'REGULAR_USER', 'CLIENT', 'CONTRIBUTOR', 'ADMIN'];

/** One status, or one for the caller's own content (owner) and one for someone else's (other). */
type Outcome = number | { owner: number; other: number };
type Expected = Record<Who, Outcome>;

interface Session {
  user: TestUser;
  cookie: string;
}

interface Cell {
  who: Who;
  /** The signed-in caller; null for anonymous. */
  actor: Session | null;
  /** An (owner) cell: the content is the caller's own (for users/{id} and ownership: the caller themself). */
  owner: boolean;
  /** Who owns the cell's content: the caller in an (owner) cell, else `stranger`, a CLIENT who never calls. */
  ownerId: string;
  /** A new user of the cell's role with its own session, for calls that would spend the caller (delete, role change). */
  freshSelf(): Promise<Session>;
}

interface Call {
  /** Under /api. */
  path: string;
  body?: unknown;
  /** Extra request headers (a raw body's Content-Type). */
  headers?: Record<string, string>;
  /** Another session than the cell's (a fresh one, for calls that end or replace the session they come with). */
  cookie?: string;
}

interface Entry {
  /** `METHOD path` exactly as `app.routes` lists it. */
  route: string;
  /** Names the scenario when one route has several. */
  when?: string;
  /** Labels of the owner / other cells. */
  variants?: [string, string];
  expected: Expected;
  /** The answer is a file, not the envelope. */
  raw?: boolean;
  /** Builds the cell's fixtures (fresh per cell unless shared and read-only) and the request. */
  request(cell: Cell): Promise<Call>;
}

// ---- rows of expectations, named by the rule they state ----
const everyone = (s: number): Expected => ({ anonymous: s, REGULAR_USER: s, CLIENT: s, CONTRIBUTOR: s, ADMIN: s });
const signedIn = (s: number): Expected => ({ anonymous: 401, REGULAR_USER: s, CLIENT: s, CONTRIBUTOR: s, ADMIN: s });
const editors = (s: number): Expected => ({ anonymous: 401, REGULAR_USER: 403, CLIENT: s, CONTRIBUTOR: s, ADMIN: s });
const adminOnly = (s: number): Expected => ({
  anonymous: 401,
  REGULAR_USER: 403,
  CLIENT: 403,
  CONTRIBUTOR: 403,
  ADMIN: s,
});
/** Editors on their own content, ADMIN on anyone's; `other` is what an editor gets on someone else's. */
const ownerEditorOrAdmin = (s: number, other = 403): Expected => ({
  anonymous: 401,
  REGULAR_USER: 403,
  CLIENT: { owner: s, other },
  CONTRIBUTOR: { owner: s, other },
  ADMIN: s,
});
/** ADMIN only, and owning the content does not change that. */
const adminEvenOverOwners = (s: number): Expected => ({
  anonymous: 401,
  REGULAR_USER: 403,
  CLIENT: { owner: 403, other: 403 },
  CONTRIBUTOR: { owner: 403, other: 403 },
  ADMIN: s,
});
/** Any signed-in user on their own (account, file, ...), ADMIN on anyone's. */
const selfOrAdmin = (s: number, other = 403): Expected => ({
  anonymous: 401,
  REGULAR_USER: { owner: s, other },
  CLIENT: { owner: s, other },
  CONTRIBUTOR: { owner: s, other },
  ADMIN: s,
});
/** The caller's own only, ADMIN included: someone else's is 404, as if it did not exist (resumable uploads). */
const ownerOnly = (s: number): Expected => ({
  anonymous: 401,
  REGULAR_USER: 403,
  CLIENT: { owner: s, other: 404 },
  CONTRIBUTOR: { owner: s, other: 404 },
  ADMIN: { owner: s, other: 404 },
});
/** Invisible content: 404 for whoever may not see it, as if it did not exist. */
const ownerOrAdminSees = (s: number): Expected => ({
  anonymous: 404,
  REGULAR_USER: 404,
  CLIENT: { owner: s, other: 404 },
  CONTRIBUTOR: { owner: s, other: 404 },
  ADMIN: s,
});

// ---- shared, read-only fixtures and the callers, made once ----
let sessions: Record<Role, Session>;
let stranger: TestUser;
const shared = {} as {
  article: { id: string; slug: string };
  restrictedArticle: { id: string };
  channel: { id: string };
  category: { id: string };
  newsId: string;
  imageKey: string;
  fileKey: string;
};

const day = 24 * 3600 * 1000;
/** A stored file shown only by a draft of the owner (its thumbnail). */
const draftFile = async (ownerId: string) => {
  const key = await storeFile();
  await createArticle({ userId: ownerId, published: false, thumbnailKey: key });
  return key;
};
const galleryOf = (ownerId: string) =>
  createArticle({ userId: ownerId, media: { kind: 'gallery', images: [{ key: `image/${crypto.randomUUID()}.png` }] } });
const videoOf = (ownerId: string) =>
  createArticle({ userId: ownerId, media: { kind: 'video', videos: [{ key: `video/${crypto.randomUUID()}.mp4` }] } });
const slugText = () =>
  unique('slug')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
/** A fresh session for the caller, for calls that end or replace the one they come with. */
const extraSession = async (cell: Cell) => (cell.actor ? await sessionCookie(cell.actor.user) : undefined);
/** A resumable upload's owner: the caller in an (owner) cell, else a new editor (uploads per user are limited). */
const uploadOwner = async (cell: Cell) => (cell.owner ? cell.ownerId : (await createUser({ role: 'CLIENT' })).id);
/** users/{id}: the caller in an (owner) cell, else a new user. */
const accountId = async (cell: Cell) => (cell.owner ? cell.actor!.user.id : (await createUser()).id);

/** An article of the owner saved once (so it has a revision). */
const revisedArticle = async (ownerId: string) => {
  const a = await createArticle({ userId: ownerId });
  const row = (await db().select().from(articles).where(eq(articles.id, a.id)).get())!;
  await updateArticle(db(), row, { title: unique('Revised') }, ownerId, systemScope());
  const revision = (await db().select().from(revisions).where(eq(revisions.entityId, a.id)).get())!;
  return { id: a.id, revisionId: revision.id };
};
/** A preview link of the owner's draft, and the stored file the draft shows. */
const previewOf = async (ownerId: string) => {
  const key = await storeFile();
  const a = await createArticle({ userId: ownerId, published: false, thumbnailKey: key });
  const link = await createPreviewLink(
    db(),
    { id: ownerId, name: '', role: 'CLIENT' },
    { type: 'article', id: a.id },
    7,
  );
  return { link, key };
};

/** The four translation routes of a kind: create, read, save and delete a German translation of a fresh item. */
function translationRows(
  path: 'articles' | 'channels' | 'categories' | 'news',
  kind: TranslatedKind,
  rule: (s: number) => Expected,
  item: (c: Cell) => Promise<string>,
): Entry[] {
  const titleField = kind === 'channel' ? 'name' : 'title';
  const existing = async (c: Cell) => {
    const id = await item(c);
    await createTranslationRow(kind, id);
    return `/${path}/${id}/translations/de-DE`;
  };
  return [
    {
      route: `POST /api/${path}/:id/translations`,
      expected: rule(201),
      request: async (c) => ({
        path: `/${path}/${await item(c)}/translations`,
        body: { language: 'de-DE', [titleField]: 'Übersetzt' },
      }),
    },
    {
      route: `GET /api/${path}/:id/translations/:language`,
      expected: rule(200),
      request: async (c) => ({ path: await existing(c) }),
    },
    {
      route: `PUT /api/${path}/:id/translations/:language`,
      expected: rule(200),
      request: async (c) => ({ path: await existing(c), body: { [titleField]: 'Neu übersetzt' } }),
    },
    {
      route: `DELETE /api/${path}/:id/translations/:language`,
      raw: true,
      expected: rule(204),
      request: async (c) => ({ path: await existing(c) }),
    },
  ];
}

const MATRIX: Entry[] = [
  // ---- admin workspace ----
  { route: 'GET /api/admin/counts', expected: adminOnly(200), request: async () => ({ path: '/admin/counts' }) },
  {
    route: 'GET /api/admin/auditLog',
    expected: adminOnly(200),
    request: async () => ({ path: `/admin/auditLog?entityType=article&entityId=${shared.article.id}&limit=5` }),
  },
  {
    route: 'GET /api/auditLog',
    expected: signedIn(200),
    request: async () => ({ path: `/auditLog?entityId=${shared.article.id}` }),
  },

  // ---- authors ----
  {
    route: 'GET /api/authors/:username',
    when: 'an active author',
    expected: everyone(200),
    request: async () => ({ path: `/authors/${encodeURIComponent(stranger.name)}` }),
  },
  {
    route: 'GET /api/authors/:username',
    when: 'a deactivated account',
    expected: everyone(404),
    request: async () => ({ path: `/authors/${(await createUser({ role: 'CLIENT', active: false })).name}` }),
  },
  {
    route: 'GET /api/authors/:username/articles',
    expected: everyone(200),
    request: async () => ({ path: `/authors/${encodeURIComponent(stranger.name)}/articles?limit=5` }),
  },

  // ---- articles ----
  { route: 'GET /api/articles', expected: everyone(200), request: async () => ({ path: '/articles?limit=5' }) },
  {
    route: 'GET /api/articles/:id',
    when: 'published',
    expected: everyone(200),
    request: async () => ({ path: `/articles/${shared.article.id}` }),
  },
  {
    route: 'GET /api/articles/:id',
    when: 'draft',
    expected: ownerOrAdminSees(200),
    request: async (c) => ({ path: `/articles/${(await createArticle({ userId: c.ownerId, published: false })).id}` }),
  },
  {
    route: 'POST /api/articles',
    when: 'into a channel',
    expected: ownerEditorOrAdmin(201),
    request: async (c) => ({
      path: '/articles',
      body: { title: unique('Article'), type: 'text', channelId: (await createChannel({ userId: c.ownerId })).id },
    }),
  },
  {
    route: 'POST /api/articles',
    when: 'no channel',
    expected: editors(201),
    request: async () => ({ path: '/articles', body: { title: unique('Article'), type: 'text', channelId: null } }),
  },
  {
    route: 'PUT /api/articles/:id',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => ({
      path: `/articles/${(await createArticle({ userId: c.ownerId })).id}`,
      body: { title: 'Renamed' },
    }),
  },
  {
    route: 'PUT /api/articles/:id',
    when: 'draft',
    expected: ownerEditorOrAdmin(200, 404),
    request: async (c) => ({
      path: `/articles/${(await createArticle({ userId: c.ownerId, published: false })).id}`,
      body: { title: 'Renamed' },
    }),
  },
  {
    route: 'PUT /api/articles/:id',
    when: 'unpublish (ADMIN only)',
    expected: adminEvenOverOwners(200),
    request: async (c) => ({
      path: `/articles/${(await createArticle({ userId: c.ownerId })).id}`,
      body: { published: false },
    }),
  },
  {
    // Articles go only into one's own channels, even one's own article.
    route: 'PUT /api/articles/:id',
    when: "into someone else's channel",
    expected: adminEvenOverOwners(200),
    request: async (c) => ({
      path: `/articles/${(await createArticle({ userId: c.ownerId })).id}`,
      body: { channelId: shared.channel.id },
    }),
  },
  {
    // The co-editing room's upgrade (decision 050): the article's write rule answers before the missing Upgrade header
    // (the socket itself: test/worker/collab.test.ts).
    route: 'GET /api/articles/:id/collab',
    when: 'without Upgrade',
    expected: ownerEditorOrAdmin(400),
    request: async (c) => ({ path: `/articles/${(await createArticle({ userId: c.ownerId })).id}/collab` }),
  },
  {
    route: 'DELETE /api/articles/:id',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => ({ path: `/articles/${(await createArticle({ userId: c.ownerId })).id}` }),
  },
  {
    route: 'DELETE /api/articles/:id',
    when: 'draft',
    expected: ownerEditorOrAdmin(200, 404),
    request: async (c) => ({ path: `/articles/${(await createArticle({ userId: c.ownerId, published: false })).id}` }),
  },
  {
    route: 'PUT /api/articles/:id/media',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => ({
      path: `/articles/${(await createArticle({ userId: c.ownerId })).id}/media`,
      body: { kind: 'gallery' },
    }),
  },
  {
    route: 'DELETE /api/articles/:id/media',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => ({ path: `/articles/${(await galleryOf(c.ownerId)).id}/media` }),
  },
  {
    route: 'POST /api/articles/:id/media/images',
    expected: ownerEditorOrAdmin(201),
    request: async (c) => ({
      path: `/articles/${(await createArticle({ userId: c.ownerId })).id}/media/images`,
      body: multipartBody({ images: [{ imageFileTag: 'pic', title: 'A picture' }] }, { pic: pngFile() }),
    }),
  },
  {
    route: 'PUT /api/articles/:id/media/images/:ordinal',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => ({
      path: `/articles/${(await galleryOf(c.ownerId)).id}/media/images/0`,
      body: { title: 'Retitled' },
    }),
  },
  {
    route: 'DELETE /api/articles/:id/media/:ordinal',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => ({ path: `/articles/${(await galleryOf(c.ownerId)).id}/media/0` }),
  },
  {
    route: 'POST /api/articles/:id/media/video',
    expected: ownerEditorOrAdmin(201),
    request: async (c) => ({
      path: `/articles/${(await createArticle({ userId: c.ownerId })).id}/media/video`,
      body: multipartBody({ videoFileTag: 'clip', title: 'A clip', thumbnailMillis: 500 }, { clip: mp4File() }),
    }),
  },
  {
    route: 'PUT /api/articles/:id/media/video/:ordinal',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => ({
      path: `/articles/${(await videoOf(c.ownerId)).id}/media/video/0`,
      body: { title: 'Retitled', thumbnailMillis: 1000 },
    }),
  },
  {
    // Who owns the article: signed-in users may ask about themselves, ADMIN about anyone.
    route: 'GET /api/articles/:id/media/:userId/ownership',
    variants: ['self', 'other'],
    expected: selfOrAdmin(200),
    request: async (c) => ({ path: `/articles/${shared.article.id}/media/${c.ownerId}/ownership` }),
  },

  // ---- articleMedia ----
  {
    route: 'PUT /api/articleMedia/:id/media/:title',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => ({ path: `/articleMedia/${(await galleryOf(c.ownerId)).id}/media/New%20title?ordinal=0` }),
  },
  {
    route: 'PUT /api/articleMedia/:id/video/:millis',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => ({ path: `/articleMedia/${(await videoOf(c.ownerId)).id}/video/1500?ordinal=0` }),
  },

  // ---- categories: reads public, writes ADMIN ----
  { route: 'GET /api/categories', expected: everyone(200), request: async () => ({ path: '/categories' }) },
  {
    route: 'POST /api/categories/search',
    expected: everyone(200),
    request: async () => ({ path: '/categories/search', body: { searchText: 'Category' } }),
  },
  {
    route: 'GET /api/categories/:id',
    expected: everyone(200),
    request: async () => ({ path: `/categories/${shared.category.id}` }),
  },
  {
    route: 'GET /api/categories/:id/route',
    expected: everyone(200),
    request: async () => ({ path: `/categories/${shared.category.id}/route` }),
  },
  {
    route: 'GET /api/categories/:id/children',
    expected: everyone(200),
    request: async () => ({ path: `/categories/${shared.category.id}/children` }),
  },
  {
    route: 'GET /api/categories/:id/articles',
    expected: everyone(200),
    request: async () => ({ path: `/categories/${shared.category.id}/articles?limit=5` }),
  },
  {
    route: 'POST /api/categories',
    expected: adminOnly(201),
    request: async () => ({ path: '/categories', body: { title: unique('Category') } }),
  },
  {
    route: 'PUT /api/categories/:id',
    expected: adminOnly(200),
    request: async () => ({ path: `/categories/${(await createCategory()).id}`, body: { title: unique('Renamed') } }),
  },
  {
    route: 'PUT /api/categories/:id/position',
    expected: adminOnly(200),
    request: async () => ({ path: `/categories/${(await createCategory()).id}/position`, body: { index: 0 } }),
  },
  {
    route: 'DELETE /api/categories/:id',
    expected: adminOnly(200),
    request: async () => ({ path: `/categories/${(await createCategory()).id}` }),
  },

  // ---- channels ----
  { route: 'GET /api/channels', expected: everyone(200), request: async () => ({ path: '/channels' }) },
  {
    route: 'GET /api/channels/:id',
    when: 'published',
    expected: everyone(200),
    request: async () => ({ path: `/channels/${shared.channel.id}` }),
  },
  {
    route: 'GET /api/channels/:id',
    when: 'private',
    expected: ownerOrAdminSees(200),
    request: async (c) => ({ path: `/channels/${(await createChannel({ userId: c.ownerId, private: true })).id}` }),
  },
  {
    route: 'GET /api/channels/:id/summary',
    when: 'published',
    expected: everyone(200),
    request: async () => ({ path: `/channels/${shared.channel.id}/summary` }),
  },
  {
    route: 'GET /api/channels/:id/summary',
    when: 'private',
    expected: ownerOrAdminSees(200),
    request: async (c) => ({
      path: `/channels/${(await createChannel({ userId: c.ownerId, private: true })).id}/summary`,
    }),
  },
  {
    route: 'GET /api/channels/:id/channels',
    expected: everyone(200),
    request: async () => ({ path: `/channels/${stranger.id}/channels` }),
  },
  {
    route: 'GET /api/channels/:id/articles',
    expected: everyone(200),
    request: async () => ({ path: `/channels/${shared.channel.id}/articles?limit=5` }),
  },
  {
    route: 'POST /api/channels',
    expected: editors(201),
    request: async () => ({ path: '/channels', body: { name: unique('Channel'), infoText: 'About' } }),
  },
  {
    route: 'PUT /api/channels/:id',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => ({
      path: `/channels/${(await createChannel({ userId: c.ownerId })).id}`,
      body: { name: unique('Renamed') },
    }),
  },
  {
    route: 'PUT /api/channels/:id',
    when: 'draft',
    expected: ownerEditorOrAdmin(200, 404),
    request: async (c) => ({
      path: `/channels/${(await createChannel({ userId: c.ownerId, published: false })).id}`,
      body: { name: unique('Renamed') },
    }),
  },
  {
    route: 'PUT /api/channels/:id',
    when: 'unpublish (ADMIN only)',
    expected: adminEvenOverOwners(200),
    request: async (c) => ({
      path: `/channels/${(await createChannel({ userId: c.ownerId })).id}`,
      body: { published: false },
    }),
  },
  {
    route: 'DELETE /api/channels/:id',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => ({ path: `/channels/${(await createChannel({ userId: c.ownerId })).id}` }),
  },
  {
    route: 'DELETE /api/channels/:id',
    when: 'draft',
    expected: ownerEditorOrAdmin(200, 404),
    request: async (c) => ({ path: `/channels/${(await createChannel({ userId: c.ownerId, published: false })).id}` }),
  },

  // ---- contact ----
  {
    route: 'POST /api/contact',
    expected: everyone(201),
    request: async () => ({
      path: '/contact',
      body: { kind: 'contact', name: 'Ada', email: `${unique('sender')}@example.com`, message: 'Hello' },
    }),
  },

  {
    route: 'GET /api/contact/messages',
    expected: adminOnly(200),
    request: async () => ({ path: '/contact/messages?limit=5' }),
  },
  {
    route: 'PUT /api/contact/messages/:id',
    expected: adminOnly(200),
    request: async () => ({
      path: `/contact/messages/${await createContactMessage()}`,
      body: { read: true, handled: true },
    }),
  },

  // ---- export: an editor's own content, everyone's for ADMIN only (decision 036) ----
  {
    route: 'GET /api/export',
    when: 'own content',
    raw: true,
    expected: editors(200),
    request: async () => ({ path: '/export' }),
  },
  {
    route: 'GET /api/export',
    when: 'own content with the files',
    raw: true,
    expected: editors(200),
    request: async () => ({ path: '/export?media=include' }),
  },
  {
    route: 'GET /api/export',
    when: "everyone's (?scope=all)",
    raw: true,
    expected: adminOnly(200),
    request: async () => ({ path: '/export?scope=all' }),
  },

  // ---- files: as visible as the entity that shows them (other methods: 405; every visibility rule: visibility.test.ts) ----
  {
    route: 'GET /api/files/:key{.+}',
    when: 'of a published article',
    raw: true,
    expected: everyone(200),
    request: async () => ({ path: `/files/${shared.fileKey}` }),
  },
  {
    route: 'HEAD /api/files/:key{.+}',
    when: 'of a published article',
    raw: true,
    expected: everyone(200),
    request: async () => ({ path: `/files/${shared.fileKey}` }),
  },
  {
    route: 'GET /api/files/:key{.+}',
    when: 'of a draft',
    raw: true,
    expected: ownerOrAdminSees(200),
    request: async (c) => ({ path: `/files/${await draftFile(c.ownerId)}` }),
  },
  {
    route: 'HEAD /api/files/:key{.+}',
    when: 'of a draft',
    raw: true,
    expected: ownerOrAdminSees(200),
    request: async (c) => ({ path: `/files/${await draftFile(c.ownerId)}` }),
  },

  // ---- config: public ----
  { route: 'GET /api/config', expected: everyone(200), request: async () => ({ path: '/config' }) },

  // ---- healthCheck ----
  { route: 'GET /api/healthCheck', expected: adminOnly(200), request: async () => ({ path: '/healthCheck' }) },
  { route: 'GET /api/healthCheck/fix', expected: adminOnly(200), request: async () => ({ path: '/healthCheck/fix' }) },

  // ---- imageOptions: reads public; writes by the uploader (any signed-in user) or ADMIN ----
  {
    route: 'GET /api/imageOptions/:blobKey{.+}',
    expected: everyone(200),
    request: async () => ({ path: `/imageOptions/${shared.imageKey}` }),
  },
  {
    route: 'GET /api/imageOptions',
    expected: everyone(200),
    request: async () => ({ path: `/imageOptions?keys=${encodeURIComponent(shared.imageKey)}` }),
  },
  {
    route: 'POST /api/imageOptions',
    expected: selfOrAdmin(201),
    request: async (c) => ({
      path: '/imageOptions',
      body: { blobKey: (await createBlob(c.ownerId)).key, position: '30% 70%', scale: 1.5 },
    }),
  },
  {
    route: 'PUT /api/imageOptions/:blobKey{.+}',
    expected: selfOrAdmin(200),
    request: async (c) => ({
      path: `/imageOptions/${await createImageOption(c.ownerId)}`,
      body: { position: '10% 20%', scale: 2 },
    }),
  },
  {
    route: 'DELETE /api/imageOptions/:blobKey{.+}',
    expected: selfOrAdmin(200),
    request: async (c) => ({ path: `/imageOptions/${await createImageOption(c.ownerId)}` }),
  },

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

  // ---- news ----
  { route: 'GET /api/news', expected: everyone(200), request: async () => ({ path: '/news' }) },
  { route: 'GET /api/news/:id', expected: everyone(200), request: async () => ({ path: `/news/${shared.newsId}` }) },
  {
    route: 'POST /api/news',
    expected: editors(201),
    request: async () => ({
      path: '/news',
      body: { title: unique('News'), ref: { kind: 'article', id: shared.article.id } },
    }),
  },
  {
    route: 'PUT /api/news/:id',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => ({
      path: `/news/${(await createNewsItem({ refKind: 'article', refId: shared.article.id, userId: c.ownerId })).id}`,
      body: { title: 'Renamed' },
    }),
  },
  {
    route: 'DELETE /api/news/:id',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => ({
      path: `/news/${(await createNewsItem({ refKind: 'article', refId: shared.article.id, userId: c.ownerId })).id}`,
    }),
  },

  // ---- translations (issue 29): the item's write rule; categories ADMIN's ----
  ...translationRows(
    'articles',
    'article',
    ownerEditorOrAdmin,
    async (c) => (await createArticle({ userId: c.ownerId })).id,
  ),
  ...translationRows(
    'channels',
    'channel',
    ownerEditorOrAdmin,
    async (c) => (await createChannel({ userId: c.ownerId })).id,
  ),
  ...translationRows('categories', 'category', adminOnly, async () => (await createCategory()).id),
  ...translationRows(
    'news',
    'news',
    ownerEditorOrAdmin,
    async (c) => (await createNewsItem({ refKind: 'article', refId: shared.article.id, userId: c.ownerId })).id,
  ),

  // ---- the OpenAPI document: public ----
  {
    route: 'GET /api/openapi.json',
    raw: true,
    expected: everyone(200),
    request: async () => ({ path: '/openapi.json' }),
  },

  // ---- publications ----
  { route: 'GET /api/publications', expected: everyone(200), request: async () => ({ path: '/publications' }) },
  {
    // Someone else's draft is invisible: 404.
    route: 'POST /api/publications',
    when: 'draft',
    expected: ownerEditorOrAdmin(201, 404),
    request: async (c) => ({
      path: '/publications',
      body: { contentId: (await createArticle({ userId: c.ownerId, published: false })).id, type: 'article' },
    }),
  },
  {
    // Visible but someone else's: 403; one's own is past the permission check (409: already published).
    route: 'POST /api/publications',
    when: 'published',
    expected: ownerEditorOrAdmin(409),
    request: async (c) => ({
      path: '/publications',
      body: { contentId: (await createArticle({ userId: c.ownerId })).id, type: 'article' },
    }),
  },
  {
    route: 'POST /api/publications/unpublish',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => ({
      path: '/publications/unpublish',
      body: { contentId: (await createArticle({ userId: c.ownerId })).id, type: 'article' },
    }),
  },
  {
    route: 'GET /api/publications/requests',
    expected: editors(200),
    request: async () => ({ path: '/publications/requests' }),
  },
  {
    // Owners may not approve their own requests.
    route: 'PUT /api/publications/update-status',
    expected: adminEvenOverOwners(200),
    request: async (c) => {
      const article = await createArticle({ userId: c.ownerId, published: false });
      return {
        path: '/publications/update-status',
        body: { id: await createPublicationRequest(c.ownerId, article.id, 'article'), status: 'APPROVED' },
      };
    },
  },
  {
    route: 'PUT /api/publications/update-expiration',
    expected: adminEvenOverOwners(200),
    request: async (c) => {
      const article = await createArticle({ userId: c.ownerId, published: false });
      const id = await createPublicationRequest(c.ownerId, article.id, 'article');
      return {
        path: '/publications/update-expiration',
        body: { id, expirationDate: new Date(Date.now() + day).toISOString() },
      };
    },
  },

  // ---- revisions and preview links (decision 029) ----
  {
    route: 'GET /api/revisions/:type/:id',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => ({ path: `/revisions/article/${(await revisedArticle(c.ownerId)).id}` }),
  },
  {
    route: 'GET /api/revisions/:type/:id/:revisionId',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => {
      const { id, revisionId } = await revisedArticle(c.ownerId);
      return { path: `/revisions/article/${id}/${revisionId}` };
    },
  },
  {
    route: 'POST /api/revisions/:type/:id/:revisionId/restore',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => {
      const { id, revisionId } = await revisedArticle(c.ownerId);
      return { path: `/revisions/article/${id}/${revisionId}/restore`, body: {} };
    },
  },
  {
    route: 'POST /api/previews',
    expected: ownerEditorOrAdmin(201),
    request: async (c) => ({
      path: '/previews',
      body: { type: 'article', id: (await createArticle({ userId: c.ownerId })).id },
    }),
  },
  {
    route: 'GET /api/previews/of/:type/:id',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => ({ path: `/previews/of/article/${(await createArticle({ userId: c.ownerId })).id}` }),
  },
  {
    route: 'DELETE /api/previews/:id',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => ({ path: `/previews/${(await previewOf(c.ownerId)).link.id}` }),
  },
  {
    route: 'GET /api/previews/view/:token',
    expected: everyone(200),
    request: async (c) => ({ path: `/previews/view/${(await previewOf(c.ownerId)).link.token}` }),
  },
  {
    route: 'GET /api/previews/view/:token/files/:key{.+}',
    raw: true,
    expected: everyone(200),
    request: async (c) => {
      const { link, key } = await previewOf(c.ownerId);
      return { path: `/previews/view/${link.token}/files/${key}` };
    },
  },
  {
    route: 'HEAD /api/previews/view/:token/files/:key{.+}',
    raw: true,
    expected: everyone(200),
    request: async (c) => {
      const { link, key } = await previewOf(c.ownerId);
      return { path: `/previews/view/${link.token}/files/${key}` };
    },
  },
  {
    route: 'PUT /api/publications/update-start',
    expected: adminEvenOverOwners(200),
    request: async (c) => {
      const article = await createArticle({ userId: c.ownerId, published: false });
      const id = await createPublicationRequest(c.ownerId, article.id, 'article');
      return { path: '/publications/update-start', body: { id, publishAt: new Date(Date.now() + day).toISOString() } };
    },
  },

  // ---- search ----
  {
    route: 'POST /api/search/search',
    expected: everyone(200),
    request: async () => ({ path: '/search/search', body: { searchText: 'article' } }),
  },

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

  // ---- slugs ----
  {
    route: 'GET /api/slugs/:slug',
    when: 'published',
    expected: everyone(200),
    request: async () => ({ path: `/slugs/${shared.article.slug}` }),
  },
  {
    route: 'GET /api/slugs/:slug',
    when: 'draft',
    expected: ownerOrAdminSees(200),
    request: async (c) => ({ path: `/slugs/${(await createArticle({ userId: c.ownerId, published: false })).slug}` }),
  },
  {
    route: 'PUT /api/slugs/:entityId',
    when: 'article',
    expected: ownerEditorOrAdmin(200),
    request: async (c) => ({
      path: `/slugs/${(await createArticle({ userId: c.ownerId })).id}`,
      body: { slug: slugText() },
    }),
  },
  {
    route: 'PUT /api/slugs/:entityId',
    when: 'draft article',
    expected: { ...ownerEditorOrAdmin(200, 404), REGULAR_USER: 404 },
    request: async (c) => ({
      path: `/slugs/${(await createArticle({ userId: c.ownerId, published: false })).id}`,
      body: { slug: slugText() },
    }),
  },
  {
    route: 'PUT /api/slugs/:entityId',
    when: 'category',
    expected: adminOnly(200),
    request: async () => ({ path: `/slugs/${(await createCategory()).id}`, body: { slug: slugText() } }),
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

  // ---- uploads: resumable uploads, each its owner's alone ----
  { route: 'GET /api/uploads', expected: editors(200), request: async () => ({ path: '/uploads' }) },
  {
    route: 'POST /api/uploads',
    expected: editors(201),
    request: async () => ({
      path: '/uploads',
      body: { size: 1000, contentType: 'video/mp4', fingerprint: unique('fp') },
    }),
  },
  {
    route: 'GET /api/uploads/:id',
    expected: ownerOnly(200),
    request: async (c) => ({ path: `/uploads/${await createUploadOf(await uploadOwner(c), 'open')}` }),
  },
  {
    route: 'PUT /api/uploads/:id/parts/:partNumber',
    expected: ownerOnly(200),
    request: async (c) => ({
      path: `/uploads/${await createUploadOf(await uploadOwner(c), 'open')}/parts/1`,
      body: String.fromCharCode(...tinyVideo()),
      headers: { 'Content-Type': 'application/octet-stream' },
    }),
  },
  {
    route: 'POST /api/uploads/:id/complete',
    expected: ownerOnly(200),
    request: async (c) => ({ path: `/uploads/${await createUploadOf(await uploadOwner(c), 'sent')}/complete` }),
  },
  {
    route: 'DELETE /api/uploads/:id',
    expected: ownerOnly(200),
    request: async (c) => ({ path: `/uploads/${await createUploadOf(await uploadOwner(c))}` }),
  },

  // ---- workspace: the editor's own lists, ADMIN's of everyone ----
  {
    route: 'GET /api/workspace/articles',
    expected: editors(200),
    request: async () => ({ path: '/workspace/articles?limit=5' }),
  },
  {
    route: 'GET /api/workspace/articles',
    when: "someone else's (?owner)",
    expected: adminOnly(200),
    request: async () => ({ path: `/workspace/articles?owner=${stranger.id}` }),
  },
  {
    route: 'GET /api/workspace/channels',
    expected: editors(200),
    request: async () => ({ path: '/workspace/channels?q=Channel' }),
  },
  {
    // Someone else's channel is not theirs to arrange: 404, as if it did not exist.
    route: 'GET /api/workspace/channels/:id/articles',
    expected: ownerEditorOrAdmin(200, 404),
    request: async (c) => ({
      path: `/workspace/channels/${(await createChannel({ userId: c.ownerId, published: false })).id}/articles`,
    }),
  },
  { route: 'GET /api/workspace/news', expected: editors(200), request: async () => ({ path: '/workspace/news' }) },

  // ---- webhooks: ADMIN only (decision 035) ----
  { route: 'GET /api/webhooks', expected: adminOnly(200), request: async () => ({ path: '/webhooks' }) },
  {
    route: 'POST /api/webhooks',
    expected: adminOnly(201),
    request: async () => ({
      path: '/webhooks',
      body: { url: 'https://hooks.example.com/matrix', events: ['article.published'] },
    }),
  },
  {
    route: 'PUT /api/webhooks/:id',
    expected: adminOnly(200),
    request: async () => ({ path: `/webhooks/${await createWebhookRow()}`, body: { active: false } }),
  },
  {
    route: 'DELETE /api/webhooks/:id',
    expected: adminOnly(200),
    request: async () => ({ path: `/webhooks/${await createWebhookRow()}` }),
  },
  {
    route: 'POST /api/webhooks/:id/ping',
    expected: adminOnly(200),
    request: async () => ({ path: `/webhooks/${await createWebhookRow()}/ping` }),
  },
  {
    route: 'GET /api/webhooks/:id/deliveries',
    expected: adminOnly(200),
    request: async () => ({ path: `/webhooks/${await createWebhookRow()}/deliveries` }),
  },
  {
    route: 'POST /api/webhooks/:id/deliveries/:deliveryId/retry',
    expected: adminOnly(200),
    request: async () => {
      const { webhookId, deliveryId } = await createFailedDelivery();
      return { path: `/webhooks/${webhookId}/deliveries/${deliveryId}/retry` };
    },
  },

  // ---- imports: ADMIN only (decisions 046, 047) ----
  { route: 'GET /api/imports', expected: adminOnly(200), request: async () => ({ path: '/imports' }) },
  {
    route: 'POST /api/imports',
    expected: adminOnly(202),
    request: async () => ({ path: '/imports', body: importForm() }),
  },
  {
    route: 'GET /api/imports/:id',
    expected: adminOnly(200),
    request: async (c) => ({ path: `/imports/${await createImportRow(c.ownerId, 'done')}` }),
  },
  {
    route: 'POST /api/imports/:id/cancel',
    expected: adminOnly(200),
    request: async (c) => ({ path: `/imports/${await createImportRow(c.ownerId, 'queued')}/cancel` }),
  },
];

// ---- the cells ----
interface CellCase {
  name: string;
  entry: Entry;
  who: Who;
  owner: boolean;
  status: number;
}

function cellsOf(entry: Entry): CellCase[] {
  const [ownLabel, otherLabel] = entry.variants ?? ['owner', 'non-owner'];
  const split = WHO.some((w) => typeof entry.expected[w] === 'object');
  const title = `${entry.route}${entry.when ? ` [${entry.when}]` : ''}`;
  return WHO.flatMap((who): CellCase[] => {
    const outcome = entry.expected[who];
    if (typeof outcome === 'number') {
      // In a route where ownership matters, a single cell acts on someone else's content.
      const label = split && who !== 'anonymous' ? ` (${otherLabel})` : '';
      return [{ name: `${title} as ${who}${label} → ${outcome}`, entry, who, owner: false, status: outcome }];
    }
    return [
      { name: `${title} as ${who} (${ownLabel}) → ${outcome.owner}`, entry, who, owner: true, status: outcome.owner },
      {
        name: `${title} as ${who} (${otherLabel}) → ${outcome.other}`,
        entry,
        who,
        owner: false,
        status: outcome.other,
      },
    ];
  });
}

const CELLS = MATRIX.flatMap(cellsOf);

const DOCS = new Map(routeDocs(app.routes).map((d) => [`${d.method} ${d.path}`, d]));
/** The documented route of a row; HEAD rows are answered by the GET route. */
const docOf = (route: string): RouteDoc => DOCS.get(route.replace(/^HEAD /, 'GET '))!;

beforeAll(async () => {
  // The outside world: mail is intercepted, never sent.
  vi.spyOn(env.MAIL, 'send').mockResolvedValue({ messageId: 'matrix' });
  // and a webhook's receiver (the ping) answers without the network.
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(null, { status: 204 }));
  const roles: Role[] = ['REGULAR_USER', 'CLIENT', 'CONTRIBUTOR', 'ADMIN'];
  const made = await Promise.all(
    roles.map(async (role) => {
      const user = await createUser({ role });
      return [role, { user, cookie: await sessionCookie(user) }] as const;
    }),
  );
  sessions = Object.fromEntries(made) as Record<Role, Session>;
  stranger = await createUser({ role: 'CLIENT' });
  const channel = await createChannel({ userId: stranger.id });
  const category = await createCategory();
  const article = await createArticle({ userId: stranger.id, channelId: channel.id, categoryIds: [category.id] });
  shared.article = article;
  shared.channel = channel;
  shared.category = category;
  shared.restrictedArticle = await createArticle({ userId: stranger.id, restricted: true });
  shared.newsId = (await createNewsItem({ refKind: 'article', refId: article.id, userId: stranger.id })).id;
  shared.imageKey = await createImageOption(stranger.id);
  shared.fileKey = await storeFile();
  await createArticle({ userId: stranger.id, thumbnailKey: shared.fileKey });
});

afterAll(() => {
  vi.restoreAllMocks();
});

describe('authorization matrix', () => {
  it('names every route the app registers, and no other', () => {
    const registered = new Set(app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`));
    const tabled = new Set(MATRIX.map((e) => e.route));
    // Hono answers HEAD through the GET route, so a HEAD row stands for a registered GET.
    const exists = (route: string) =>
      registered.has(route) || (route.startsWith('HEAD ') && registered.has(`GET ${route.slice(5)}`));
    const missing = [...registered].filter((r) => !tabled.has(r));
    const stale = [...tabled].filter((r) => !exists(r));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });

  it.each(CELLS)('$name', async ({ entry, who, owner, status }) => {
    const actor = who === 'anonymous' ? null : sessions[who];
    const cell: Cell = {
      who,
      actor,
      owner,
      ownerId: owner ? actor!.user.id : stranger.id,
      async freshSelf() {
        const user = await createUser({ role: who === 'anonymous' ? 'REGULAR_USER' : who });
        return { user, cookie: await sessionCookie(user) };
      },
    };
    const req = await entry.request(cell);
    const cookie = 'cookie' in req ? req.cookie : actor?.cookie;
    const method = entry.route.slice(0, entry.route.indexOf(' '));
    const doc = docOf(entry.route);
    if (entry.raw) {
      const headers = new Headers(cookie ? { Cookie: cookie } : {});
      const res = await exports.default.fetch(new Request(`${BASE}/api${req.path}`, { method, headers }));
      await res.arrayBuffer();
      expect(res.status).toBe(status);
      expect(
        status < 400 ? Object.keys(doc.raw?.statuses ?? {}).map(Number) : doc.errors,
        'documented statuses',
      ).toContain(status);
      return;
    }
    const res = await call(req.path, {
      method,
      body: req.body,
      cookie,
      ...(req.headers ? { headers: req.headers } : {}),
    });
    expect(res.status, res.body.message).toBe(status);
    expect(res.body.code).toBe(status);
    if (status >= 400) {
      expect(doc.errors, 'documented error codes').toContain(status);
    } else {
      expect(doc.statuses, 'documented success statuses').toContain(status);
      const parsed = z.safeParse(doc.result!, res.body.result);
      expect(parsed.error?.issues ?? [], 'the documented result schema').toEqual([]);
      // Parsing strips what the schema does not name: equal means the result holds no undocumented field.
      expect(parsed.data, 'no field beyond the documented ones').toEqual(res.body.result);
    }
  });
});

// Outside /api: the MCP endpoint takes a portal API token (or an OAuth access token), never a session cookie; the
// OAuth authorization server's endpoints are public by nature (a client has no credential before them).
describe('authorization matrix: /mcp and the OAuth endpoints', { timeout: 30_000 }, () => {
  const initialize = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'matrix', version: '1' } },
  });
  const mcp = (headers: Record<string, string>) =>
    exports.default.fetch(
      new Request(`${BASE}/mcp`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
        body: initialize,
      }),
    );
  /** A live token of the user, stored as POST /tokens stores one (readers get none that way, so made here). */
  async function tokenOf(userId: string): Promise<string> {
    const token = `sop_${crypto.randomUUID().replace(/-/g, '')}${'x'.repeat(11)}`;
    const now = Date.now();
    await db()
      .insert(apiTokens)
      .values({
        id: crypto.randomUUID(),
        userId,
        name: 'Matrix MCP',
        tokenHash: await sha256Hex(token),
        scope: 'read',
        createdAt: now,
        expiresAt: now + 24 * 3600 * 1000,
      });
    return token;
  }
  const byToken: Record<Who, number> = { anonymous: 401, REGULAR_USER: 401, CLIENT: 200, CONTRIBUTOR: 200, ADMIN: 200 };

  it.each(WHO)('/mcp: %s with a session cookie 401, with an API token as the table says', async (who) => {
    const session = who === 'anonymous' ? null : sessions[who];
    const byCookie = await mcp(session ? { Cookie: session.cookie } : {});
    expect(byCookie.status).toBe(401);
    expect(byCookie.headers.get('WWW-Authenticate')).toContain('resource_metadata=');
    if (!session) return;
    const res = await mcp({ Authorization: `Bearer ${await tokenOf(session.user.id)}` });
    await res.arrayBuffer();
    expect(res.status).toBe(byToken[who]);
  });

  it.each([
    ['GET', '/.well-known/oauth-authorization-server', undefined, 200],
    ['GET', '/.well-known/oauth-protected-resource', undefined, 200],
    ['GET', '/.well-known/oauth-protected-resource/mcp', undefined, 200],
    [
      'POST',
      '/oauth/register',
      JSON.stringify({ client_name: 'm', redirect_uris: ['https://client.example/cb'] }),
      201,
    ],
    ['POST', '/oauth/token', 'grant_type=authorization_code&code=nope&client_id=nope', 401],
  ] as const)('%s %s is public: %s', async (method, path, body, status) => {
    const contentType = path === '/oauth/token' ? 'application/x-www-form-urlencoded' : 'application/json';
    const res = await exports.default.fetch(
      new Request(`${BASE}${path}`, { method, body, headers: body ? { 'Content-Type': contentType } : {} }),
    );
    await res.arrayBuffer();
    expect(res.status).toBe(status);
  });
});
