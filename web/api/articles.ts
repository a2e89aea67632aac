// /api/articles: what the SPA reads of articles.
import { article, articlePage } from '#schema/entities';
import { api, call, pageQuery, seg } from './client';

/** One article by id or slug; locked restricted articles come without description and media. */
export const getArticle = (idOrSlug: string) =>
  call(api.articles[':id'].$get({ param: { id: seg(idOrSlug) } }), article);

/** The newest articles the caller may see, a page at a time. */
export const listArticles = (cursor?: string, limit?: number) =>
  call(api.articles.$get({ query: pageQuery(cursor, limit) }), articlePage);
