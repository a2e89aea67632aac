// /api/articles: the workspace's writes of articles (create, change, delete). The public screens' reads are in
// articles.ts, which the first visit loads: these stay out of it (docs/decisions/023-screen-kit.md). Writes with a
// file go through XMLHttpRequest (web/uploads/send.ts), so the editor sees the upload's progress.
import * as z from 'zod/mini';
import { article } from '#schema/entities';
import type { createArticleBody, updateArticleBody } from '#schema/requests';
import type { ImagePart } from '../uploads/multipart';
import { sendWithThumbnail, urls, type SendOptions } from '../uploads/send';
import { api, call, seg } from './client';

const byId = (id: string) => ({ param: { id: seg(id) } });
const deleted = z.object({ id: z.string() });

export type ArticleInput = z.input<typeof createArticleBody>;
export type ArticleChanges = z.input<typeof updateArticleBody>;

/** A new draft; a thumbnail goes up in the same request (with its variants) when given. */
export function createArticle(body: ArticleInput, thumbnail?: ImagePart, options?: SendOptions) {
  if (!thumbnail) return call(api.articles.$post({ json: body }), article);
  return sendWithThumbnail('POST', urls().articles.$url(), body, thumbnail, article, options);
}

export function updateArticle(id: string, changes: ArticleChanges, thumbnail?: ImagePart, options?: SendOptions) {
  if (!thumbnail) return call(api.articles[':id'].$put({ ...byId(id), json: changes }), article);
  return sendWithThumbnail('PUT', urls().articles[':id'].$url(byId(id)), changes, thumbnail, article, options);
}

export const deleteArticle = (id: string) => call(api.articles[':id'].$delete(byId(id)), deleted);
