// /api/myso: the signed-in user's personal area — liked channels and articles, and the screen's one-call view.
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { mysoView as mysoViewResult, unlikeResult, userArticleItem, userChannelItem } from '#schema/entities';
import { contentIdBody, idParam } from '#schema/requests';
import type { AppEnv } from '../env';
import { ok } from '../lib/envelope';
import { currentUser, requireUser } from '../middleware/guards';
import { describe } from '../lib/route-doc';
import { jsonBody, params } from '../middleware/validate';
import {
  getLikedChannel,
  likeArticle,
  likeChannel,
  listLikedArticles,
  listLikedChannels,
  mysoView,
  unlikeArticle,
  unlikeChannel,
} from '../queries/myso';

export const mysoRoutes = new Hono<AppEnv>()
  .use('*', requireUser)

  // The fixed path is registered before `/user-channels/:id`, so it wins.
  .get(
    '/user-channels/user-channels',
    describe({ summary: 'The channels the caller likes', result: z.array(userChannelItem) }),
    async (c) => ok(c, await listLikedChannels(c.get('db'), currentUser(c))),
  )

  .get(
    '/user-channels/:id',
    describe({ summary: 'One liked channel, by the id of the like', result: userChannelItem, errors: [404] }),
    params(idParam),
    async (c) => {
      return ok(c, await getLikedChannel(c.get('db'), currentUser(c), c.req.valid('param').id));
    },
  )

  .post(
    '/user-channels',
    describe({
      summary: 'Likes a channel (201; 200 when already liked)',
      result: userChannelItem,
      status: [201, 200],
      errors: [404],
    }),
    ...jsonBody(contentIdBody),
    async (c) => {
      const { item, created } = await likeChannel(c.get('db'), currentUser(c), c.req.valid('json').contentId);
      return ok(c, item, created ? 201 : 200);
    },
  )

  .delete(
    '/user-channels',
    describe({ summary: 'Unlikes a channel', result: unlikeResult }),
    ...jsonBody(contentIdBody),
    async (c) => {
      return ok(c, await unlikeChannel(c.get('db'), currentUser(c), c.req.valid('json').contentId));
    },
  )

  .get(
    '/user-articles',
    describe({ summary: 'The articles the caller likes', result: z.array(userArticleItem) }),
    async (c) => ok(c, await listLikedArticles(c.get('db'), currentUser(c))),
  )

  .post(
    '/user-articles',
    describe({
      summary: 'Likes an article (201; 200 when already liked)',
      result: userArticleItem,
      status: [201, 200],
      errors: [404],
    }),
    ...jsonBody(contentIdBody),
    async (c) => {
      const { item, created } = await likeArticle(c.get('db'), currentUser(c), c.req.valid('json').contentId);
      return ok(c, item, created ? 201 : 200);
    },
  )

  .post(
    '/user-articles/remove',
    describe({ summary: 'Unlikes an article', result: unlikeResult }),
    ...jsonBody(contentIdBody),
    async (c) => {
      return ok(c, await unlikeArticle(c.get('db'), currentUser(c), c.req.valid('json').contentId));
    },
  )

  .get(
    '/vm',
    describe({ summary: 'The whole mySO view: likes, access requests and granted access', result: mysoViewResult }),
    async (c) => ok(c, await mysoView(c.get('db'), currentUser(c))),
  );
