// /api/imports: the admin's imports (decisions 046, 047): start one from a file, follow it, cancel it.
import * as z from 'zod/mini';
import { importDetail, importSummary } from '#schema/imports';
import { IMPORT_UPLOAD_TYPE } from '#schema/enums';
import { uploadResumable } from '../uploads/resumable';
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
 * Sends the export file (and the media ZIP) through the resumable upload (decision 017, type
 * `application/x-so-import`): in parts of 8 MiB, each failed part sent again after a pause, and the same file picked
 * again after a reload goes on from the parts the server has. Then POST /imports names the finished uploads (parts
 * `upload`, `mediaUpload`) and answers the new import's id. One way for every size (decision 047): no file is too
 * large for one request. `site`: the old site's address, where a Ghost export's `__GHOST_URL__` pictures and links
 * are found. The screen asks for `review`: the file is read, then the import waits for its authors to be mapped.
 * `onProgress`: bytes the server has of both files, and their total.
 */
export async function startImport(
  file: File,
  site = '',
  review = true,
  media: File | null = null,
  onProgress?: (sent: number, total: number) => void,
): Promise<{ id: string }> {
  const total = file.size + (media?.size ?? 0);
  const fileUpload = await uploadResumable(file, {
    contentType: IMPORT_UPLOAD_TYPE,
    onProgress: (sent) => onProgress?.(sent, total),
  });
  // The old site's pictures as a ZIP (wp-content/uploads, content/images): taken from it before any fetch.
  const mediaUpload = media
    ? await uploadResumable(media, {
        contentType: IMPORT_UPLOAD_TYPE,
        onProgress: (sent) => onProgress?.(file.size + sent, total),
      })
    : null;
  const form = new FormData();
  form.append('upload', fileUpload.id);
  if (mediaUpload) form.append('mediaUpload', mediaUpload.id);
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
