// /api/articles: what the SPA reads of articles.
import { article } from '../../schema/entities';
import { request, seg } from './client';

/** One article by id or slug; locked restricted articles come without description and media. */
export const getArticle = (idOrSlug: string) => request('GET', `/articles/${seg(idOrSlug)}`, article);
