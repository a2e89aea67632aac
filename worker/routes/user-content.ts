// /api/userContent: access requests for restricted or private content, their decisions, and the grants.
// Paths of the lists (docs/decisions/007-access-and-publications.md), each a page `{items, nextCursor}`
// (`?cursor&limit`, newest first):
//   ADMIN, all users:  GET /requests, /access (both types; `?contentType=`), and per type
//                      /requests/channels, /requests/articles, /access/channels, /access/articles
//   the caller:        GET /my/requests/channels, /my/requests/articles, /my/access/channels, /my/access/articles
// Request lists take `?status=PENDING|ALLOWED|DENIED|REVOKED` (REVOKED: allowed, then the grant was taken away).
// Every decision (allow, deny, revoke) mails the reader (worker/services/notices.ts).
import { Hono, type Context } from 'hono';
import * as z from 'zod/mini';
import {
  accessCheck,
  contentAccessListItem,
  contentAccessPage,
  contentRequest,
  contentRequestPage,
  revokeResult,
} from '#schema/entities';
import type { ContentType } from '#schema/enums';
import {
  accessListQuery,
  allAccessListQuery,
  allContentRequestListQuery,
  contentRequestBody,
  contentRequestListQuery,
  idOrSlugParam,
  idParam,
  revokeAccessBody,
} from '#schema/requests';
import type { AppEnv } from '../env';
import { ok } from '../lib/envelope';
import { NotFound } from '../lib/errors';
import { currentUser, requireAdmin, requireUser } from '../middleware/guards';
import { notifyUser } from '../services/notices';
import { auditScope } from '../services/audit';
import { describe } from '../lib/route-doc';
import { sameOrigin } from '../middleware/security';
import { resolveIdOrSlug } from '../queries/slugs';
import { jsonBody, params, query } from '../middleware/validate';
import {
  canReadRef,
  contentTitle,
  findVisibleContent,
  listChannelAccess,
  pageContentAccess,
  pageContentRequests,
  requestAccess,
} from '../queries/user-content';
import { decideRequest, revokeAccess } from '../queries/access-decisions';

type RequestQuery = z.infer<typeof contentRequestListQuery>;
type AccessQuery = z.infer<typeof accessListQuery>;

/** The request and access lists of one content type: ADMIN sees everyone's, `/my/...` the caller's own. */
const listRequests =
  (contentType: ContentType, mine: boolean) => async (c: Context<AppEnv, string, { out: { query: RequestQuery } }>) => {
    const { status, cursor, limit } = c.req.valid('query');
    return ok(
      c,
      await pageContentRequests(
        c.get('db'),
        { contentType, status, ...(mine ? { userId: currentUser(c).id } : {}) },
        { cursor, limit },
      ),
    );
  };
const listAccess =
  (contentType: ContentType, mine: boolean) => async (c: Context<AppEnv, string, { out: { query: AccessQuery } }>) => {
    const { cursor, limit } = c.req.valid('query');
    return ok(
      c,
      await pageContentAccess(
        c.get('db'),
        { contentType, ...(mine ? { userId: currentUser(c).id } : {}) },
        { cursor, limit },
      ),
    );
  };

/** ADMIN's decision, then the mail that tells the reader (in their language, with a link). */
async function decideAndNotify(c: Context<AppEnv>, id: string, decision: 'ALLOWED' | 'DENIED') {
  const db = c.get('db');
  const request = await decideRequest(db, id, decision, auditScope(c));
  notifyUser(
    c,
    request.userId,
    { kind: 'access', decision, contentType: request.contentType, contentId: request.contentId },
    await contentTitle(db, request.contentId),
  );
  return request;
}

export const userContentRoutes = new Hono<AppEnv>()
  .post(
    '/',
    describe({
      summary: 'Asks for access to a restricted article or channel',
      result: contentRequest,
      status: 201,
      errors: [404, 409],
    }),
    requireUser,
    ...jsonBody(contentRequestBody),
    async (c) => {
      return ok(c, await requestAccess(c.get('db'), currentUser(c), c.req.valid('json')), 201);
    },
  )

  /** ADMIN's queue: requests for channels and articles together. */
  .get(
    '/requests',
    describe({
      summary: 'Access requests for articles and channels, of every user, newest first',
      result: contentRequestPage,
    }),
    requireAdmin,
    query(allContentRequestListQuery),
    async (c) => {
      const { contentType, status, cursor, limit } = c.req.valid('query');
      return ok(c, await pageContentRequests(c.get('db'), { contentType, status }, { cursor, limit }));
    },
  )
  .get(
    '/access',
    describe({
      summary: 'Granted access to articles and channels, of every user, newest first',
      result: contentAccessPage,
    }),
    requireAdmin,
    query(allAccessListQuery),
    async (c) => {
      const { contentType, cursor, limit } = c.req.valid('query');
      return ok(c, await pageContentAccess(c.get('db'), { contentType }, { cursor, limit }));
    },
  )
  .get(
    '/requests/channels',
    describe({ summary: 'Access requests for channels, of every user', result: contentRequestPage }),
    requireAdmin,
    query(contentRequestListQuery),
    listRequests('channel', false),
  )
  .get(
    '/requests/articles',
    describe({ summary: 'Access requests for articles, of every user', result: contentRequestPage }),
    requireAdmin,
    query(contentRequestListQuery),
    listRequests('article', false),
  )
  .get(
    '/access/channels',
    describe({ summary: 'Granted access to channels, of every user', result: contentAccessPage }),
    requireAdmin,
    query(accessListQuery),
    listAccess('channel', false),
  )
  .get(
    '/access/articles',
    describe({ summary: 'Granted access to articles, of every user', result: contentAccessPage }),
    requireAdmin,
    query(accessListQuery),
    listAccess('article', false),
  )
  .get(
    '/my/requests/channels',
    describe({ summary: "The caller's access requests for channels", result: contentRequestPage }),
    requireUser,
    query(contentRequestListQuery),
    listRequests('channel', true),
  )
  .get(
    '/my/requests/articles',
    describe({ summary: "The caller's access requests for articles", result: contentRequestPage }),
    requireUser,
    query(contentRequestListQuery),
    listRequests('article', true),
  )
  .get(
    '/my/access/channels',
    describe({ summary: "The caller's granted access to channels", result: contentAccessPage }),
    requireUser,
    query(accessListQuery),
    listAccess('channel', true),
  )
  .get(
    '/my/access/articles',
    describe({ summary: "The caller's granted access to articles", result: contentAccessPage }),
    requireUser,
    query(accessListQuery),
    listAccess('article', true),
  )

  // GETs that change state: ADMIN and the same-origin check every unsafe method gets.
  .get(
    '/allow-request/:id',
    describe({
      summary: 'Grants a pending access request and mails the reader',
      result: contentRequest,
      errors: [404, 409],
    }),
    requireAdmin,
    sameOrigin,
    params(idParam),
    async (c) => {
      return ok(c, await decideAndNotify(c, c.req.valid('param').id, 'ALLOWED'));
    },
  )

  .get(
    '/deny-request/:id',
    describe({
      summary: 'Denies a pending access request and mails the reader',
      result: contentRequest,
      errors: [404, 409],
    }),
    requireAdmin,
    sameOrigin,
    params(idParam),
    async (c) => {
      return ok(c, await decideAndNotify(c, c.req.valid('param').id, 'DENIED'));
    },
  )

  /** Whether the caller may read the article's restricted parts; anonymous callers get their answer too. */
  .get(
    '/user-access-article/:id',
    describe({
      summary: "Whether the caller may read the article's restricted parts",
      result: accessCheck,
      errors: [404],
    }),
    params(idOrSlugParam),
    async (c) => {
      const db = c.get('db');
      const viewer = c.get('user');
      const id = await resolveIdOrSlug(db, c.env.KV, c.req.valid('param').id, 'Article not found');
      const ref = await findVisibleContent(db, viewer, 'article', id);
      if (!ref) throw new NotFound('Article not found');
      return ok(c, { access: await canReadRef(db, viewer, ref) });
    },
  )

  .get(
    '/user-access-channel-all/:id',
    describe({
      summary: 'Who has been granted access to the channel',
      result: z.array(contentAccessListItem),
      errors: [404],
      ownerOrAdmin: "the channel's owner",
    }),
    requireUser,
    params(idParam),
    async (c) => {
      return ok(c, await listChannelAccess(c.get('db'), currentUser(c), c.req.valid('param').id));
    },
  )

  .post(
    '/revoke-access-channel',
    describe({
      summary: "Takes a user's granted access away (their allowed request becomes REVOKED) and mails them",
      result: revokeResult,
      errors: [404],
      ownerOrAdmin: 'the owner of the content',
    }),
    requireUser,
    ...jsonBody(revokeAccessBody),
    async (c) => {
      const input = c.req.valid('json');
      const db = c.get('db');
      const { contentType } = await revokeAccess(db, currentUser(c), input, auditScope(c));
      notifyUser(
        c,
        input.userId,
        { kind: 'access', decision: 'REVOKED', contentType, contentId: input.contentId },
        await contentTitle(db, input.contentId),
      );
      return ok(c, { userId: input.userId, contentId: input.contentId, revoked: true });
    },
  );
