// /api/uploads: resumable uploads of big videos (the part calls themselves go through web/uploads/resumable.ts).
import * as z from 'zod/mini';
import { resumableUpload } from '#schema/workspace';
import { api, call, seg } from './client';
import { urls } from '../uploads/send';

const byId = (id: string) => ({ param: { id: seg(id) } });

/** A new upload, or the caller's unfinished one with the same fingerprint (then with the parts already received). */
export const startUpload = (body: { size: number; contentType: string; name: string; fingerprint: string }) =>
  call(api.uploads.$post({ json: body }), resumableUpload);
export const listUploads = () => call(api.uploads.$get(), z.array(resumableUpload));
export const completeUpload = (id: string) => call(api.uploads[':id'].complete.$post(byId(id)), resumableUpload);
export const cancelUpload = (id: string) => call(api.uploads[':id'].$delete(byId(id)), z.object({ id: z.string() }));
/** Where part `n` of upload `id` is PUT. */
export const partUrl = (id: string, n: number) =>
  urls().uploads[':id'].parts[':partNumber'].$url({ param: { id: seg(id), partNumber: String(n) } });
