// The calls of /api/revisions (decision 029): an item's saved states, one with its fields, and a restore. With a
// `language`, the same for the item's translation in that language (decision 054).
import * as z from 'zod/mini';
import { article, channel, newsItem, revisionList, revisionWithFields } from '#schema/entities';
import { ApiError, INVALID_RESPONSE, api, call, seg } from './client';

export type RevisionKind = 'article' | 'channel' | 'news';
const query = (language: string | undefined) => (language ? { language } : {});

export const listRevisions = (type: RevisionKind, id: string, language?: string) =>
  call(api.revisions[':type'][':id'].$get({ param: { type, id: seg(id) }, query: query(language) }), revisionList);

export const getRevision = (type: RevisionKind, id: string, revisionId: string, language?: string) =>
  call(
    api.revisions[':type'][':id'][':revisionId'].$get({
      param: { type, id: seg(id), revisionId: seg(revisionId) },
      query: query(language),
    }),
    revisionWithFields,
  );

const restored = (type: RevisionKind, id: string, revisionId: string, version?: number, language?: string) =>
  // The worker answers the union of the items and their translations, wider than the typed check compares: the
  // answer is parsed below with the schema of what this call restores.
  call(
    api.revisions[':type'][':id'][':revisionId'].restore.$post({
      param: { type, id: seg(id), revisionId: seg(revisionId) },
      query: query(language),
      json: version === undefined ? {} : { version },
    }),
    z.unknown(),
  );

function parsed<S extends z.core.$ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = z.safeParse(schema, value);
  if (!result.success) throw new ApiError(500, INVALID_RESPONSE);
  return result.data;
}

/** Restores the revision as a new save; `version` is the form's, so a stale form gets 409 like any save. */
export const restoreRevision = async (type: RevisionKind, id: string, revisionId: string, version?: number) =>
  parsed(z.union([article, channel, newsItem]), await restored(type, id, revisionId, version));

/** Restores a revision of the item's translation in `language` as its next save (its state stays). */
export const restoreTranslationRevision = async (
  type: RevisionKind,
  id: string,
  revisionId: string,
  language: string,
  version?: number,
) => {
  const result = await restored(type, id, revisionId, version, language);
  // The translation's schema loads with the translation form only (the item forms' budgets).
  const { translation } = await import('./translations');
  return parsed(translation, result);
};
