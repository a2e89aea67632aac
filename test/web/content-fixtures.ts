// Content as the API answers it, for the web tests: an article summary and a channel summary with every field,
// published and public unless a test overrides a field.
import type { ArticleSummary, ChannelSummary } from '#schema';
import type { Article } from '#schema/entities';
import type { WorkspaceArticle } from '#schema/workspace';

/** Article `n` of the channel `channelId`, owned by `userId`; its id ends in n. */
export const articleSummary = (n: number, channelId: string, userId: string): ArticleSummary => ({
  id: `d1000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  slug: `article-${n}`,
  title: `Article ${n}`,
  teaser: '',
  type: 'text',
  channelId,
  userId,
  thumbnailHref: null,
  published: true,
  hidden: false,
  restricted: false,
  isAd: false,
  isEditorial: false,
  createdAt: '2025-01-02T10:00:00.000Z',
});

/** The channel "Harbour notes" with the id `id`, owned by `userId`. */
export const channelSummary = (id: string, userId: string): ChannelSummary => ({
  id,
  slug: 'harbour',
  name: 'Harbour notes',
  categoryIds: [],
  userId,
  infoText: '',
  portraitHref: null,
  bannerHref: null,
  hidden: false,
  private: false,
  published: true,
  restricted: false,
  isAd: false,
  coverMedia: null,
  locked: false,
  createdAt: '2025-01-01T10:00:00.000Z',
});

/** The draft text article "Harbour lights" owned by `userId`, as the workspace's form reads it, at `createdAt`. */
export const draftArticle = (userId: string, createdAt: string, over: Partial<Article> = {}): Article => ({
  id: crypto.randomUUID(),
  slug: 'harbour-lights',
  title: 'Harbour lights',
  teaser: '',
  type: 'text',
  channelId: null,
  userId,
  thumbnailHref: null,
  published: false,
  hidden: false,
  restricted: false,
  isAd: false,
  isEditorial: false,
  channel: null,
  author: { username: 'harbourmaster', displayName: 'Harbour Master' },
  categories: [],
  createdAt,
  description: '',
  categoryIds: [],
  publishedAtCategory: false,
  media: null,
  locked: false,
  body: { version: 1, children: [] },
  version: 1,
  updatedAt: createdAt,
  ...over,
});

/** A row of the editor's article list: a draft of `user`, unscheduled, saved once at `createdAt`. */
export const workspaceArticle = (
  user: { id: string; name: string },
  createdAt: string,
  over: Partial<WorkspaceArticle> = {},
): WorkspaceArticle => ({
  id: crypto.randomUUID(),
  slug: 'harbour-lights',
  title: 'Harbour lights',
  teaser: '',
  type: 'text',
  channelId: null,
  userId: user.id,
  thumbnailHref: null,
  published: false,
  hidden: false,
  restricted: false,
  isAd: false,
  isEditorial: false,
  createdAt,
  updatedAt: createdAt,
  version: 1,
  userName: user.name,
  channelName: null,
  publication: null,
  ...over,
});
