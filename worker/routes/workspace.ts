// /api/workspace: the lists of the editor workspace (/myaccount). Editors see their own content, ADMIN everyone's
// (`?owner=` narrows it); drafts, hidden, private and restricted content included. docs/decisions/016-editor-workspace.md.
import { Hono } from 'hono';
import { workspaceArticlePage, workspaceChannelPage, workspaceNewsPage } from '#schema/workspace';
import { idParam, orderedPageQuery, workspaceListQuery } from '#schema/requests';
import type { AppEnv } from '../env';
import { ok } from '../lib/envelope';
import { currentUser, requireEditor } from '../middleware/guards';
import { describe } from '../lib/route-doc';
import { params, query } from '../middleware/validate';
import {
  listChannelArticlesToArrange,
  listWorkspaceArticles,
  listWorkspaceChannels,
  listWorkspaceNews,
} from '../queries/workspace';

export const workspaceRoutes = new Hono<AppEnv>()
  .get(
    '/articles',
    describe({
      summary:
        "The caller's articles (ADMIN: everyone's, ?owner), drafts, hidden and restricted ones included, last changed first",
      result: workspaceArticlePage,
    }),
    requireEditor,
    query(workspaceListQuery),
    async (c) => {
      return ok(c, await listWorkspaceArticles(c.get('db'), currentUser(c), c.req.valid('query')));
    },
  )

  .get(
    '/channels',
    describe({
      summary:
        "The caller's channels (ADMIN: everyone's, ?owner), drafts, hidden and private ones included, last changed first",
      result: workspaceChannelPage,
    }),
    requireEditor,
    query(workspaceListQuery),
    async (c) => {
      return ok(c, await listWorkspaceChannels(c.get('db'), currentUser(c), c.req.valid('query')));
    },
  )

  /** Every article of one of the caller's channels, in its editorial order: what the channel form arranges. */
  .get(
    '/channels/:id/articles',
    describe({
      summary: "Every article of one of the caller's channels in its editorial order, drafts and hidden ones included",
      result: workspaceArticlePage,
      errors: [404],
      ownerOrAdmin: "the channel's owner",
    }),
    requireEditor,
    params(idParam),
    query(orderedPageQuery),
    async (c) => {
      return ok(
        c,
        await listChannelArticlesToArrange(c.get('db'), currentUser(c), c.req.valid('param').id, c.req.valid('query')),
      );
    },
  )

  .get(
    '/news',
    describe({
      summary: "The caller's news items (ADMIN: everyone's, ?owner), scheduled ones included, newest first",
      result: workspaceNewsPage,
    }),
    requireEditor,
    query(workspaceListQuery),
    async (c) => {
      return ok(c, await listWorkspaceNews(c.get('db'), currentUser(c), c.req.valid('query')));
    },
  );
