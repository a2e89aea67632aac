// /api/publications: editors ask for publication of their content, ADMIN decides and sets expiry;
// the Cron Trigger (worker/scheduled.ts) unpublishes what has expired.
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { publicationRequest, publicationRequestPage, publishedItem } from '#schema/entities';
import {
  createPublicationBody,
  publicationListQuery,
  updatePublicationExpirationBody,
  unpublishBody,
  updatePublicationStartBody,
  updatePublicationStatusBody,
} from '#schema/requests';
import type { AppEnv } from '../env';
import { edgeCache } from '../middleware/edge-cache';
import { ok } from '../lib/envelope';
import { currentUser, requireAdmin, requireEditor } from '../middleware/guards';
import { describe } from '../lib/route-doc';
import { jsonBody, query } from '../middleware/validate';
import { findLanguage, languagesOf } from '#schema/languages';
import { InvalidInput, issue } from '../lib/errors';
import {
  createPublicationRequest,
  getPublicationStatus,
  toPublicationRequest,
  unpublishContent,
  updatePublicationStatus,
} from '../queries/publications';
import { listPublicationRequests, listPublished } from '../queries/publication-lists';
import { updatePublicationExpiration, updatePublicationStart } from '../queries/publication-schedule';
import { contentTitle } from '../queries/user-content';
import { notifyUser, type Notice } from '../services/notices';
import { auditScope } from '../services/audit';

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
      const body = c.req.valid('json');
      return ok(
        c,
        await createPublicationRequest(
          c.get('db'),
          currentUser(c),
          { ...body, languages: body.languages && configuredLanguages(c.env.LANGUAGES, body.languages) },
          auditScope(c),
        ),
        201,
      );
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
    describe({
      summary:
        "Approves (publishes) or rejects a request, with an optional reason for a rejection; mails the request's editor",
      result: publicationRequest,
      errors: [404, 409],
    }),
    requireAdmin,
    ...jsonBody(updatePublicationStatusBody),
    async (c) => {
      const { id, status, reason } = c.req.valid('json');
      const db = c.get('db');
      const before = await getPublicationStatus(db, id);
      const row = await updatePublicationStatus(db, id, status, { by: currentUser(c).id, reason }, auditScope(c));
      if (before !== row.status && (row.status === 'APPROVED' || row.status === 'REJECTED')) {
        const notice = { kind: 'publication', decision: row.status, contentType: row.type, contentId: row.contentId };
        notifyUser(c, row.userId, { ...notice, reason: row.reason } as Notice, await contentTitle(db, row.contentId));
      }
      return ok(c, toPublicationRequest(row));
    },
  )

  .post(
    '/unpublish',
    describe({
      summary:
        'Takes a published article or channel back to draft at once (public pages 404, the edge cache renewed); recorded as UNPUBLISHED in its publication requests',
      result: publicationRequest,
      errors: [404, 409],
      ownerOrAdmin: 'the owner of the content',
    }),
    requireEditor,
    ...jsonBody(unpublishBody),
    async (c) => ok(c, await unpublishContent(c.get('db'), currentUser(c), c.req.valid('json'), auditScope(c))),
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
      return ok(
        c,
        await updatePublicationStart(c.get('db'), id, publishAt === null ? null : Date.parse(publishAt), auditScope(c)),
      );
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
        await updatePublicationExpiration(
          c.get('db'),
          id,
          expirationDate === null ? null : Date.parse(expirationDate),
          auditScope(c),
        ),
      );
    },
  );

/** The configured tags of a request's `languages` (`de` → `de-DE`): 400 naming each one not configured. */
function configuredLanguages(value: string, tags: readonly string[]): string[] {
  const languages = languagesOf(value);
  const found = tags.map((t) => findLanguage(languages, t)?.tag);
  const wrong = found.flatMap((tag, i) =>
    tag
      ? []
      : [
          issue(
            ['languages', i],
            'language_not_configured',
            `Expected one of ${languages.all.map((l) => l.tag).join(', ')}`,
          ),
        ],
  );
  if (wrong.length) throw new InvalidInput(wrong);
  return found as string[];
}
