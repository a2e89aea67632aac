// /api/imports: the admin's imports (decisions 046, 047): start one from a file, follow it, cancel it.
import * as z from 'zod/mini';
import { importDetail, importSummary } from '#schema/imports';
import { API_PREFIX, api, call, resultOf, seg } from './client';

export const listImports = () => call(api.imports.$get(), z.array(importSummary));
export const getImport = (id: string) => call(api.imports[':id'].$get({ param: { id: seg(id) } }), importDetail);
export const cancelImport = (id: string) =>
  call(api.imports[':id'].cancel.$post({ param: { id: seg(id) } }), importDetail);
/** Starts an import waiting in `review`: `authors` maps the file's author keys to existing users' ids. */
export const startReviewedImport = (id: string, authors: Record<string, string>) =>
  call(api.imports[':id'].start.$post({ param: { id: seg(id) }, json: { authors } }), importDetail);
/** Fetches the report's missing pictures again (all of them, 20 a call, or those of `urls`). */
export const retryImportMedia = (id: string, urls?: string[]) =>
  call(api.imports[':id'].media.retry.$post({ param: { id: seg(id) }, json: urls ? { urls } : {} }), importDetail);

/**
 * Sends the export file as multipart (part `file`); answers the new import's id. `site`: the old site's address,
 * where a Ghost export's `__GHOST_URL__` pictures and links are found. The screen asks for `review`: the file is read,
 * then the import waits for its authors to be mapped.
 */
export async function startImport(
  file: File,
  site = '',
  review = true,
  media: File | null = null,
): Promise<{ id: string }> {
  const form = new FormData();
  form.append('file', file, file.name);
  // The old site's pictures as a ZIP (wp-content/uploads, content/images): taken from it before any fetch.
  if (media) form.append('media', media, media.name);
  if (site.trim()) form.append('site', site.trim());
  if (review) form.append('review', '1');
  const res = await fetch(`${API_PREFIX}/imports`, {
    method: 'POST',
    body: form,
    credentials: 'include',
    headers: { Accept: 'application/json' },
  });
  let data: unknown = null;
  try {
    data = await res.json();
  } catch {
    // Not JSON: resultOf answers the invalid response.
  }
  return resultOf(res.status, data, z.object({ id: z.string() }));
}
