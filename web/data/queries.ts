// The queries a route module names for its page (web/routes/*/route.ts `load`): a cache key with the client call
// that answers it, the same pair its view's hook uses, so the server loads a page's data the way the browser does
// (decision 048) and the seed holds each answer under the key the view asks for.
import { getArticle, listArticles } from '../api/articles';
import { getAuthor, listAuthorArticles } from '../api/authors';
import { getCategory, getCategoryChildren, getCategoryRoute, listCategories } from '../api/categories';
import { getChannelSummary, listChannelArticles, listChannels } from '../api/channels';
import { listNews } from '../api/news';
import { getPreview } from '../api/previews';
import { search } from '../api/search';
import { resolveCategoryId } from '../api/slugs';
import { keys, type QueryKey } from './keys';

/** A key and the call that answers it. */
export interface QueryDef<T> {
  key: QueryKey;
  fetch: () => Promise<T>;
}

const query = <T>(key: QueryKey, fetch: () => Promise<T>): QueryDef<T> => ({ key, fetch });
/** A paged list's first page, as usePagedQuery holds it (an array of pages). */
const firstPage = <T>(key: QueryKey, fetch: () => Promise<T>) => query(key, async () => [await fetch()]);

export const queries = {
  article: (idOrSlug: string) => query(keys.article(idOrSlug), () => getArticle(idOrSlug)),
  newestArticles: (limit: number) => firstPage(keys.newestArticles(), () => listArticles(undefined, limit)),
  channels: () => query(keys.channels(), listChannels),
  channelSummary: (idOrSlug: string) => query(keys.channelSummary(idOrSlug), () => getChannelSummary(idOrSlug)),
  channelArticles: (id: string) => firstPage(keys.channelArticles(id), () => listChannelArticles(id)),
  categories: () => query(keys.categories(), listCategories),
  categoryId: (idOrSlug: string) => query(keys.categoryId(idOrSlug), () => resolveCategoryId(idOrSlug)),
  category: (id: string) => query(keys.category(id), () => getCategory(id)),
  categoryChildren: (id: string) => query(keys.categoryChildren(id), () => getCategoryChildren(id)),
  categoryRoute: (id: string) => query(keys.categoryRoute(id), () => getCategoryRoute(id)),
  news: (limit: number) => firstPage(keys.news(), () => listNews(undefined, limit)),
  author: (username: string) => query(keys.author(username), () => getAuthor(username)),
  authorArticles: (username: string, limit: number) =>
    firstPage(keys.authorArticles(username), () => listAuthorArticles(username, undefined, limit)),
  search: (text: string, language?: string) => query(keys.search(text, language), () => search(text, language)),
  preview: (token: string) => query(keys.preview(token), () => getPreview(token)),
};
