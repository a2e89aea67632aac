// The public URLs of the portal's content, built in one place with every id encoded once. A link to an article,
// a channel, a category or what a news item points at comes from here, never from a template string in a
// component; test/web/paths.test.ts checks each builder against the route patterns of web/app.tsx.
const seg = encodeURIComponent;

/** Where an article is shown from: on its own, inside its channel, or inside a category (and its channel). */
export interface ArticleContext {
  channelId?: string | null;
  categoryId?: string | null;
}

/** /category/{id}: a category by id or slug. */
export const categoryPath = (categoryId: string) => `/category/${seg(categoryId)}`;

/** /chan/{id}, or /category/{categoryId}/c/{id} when reached from a category. */
export const channelPath = (channelId: string, categoryId?: string | null) =>
  categoryId ? `${categoryPath(categoryId)}/c/${seg(channelId)}` : `/chan/${seg(channelId)}`;

/**
 * An article, inside the channel and category it was reached from: /article/{id}, /chan/{c}/a/{id},
 * /category/{k}/a/{id} or /category/{k}/c/{c}/a/{id}.
 */
export function articlePath(article: { id: string }, context: ArticleContext = {}): string {
  const { channelId, categoryId } = context;
  if (channelId) return `${channelPath(channelId, categoryId)}/a/${seg(article.id)}`;
  if (categoryId) return `${categoryPath(categoryId)}/a/${seg(article.id)}`;
  return `/article/${seg(article.id)}`;
}

/** An article in its own channel when it has one (what the workspace and the lists link to). */
export const articleHomePath = (article: { id: string; channelId: string | null }) =>
  articlePath(article, { channelId: article.channelId });

/** What a news item, a like, an access request or a publication points at. */
export const contentPath = (kind: 'article' | 'channel', id: string) =>
  kind === 'article' ? articlePath({ id }) : channelPath(id);

/** An article, channel or news item in the editor workspace: its edit form. */
export const workspaceItemPath = (kind: 'article' | 'channel' | 'news', id: string) =>
  `/myaccount/${kind === 'news' ? 'news' : `${kind}s`}/${seg(id)}`;
