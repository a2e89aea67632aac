// /api/userContent: access requests for restricted or private content, and the access check.
import { accessCheck, contentRequest } from '../../schema/entities';
import type { ContentType } from '../../schema/enums';
import { api, call, seg } from './client';

export const requestAccess = (contentId: string, contentType: ContentType) =>
  call(api.userContent.$post({ json: { contentId, contentType } }), contentRequest);
export const getArticleAccess = (articleId: string) =>
  call(api.userContent['user-access-article'][':id'].$get({ param: { id: seg(articleId) } }), accessCheck);
