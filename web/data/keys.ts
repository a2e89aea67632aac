// The cache keys of every query the SPA makes, in one place: arrays, most general part first, so a write
// can invalidate a whole family by prefix (['channel', id] covers the channel and ['channel', id, 'articles']).

export type KeyPart = string | number | boolean | null;
/** A query's identity in the cache: what it is (first part), then whose (ids), then which view of it. */
export type QueryKey = readonly [string, ...KeyPart[]];

export const keys = {
  /** GET /config: the deployment's public settings (Turnstile's site key). */
  config: () => ['config'] as const,
  /** GET /articles/{id}: the article page and its breadcrumb. */
  article: (id: string) => ['article', id] as const,
  /** GET /articles/{id} in the article's own language: the article form (under the article, so its writes reach it). */
  articleSource: (id: string) => ['article', id, 'source'] as const,
  /** GET /articles: the newest articles, paged. */
  newestArticles: () => ['articles'] as const,
  channels: () => ['channels'] as const,
  /** GET /channels/{id}: the whole channel, with its articleOrdinals (a write to the channel invalidates the family). */
  channel: (id: string) => ['channel', id] as const,
  /** GET /channels/{id}/summary: the channel page and its breadcrumb. */
  channelSummary: (id: string) => ['channel', id, 'summary'] as const,
  channelArticles: (id: string) => ['channel', id, 'articles'] as const,
  categories: () => ['categories'] as const,
  /** GET /categories in the default language: the admin's category tree (under the list, so its writes reach it). */
  categorySources: () => ['categories', 'source'] as const,
  /** A category route's id or slug resolved to the category id (GET /slugs/{slug}; uuids stay as they are). */
  categoryId: (idOrSlug: string) => ['category-id', idOrSlug] as const,
  category: (id: string) => ['category', id] as const,
  categoryChildren: (id: string) => ['category', id, 'children'] as const,
  categoryArticles: (id: string) => ['category', id, 'articles'] as const,
  /** GET /categories/{id}/route: the ancestors, for the breadcrumbs. */
  categoryRoute: (id: string) => ['category', id, 'route'] as const,
  news: () => ['news'] as const,
  /** GET /authors/{username}: the author page and its breadcrumb. */
  author: (username: string) => ['author', username] as const,
  /** GET /authors/{username}/articles: their published articles, paged. */
  authorArticles: (username: string) => ['author', username, 'articles'] as const,
  search: (text: string, language = '') => ['search', text, language] as const,
  /** GET /previews/view/{token}: what a reviewer's preview link shows (its page is never cached). */
  preview: (token: string) => ['preview', token] as const,
  /** GET /myso/vm of the signed-in user: likes, access requests and granted access. */
  myso: (userId: string) => ['myso', userId] as const,
  users: () => ['users'] as const,
  /** GET /users?q&role&active: ADMIN's filtered, paged list ('' for no filter). */
  userList: (q: string, role: string, active: string) => ['users', q, role, active] as const,
  user: (id: string) => ['user', id] as const,
  /** GET /sessions: the signed-in user's own sessions (the account screen). */
  sessions: (userId: string) => ['sessions', userId] as const,
  /** GET /tokens and GET /tokens/all: one family, so a revocation in either list reaches the other. */
  apiTokens: (userId: string) => ['api-tokens', userId] as const,
  allApiTokens: () => ['api-tokens', 'all'] as const,
  // The admin workspace: one family, so a decision invalidates its lists and badge counts together.
  /** GET /admin/counts: the section badges. */
  adminCounts: () => ['admin', 'counts'] as const,
  /** GET /userContent/requests?status&contentType ('' for all). */
  accessRequests: (status: string, contentType: string) => ['admin', 'access-requests', status, contentType] as const,
  /** GET /userContent/access?contentType ('' for both). */
  grants: (contentType: string) => ['admin', 'grants', contentType] as const,
  /** GET /publications/requests?status&expiresWithinDays ('' for none). */
  publicationRequests: (status: string, expiresWithinDays: string) =>
    ['admin', 'publications', status, expiresWithinDays] as const,
  /** GET /admin/auditLog with its filters (as one query string). */
  auditLog: (filter: string) => ['admin', 'audit-log', filter] as const,
  /** GET /auditLog?entityId: an item's Activity, under the item so its writes reach it. */
  activity: (entityId: string) => ['activity', entityId] as const,
  /** GET /contact/messages?status ('' for all). */
  messages: (status: string) => ['admin', 'messages', status] as const,
  /** The editor workspace's lists (GET /workspace/...): one family, so every editor write invalidates them all. */
  workspaceArticles: (q: string, owner: string) => ['workspace', 'articles', q, owner] as const,
  workspaceChannels: (q: string, owner: string) => ['workspace', 'channels', q, owner] as const,
  workspaceNews: (q: string, owner: string) => ['workspace', 'news', q, owner] as const,
  /** One workspace row (an edit form's status and what the public entity does not carry). */
  workspaceArticle: (id: string) => ['workspace', 'row', 'article', id] as const,
  workspaceChannel: (id: string) => ['workspace', 'row', 'channel', id] as const,
  workspaceNewsItem: (id: string) => ['workspace', 'row', 'news', id] as const,
  /** Every article of a channel in its editorial order, drafts included: under the channel, so its writes reach it. */
  channelArrangement: (id: string) => ['channel', id, 'arrange'] as const,
  /** A user's channels (GET /channels/{userId}/channels), for the article form's channel choice. */
  userChannels: (userId: string) => ['user-channels', userId] as const,
  /** GET /publications/requests as an editor sees it: their own requests, paged. */
  workspacePublications: () => ['workspace', 'publications'] as const,
  /** The accounts that can own content, for ADMIN's owner filter (under the users family: account changes reach it). */
  owners: () => ['users', 'owners'] as const,
  /** GET /uploads: the editor's unfinished resumable uploads. */
  uploads: () => ['uploads'] as const,
  newsItem: (id: string) => ['news', id] as const,
} satisfies Record<string, (...args: string[]) => QueryKey>;

/**
 * When a cached answer is asked for again:
 * - 'shared': content others change (articles, lists, users): on every mount (shown at once, refreshed behind),
 *   when the window regains focus and when the network returns;
 * - 'own': what changes through this user's writes here, which invalidate it, or through someone else's decision
 *   (the mySO view: an admin allows a request): on focus and reconnect, not on every page that shows it;
 * - 'typed': a search text's hits: on a later mount only, never on focus;
 * - 'immutable': a slug's id, a category's ancestors: only when a write invalidates them.
 */
export type RefreshPolicy = 'shared' | 'own' | 'typed' | 'immutable';

export function refreshPolicy(key: QueryKey): RefreshPolicy {
  if (key[0] === 'category-id' || (key[0] === 'category' && key[2] === 'route')) return 'immutable';
  if (key[0] === 'myso') return 'own';
  if (key[0] === 'search') return 'typed';
  return 'shared';
}

/** Whether `key` starts with `prefix` (element by element). */
export function hasPrefix(key: unknown, prefix: QueryKey): boolean {
  return Array.isArray(key) && prefix.length <= key.length && prefix.every((part, i) => key[i] === part);
}
