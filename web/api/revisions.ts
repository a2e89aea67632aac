// The calls of /api/revisions (decision 029): an item's saved states, one with its fields, and a restore.
import * as z from 'zod/mini';
import { article, channel, newsItem, revisionList, revisionWithFields } from '#schema/entities';
import { api, call, seg } from './client';

export type RevisionKind = 'article' | 'channel' | 'news';
const of = (type: RevisionKind, id: string) => ({ param: { type, id: seg(id) } });

export const listRevisions = (type: RevisionKind, id: string) =>
  call(api.revisions[':type'][':id'].$get(of(type, id)), revisionList);

export const getRevision = (type: RevisionKind, id: string, revisionId: string) =>
  call(
    api.revisions[':type'][':id'][':revisionId'].$get({ param: { type, id: seg(id), revisionId: seg(revisionId) } }),
    revisionWithFields,
  );

/** Restores the revision as a new save; `version` is the form's, so a stale form gets 409 like any save. */
export const restoreRevision = (type: RevisionKind, id: string, revisionId: string, version?: number) =>
  call(
    api.revisions[':type'][':id'][':revisionId'].restore.$post({
      param: { type, id: seg(id), revisionId: seg(revisionId) },
      json: version === undefined ? {} : { version },
    }),
    z.union([article, channel, newsItem]),
  );
