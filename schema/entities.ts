// Zod schemas of every entity the API returns (SPEC section 3). The worker
// builds responses of these shapes; the SPA parses every response with them.
import { z } from 'zod';
import { CONTENT_TYPES, NEWS_REF_KINDS, PUBLICATION_STATUSES, REQUEST_STATES, ROLES, ARTICLE_TYPES } from './enums';

export const id = z.uuid();
/** Times travel as ISO 8601 strings. */
export const isoDateTime = z.iso.datetime({ offset: true });
export const role = z.enum(ROLES);
export const contentType = z.enum(CONTENT_TYPES);

export const envelope = <T extends z.ZodType>(result: T) =>
  z.object({ code: z.number().int(), message: z.string(), result });
/** The envelope with any result: the shape of every /api answer. */
export const anyEnvelope = z.object({ code: z.number().int(), message: z.string(), result: z.unknown() });
export type Envelope<T> = { code: number; message: string; result: T };

export const galleryImage = z.object({ id, ordinal: z.number().int(), title: z.string(), href: z.string() });
export const video = z.object({
  id,
  ordinal: z.number().int(),
  title: z.string(),
  href: z.string(),
  thumbnailMillis: z.number().int().nonnegative(),
  thumbnailHref: z.string().nullable(),
});
export const media = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('gallery'), images: z.array(galleryImage) }),
  z.object({ kind: z.literal('video'), videos: z.array(video) }),
]).nullable();
export type Media = z.infer<typeof media>;

/** What lists show of an article. */
export const articleSummary = z.object({
  id,
  slug: z.string(),
  title: z.string(),
  teaser: z.string(),
  type: z.enum(ARTICLE_TYPES),
  channelId: id.nullable(),
  userId: id,
  thumbnailHref: z.string().nullable(),
  published: z.boolean(),
  hidden: z.boolean(),
  restricted: z.boolean(),
  isAd: z.boolean(),
  isEditorial: z.boolean(),
  createdAt: isoDateTime,
});
export type ArticleSummary = z.infer<typeof articleSummary>;

export const article = articleSummary.extend({
  description: z.string(),
  categoryIds: z.array(id),
  publishedAtCategory: z.boolean(),
  media,
  /** True when the article is restricted (or in a private channel) and the caller has no access: description is empty and media null. */
  locked: z.boolean(),
  updatedAt: isoDateTime,
});
export type Article = z.infer<typeof article>;

export const category = z.object({
  id,
  parentId: id.nullable(),
  title: z.string(),
  imageHref: z.string().nullable(),
  slug: z.string(),
  ordinal: z.number().int(),
});
export type Category = z.infer<typeof category>;

export const coverMedia = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('image'), href: z.string() }),
  z.object({ kind: z.literal('video'), href: z.string(), thumbnailMillis: z.number().int().nonnegative() }),
]).nullable();

export const channel = z.object({
  id,
  slug: z.string(),
  name: z.string(),
  categoryIds: z.array(id),
  userId: id,
  infoText: z.string(),
  portraitHref: z.string().nullable(),
  bannerHref: z.string().nullable(),
  hidden: z.boolean(),
  private: z.boolean(),
  published: z.boolean(),
  restricted: z.boolean(),
  isAd: z.boolean(),
  articleOrdinals: z.record(z.string(), z.array(id)),
  coverMedia,
  /** True when the caller may see the channel is there but not its restricted content. */
  locked: z.boolean(),
  createdAt: isoDateTime,
});
export type Channel = z.infer<typeof channel>;

export const categoryChildren = z.object({
  categories: z.array(category),
  channels: z.array(channel),
  articles: z.array(articleSummary),
});
export const categoryRoute = z.array(z.object({ id, title: z.string() }));

export const newsRef = z.object({
  kind: z.enum(NEWS_REF_KINDS),
  id,
  slug: z.string(),
  restricted: z.boolean(),
  isAd: z.boolean(),
  isEditorial: z.boolean(),
});
export const newsItem = z.object({
  id,
  title: z.string(),
  description: z.string(),
  teaser: z.string(),
  ref: newsRef,
  thumbnailHref: z.string().nullable(),
  publishedAt: isoDateTime,
  userId: id,
});
export type NewsItem = z.infer<typeof newsItem>;
export const newsPage = z.object({ items: z.array(newsItem), nextCursor: z.string().nullable() });

export const searchItem = z.object({
  value: z.string(),
  label: z.string(),
  kind: z.enum(['article', 'channel', 'category']).nullable(),
  thumbnailHref: z.string().nullable(),
});
export type SearchItem = z.infer<typeof searchItem>;

export const user = z.object({
  id,
  name: z.string(),
  email: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  role,
  active: z.boolean(),
});
export type User = z.infer<typeof user>;

export const sessionUser = z.object({ id, name: z.string(), role });
export type SessionUser = z.infer<typeof sessionUser>;

export const contentRequest = z.object({
  id,
  userId: id,
  contentId: id,
  contentType,
  status: z.enum(REQUEST_STATES),
  createdAt: isoDateTime,
});
export const contentRequestListItem = contentRequest.extend({ userName: z.string(), contentTitle: z.string() });
export const contentAccess = z.object({ id, userId: id, contentId: id, contentType, createdAt: isoDateTime });
export const contentAccessListItem = contentAccess.extend({ userName: z.string(), contentTitle: z.string() });
export const accessCheck = z.object({ access: z.boolean() });

export const publicationStatus = z.enum(PUBLICATION_STATUSES);
export const publicationRequest = z.object({
  id,
  userId: id,
  contentId: id,
  status: publicationStatus,
  type: contentType,
  expirationDate: isoDateTime.nullable().optional(),
  createdAt: isoDateTime,
});
export type PublicationRequest = z.infer<typeof publicationRequest>;

export const userContentLink = z.object({ id, userId: id, contentId: id, createdAt: isoDateTime });

export const slugRecord = z.object({ slug: z.string(), entityId: id });

export const imagePosition = z.string().regex(/^(100|[1-9]?\d)% (100|[1-9]?\d)%$/, 'Expected "x% y%" with x and y from 0 to 100');
export const imageOption = z.object({ blobKey: z.string(), position: imagePosition, scale: z.number() });
export type ImageOption = z.infer<typeof imageOption>;

export const healthCheck = z.object({ message: z.string(), missingArticles: z.array(id) });

// access and publications
/** A liked channel: the link and the channel as the caller may see it. */
export const userChannelItem = userContentLink.extend({ channel });
/** A liked article: the link and the article summary. */
export const userArticleItem = userContentLink.extend({ article: articleSummary });
/** Answer of an unlike: whether a link was there to remove. */
export const unlikeResult = z.object({ contentId: id, removed: z.boolean() });
/** GET /myso/vm: everything the mySO screen shows, in one call. */
export const mysoView = z.object({
  channels: z.array(userChannelItem),
  articles: z.array(userArticleItem),
  requests: z.array(contentRequestListItem),
  access: z.array(contentAccessListItem),
});
export type MysoView = z.infer<typeof mysoView>;
/** Publication requests as ADMIN and editors list them. */
export const publicationRequestListItem = publicationRequest.extend({
  updatedAt: isoDateTime,
  userName: z.string(),
  contentTitle: z.string(),
});
/** GET /publications: what is published through an approved request, and until when. */
export const publishedItem = z.object({
  id,
  contentId: id,
  type: contentType,
  slug: z.string(),
  contentTitle: z.string(),
  expirationDate: isoDateTime.nullable(),
});
