// /api/uploads: resumable uploads of big videos (R2 multipart through the worker). Editors only; each upload is
// its owner's alone (404 for anyone else). Protocol: docs/decisions/017-resumable-uploads.md.
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { idResult } from '#schema/entities';
import { resumableUpload, uploadedPart } from '#schema/workspace';
import { createUploadBody, idParam, uploadPartParam } from '#schema/requests';
import type { AppEnv } from '../env';
import { ok } from '../lib/envelope';
import { UnsupportedMediaType } from '../lib/errors';
import { currentUser, requireEditor } from '../middleware/guards';
import { cancelUpload, completeUpload, createUpload, getUpload, listUploads } from '../services/resumable-uploads';
import { receivePart } from '../services/resumable-parts';
import { describe } from '../lib/route-doc';
import { jsonBody, mediaType, params } from '../middleware/validate';

export const uploadsRoutes = new Hono<AppEnv>()
  /** The caller's unfinished and unattached uploads: what a reloaded page offers to resume. */
  .get(
    '/',
    describe({ summary: "The caller's unfinished and unattached resumable uploads", result: z.array(resumableUpload) }),
    requireEditor,
    async (c) => ok(c, await listUploads(c.get('db'), currentUser(c))),
  )

  /** A new upload (201), or the caller's unfinished one of the same file (200): resuming starts here. */
  .post(
    '/',
    describe({
      summary: 'Starts a resumable video upload, or answers the unfinished one of the same file (fingerprint)',
      result: resumableUpload,
      status: [201, 200],
      errors: [409, 413, 415],
    }),
    requireEditor,
    ...jsonBody(createUploadBody),
    async (c) => {
      const { upload, created } = await createUpload(c.env, c.get('db'), currentUser(c), c.req.valid('json'));
      return created ? ok(c, upload, 201) : ok(c, upload);
    },
  )

  .get(
    '/:id',
    describe({
      summary: "One of the caller's uploads with the parts received",
      result: resumableUpload,
      errors: [404],
      ownerOrAdmin: 'its uploader only (not ADMIN)',
    }),
    requireEditor,
    params(idParam),
    async (c) => ok(c, await getUpload(c.get('db'), currentUser(c), c.req.valid('param').id)),
  )

  /** Part n (from 1) as the raw body, application/octet-stream, exactly its length. */
  .put(
    '/:id/parts/:partNumber',
    describe({
      summary: 'Part n (from 1) as raw bytes (application/octet-stream), exactly its length; part 1 first, sniffed',
      description:
        "The body is the part itself, not JSON: Content-Type application/octet-stream and Content-Length equal to the part's length (partSize, the last part what is left). Part 1 must be the declared video type (415 cancels the upload); other parts need part 1 (409). Sending a part again replaces it.",
      result: uploadedPart,
      errors: [404, 409, 415],
      ownerOrAdmin: 'its uploader only (not ADMIN)',
    }),
    requireEditor,
    params(uploadPartParam),
    async (c) => {
      if (mediaType(c.req.header('Content-Type')) !== 'application/octet-stream') {
        throw new UnsupportedMediaType('Expected Content-Type application/octet-stream: a part is sent as raw bytes');
      }
      const { id, partNumber } = c.req.valid('param');
      return ok(c, await receivePart(c.env, c.get('db'), currentUser(c), id, partNumber, c.req.raw));
    },
  )

  .post(
    '/:id/complete',
    describe({
      summary: 'Joins the parts into the file; then the upload id can be attached (videoUploadId, coverMedia.uploadId)',
      result: resumableUpload,
      errors: [404, 409, 502],
      ownerOrAdmin: 'its uploader only (not ADMIN)',
    }),
    requireEditor,
    params(idParam),
    async (c) => {
      return ok(c, await completeUpload(c.env, c.get('db'), currentUser(c), c.req.valid('param').id));
    },
  )

  /** Cancels: aborts an unfinished upload, or deletes a complete one that was never attached. */
  .delete(
    '/:id',
    describe({
      summary: 'Cancels an upload: aborts it, or deletes the file of a complete one never attached',
      result: idResult,
      errors: [404],
      ownerOrAdmin: 'its uploader only (not ADMIN)',
    }),
    requireEditor,
    params(idParam),
    async (c) => {
      const { id } = c.req.valid('param');
      await cancelUpload(c.env, c.get('db'), currentUser(c), id);
      return ok(c, { id });
    },
  );
