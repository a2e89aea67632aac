// /api/userContent: access requests for restricted or private content, the access check, and ADMIN's
// decisions, grants and revocations.
import * as z from 'zod/mini';
import { accessCheck, contentAccessPage, contentRequest, contentRequestPage } from '#schema/entities';
import type { ContentType, REQUEST_STATES } from '#schema/enums';
import { api, call, pageQuery, seg } from './client';

export type RequestState = (typeof REQUEST_STATES)[number];

export const requestAccess = (contentId: string, contentType: ContentType) =>
  call(api.userContent.$post({ json: { contentId, contentType } }), contentRequest);
export const getArticleAccess = (articleId: string) =>
  call(api.userContent['user-access-article'][':id'].$get({ param: { id: seg(articleId) } }), accessCheck);

/** ADMIN's queue: a page of access requests of both types, newest first. */
export const listAccessRequests = (
  filter: { status?: RequestState | undefined; contentType?: ContentType | undefined },
  cursor?: string,
) =>
  call(
    api.userContent.requests.$get({
      query: { ...pageQuery(cursor), status: filter.status, contentType: filter.contentType },
    }),
    contentRequestPage,
  );
/** ADMIN: a page of granted access of both types, newest first. */
export const listGrants = (filter: { contentType?: ContentType | undefined }, cursor?: string) =>
  call(
    api.userContent.access.$get({ query: { ...pageQuery(cursor), contentType: filter.contentType } }),
    contentAccessPage,
  );
export const allowRequest = (id: string) =>
  call(api.userContent['allow-request'][':id'].$get({ param: { id: seg(id) } }), contentRequest);
export const denyRequest = (id: string) =>
  call(api.userContent['deny-request'][':id'].$get({ param: { id: seg(id) } }), contentRequest);
export const revokeAccess = (userId: string, contentId: string) =>
  call(
    api.userContent['revoke-access-channel'].$post({ json: { userId, contentId } }),
    z.object({ userId: z.string(), contentId: z.string(), revoked: z.boolean() }),
  );
