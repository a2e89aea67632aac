// /api/news: the news feed. Reads are public (filtered by what the caller may see); editors write their own.
import { assertVersion, ifMatchVersion } from '../queries/revisions';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { newsItem, newsPage } from '#schema/entities';
import { createNewsBody, idParam, pageQuery, updateNewsBody } from '#schema/requests';
import type { AppEnv } from '../env';
import { edgeCache } from '../middleware/edge-cache';
import { answerLanguage } from '../middleware/language';
import { ok } from '../lib/envelope';
import { currentUser, requireEditor } from '../middleware/guards';
import { describe } from '../lib/route-doc';
import { deleteFiles, upload, withUpload } from '../services/uploads';
import { params, query } from '../middleware/validate';
import { auditScope } from '../services/audit';
import { createNews, deleteNews, getNews, listNews, updateNews } from '../queries/news';
import { loadNewsForWrite } from '../middleware/load-for-write';

export const newsRoutes = new Hono<AppEnv>()
  .get(
    '/',
    edgeCache(),
    describe({ summary: 'The news feed, newest first, a page at a time', result: newsPage }),
    query(pageQuery),
    async (c) => {
      return ok(c, await listNews(c.get('db'), c.get('user'), c.req.valid('query'), Date.now(), answerLanguage(c)));
    },
  )

  .get(
    '/:id',
    edgeCache(),
    describe({ summary: 'One news item', result: newsItem, errors: [404] }),
    params(idParam),
    async (c) => {
      return ok(c, await getNews(c.get('db'), c.get('user'), c.req.valid('param').id, answerLanguage(c)));
    },
  )

  .post(
    '/',
    describe({
      summary: 'Publishes a news item about an article or channel, with its thumbnail',
      result: newsItem,
      status: 201,
    }),
    requireEditor,
    withUpload(createNewsBody),
    async (c) => {
      const up = upload(c, createNewsBody);
      const { thumbnailFileTag, ...body } = up.body;
      const thumbnail = up.optionalFile(thumbnailFileTag, 'image');
      return ok(
        c,
        await createNews(c.get('db'), currentUser(c), { ...body, thumbnailKey: thumbnail?.key ?? null }, auditScope(c)),
        201,
      );
    },
  )

  .put(
    '/:id',
    describe({ summary: 'Changes a news item', result: newsItem, errors: [404, 409], ownerOrAdmin: 'the author' }),
    requireEditor,
    params(idParam),
    withUpload(updateNewsBody),
    loadNewsForWrite,
    async (c) => {
      const user = currentUser(c);
      const db = c.get('db');
      const row = c.var.news;
      const up = upload(c, updateNewsBody);
      const { thumbnailFileTag, version, ...body } = up.body;
      assertVersion(row.version, version ?? ifMatchVersion(c.req.header('If-Match')));
      const thumbnailKey =
        thumbnailFileTag === undefined ? undefined : (up.optionalFile(thumbnailFileTag, 'image')?.key ?? null);
      const item = await updateNews(db, user, row, { ...body, thumbnailKey }, auditScope(c));
      if (thumbnailKey !== undefined && row.thumbnailKey !== thumbnailKey)
        await deleteFiles(c.env, db, [row.thumbnailKey]);
      return ok(c, item);
    },
  )

  .delete(
    '/:id',
    describe({ summary: 'Deletes a news item', result: z.null(), errors: [404], ownerOrAdmin: 'the author' }),
    requireEditor,
    params(idParam),
    loadNewsForWrite,
    async (c) => {
      const db = c.get('db');
      const row = c.var.news;
      await deleteNews(db, row, auditScope(c));
      await deleteFiles(c.env, db, [row.thumbnailKey]);
      return ok(c, null);
    },
  );
