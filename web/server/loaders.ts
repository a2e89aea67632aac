// The server's half of the one way to load data: a query key of web/data/keys.ts answered by the query function
// the API's route for it calls, with the request's viewer (never the API over HTTP). The answer is what the route
// would send as its result (JSON), so the browser's cache holds the same thing whichever side fetched it.
import type { Context } from 'hono';
import { ORDERED_PAGE_SIZE, previewTokenParam, searchBody } from '../../schema/requests';
import type { AppEnv } from '../../worker/env';
import { BadRequest, NotFound } from '../../worker/lib/errors';
import { PREVIEW_NOT_FOUND, previewOfToken } from '../../worker/queries/previews';
import { resolveIdOrSlug, resolveSlug } from '../../worker/queries/slugs';
import { ARTICLE_NOT_FOUND, getArticle, listArticles } from '../../worker/queries/articles';
import { CATEGORY_NOT_FOUND, categoryRoute, getCategory, listCategories } from '../../worker/queries/categories';
import { categoryChildren } from '../../worker/queries/category-contents';
import { CHANNEL_NOT_FOUND, getChannelSummary, listChannelArticles, listChannels } from '../../worker/queries/channels';
import { mysoView } from '../../worker/queries/myso';
import { listNews } from '../../worker/queries/news';
import { findAuthor, listAuthorArticles } from '../../worker/queries/authors';
import { AUTHOR_PAGE_SIZE } from '../routes/author/index';
import { searchEverything } from '../../worker/queries/search';
import type { QueryKey } from '../data/keys';
import { ARTICLE_PAGE_SIZE } from '../routes/article-list/index';
import { NEWS_PAGE_SIZE } from '../routes/home/index';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A JSON copy: exactly what the route's answer carries (dates as strings, no undefined). */
const asJson = async (answer: Promise<unknown>) => JSON.parse(JSON.stringify(await answer)) as unknown;

/**
 * The loader of one query key, or undefined for a kind of query the server leaves to the browser (the editor's and
 * admin's lists: they are never part of a public page's first paint).
 */
export function serverLoader(c: Context<AppEnv>): (key: QueryKey) => Promise<unknown> | undefined {
  const db = c.get('db');
  const user = c.get('user');
  const kv = c.env.KV;
  const article = (idOrSlug: string) => resolveIdOrSlug(db, kv, idOrSlug, ARTICLE_NOT_FOUND);
  const channel = (idOrSlug: string) => resolveIdOrSlug(db, kv, idOrSlug, CHANNEL_NOT_FOUND);
  const category = (idOrSlug: string) => resolveIdOrSlug(db, kv, idOrSlug, CATEGORY_NOT_FOUND);

  return (key) => {
    const [kind, a, b] = key;
    const id = typeof a === 'string' ? a : '';
    switch (kind) {
      case 'article':
        return key.length === 2 ? asJson(article(id).then((found) => getArticle(db, user, found))) : undefined;
      case 'articles':
        return asJson(listArticles(db, user, { limit: ARTICLE_PAGE_SIZE }).then((page) => [page]));
      case 'channels':
        return asJson(listChannels(db, user));
      case 'channel':
        if (b === 'summary') return asJson(channel(id).then((found) => getChannelSummary(db, user, found)));
        if (b === 'articles')
          return asJson(
            channel(id)
              .then((found) => listChannelArticles(db, user, found, { limit: ORDERED_PAGE_SIZE }))
              .then((page) => [page]),
          );
        return undefined;
      case 'categories':
        return key.length === 1 ? asJson(listCategories(db)) : undefined;
      case 'category-id':
        // SPEC section 2: a slug nobody knows stays the id (web/api/slugs.ts resolveCategoryId).
        return UUID.test(id) ? Promise.resolve(id) : resolveSlug(db, kv, id).then((found) => found ?? id);
      case 'category':
        if (b === undefined) return asJson(category(id).then((found) => getCategory(db, found)));
        if (b === 'children') return asJson(category(id).then((found) => categoryChildren(db, user, found)));
        if (b === 'route') return asJson(category(id).then((found) => categoryRoute(db, found)));
        return undefined;
      case 'author':
        if (b === undefined) return findAuthor(db, id).then(({ username, displayName }) => ({ username, displayName }));
        if (b === 'articles')
          return asJson(
            findAuthor(db, id)
              .then((found) => listAuthorArticles(db, user, found.id, { limit: AUTHOR_PAGE_SIZE }))
              .then((page) => [page]),
          );
        return undefined;
      case 'news':
        return key.length === 1
          ? asJson(listNews(db, user, { limit: NEWS_PAGE_SIZE }).then((page) => [page]))
          : undefined;
      case 'myso':
        // The signed-in user's likes and requests (a like button's state on an article or channel page): GET
        // /myso/vm's answer, for that user only; such a page is never cached (web/server/render.tsx).
        return user && id === user.id ? asJson(mysoView(db, user)) : undefined;
      case 'preview':
        // A reviewer's link: a token of the wrong shape is no link either (a 404 page, not a validation error).
        return previewTokenParam.safeParse({ token: id }).success
          ? asJson(previewOfToken(db, id))
          : Promise.reject(new NotFound(PREVIEW_NOT_FOUND));
      case 'search': {
        const body = searchBody.safeParse({ searchText: id });
        if (!body.success) return Promise.reject(new BadRequest('Invalid search text'));
        return asJson(searchEverything(db, user, body.data.searchText));
      }
      default:
        return undefined;
    }
  };
}
