// The cache keys of every query the SPA makes, in one place: arrays, most general part first, so a write
// can invalidate a whole family by prefix (['channel', id] covers the channel and ['channel', id, 'articles']).

export type KeyPart = string | number | boolean | null;
/** A query's identity in the cache: what it is (first part), then whose (ids), then which view of it. */
export type QueryKey = readonly [string, ...KeyPart[]];

export const keys = {
  /** GET /articles/{id}: the article page and its breadcrumb. */
  article: (id: string) => ['article', id] as const,
  /** GET /articles: the newest articles, paged. */
  newestArticles: () => ['articles'] as const,
  channels: () => ['channels'] as const,
  /** GET /channels/{id}: the channel page and its breadcrumb. */
  channel: (id: string) => ['channel', id] as const,
  channelArticles: (id: string) => ['channel', id, 'articles'] as const,
  categories: () => ['categories'] as const,
  /** A category route's id or slug resolved to the category id (GET /slugs/{slug}; uuids stay as they are). */
  categoryId: (idOrSlug: string) => ['category-id', idOrSlug] as const,
  category: (id: string) => ['category', id] as const,
  categoryChildren: (id: string) => ['category', id, 'children'] as const,
  categoryArticles: (id: string) => ['category', id, 'articles'] as const,
  /** GET /categories/{id}/route: the ancestors, for the breadcrumbs. */
  categoryRoute: (id: string) => ['category', id, 'route'] as const,
  news: () => ['news'] as const,
  search: (text: string) => ['search', text] as const,
  /** GET /myso/vm of the signed-in user: likes, access requests and granted access. */
  myso: (userId: string) => ['myso', userId] as const,
  users: () => ['users'] as const,
  user: (id: string) => ['user', id] as const,
} satisfies Record<string, (...args: string[]) => QueryKey>;

/**
 * Queries whose answer does not change while the page lives (a slug's id, a category's ancestors): never
 * refetched on focus, reconnect or a later mount, only when a write invalidates them.
 */
export function isImmutable(key: QueryKey): boolean {
  return key[0] === 'category-id' || (key[0] === 'category' && key[2] === 'route');
}

/** Whether `key` starts with `prefix` (element by element). */
export function hasPrefix(key: unknown, prefix: QueryKey): boolean {
  return Array.isArray(key) && prefix.length <= key.length && prefix.every((part, i) => key[i] === part);
}
