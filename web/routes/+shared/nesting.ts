// The nested routes' rule (an article under a channel or category, a channel under a category): an address whose
// parts do not belong together is sent to the canonical address of what was asked for; so is an address that names
// the item by a slug it had before (an old slug, its own or a translation's: decisions 032 and 054).
import { articlePath, channelPath, isUuid } from '#schema/urls';
import type { PageData } from './route-kit';

/**
 * Whether the URL named the item by a slug that is neither its current one in the page's language nor its source's
 * (which a page in another language also answers at): an old slug, whose page moves on to the current address.
 */
export const movedFrom = (asked: string, item: { id: string; slug?: string | null; sourceSlug?: string | undefined }) =>
  !isUuid(asked) && asked !== item.id && asked !== item.slug && asked !== item.sourceSlug;

/** The canonical address of a misplaced nested page or of one reached by an old slug, else null. */
export async function misplaced({ params, get, queries }: PageData): Promise<string | null> {
  const { articleId, channelId, categoryId } = params;
  const category = categoryId === undefined ? undefined : await get(queries.categoryId(categoryId));
  const channel = channelId === undefined ? undefined : await get(queries.channelSummary(channelId));
  if (articleId !== undefined) {
    const article = await get(queries.article(articleId));
    if (!article) return null; // the view shows the refusal
    if (movedFrom(articleId, article)) return articlePath(article);
    const wrongChannel = channelId !== undefined && (!channel || article.channelId !== channel.id);
    // Under a channel the article's own categories do not matter (the channel's do, below).
    const wrongCategory = channelId === undefined && category !== undefined && !article.categoryIds.includes(category);
    if (wrongChannel || wrongCategory) return articlePath(article);
  }
  if (channel && articleId === undefined && movedFrom(channelId!, channel)) return channelPath(channel);
  if (channel && category !== undefined && !channel.categoryIds.includes(category)) return channelPath(channel);
  return null;
}
