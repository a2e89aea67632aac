// /api/publications: editors ask for publication of their content, ADMIN decides and sets expiry;
// the Cron Trigger (worker/scheduled.ts) unpublishes what has expired.
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { publicationRequest, publicationRequestPage, publishedItem } from '../../schema/entities';
import {
  createPublicationBody,
  publicationListQuery,
  updatePublicationExpirationBody,
  updatePublicationStartBody,
  updatePublicationStatusBody,
} from '../../schema/requests';
import type { AppEnv } from '../env';
import { edgeCache } from '../lib/edge-cache';
import { ok } from '../lib/envelope';
import { currentUser, requireAdmin, requireEditor } from '../lib/guards';
import { describe } from '../lib/route-doc';
import { jsonBody, query } from '../lib/validate';
import {
  createPublicationRequest,
  listPublicationRequests,
  listPublished,
  updatePublicationExpiration,
  updatePublicationStart,
  updatePublicationStatus,
} from '../queries/publications';

export const publicationsRoutes = new Hono<AppEnv>()
  /** Public: what approved requests keep published, as far as the caller may see it, with expiration dates. */
  .get(
    '/',
    edgeCache(),
    describe({
      summary: 'What approved requests keep published, as far as the caller may see it',
      result: z.array(publishedItem),
    }),
    async (c) => ok(c, await listPublished(c.get('db'), c.get('user'))),
  )

  .post(
    '/',
    describe({
      summary: 'Asks for publication of an article or channel',
      result: publicationRequest,
      status: 201,
      errors: [404, 409],
      ownerOrAdmin: 'the owner of the content',
    }),
    requireEditor,
    ...jsonBody(createPublicationBody),
    async (c) => {
      return ok(c, await createPublicationRequest(c.get('db'), currentUser(c), c.req.valid('json')), 201);
    },
  )

  /** ADMIN: every request; editors: their own. Paged; `?status`, `?expiresWithinDays`. */
  .get(
    '/requests',
    describe({
      summary:
        'Publication requests, a page at a time: ADMIN sees all, editors their own; by status, or expiring within N days',
      result: publicationRequestPage,
    }),
    requireEditor,
    query(publicationListQuery),
    async (c) => {
      return ok(c, await listPublicationRequests(c.get('db'), currentUser(c), c.req.valid('query')));
    },
  )

  .put(
    '/update-status',
    describe({ summary: 'Approves (publishes) or rejects a request', result: publicationRequest, errors: [404, 409] }),
    requireAdmin,
    ...jsonBody(updatePublicationStatusBody),
    async (c) => {
      const { id, status } = c.req.valid('json');
      return ok(c, await updatePublicationStatus(c.get('db'), id, status));
    },
  )

  .put(
    '/update-start',
    describe({
      summary: 'Sets or clears the wished start of a request; approved, a past start publishes at once',
      result: publicationRequest,
      errors: [404],
    }),
    requireAdmin,
    ...jsonBody(updatePublicationStartBody),
    async (c) => {
      const { id, publishAt } = c.req.valid('json');
      return ok(c, await updatePublicationStart(c.get('db'), id, publishAt === null ? null : Date.parse(publishAt)));
    },
  )

  .put(
    '/update-expiration',
    describe({ summary: 'Sets or clears the expiration date of a request', result: publicationRequest, errors: [404] }),
    requireAdmin,
    ...jsonBody(updatePublicationExpirationBody),
    async (c) => {
      const { id, expirationDate } = c.req.valid('json');
      return ok(
        c,
        await updatePublicationExpiration(c.get('db'), id, expirationDate === null ? null : Date.parse(expirationDate)),
      );
    },
  );
