// /api/imageOptions: focal point and scale per stored file. Reads are public; writes need the right to the file.
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { imageOption } from '#schema/entities';
import { blobKeyParam, imageOptionBody, imageOptionsQuery, updateImageOptionBody } from '#schema/requests';
import type { AppEnv } from '../env';
import { edgeCache } from '../middleware/edge-cache';
import { ok } from '../lib/envelope';
import { BadRequest, NotFound } from '../lib/errors';
import { currentUser, requireUser } from '../middleware/guards';
import { describe } from '../lib/route-doc';
import { jsonBody, params, query } from '../middleware/validate';
import {
  assertMayEditImage,
  createImageOption,
  deleteImageOption,
  getImageOption,
  listImageOptions,
  updateImageOption,
} from '../queries/image-options';

// File keys hold a slash (`image/{uuid}.png`): the parameter takes the rest of the path, raw or %2F-encoded.
const KEY = '/:blobKey{.+}';
const fileNotFound = () => new NotFound('File not found');

export const imageOptionsRoutes = new Hono<AppEnv>()
  // Pages show many pictures at once: one look-up for all of them instead of one request (and one 404) per file.
  .get(
    '/',
    edgeCache(),
    describe({
      summary: 'The options of up to 100 files (comma-separated keys); files without options are left out',
      result: z.array(imageOption),
    }),
    query(imageOptionsQuery),
    async (c) => {
      return ok(c, await listImageOptions(c.get('db'), c.req.valid('query').keys));
    },
  )

  .get(
    KEY,
    edgeCache(),
    describe({ summary: 'The focal point and scale of one file', result: imageOption, errors: [404] }),
    params(blobKeyParam),
    async (c) => {
      return ok(c, await getImageOption(c.get('db'), c.req.valid('param').blobKey));
    },
  )

  .post(
    '/',
    describe({
      summary: 'Sets the options of a file that has none yet',
      result: imageOption,
      status: 201,
      errors: [409],
      ownerOrAdmin: 'the uploader of the file, the owner of what shows it,',
    }),
    requireUser,
    ...jsonBody(imageOptionBody),
    async (c) => {
      const body = c.req.valid('json');
      const db = c.get('db');
      await assertMayEditImage(db, currentUser(c), body.blobKey, () => new BadRequest('Unknown file'));
      return ok(c, await createImageOption(db, body), 201);
    },
  )

  .put(
    KEY,
    describe({
      summary: 'Changes the options of a file',
      result: imageOption,
      errors: [404],
      ownerOrAdmin: 'the uploader of the file, the owner of what shows it,',
    }),
    requireUser,
    params(blobKeyParam),
    ...jsonBody(updateImageOptionBody),
    async (c) => {
      const { blobKey } = c.req.valid('param');
      const db = c.get('db');
      await assertMayEditImage(db, currentUser(c), blobKey, fileNotFound);
      return ok(c, await updateImageOption(db, blobKey, c.req.valid('json')));
    },
  )

  .delete(
    KEY,
    describe({
      summary: 'Removes the options of a file (ADMIN also of a file that is gone)',
      result: z.null(),
      errors: [404],
      ownerOrAdmin: 'the uploader of the file, the owner of what shows it,',
    }),
    requireUser,
    params(blobKeyParam),
    async (c) => {
      const { blobKey } = c.req.valid('param');
      const db = c.get('db');
      await assertMayEditImage(db, currentUser(c), blobKey, fileNotFound, true);
      await deleteImageOption(db, blobKey);
      return ok(c, null);
    },
  );
