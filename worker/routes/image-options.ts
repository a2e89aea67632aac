// /api/imageOptions: focal point and scale per stored file. Reads are public; writes need the right to the file.
import { Hono } from 'hono';
import { blobKeyParam, imageOptionBody, imageOptionsQuery, updateImageOptionBody } from '../../schema/requests';
import type { AppEnv } from '../env';
import { ok } from '../lib/envelope';
import { BadRequest, NotFound } from '../lib/errors';
import { currentUser, requireUser } from '../lib/guards';
import { jsonBody, params, query } from '../lib/validate';
import {
  assertMayEditImage, createImageOption, deleteImageOption, getImageOption, listImageOptions, updateImageOption,
} from '../queries/image-options';

// File keys hold a slash (`image/{uuid}.png`): the parameter takes the rest of the path, raw or %2F-encoded.
const KEY = '/:blobKey{.+}';
const fileNotFound = () => new NotFound('File not found');

export const imageOptionsRoutes = new Hono<AppEnv>()
  // Pages show many pictures at once: one look-up for all of them instead of one request (and one 404) per file.
  .get('/', query(imageOptionsQuery), async (c) => {
    return ok(c, await listImageOptions(c.get('db'), c.req.valid('query').keys));
  })

  .get(KEY, params(blobKeyParam), async (c) => {
    return ok(c, await getImageOption(c.get('db'), c.req.valid('param').blobKey));
  })

  .post('/', requireUser, ...jsonBody(imageOptionBody), async (c) => {
    const body = c.req.valid('json');
    const db = c.get('db');
    await assertMayEditImage(db, currentUser(c), body.blobKey, () => new BadRequest('Unknown file'));
    return ok(c, await createImageOption(db, body), 201);
  })

  .put(KEY, requireUser, params(blobKeyParam), ...jsonBody(updateImageOptionBody), async (c) => {
    const { blobKey } = c.req.valid('param');
    const db = c.get('db');
    await assertMayEditImage(db, currentUser(c), blobKey, fileNotFound);
    return ok(c, await updateImageOption(db, blobKey, c.req.valid('json')));
  })

  .delete(KEY, requireUser, params(blobKeyParam), async (c) => {
    const { blobKey } = c.req.valid('param');
    const db = c.get('db');
    await assertMayEditImage(db, currentUser(c), blobKey, fileNotFound, true);
    await deleteImageOption(db, blobKey);
    return ok(c, null);
  });
