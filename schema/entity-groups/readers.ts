// Readers' access and publications (decision 007): access requests and grants, publication requests, likes' links.
import * as z from 'zod/mini';
import { PUBLICATION_STATUSES, REQUEST_STATES } from '../enums';
import { contentType, id, isoDateTime, pageOf } from './base';

export const contentRequest = z.object({
  id,
  userId: id,
  contentId: id,
  contentType,
  status: z.enum(REQUEST_STATES),
  createdAt: isoDateTime,
});
export const contentRequestListItem = z.extend(contentRequest, { userName: z.string(), contentTitle: z.string() });
export const contentAccess = z.object({ id, userId: id, contentId: id, contentType, createdAt: isoDateTime });
export const contentAccessListItem = z.extend(contentAccess, { userName: z.string(), contentTitle: z.string() });
export const accessCheck = z.object({ access: z.boolean() });

export const publicationStatus = z.enum(PUBLICATION_STATUSES);
export const publicationRequest = z.object({
  id,
  userId: id,
  contentId: id,
  status: publicationStatus,
  type: contentType,
  expirationDate: z.optional(z.nullable(isoDateTime)),
  /** ADMIN's reason for a rejection, if they gave one. */
  reason: z.optional(z.nullable(z.string())),
  /** The wished start: approved, the content stays unpublished until then. */
  publishAt: z.optional(z.nullable(isoDateTime)),
  /** The translations the request asks to publish (issue 29, decision 054); null asks for the item itself. */
  languages: z.optional(z.nullable(z.array(z.string()))),
  createdAt: isoDateTime,
});
export type PublicationRequest = z.infer<typeof publicationRequest>;

/** Pages of the ADMIN lists (docs/decisions/007-access-and-publications.md, 015-admin-workspace.md). */
export const contentRequestPage = pageOf(contentRequestListItem);
export const contentAccessPage = pageOf(contentAccessListItem);

export const userContentLink = z.object({ id, userId: id, contentId: id, createdAt: isoDateTime });
/** Answer of POST /userContent/revoke-access-channel. */
export const revokeResult = z.object({ userId: id, contentId: id, revoked: z.literal(true) });
/** Answer of an unlike: whether a link was there to remove. */
export const unlikeResult = z.object({ contentId: id, removed: z.boolean() });
/** Publication requests as ADMIN and editors list them. */
export const publicationRequestListItem = z.extend(publicationRequest, {
  updatedAt: isoDateTime,
  userName: z.string(),
  contentTitle: z.string(),
});
export const publicationRequestPage = pageOf(publicationRequestListItem);
/** GET /publications: what is published through an approved request, and until when. */
export const publishedItem = z.object({
  id,
  contentId: id,
  type: contentType,
  slug: z.string(),
  contentTitle: z.string(),
  expirationDate: z.nullable(isoDateTime),
});
