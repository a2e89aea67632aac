// /api/uploads: resumable uploads of big videos (R2 multipart through the worker). Editors only; each upload is
// its owner's alone (404 for anyone else). Protocol: docs/decisions/012-resumable-uploads.md.
import { Hono } from 'hono';
import { createUploadBody, idParam, uploadPartParam } from '../../schema/requests';
import type { AppEnv } from '../env';
import { ok } from '../lib/envelope';
import { UnsupportedMediaType } from '../lib/errors';
import { currentUser, requireEditor } from '../lib/guards';
import {
  cancelUpload, completeUpload, createUpload, getUpload, listUploads, receivePart,
} from '../lib/resumable-uploads';
import { jsonBody, mediaType, params } from '../lib/validate';

export const uploadsRoutes = new Hono<AppEnv>()
  /** The caller's unfinished and unattached uploads: what a reloaded page offers to resume. */
  .get('/', requireEditor, async (c) => ok(c, await listUploads(c.get('db'), currentUser(c))))

  /** A new upload (201), or the caller's unfinished one of the same file (200): resuming starts here. */
  .post('/', requireEditor, ...jsonBody(createUploadBody), async (c) => {
    const { upload, created } = await createUpload(c.env, c.get('db'), currentUser(c), c.req.valid('json'));
    return created ? ok(c, upload, 201) : ok(c, upload);
  })

  .get('/:id', requireEditor, params(idParam), async (c) => ok(c, await getUpload(c.get('db'), currentUser(c), c.req.valid('param').id)))

  /** Part n (from 1) as the raw body, application/octet-stream, exactly its length. */
  .put('/:id/parts/:partNumber', requireEditor, params(uploadPartParam), async (c) => {
    if (mediaType(c.req.header('Content-Type')) !== 'application/octet-stream') {
      throw new UnsupportedMediaType('Expected Content-Type application/octet-stream: a part is sent as raw bytes');
    }
    const { id, partNumber } = c.req.valid('param');
    return ok(c, await receivePart(c.env, c.get('db'), currentUser(c), id, partNumber, c.req.raw));
  })

  .post('/:id/complete', requireEditor, params(idParam), async (c) => {
    return ok(c, await completeUpload(c.env, c.get('db'), currentUser(c), c.req.valid('param').id));
  })

  /** Cancels: aborts an unfinished upload, or deletes a complete one that was never attached. */
  .delete('/:id', requireEditor, params(idParam), async (c) => {
    const { id } = c.req.valid('param');
    await cancelUpload(c.env, c.get('db'), currentUser(c), id);
    return ok(c, { id });
  });
