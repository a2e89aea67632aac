// /api/publications: editors ask for publication of their content, ADMIN decides and sets expiry;
// the Cron Trigger (worker/scheduled.ts) unpublishes what has expired.
import { Hono } from 'hono';
import {
  createPublicationBody, publicationListQuery, updatePublicationExpirationBody, updatePublicationStatusBody,
} from '../../schema/requests';
import type { AppEnv } from '../env';
import { ok } from '../lib/envelope';
import { currentUser, requireAdmin, requireEditor } from '../lib/guards';
import { jsonBody, query } from '../lib/validate';
import {
  createPublicationRequest, listPublicationRequests, listPublished, updatePublicationExpiration, updatePublicationStatus,
} from '../queries/publications';

export const publicationsRoutes = new Hono<AppEnv>()
  /** Public: what approved requests keep published, as far as the caller may see it, with expiration dates. */
  .get('/', async (c) => ok(c, await listPublished(c.get('db'), c.get('user'))))

  .post('/', requireEditor, ...jsonBody(createPublicationBody), async (c) => {
    return ok(c, await createPublicationRequest(c.get('db'), currentUser(c), c.req.valid('json')), 201);
  })

  .get('/requests', requireEditor, query(publicationListQuery), async (c) => {
    return ok(c, await listPublicationRequests(c.get('db'), currentUser(c), c.req.valid('query')));
  })

  .put('/update-status', requireAdmin, ...jsonBody(updatePublicationStatusBody), async (c) => {
    const { id, status } = c.req.valid('json');
    return ok(c, await updatePublicationStatus(c.get('db'), id, status));
  })

  .put('/update-expiration', requireAdmin, ...jsonBody(updatePublicationExpirationBody), async (c) => {
    const { id, expirationDate } = c.req.valid('json');
    return ok(c, await updatePublicationExpiration(c.get('db'), id, expirationDate === null ? null : Date.parse(expirationDate)));
  });
