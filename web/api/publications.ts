// /api/publications: publication requests, their status and expiry (ADMIN decides; editors ask and list their own).
import { publicationRequest, publicationRequestPage, type PublicationRequest } from '#schema/entities';
import type { ContentType } from '#schema/enums';
import { api, call, pageQuery } from './client';

export type PublicationStatus = PublicationRequest['status'];

export interface PublicationFilter {
  status?: PublicationStatus | undefined;
  /** Open requests whose expiry is at most this many days ahead, soonest first. */
  expiresWithinDays?: number | undefined;
}

export const listPublicationRequests = (filter: PublicationFilter, cursor?: string) =>
  call(
    api.publications.requests.$get({
      query: { ...pageQuery(cursor), status: filter.status, expiresWithinDays: filter.expiresWithinDays?.toString() },
    }),
    publicationRequestPage,
  );
/** `reason`: why, for a rejection (the editor sees it and gets it by mail). */
export const updatePublicationStatus = (id: string, status: PublicationStatus, reason?: string | null) =>
  call(
    api.publications['update-status'].$put({ json: { id, status, ...(reason ? { reason } : {}) } }),
    publicationRequest,
  );
/** `expirationDate` is an ISO 8601 UTC date-time, or null for none. */
export const updatePublicationExpiration = (id: string, expirationDate: string | null) =>
  call(api.publications['update-expiration'].$put({ json: { id, expirationDate } }), publicationRequest);

/** Asks for publication of one's article or channel, optionally until a wished expiry date (ISO). */
/** Asks for publication, optionally until `expirationDate` and from `publishAt` (the wished start). */
export const requestPublication = (
  contentId: string,
  type: ContentType,
  expirationDate: string | null,
  publishAt: string | null = null,
  /** Translations of the public item to publish instead of the item itself (issue 29). */
  languages?: string[],
) =>
  call(
    api.publications.$post({
      json: {
        contentId,
        type,
        ...(expirationDate ? { expirationDate } : {}),
        ...(publishAt ? { publishAt } : {}),
        ...(languages?.length ? { languages } : {}),
      },
    }),
    publicationRequest,
  );
/** Takes one's published article or channel back to draft at once; answers the UNPUBLISHED history entry. */
export const unpublish = (contentId: string, type: ContentType) =>
  call(api.publications.unpublish.$post({ json: { contentId, type } }), publicationRequest);
