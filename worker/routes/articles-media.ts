// /api/articles/:id/media/...: an article's media, gallery images or videos (the article itself is articles.ts,
// which mounts these routes). Owner or ADMIN, the article loaded by loadArticleForWrite.
import { Hono, type Context } from 'hono';
import * as z from 'zod/mini';
import { article } from '#schema/entities';
import { articleWithAddedImages } from '#schema/workspace';
import {
  addImagesBody,
  addVideoBody,
  idOrSlugParam,
  ordinalParam,
  setMediaKindBody,
  updateImageBody,
  updateVideoBody,
} from '#schema/requests';
import type { AppEnv } from '../env';
import { ok } from '../lib/envelope';
import { describe } from '../lib/route-doc';
import { requireEditor } from '../middleware/guards';
import { loadArticleForWrite } from '../middleware/load-for-write';
import { jsonBody, params } from '../middleware/validate';
import { addMedia, removeMediaAt, setMediaKind, updateMediaAt, type NewMediaEntry } from '../queries/article-media';
import { getArticle } from '../queries/articles';
import { auditScope } from '../services/audit';
import { deleteFiles, upload, withUpload, type Upload } from '../services/uploads';

/** The Article as its (just written) owner or ADMIN sees it. */
export async function articleAnswer<E extends AppEnv>(c: Context<E>, id: string, code: 200 | 201 = 200) {
  return ok(c, await getArticle(c.var.db, c.var.user, id), code);
}

type VideoInput = z.infer<typeof addVideoBody>;
/** A video from a `blob:{tag}` part or from a complete resumable upload (the schema demands one of them). */
const videoKey = async (
  up: Upload<unknown>,
  v: { videoFileTag?: string | undefined; videoUploadId?: string | undefined },
) => (v.videoUploadId ? (await up.uploaded(v.videoUploadId)).key : up.optionalFile(v.videoFileTag, 'video')?.key);

export const videoEntry = async (up: Upload<unknown>, v: VideoInput): Promise<NewMediaEntry> => ({
  kind: 'video',
  title: v.title,
  key: (await videoKey(up, v))!,
  thumbnailMillis: v.thumbnailMillis,
  thumbnailKey: up.optionalFile(v.thumbnailFileTag, 'image')?.key ?? null,
});

export const articlesMediaRoutes = new Hono<AppEnv>()
  /** Sets the media kind; changing it removes the entries of the old kind and their files. */
  .put(
    '/:id/media',
    describe({
      summary: 'Sets the media kind; a change removes the entries of the old kind',
      result: article,
      errors: [404],
      ownerOrAdmin: "the article's owner",
    }),
    requireEditor,
    params(idOrSlugParam),
    ...jsonBody(setMediaKindBody),
    loadArticleForWrite,
    async (c) => {
      const db = c.get('db');
      const row = c.var.article;
      await deleteFiles(c.env, db, await setMediaKind(db, row, c.req.valid('json').kind, auditScope(c)));
      return articleAnswer(c, row.id);
    },
  )

  .delete(
    '/:id/media',
    describe({
      summary: 'Removes the media and its files',
      result: article,
      errors: [404],
      ownerOrAdmin: "the article's owner",
    }),
    requireEditor,
    params(idOrSlugParam),
    loadArticleForWrite,
    async (c) => {
      const db = c.get('db');
      const row = c.var.article;
      await deleteFiles(c.env, db, await setMediaKind(db, row, null, auditScope(c)));
      return articleAnswer(c, row.id);
    },
  )

  .post(
    '/:id/media/images',
    describe({
      summary: 'Adds gallery images at the end of the gallery',
      description:
        "Answers the article with `added`: the images this call created, in the order of the request's `images`, " +
        'each with its media id and the `imageFileTag` it was made from. A client finds its new pictures there (to ' +
        'place one in the text by its id), never by title: titles may repeat, and another call may add pictures ' +
        'at the same moment.',
      result: articleWithAddedImages,
      status: 201,
      errors: [404, 409],
      ownerOrAdmin: "the article's owner",
    }),
    requireEditor,
    params(idOrSlugParam),
    withUpload(addImagesBody),
    loadArticleForWrite,
    async (c) => {
      const db = c.get('db');
      const row = c.var.article;
      const up = upload(c, addImagesBody);
      const entries = up.body.images.map((i): NewMediaEntry => ({
        kind: 'image',
        title: i.title,
        key: up.file(i.imageFileTag, 'image').key,
      }));
      const ids = await addMedia(db, row, entries, undefined, auditScope(c));
      // Which new entry is which: by the request's order, never by title (titles and files may repeat).
      const added = ids.map((id, i) => ({ id, imageFileTag: up.body.images[i]!.imageFileTag }));
      return ok(c, { ...(await getArticle(db, c.get('user'), row.id)), added }, 201);
    },
  )

  /** Retitles the image, replaces its file, and/or moves it to body `ordinal` (400 beyond the last entry). */
  .put(
    '/:id/media/images/:ordinal',
    describe({
      summary: 'Changes the title or file of a gallery image, or moves it (body ordinal)',
      result: article,
      errors: [404, 409],
      ownerOrAdmin: "the article's owner",
    }),
    requireEditor,
    params(ordinalParam),
    withUpload(updateImageBody),
    loadArticleForWrite,
    async (c) => {
      const db = c.get('db');
      const { ordinal } = c.req.valid('param');
      const row = c.var.article;
      const up = upload(c, updateImageBody);
      const unused = await updateMediaAt(
        db,
        row,
        ordinal,
        {
          title: up.body.title,
          key: up.optionalFile(up.body.imageFileTag, 'image')?.key,
          ordinal: up.body.ordinal,
        },
        'image',
        auditScope(c),
      );
      await deleteFiles(c.env, db, unused);
      return articleAnswer(c, row.id);
    },
  )

  .delete(
    '/:id/media/:ordinal',
    describe({
      summary: 'Removes one media entry',
      result: article,
      errors: [404],
      ownerOrAdmin: "the article's owner",
    }),
    requireEditor,
    params(ordinalParam),
    loadArticleForWrite,
    async (c) => {
      const db = c.get('db');
      const { ordinal } = c.req.valid('param');
      const row = c.var.article;
      await deleteFiles(c.env, db, await removeMediaAt(db, row, ordinal, auditScope(c)));
      return articleAnswer(c, row.id);
    },
  )

  .post(
    '/:id/media/video',
    describe({
      summary: 'Adds a video (at `ordinal`, else at the end)',
      result: article,
      status: 201,
      errors: [404, 409],
      ownerOrAdmin: "the article's owner",
    }),
    requireEditor,
    params(idOrSlugParam),
    withUpload(addVideoBody),
    loadArticleForWrite,
    async (c) => {
      const db = c.get('db');
      const row = c.var.article;
      const up = upload(c, addVideoBody);
      await addMedia(db, row, [await videoEntry(up, up.body)], up.body.ordinal, auditScope(c));
      return articleAnswer(c, row.id, 201);
    },
  )

  /** Changes the video's title, thumbnail time and files, and/or moves it to body `ordinal`, as for images. */
  .put(
    '/:id/media/video/:ordinal',
    describe({
      summary: 'Changes a video: title, thumbnail time, files, or its place (body ordinal)',
      result: article,
      errors: [404, 409],
      ownerOrAdmin: "the article's owner",
    }),
    requireEditor,
    params(ordinalParam),
    withUpload(updateVideoBody),
    loadArticleForWrite,
    async (c) => {
      const db = c.get('db');
      const { ordinal } = c.req.valid('param');
      const row = c.var.article;
      const up = upload(c, updateVideoBody);
      const unused = await updateMediaAt(
        db,
        row,
        ordinal,
        {
          title: up.body.title,
          thumbnailMillis: up.body.thumbnailMillis,
          key: await videoKey(up, up.body),
          thumbnailKey: up.optionalFile(up.body.thumbnailFileTag, 'image')?.key,
          ordinal: up.body.ordinal,
        },
        'video',
        auditScope(c),
      );
      await deleteFiles(c.env, db, unused);
      return articleAnswer(c, row.id);
    },
  );
