// /api/userContent: access requests for restricted or private content, their decisions, and the grants.
// Paths of the lists (docs/decisions/007-access-and-publications.md):
//   ADMIN, all users:  GET /requests/channels, /requests/articles, /access/channels, /access/articles
//   the caller:        GET /my/requests/channels, /my/requests/articles, /my/access/channels, /my/access/articles
// Request lists take `?status=PENDING|ALLOWED|DENIED`.
import { Hono, type Context } from 'hono';
import * as z from 'zod/mini';
import { accessCheck, contentAccessListItem, contentRequest, contentRequestListItem, revokeResult } from '../../schema/entities';
import type { ContentType } from '../../schema/enums';
import { contentRequestBody, contentRequestListQuery, idOrSlugParam, idParam, revokeAccessBody } from '../../schema/requests';
import type { AppEnv } from '../env';
import { ok } from '../lib/envelope';
import { NotFound } from '../lib/errors';
import { currentUser, requireAdmin, requireUser } from '../lib/guards';
import { describe } from '../lib/route-doc';
import { sameOrigin } from '../lib/security';
import { resolveIdOrSlug } from '../lib/slugs';
import { jsonBody, params, query } from '../lib/validate';
import {
  canReadRef, decideRequest, findVisibleContent, listChannelAccess, listContentAccess, listContentRequests, requestAccess, revokeAccess,
} from '../queries/user-content';

/** The request and access lists of one content type: ADMIN sees everyone's, `/my/...` the caller's own. */
const listRequests = (contentType: ContentType, mine: boolean) =>
  async (c: Context<AppEnv, string, { out: { query: z.infer<typeof contentRequestListQuery> } }>) =>
    ok(c, await listContentRequests(c.get('db'), {
      contentType, status: c.req.valid('query').status, ...(mine ? { userId: currentUser(c).id } : {}),
    }));
const listAccess = (contentType: ContentType, mine: boolean) => async (c: Context<AppEnv>) =>
  ok(c, await listContentAccess(c.get('db'), { contentType, ...(mine ? { userId: currentUser(c).id } : {}) }));

export const userContentRoutes = new Hono<AppEnv>()
  .post('/', describe({ summary: 'Asks for access to a restricted article or channel', result: contentRequest, status: 201, errors: [404, 409] }), requireUser, ...jsonBody(contentRequestBody), async (c) => {
    return ok(c, await requestAccess(c.get('db'), currentUser(c), c.req.valid('json')), 201);
  })

  .get('/requests/channels', describe({ summary: 'Access requests for channels, of every user', result: z.array(contentRequestListItem) }), requireAdmin, query(contentRequestListQuery), listRequests('channel', false))
  .get('/requests/articles', describe({ summary: 'Access requests for articles, of every user', result: z.array(contentRequestListItem) }), requireAdmin, query(contentRequestListQuery), listRequests('article', false))
  .get('/access/channels', describe({ summary: 'Granted access to channels, of every user', result: z.array(contentAccessListItem) }), requireAdmin, listAccess('channel', false))
  .get('/access/articles', describe({ summary: 'Granted access to articles, of every user', result: z.array(contentAccessListItem) }), requireAdmin, listAccess('article', false))
  .get('/my/requests/channels', describe({ summary: "The caller's access requests for channels", result: z.array(contentRequestListItem) }), requireUser, query(contentRequestListQuery), listRequests('channel', true))
  .get('/my/requests/articles', describe({ summary: "The caller's access requests for articles", result: z.array(contentRequestListItem) }), requireUser, query(contentRequestListQuery), listRequests('article', true))
  .get('/my/access/channels', describe({ summary: "The caller's granted access to channels", result: z.array(contentAccessListItem) }), requireUser, listAccess('channel', true))
  .get('/my/access/articles', describe({ summary: "The caller's granted access to articles", result: z.array(contentAccessListItem) }), requireUser, listAccess('article', true))

  // GETs that change state: ADMIN and the same-origin check every unsafe method gets.
  .get('/allow-request/:id', describe({ summary: 'Grants a pending access request', result: contentRequest, errors: [404, 409] }), requireAdmin, sameOrigin, params(idParam), async (c) => {
    return ok(c, await decideRequest(c.get('db'), c.req.valid('param').id, 'ALLOWED'));
  })

  .get('/deny-request/:id', describe({ summary: 'Denies a pending access request', result: contentRequest, errors: [404, 409] }), requireAdmin, sameOrigin, params(idParam), async (c) => {
    return ok(c, await decideRequest(c.get('db'), c.req.valid('param').id, 'DENIED'));
  })

  /** Whether the caller may read the article's restricted parts; anonymous callers get their answer too. */
  .get('/user-access-article/:id', describe({ summary: "Whether the caller may read the article's restricted parts", result: accessCheck, errors: [404] }), params(idOrSlugParam), async (c) => {
    const db = c.get('db');
    const viewer = c.get('user');
    const id = await resolveIdOrSlug(db, c.env.KV, c.req.valid('param').id, 'Article not found');
    const ref = await findVisibleContent(db, viewer, 'article', id);
    if (!ref) throw new NotFound('Article not found');
    return ok(c, { access: await canReadRef(db, viewer, ref) });
  })

  .get('/user-access-channel-all/:id', describe({ summary: 'Who has been granted access to the channel', result: z.array(contentAccessListItem), errors: [404], ownerOrAdmin: "the channel's owner" }), requireUser, params(idParam), async (c) => {
    return ok(c, await listChannelAccess(c.get('db'), currentUser(c), c.req.valid('param').id));
  })

  .post('/revoke-access-channel', describe({ summary: "Takes a user's granted access away", result: revokeResult, errors: [404], ownerOrAdmin: 'the owner of the content' }), requireUser, ...jsonBody(revokeAccessBody), async (c) => {
    const input = c.req.valid('json');
    await revokeAccess(c.get('db'), currentUser(c), input);
    return ok(c, { userId: input.userId, contentId: input.contentId, revoked: true });
  });
