// /api/authors: an author's public page, by user name (decision 041). Public like the articles it lists.
import { Hono } from 'hono';
import { articlePage, authorProfile } from '#schema/entities';
import { orderedPageQuery, usernameParam } from '#schema/requests';
import type { AppEnv } from '../env';
import { edgeCache } from '../middleware/edge-cache';
import { ok } from '../lib/envelope';
import { describe } from '../lib/route-doc';
import { params, query } from '../middleware/validate';
import { findAuthor, listAuthorArticles } from '../queries/authors';
import { answerLanguage } from '../middleware/language';

export const authorsRoutes = new Hono<AppEnv>()
  .get(
    '/:username',
    edgeCache(),
    describe({
      summary:
        'An author by user name: the display name only (never the e-mail); 404 for an unknown, deactivated or deleted account',
      result: authorProfile,
      errors: [404],
    }),
    params(usernameParam),
    async (c) => {
      const { username, displayName } = await findAuthor(c.get('db'), c.req.valid('param').username);
      return ok(c, { username, displayName });
    },
  )
  .get(
    '/:username/articles',
    edgeCache(),
    describe({
      summary: "An author's published articles the caller may see, newest first, a page at a time",
      result: articlePage,
      errors: [404],
    }),
    params(usernameParam),
    query(orderedPageQuery),
    async (c) => {
      const db = c.get('db');
      const author = await findAuthor(db, c.req.valid('param').username);
      return ok(c, await listAuthorArticles(db, c.get('user'), author.id, c.req.valid('query'), answerLanguage(c)));
    },
  );
