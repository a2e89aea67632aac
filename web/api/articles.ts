// /api/articles: what the SPA reads of articles.
import { article, articlePage } from '#schema/entities';
import { api, call, inSource, pageQuery, seg } from './client';

/** One article by id or slug, in the page's language; locked restricted articles come without description and media. */
export const getArticle = (idOrSlug: string) =>
  call(api.articles[':id'].$get({ param: { id: seg(idOrSlug) } }), article);

/** One article in its own language, with no translation laid over it: what the article form edits. */
export const getArticleSource = (id: string) =>
  inSource((options) => call(api.articles[':id'].$get({ param: { id: seg(id) } }, options), article));

/** The newest articles the caller may see, a page at a time. */
export const listArticles = (cursor?: string, limit?: number) =>
  call(api.articles.$get({ query: pageQuery(cursor, limit) }), articlePage);
