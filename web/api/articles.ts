// /api/articles: what the SPA reads of articles.
import { article, articlePage } from '../../schema/entities';
import { query, request, seg } from './client';

/** One article by id or slug; locked restricted articles come without description and media. */
export const getArticle = (idOrSlug: string) => request('GET', `/articles/${seg(idOrSlug)}`, article);

/** The newest articles the caller may see, a page at a time. */
export const listArticles = (cursor?: string, limit?: number) => request('GET', `/articles${query({ cursor, limit })}`, articlePage);
