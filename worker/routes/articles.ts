// /api/articles: the article itself; its media (gallery images or videos) are articles-media.ts, mounted here.
import { Hono, type Context } from 'hono';
import * as z from 'zod/mini';
import { article, articlePage, idResult } from '#schema/entities';
import { createArticleBody, idOrSlugParam, ownershipParam, pageQuery, updateArticleBody } from '#schema/requests';
import type { AppEnv, Db, Env } from '../env';
import { edgeCache } from '../middleware/edge-cache';
import { answerLanguage } from '../middleware/language';
import { resolveIdOrSlugIn } from '../queries/translated-reads';
import type { Language } from '#schema/languages';
import type { Viewer } from '../lib/visibility';
import { ok } from '../lib/envelope';
import { Forbidden, NotFound } from '../lib/errors';
import { currentUser, requireEditor, requireUser } from '../middleware/guards';
import { describe } from '../lib/route-doc';
import { cacheSlug, forgetSlug } from '../queries/slugs';
import { deleteFiles, upload, withUpload } from '../services/uploads';
import { params, query } from '../middleware/validate';
import { loadArticleForWrite } from '../middleware/load-for-write';
import { articleAnswer, articlesMediaRoutes, videoEntry } from './articles-media';
import {
  ARTICLE_NOT_FOUND,
  assertCategoriesExist,
  assertChannelWritable,
  findVisibleArticle,
  getArticle,
  listArticles,
  ownsArticle,
} from '../queries/articles';
import {
  assertPlacedMedia,
  deleteArticle,
  insertArticle,
  textChanges,
  updateArticle,
  type ArticleChanges,
} from '../queries/article-writes';
import { assertVersion, ifMatchVersion } from '../queries/revisions';
import type { NewMediaEntry } from '../queries/article-media';
import { auditScope } from '../services/audit';
import { collabQuery, collabRouteDoc, openRoom, tellRoomOfDeletion, tellRoomOfSave } from '../collab/upgrade';
import { sameOrigin } from '../middleware/security';
import { logError } from '../middleware/request-log';

/** The article id of an `{id}` path part that may be a slug, in the request's language (a translation's slug too). */
const articleId = (c: { env: Env; var: { db: Db; language: Language | undefined; user: Viewer } }, idOrSlug: string) =>
  resolveIdOrSlugIn(c, idOrSlug, 'article', ARTICLE_NOT_FOUND);

export const articlesRoutes = new Hono<AppEnv>()
  .get(
    '/',
    edgeCache(),
    describe({ summary: 'The newest articles the caller may see, a page at a time', result: articlePage }),
    query(pageQuery),
    async (c) => {
      return ok(c, await listArticles(c.get('db'), c.get('user'), c.req.valid('query'), answerLanguage(c)));
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
      const language = answerLanguage(c);
      const article = await getArticle(c.get('db'), c.get('user'), id, language);
      return ok(c, article);
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
      return articleAnswer(c, id, 201);
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
    loadArticleForWrite,
    async (c) => {
      const db = c.get('db');
      const user = currentUser(c);
      const row = c.var.article;
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
      // A save from outside the article's room enters it as this author's change (decision 051); the save stands
      // even if the room cannot be told (its next opening reads D1 and sees the new version).
      if (changes.title !== undefined || changes.teaser !== undefined || changes.body !== undefined) {
        const room = { articleId: row.id, language: row.language };
        await tellRoomOfSave(c.env, room, saved, saved.version, { userId: user.id, name: user.name }).catch(
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
    loadArticleForWrite,
    async (c) => {
      const db = c.get('db');
      const row = c.var.article;
      const { slugs, fileKeys } = await deleteArticle(db, row, auditScope(c));
      await Promise.all(slugs.map((s) => forgetSlug(c.env.KV, s)));
      await deleteFiles(c.env, db, fileKeys);
      // Whoever writes in its room is told at once (4404); the deletion stands if the room cannot be reached.
      await tellRoomOfDeletion(c.env, row.id, row.language, true).catch((err: unknown) =>
        logError(c as unknown as Context<AppEnv>, 'The co-editing room was not told of a deletion', err),
      );
      return ok(c, { id: row.id });
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
  )

  .route('/', articlesMediaRoutes);
