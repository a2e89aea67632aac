// /api/articles: the article itself and its media (gallery images or videos).
import { Hono, type Context } from 'hono';
import * as z from 'zod/mini';
import { article, articlePage, idResult } from '../../schema/entities';
import { articleWithAddedImages } from '../../schema/workspace';
import {
  addImagesBody,
  addVideoBody,
  createArticleBody,
  idOrSlugParam,
  ordinalParam,
  ownershipParam,
  pageQuery,
  setMediaKindBody,
  updateArticleBody,
  updateImageBody,
  updateVideoBody,
} from '../../schema/requests';
import type { AppEnv, Db, Env } from '../env';
import { edgeCache } from '../middleware/edge-cache';
import { ok } from '../lib/envelope';
import { Forbidden, NotFound } from '../lib/errors';
import { currentUser, requireEditor, requireUser } from '../middleware/guards';
import { describe } from '../lib/route-doc';
import { cacheSlug, forgetSlug, resolveIdOrSlug } from '../queries/slugs';
import { deleteFiles, upload, withUpload, type Upload } from '../services/uploads';
import { jsonBody, params, query } from '../middleware/validate';
import {
  ARTICLE_NOT_FOUND,
  articleForWrite,
  assertCategoriesExist,
  assertPlacedMedia,
  assertChannelWritable,
  deleteArticle,
  findVisibleArticle,
  getArticle,
  insertArticle,
  listArticles,
  ownsArticle,
  textChanges,
  updateArticle,
  type ArticleChanges,
} from '../queries/articles';
import { assertVersion, ifMatchVersion } from '../queries/revisions';
import { addMedia, removeMediaAt, setMediaKind, updateMediaAt, type NewMediaEntry } from '../queries/article-media';
import { auditScope } from '../services/audit';
import { collabQuery, collabRouteDoc, openRoom, tellRoomOfSave } from '../collab/upgrade';
import { sameOrigin } from '../middleware/security';
import { logError } from '../middleware/request-log';

/** The article id of an `{id}` path part that may be a slug. */
const articleId = (c: { env: Env; var: { db: Db } }, idOrSlug: string) =>
  resolveIdOrSlug(c.var.db, c.env.KV, idOrSlug, ARTICLE_NOT_FOUND);

/** The Article as its (just written) owner or ADMIN sees it. */
async function answer<E extends AppEnv>(c: Context<E>, id: string, code: 200 | 201 = 200) {
  return ok(c, await getArticle(c.var.db, c.var.user, id), code);
}

type VideoInput = z.infer<typeof addVideoBody>;
/** A video from a `blob:{tag}` part or from a complete resumable upload (the schema demands one of them). */
const videoKey = async (
  up: Upload<unknown>,
  v: { videoFileTag?: string | undefined; videoUploadId?: string | undefined },
) => (v.videoUploadId ? (await up.uploaded(v.videoUploadId)).key : up.optionalFile(v.videoFileTag, 'video')?.key);

const videoEntry = async (up: Upload<unknown>, v: VideoInput): Promise<NewMediaEntry> => ({
  kind: 'video',
  title: v.title,
  key: (await videoKey(up, v))!,
  thumbnailMillis: v.thumbnailMillis,
  thumbnailKey: up.optionalFile(v.thumbnailFileTag, 'image')?.key ?? null,
});

// ---- media ----

export const articlesRoutes = new Hono<AppEnv>()
  .get(
    '/',
    edgeCache(),
    describe({ summary: 'The newest articles the caller may see, a page at a time', result: articlePage }),
    query(pageQuery),
    async (c) => {
      return ok(c, await listArticles(c.get('db'), c.get('user'), c.req.valid('query')));
    },
  )

  .get(
    '/:id',
    edgeCache(),
    describe({
      summary: 'One article; without access to a restricted one it comes locked (no description, no media)',
      result: article,
      errors: [404],
    }),
    params(idOrSlugParam),
    async (c) => {
      const id = await articleId(c, c.req.valid('param').id);
      return ok(c, await getArticle(c.get('db'), c.get('user'), id));
    },
  )

  .post(
    '/',
    describe({
      summary: 'Creates an article with its thumbnail and media files',
      result: article,
      status: 201,
      errors: [404],
      ownerOrAdmin: 'the owner of the channel it goes into',
    }),
    requireEditor,
    withUpload(createArticleBody),
    async (c) => {
      const db = c.get('db');
      const user = currentUser(c);
      const up = upload(c, createArticleBody);
      const body = up.body;
      if (body.channelId) await assertChannelWritable(db, user, body.channelId);
      await assertCategoriesExist(db, body.categoryIds);
      const entries: NewMediaEntry[] = [];
      if (body.media?.kind === 'gallery') {
        for (const i of body.media.images)
          entries.push({ kind: 'image', title: i.title, key: up.file(i.imageFileTag, 'image').key });
      } else if (body.media?.kind === 'video') {
        for (const v of body.media.videos) entries.push(await videoEntry(up, v));
      }
      const media = body.media ? { kind: body.media.kind, entries } : null;
      if (body.body) await assertPlacedMedia(db, null, body.body);
      const text = textChanges(body);
      const { id, slug } = await insertArticle(
        db,
        user.id,
        {
          title: body.title,
          description: text.description ?? '',
          body: text.body ?? null,
          teaser: body.teaser,
          type: body.type,
          channelId: body.channelId,
          categoryIds: body.categoryIds,
          thumbnailKey: up.optionalFile(body.thumbnailFileTag, 'image')?.key ?? null,
          publishedAtCategory: body.publishedAtCategory,
          hidden: body.hidden,
          restricted: body.restricted,
          isAd: body.isAd,
          isEditorial: body.isEditorial,
          media,
        },
        auditScope(c),
      );
      await cacheSlug(c.env.KV, slug, id);
      return answer(c, id, 201);
    },
  )

  .put(
    '/:id',
    describe({
      summary: "Changes an article; publishing and unpublishing are ADMIN's; a stale version is 409",
      result: article,
      errors: [404, 409],
      ownerOrAdmin: "the article's owner",
    }),
    requireEditor,
    params(idOrSlugParam),
    withUpload(updateArticleBody),
    async (c) => {
      const db = c.get('db');
      const user = currentUser(c);
      const row = await articleForWrite(db, user, await articleId(c, c.req.valid('param').id));
      const up = upload(c, updateArticleBody);
      const { thumbnailFileTag, version, description, body: document, ...body } = up.body;
      assertVersion(row.version, version ?? ifMatchVersion(c.req.header('If-Match')));
      if (document) await assertPlacedMedia(db, row.id, document);
      if (body.published !== undefined && body.published !== row.published && user.role !== 'ADMIN') {
        throw new Forbidden('Only an admin may publish or unpublish; ask through a publication request');
      }
      if (body.channelId && body.channelId !== row.channelId) await assertChannelWritable(db, user, body.channelId);
      if (body.categoryIds) await assertCategoriesExist(db, body.categoryIds);
      const changes: ArticleChanges = { ...body, ...textChanges({ description, body: document }) };
      if (thumbnailFileTag !== undefined)
        changes.thumbnailKey = thumbnailFileTag === null ? null : up.file(thumbnailFileTag, 'image').key;
      const unused = await updateArticle(db, row, changes, user.id, auditScope(c));
      await deleteFiles(c.env, db, unused);
      const saved = await getArticle(db, user, row.id);
      // A save from outside the article's room enters it as this author's change (decision 050); the save stands
      // even if the room cannot be told (its next opening reads D1 and sees the new version).
      if (changes.title !== undefined || changes.teaser !== undefined || changes.body !== undefined) {
        await tellRoomOfSave(c.env, row.id, saved, saved.version, { userId: user.id, name: user.name }).catch(
          (err: unknown) =>
            logError(c as unknown as Context<AppEnv>, 'The co-editing room was not told of a save', err),
        );
      }
      return ok(c, saved);
    },
  )

  .get('/:id/collab', collabRouteDoc, sameOrigin, requireEditor, params(idOrSlugParam), query(collabQuery), (c) =>
    openRoom(c, c.req.valid('param').id, c.req.valid('query').lang),
  )

  .delete(
    '/:id',
    describe({
      summary: 'Deletes an article with its files',
      result: idResult,
      errors: [404],
      ownerOrAdmin: "the article's owner",
    }),
    requireEditor,
    params(idOrSlugParam),
    async (c) => {
      const db = c.get('db');
      const row = await articleForWrite(db, currentUser(c), await articleId(c, c.req.valid('param').id));
      const { slugs, fileKeys } = await deleteArticle(db, row, auditScope(c));
      await Promise.all(slugs.map((s) => forgetSlug(c.env.KV, s)));
      await deleteFiles(c.env, db, fileKeys);
      return ok(c, { id: row.id });
    },
  )

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
    async (c) => {
      const db = c.get('db');
      const row = await articleForWrite(db, currentUser(c), await articleId(c, c.req.valid('param').id));
      await deleteFiles(c.env, db, await setMediaKind(db, row, c.req.valid('json').kind, auditScope(c)));
      return answer(c, row.id);
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
    async (c) => {
      const db = c.get('db');
      const row = await articleForWrite(db, currentUser(c), await articleId(c, c.req.valid('param').id));
      await deleteFiles(c.env, db, await setMediaKind(db, row, null, auditScope(c)));
      return answer(c, row.id);
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
    async (c) => {
      const db = c.get('db');
      const row = await articleForWrite(db, currentUser(c), await articleId(c, c.req.valid('param').id));
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
    async (c) => {
      const db = c.get('db');
      const { id, ordinal } = c.req.valid('param');
      const row = await articleForWrite(db, currentUser(c), await articleId(c, id));
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
      return answer(c, row.id);
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
    async (c) => {
      const db = c.get('db');
      const { id, ordinal } = c.req.valid('param');
      const row = await articleForWrite(db, currentUser(c), await articleId(c, id));
      await deleteFiles(c.env, db, await removeMediaAt(db, row, ordinal, auditScope(c)));
      return answer(c, row.id);
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
    async (c) => {
      const db = c.get('db');
      const row = await articleForWrite(db, currentUser(c), await articleId(c, c.req.valid('param').id));
      const up = upload(c, addVideoBody);
      await addMedia(db, row, [await videoEntry(up, up.body)], up.body.ordinal, auditScope(c));
      return answer(c, row.id, 201);
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
    async (c) => {
      const db = c.get('db');
      const { id, ordinal } = c.req.valid('param');
      const row = await articleForWrite(db, currentUser(c), await articleId(c, id));
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
      return answer(c, row.id);
    },
  )

  /**
   * Whether the user owns the article. Signed-in users may ask about themselves, ADMIN about anyone
   * (who owns what is not public beyond the article's own userId). The article must be visible to the caller.
   */
  .get(
    '/:id/media/:userId/ownership',
    describe({
      summary: 'Whether the user owns the article',
      result: z.boolean(),
      errors: [404],
      ownerOrAdmin: 'the user asked about',
    }),
    requireUser,
    params(ownershipParam),
    async (c) => {
      const db = c.get('db');
      const user = currentUser(c);
      const { id, userId } = c.req.valid('param');
      if (user.role !== 'ADMIN' && user.id !== userId) throw new Forbidden('You may ask only about yourself');
      const row = await findVisibleArticle(db, user, await articleId(c, id));
      if (!row) throw new NotFound(ARTICLE_NOT_FOUND);
      return ok(c, ownsArticle(row, userId));
    },
  );
