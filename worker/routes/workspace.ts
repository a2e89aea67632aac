// /api/workspace: the lists of the editor workspace (/myaccount). Editors see their own content, ADMIN everyone's
// (`?owner=` narrows it); drafts, hidden, private and restricted content included. docs/decisions/016-editor-workspace.md.
import { Hono } from 'hono';
import { workspaceArticlePage, workspaceChannelPage, workspaceNewsPage } from '#schema/workspace';
import { idParam, orderedPageQuery, workspaceListQuery, type WorkspaceListQuery } from '#schema/requests';
import { findLanguage, languagesOf } from '#schema/languages';
import type { AppEnv } from '../env';
import { ok } from '../lib/envelope';
import { InvalidInput, issue } from '../lib/errors';
import { currentUser, requireEditor } from '../middleware/guards';
import { describe } from '../lib/route-doc';
import { params, query } from '../middleware/validate';
import {
  listChannelArticlesToArrange,
  listWorkspaceArticles,
  listWorkspaceChannels,
  listWorkspaceNews,
} from '../queries/workspace';

/**
 * The list's filter with `missing` and `outdated` as configured full tags (`de` and `DE-de` name de-DE); a language
 * that is not configured is 400 on its field.
 */
function listFilter(env: Env, filter: WorkspaceListQuery) {
  const languages = languagesOf(env.LANGUAGES);
  const tag = (field: 'missing' | 'outdated') => {
    const value = filter[field];
    if (value === undefined) return undefined;
    const language = findLanguage(languages, value);
    if (!language) throw new InvalidInput([issue(field, 'invalid_value', 'Not a configured language')]);
    return language.tag;
  };
  return { ...filter, missing: tag('missing'), outdated: tag('outdated') };
}

export const workspaceRoutes = new Hono<AppEnv>()
  .get(
    '/articles',
    describe({
      summary:
        "The caller's articles (ADMIN: everyone's, ?owner), drafts, hidden and restricted ones included, last changed first; ?missing / ?outdated: a language",
      result: workspaceArticlePage,
    }),
    requireEditor,
    query(workspaceListQuery),
    async (c) => {
      return ok(c, await listWorkspaceArticles(c.get('db'), currentUser(c), listFilter(c.env, c.req.valid('query'))));
    },
  )

  .get(
    '/channels',
    describe({
      summary:
        "The caller's channels (ADMIN: everyone's, ?owner), drafts, hidden and private ones included, last changed first; ?missing / ?outdated: a language",
      result: workspaceChannelPage,
    }),
    requireEditor,
    query(workspaceListQuery),
    async (c) => {
      return ok(c, await listWorkspaceChannels(c.get('db'), currentUser(c), listFilter(c.env, c.req.valid('query'))));
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
      summary:
        "The caller's news items (ADMIN: everyone's, ?owner), scheduled ones included, newest first; ?missing / ?outdated: a language",
      result: workspaceNewsPage,
    }),
    requireEditor,
    query(workspaceListQuery),
    async (c) => {
      return ok(c, await listWorkspaceNews(c.get('db'), currentUser(c), listFilter(c.env, c.req.valid('query'))));
    },
  );
