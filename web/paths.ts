// The public URLs come from the one builder in schema/urls.ts (the server's canonicals, sitemaps, feeds and mails
// use it too); this adds what only the SPA links to. test/web/paths.test.ts checks each builder against the route
// patterns of web/app.tsx.
import { articlePath } from '#schema/urls';

export {
  articlePath,
  authorPath,
  categoryPath,
  channelPath,
  contentPath,
  workspaceItemPath,
  type ArticleContext,
  type UrlRef,
} from '#schema/urls';

/** An article in its own channel when it has one (what the workspace and the lists link to). */
export const articleHomePath = (article: { id: string; slug?: string; channelId: string | null }) =>
  articlePath(article, { channel: article.channelId });
