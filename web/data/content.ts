// Queries of the content that pages and breadcrumbs both show: the article page and its crumb (or the channel
// page and its crumb) make one request together.
import { getArticle, getArticleSource } from '../api/articles';
import { getAuthor } from '../api/authors';
import { getCategory, getCategoryChildren, getCategoryRoute } from '../api/categories';
import { getChannel, getChannelSummary } from '../api/channels';
import { resolveCategoryId } from '../api/slugs';
import { useQuery, type Query, type QueryState } from './cache';
import { keys } from './keys';

/** A category's ancestors and the category itself, root first. */
export type CategoryTrail = { id: string; title: string }[];

// An undefined id waits (the query stays 'loading' without a request).

export const useArticle = (id: string | undefined, options: { source?: boolean | undefined } = {}) =>
  useQuery(id === undefined ? null : options.source ? keys.articleSource(id) : keys.article(id), () =>
    options.source ? getArticleSource(id!) : getArticle(id!),
  );

/** An article in its own language, never a translation laid over it: what the article form edits. */
export const useArticleSource = (id: string | undefined) => useArticle(id, { source: true });

/** An author by user name (the author page and its breadcrumb). */
export const useAuthor = (username: string | undefined) =>
  useQuery(username === undefined ? null : keys.author(username), () => getAuthor(username!));

/** The whole channel in its own language, with its articleOrdinals (which grow with the channel): for editing them. */
export const useChannel = (id: string | undefined) =>
  useQuery(id === undefined ? null : keys.channel(id), () => getChannel(id!));

/** The channel without its articleOrdinals: the channel page and its breadcrumb. */
export const useChannelSummary = (id: string | undefined) =>
  useQuery(id === undefined ? null : keys.channelSummary(id), () => getChannelSummary(id!));

/** A category route's id or slug as the category id (a slug nobody knows stays the id). */
export const useCategoryId = (idOrSlug: string | undefined): Query<string> =>
  useQuery(idOrSlug === undefined ? null : keys.categoryId(idOrSlug), () => resolveCategoryId(idOrSlug!));

export const useCategory = (id: string | undefined) =>
  useQuery(id === undefined ? null : keys.category(id), () => getCategory(id!));

export const useCategoryChildren = (id: string | undefined) =>
  useQuery(id === undefined ? null : keys.categoryChildren(id), () => getCategoryChildren(id!));

/**
 * Every ancestor of a category and the category itself, root first. The route call ends with the category;
 * should a server list only the ancestors, the category is looked up and added.
 */
export function useCategoryTrail(idOrSlug: string | undefined): QueryState<CategoryTrail> {
  const id = useCategoryId(idOrSlug).data;
  const route = useQuery(id === undefined ? null : keys.categoryRoute(id), () => getCategoryRoute(id!));
  const selfMissing = route.status === 'ok' && route.data.at(-1)?.id !== id;
  const self = useCategory(selfMissing ? id : undefined);
  if (route.status === 'error') return route;
  if (route.status === 'loading') return { status: 'loading', data: undefined, error: undefined };
  if (!selfMissing) return { status: 'ok', data: route.data, error: undefined };
  if (self.status !== 'ok') return self;
  return { status: 'ok', data: [...route.data, { id: self.data.id, title: self.data.title }], error: undefined };
}
