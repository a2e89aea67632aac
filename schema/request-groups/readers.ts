// Readers' access and publications (decision 007): requests, grants, likes and publication requests, and their
// paged lists.
import * as z from 'zod/mini';
import { REQUEST_STATES } from '../enums';
import { contentType, id, isoDateTime, publicationStatus } from '../entities';
import { LIMITS } from '../limits';
import { pageQuery } from './fields';

// myso, userContent, publications
export const contentIdBody = z.object({ contentId: id });
export const contentRequestBody = z.object({ contentId: id, contentType });
export const revokeAccessBody = z.object({ userId: id, contentId: id });
export const createPublicationBody = z.object({
  contentId: id,
  type: contentType,
  /** The editor's wished expiry (in the future); ADMIN may change it before approving. */
  expirationDate: z.optional(z.nullable(isoDateTime)),
  /** The wished start; approved before it, the content stays unpublished until then (the Cron Trigger publishes). */
  publishAt: z.optional(z.nullable(isoDateTime)),
  /** Asks for these translations of the (public) item instead of the item itself (decision 054). */
  languages: z.optional(
    z.array(z.string().check(z.minLength(2), z.maxLength(35))).check(z.minLength(1), z.maxLength(20)),
  ),
});
export const updatePublicationStatusBody = z.object({
  id,
  status: publicationStatus,
  /** Why, for a rejection (optional; the editor sees it and gets it by mail). */
  reason: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(LIMITS.teaser)))),
});
/** Takes published content back to draft. */
export const unpublishBody = z.object({ contentId: id, type: contentType });
export const updatePublicationStartBody = z.object({ id, publishAt: z.nullable(isoDateTime) });
export const updatePublicationExpirationBody = z.object({ id, expirationDate: z.nullable(isoDateTime) });

// access and publications: every list is paged (pageQuery: cursor, limit <= 100, default 20)
export const contentRequestListQuery = z.extend(pageQuery, { status: z.optional(z.enum(REQUEST_STATES)) });
export const accessListQuery = pageQuery;
/** The lists of both content types at once (GET /userContent/requests, /userContent/access). */
export const allContentRequestListQuery = z.extend(contentRequestListQuery, { contentType: z.optional(contentType) });
export const allAccessListQuery = z.extend(pageQuery, { contentType: z.optional(contentType) });
export const publicationListQuery = z.extend(pageQuery, {
  status: z.optional(publicationStatus),
  /** Only open requests (PENDING, APPROVED) whose expiration date is at most this many days ahead (or past), soonest first. */
  expiresWithinDays: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(366))),
});
