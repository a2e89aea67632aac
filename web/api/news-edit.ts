// /api/news: the workspace's writes of news items. The feed's reads are in news.ts, which the first visit loads
// (docs/decisions/023-screen-kit.md).
import * as z from 'zod/mini';
import { newsItem } from '#schema/entities';
import type { createNewsBody, updateNewsBody } from '#schema/requests';
import type { ImagePart } from '../uploads/multipart';
import { sendWithThumbnail, urls, type SendOptions } from '../uploads/send';
import { api, call, seg } from './client';

const byId = (id: string) => ({ param: { id: seg(id) } });

export type NewsInput = z.input<typeof createNewsBody>;
export type NewsChanges = z.input<typeof updateNewsBody>;

export function createNews(body: NewsInput, thumbnail?: ImagePart, options?: SendOptions) {
  if (!thumbnail) return call(api.news.$post({ json: body }), newsItem);
  return sendWithThumbnail('POST', urls().news.$url(), body, thumbnail, newsItem, options);
}

export function updateNews(id: string, changes: NewsChanges, thumbnail?: ImagePart, options?: SendOptions) {
  if (!thumbnail) return call(api.news[':id'].$put({ ...byId(id), json: changes }), newsItem);
  return sendWithThumbnail('PUT', urls().news[':id'].$url(byId(id)), changes, thumbnail, newsItem, options);
}

export const deleteNews = (id: string) => call(api.news[':id'].$delete(byId(id)), z.null());
