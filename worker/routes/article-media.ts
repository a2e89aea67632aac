// /api/articleMedia: small edits of one media entry by path value (title, video thumbnail time);
// `?ordinal=N` picks the entry (default 0). Owner or ADMIN.
import { Hono } from 'hono';
import { article } from '#schema/entities';
import { articleMediaMillisParam, articleMediaQuery, articleMediaTitleParam } from '#schema/requests';
import type { AppEnv } from '../env';
import { ok } from '../lib/envelope';
import { requireEditor } from '../middleware/guards';
import { describe } from '../lib/route-doc';
import { params, query } from '../middleware/validate';
import { updateMediaAt } from '../queries/article-media';
import { getArticle } from '../queries/articles';
import { loadArticleForWrite } from '../middleware/load-for-write';
import { auditScope } from '../services/audit';

export const articleMediaRoutes = new Hono<AppEnv>()
  /** Sets the title of the entry (image or video); an empty title is `PUT .../media/` and does not match, so titles are non-empty here. */
  .put(
    '/:id/media/:title',
    describe({
      summary: 'Sets the title of a media entry',
      result: article,
      errors: [404],
      ownerOrAdmin: "the article's owner",
    }),
    requireEditor,
    params(articleMediaTitleParam),
    query(articleMediaQuery),
    loadArticleForWrite,
    async (c) => {
      const db = c.get('db');
      const { title } = c.req.valid('param');
      const row = c.var.article;
      await updateMediaAt(db, row, c.req.valid('query').ordinal, { title }, undefined, auditScope(c));
      return ok(c, await getArticle(db, c.get('user'), row.id));
    },
  )

  /** Sets the thumbnail time of a video entry (409 for an image entry). */
  .put(
    '/:id/video/:millis',
    describe({
      summary: 'Sets the thumbnail time of a video entry (409 for an image)',
      result: article,
      errors: [404, 409],
      ownerOrAdmin: "the article's owner",
    }),
    requireEditor,
    params(articleMediaMillisParam),
    query(articleMediaQuery),
    loadArticleForWrite,
    async (c) => {
      const db = c.get('db');
      const { millis } = c.req.valid('param');
      const row = c.var.article;
      await updateMediaAt(db, row, c.req.valid('query').ordinal, { thumbnailMillis: millis }, 'video', auditScope(c));
      return ok(c, await getArticle(db, c.get('user'), row.id));
    },
  );
