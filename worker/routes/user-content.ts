// /api/userContent: access requests for restricted or private content, their decisions, and the grants.
// Paths of the lists (docs/decisions/007-access-and-publications.md):
//   ADMIN, all users:  GET /requests/channels, /requests/articles, /access/channels, /access/articles
//   the caller:        GET /my/requests/channels, /my/requests/articles, /my/access/channels, /my/access/articles
// Request lists take `?status=PENDING|ALLOWED|DENIED`.
import { Hono } from 'hono';
import type { ContentType } from '../../schema/enums';
import { contentRequestBody, contentRequestListQuery, idOrSlugParam, idParam, revokeAccessBody } from '../../schema/requests';
import type { AppEnv } from '../env';
import { ok } from '../lib/envelope';
import { NotFound } from '../lib/errors';
import { currentUser, requireAdmin, requireUser } from '../lib/guards';
import { sameOrigin } from '../lib/security';
import { resolveIdOrSlug } from '../lib/slugs';
import { jsonBody, params, query } from '../lib/validate';
import {
  canReadRef, decideRequest, findVisibleContent, listChannelAccess, listContentAccess, listContentRequests, requestAccess, revokeAccess,
} from '../queries/user-content';

export const userContentRoutes = new Hono<AppEnv>();

userContentRoutes.post('/', requireUser, ...jsonBody(contentRequestBody), async (c) => {
  return ok(c, await requestAccess(c.get('db'), currentUser(c), c.req.valid('json')), 201);
});

const LIST_TYPES: [string, ContentType][] = [['channels', 'channel'], ['articles', 'article']];

for (const [segment, contentType] of LIST_TYPES) {
  userContentRoutes.get(`/requests/${segment}`, requireAdmin, query(contentRequestListQuery), async (c) => {
    return ok(c, await listContentRequests(c.get('db'), { contentType, status: c.req.valid('query').status }));
  });
  userContentRoutes.get(`/access/${segment}`, requireAdmin, async (c) => {
    return ok(c, await listContentAccess(c.get('db'), { contentType }));
  });
  userContentRoutes.get(`/my/requests/${segment}`, requireUser, query(contentRequestListQuery), async (c) => {
    return ok(c, await listContentRequests(c.get('db'), { contentType, userId: currentUser(c).id, status: c.req.valid('query').status }));
  });
  userContentRoutes.get(`/my/access/${segment}`, requireUser, async (c) => {
    return ok(c, await listContentAccess(c.get('db'), { contentType, userId: currentUser(c).id }));
  });
}

// GETs that change state: ADMIN and the same-origin check every unsafe method gets.
userContentRoutes.get('/allow-request/:id', requireAdmin, sameOrigin, params(idParam), async (c) => {
  return ok(c, await decideRequest(c.get('db'), c.req.valid('param').id, 'ALLOWED'));
});

userContentRoutes.get('/deny-request/:id', requireAdmin, sameOrigin, params(idParam), async (c) => {
  return ok(c, await decideRequest(c.get('db'), c.req.valid('param').id, 'DENIED'));
});

/** Whether the caller may read the article's restricted parts; anonymous callers get their answer too. */
userContentRoutes.get('/user-access-article/:id', params(idOrSlugParam), async (c) => {
  const db = c.get('db');
  const viewer = c.get('user');
  const id = await resolveIdOrSlug(db, c.env.KV, c.req.valid('param').id, 'Article not found');
  const ref = await findVisibleContent(db, viewer, 'article', id);
  if (!ref) throw new NotFound('Article not found');
  return ok(c, { access: await canReadRef(db, viewer, ref) });
});

userContentRoutes.get('/user-access-channel-all/:id', requireUser, params(idParam), async (c) => {
  return ok(c, await listChannelAccess(c.get('db'), currentUser(c), c.req.valid('param').id));
});

userContentRoutes.post('/revoke-access-channel', requireUser, ...jsonBody(revokeAccessBody), async (c) => {
  const input = c.req.valid('json');
  await revokeAccess(c.get('db'), currentUser(c), input);
  return ok(c, { userId: input.userId, contentId: input.contentId, revoked: true });
});
