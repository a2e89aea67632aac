// Revisions and preview links (decision 029); what a preview shows, which holds the content entities, is in
// ../entities.ts.
import * as z from 'zod/mini';
import { int } from '../mini';
import { id, isoDateTime } from './base';

// revisions and preview links (decision 029)
/** One saved state of an article, channel or news item: who saved it, when, as which version. */
export const revision = z.object({
  id,
  version: int(),
  userId: z.nullable(id),
  userName: z.nullable(z.string()),
  /** Everyone a co-edited revision credits (decision 051); absent for an ordinary save. */
  authors: z.optional(z.array(z.object({ id, name: z.string() }))),
  createdAt: isoDateTime,
});
export const revisionList = z.array(revision);
/** A revision with the fields it saved (those of the item's form). */
export const revisionWithFields = z.extend(revision, { fields: z.record(z.string(), z.unknown()) });
/** A shareable preview link; `token` only in the answer that creates it (only its hash is stored). */
export const previewLink = z.object({
  id,
  type: z.enum(['article', 'channel', 'news']),
  entityId: id,
  token: z.optional(z.string()),
  createdAt: isoDateTime,
  expiresAt: isoDateTime,
  revokedAt: z.nullable(isoDateTime),
});
export const previewLinkList = z.array(previewLink);
export type PreviewLink = z.infer<typeof previewLink>;
export type Revision = z.infer<typeof revision>;
