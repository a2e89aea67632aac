// /api/authors: an author's public page.
import { articlePage, authorProfile } from '#schema/entities';
import { api, call, pageQuery, seg } from './client';

/** An author by user name: the display name (404 for an unknown, deactivated or deleted account). */
export const getAuthor = (username: string) =>
  call(api.authors[':username'].$get({ param: { username: seg(username) } }), authorProfile);

/** A page of the author's published articles, newest first. */
export const listAuthorArticles = (username: string, cursor?: string, limit?: number) =>
  call(
    api.authors[':username'].articles.$get({ param: { username: seg(username) }, query: pageQuery(cursor, limit) }),
    articlePage,
  );
