// Load-for-write: the article, channel or news item a write route changes, loaded before the handler and refused as
// the queries refuse it (404 when the caller may not see it, 403 when they neither own it nor are ADMIN), then put
// on the context: `c.var.article`, `c.var.channel`, `c.var.news`. Registered last, just before the handler, so the
// guards and validators answer first, as they did when each handler loaded the item itself.
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { currentUser } from '../lib/access';
import { documented } from '../lib/route-doc';
import type { ArticleRow } from '../queries/article-mappers';
import { ARTICLE_NOT_FOUND, articleForWrite } from '../queries/articles';
import { CHANNEL_NOT_FOUND, channelForWrite, type ChannelRow } from '../queries/channels';
import { newsForWrite, type NewsRow } from '../queries/news';
import { resolveIdOrSlug } from '../queries/slugs';

/** The `{id}` of the route, as its params validator has already checked it. */
function pathId(c: { req: { param(name: 'id'): string | undefined } }): string {
  const id = c.req.param('id');
  if (id === undefined) throw new Error('A load-for-write route has no {id} in its path');
  return id;
}

/** The article of `/:id` (an id or a slug) that the caller may change, as `c.var.article`. */
export const loadArticleForWrite = documented(
  { errors: [403, 404] },
  createMiddleware<AppEnv & { Variables: { article: ArticleRow } }>(async (c, next) => {
    const id = await resolveIdOrSlug(c.var.db, c.env.KV, pathId(c), ARTICLE_NOT_FOUND);
    c.set('article', await articleForWrite(c.var.db, currentUser(c), id));
    await next();
  }),
);

/** The channel of `/:id` (an id or a slug) that the caller may change, as `c.var.channel`. */
export const loadChannelForWrite = documented(
  { errors: [403, 404] },
  createMiddleware<AppEnv & { Variables: { channel: ChannelRow } }>(async (c, next) => {
    const id = await resolveIdOrSlug(c.var.db, c.env.KV, pathId(c), CHANNEL_NOT_FOUND);
    c.set('channel', await channelForWrite(c.var.db, currentUser(c), id));
    await next();
  }),
);

/** The news item of `/:id` that the caller may change, as `c.var.news`. */
export const loadNewsForWrite = documented(
  { errors: [403, 404] },
  createMiddleware<AppEnv & { Variables: { news: NewsRow } }>(async (c, next) => {
    c.set('news', await newsForWrite(c.var.db, currentUser(c), pathId(c)));
    await next();
  }),
);
