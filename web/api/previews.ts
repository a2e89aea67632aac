// The calls of /api/previews (decision 029): shareable preview links, and what one shows.
import type { ClientResponse } from 'hono/client';
import { preview, previewLink, previewLinkList, type Preview } from '#schema/entities';
import { api, call, seg } from './client';
import type { RevisionKind } from './revisions';

export const createPreviewLink = (type: RevisionKind, id: string, expiresInDays: number) =>
  call(api.previews.$post({ json: { type, id, expiresInDays } }), previewLink);

export const listPreviewLinks = (type: RevisionKind, id: string) =>
  call(api.previews.of[':type'][':id'].$get({ param: { type, id: seg(id) } }), previewLinkList);

export const revokePreviewLink = (id: string) =>
  call(api.previews[':id'].$delete({ param: { id: seg(id) } }), previewLink);

/**
 * What a preview link shows. The worker's declared type is not compared here: Hono's JSON typing of the recursive
 * document inside this union does not come out equal to zod's (the schema still parses every answer).
 */
export const getPreview = (token: string) =>
  call(
    api.previews.view[':token'].$get({ param: { token } }) as Promise<ClientResponse<{ result: Preview }, 200, 'json'>>,
    preview,
  );

/** The public address of a preview link. */
export const previewUrl = (token: string) => `${location.origin}/preview/${token}`;
