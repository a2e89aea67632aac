// /api/myso: the signed-in user's personal area — liked channels and articles, and the screen's one-call view.
import { Hono } from 'hono';
import { contentIdBody, idParam } from '../../schema/requests';
import type { AppEnv } from '../env';
import { ok } from '../lib/envelope';
import { currentUser, requireUser } from '../lib/guards';
import { jsonBody, params } from '../lib/validate';
import {
  getLikedChannel, likeArticle, likeChannel, listLikedArticles, listLikedChannels, mysoView, unlikeArticle, unlikeChannel,
} from '../queries/myso';

export const mysoRoutes = new Hono<AppEnv>()
  .use('*', requireUser)

  // The fixed path is registered before `/user-channels/:id`, so it wins.
  .get('/user-channels/user-channels', async (c) => ok(c, await listLikedChannels(c.get('db'), currentUser(c))))

  .get('/user-channels/:id', params(idParam), async (c) => {
    return ok(c, await getLikedChannel(c.get('db'), currentUser(c), c.req.valid('param').id));
  })

  .post('/user-channels', ...jsonBody(contentIdBody), async (c) => {
    const { item, created } = await likeChannel(c.get('db'), currentUser(c), c.req.valid('json').contentId);
    return ok(c, item, created ? 201 : 200);
  })

  .delete('/user-channels', ...jsonBody(contentIdBody), async (c) => {
    return ok(c, await unlikeChannel(c.get('db'), currentUser(c), c.req.valid('json').contentId));
  })

  .get('/user-articles', async (c) => ok(c, await listLikedArticles(c.get('db'), currentUser(c))))

  .post('/user-articles', ...jsonBody(contentIdBody), async (c) => {
    const { item, created } = await likeArticle(c.get('db'), currentUser(c), c.req.valid('json').contentId);
    return ok(c, item, created ? 201 : 200);
  })

  .post('/user-articles/remove', ...jsonBody(contentIdBody), async (c) => {
    return ok(c, await unlikeArticle(c.get('db'), currentUser(c), c.req.valid('json').contentId));
  })

  .get('/vm', async (c) => ok(c, await mysoView(c.get('db'), currentUser(c))));
