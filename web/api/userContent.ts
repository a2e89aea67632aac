// /api/userContent: access requests for restricted or private content, and the access check.
import { accessCheck, contentRequest } from '../../schema/entities';
import type { ContentType } from '../../schema/enums';
import { request, seg } from './client';

export const requestAccess = (contentId: string, contentType: ContentType) =>
  request('POST', '/userContent', contentRequest, { json: { contentId, contentType } });
export const getArticleAccess = (articleId: string) => request('GET', `/userContent/user-access-article/${seg(articleId)}`, accessCheck);
