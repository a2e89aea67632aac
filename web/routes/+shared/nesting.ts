// The nested routes' rule (an article under a channel or category, a channel under a category): an address whose
// parts do not belong together is sent to the canonical address of what was asked for.
import { articlePath, channelPath } from '#schema/urls';
import type { PageData } from './route-kit';

/** The canonical address of a misplaced nested page, else null. */
export async function misplaced({ params, get, queries }: PageData): Promise<string | null> {
  const { articleId, channelId, categoryId } = params;
  const category = categoryId === undefined ? undefined : await get(queries.categoryId(categoryId));
  const channel = channelId === undefined ? undefined : await get(queries.channelSummary(channelId));
  if (articleId !== undefined && (channelId !== undefined || categoryId !== undefined)) {
    const article = await get(queries.article(articleId));
    if (!article) return null; // the view shows the refusal
    const wrongChannel = channelId !== undefined && (!channel || article.channelId !== channel.id);
    // Under a channel the article's own categories do not matter (the channel's do, below).
    const wrongCategory = channelId === undefined && category !== undefined && !article.categoryIds.includes(category);
    if (wrongChannel || wrongCategory) return articlePath(article);
  }
  if (channel && category !== undefined && !channel.categoryIds.includes(category)) return channelPath(channel);
  return null;
}
