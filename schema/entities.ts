// Zod schemas of every entity the API returns. The worker builds responses of these shapes; the SPA parses every
// response with them. The content entities are here; the other groups live in entity-groups/ and are exported from
// here too, so `#schema/entities` names them all.
// Written with zod/mini (functional API): the SPA's first visit cannot afford classic zod.
// Default messages come from the locale zod is configured with: the worker configures English
// (worker/middleware/validate.ts), so they read as classic zod's.
import * as z from 'zod/mini';
import { documentObject } from './document';
import { int, nonnegativeInt } from './mini';
import { ARTICLE_TYPES, NEWS_REF_KINDS } from './enums';
import { id, isoDateTime } from './entity-groups/base';
import { contentAccessListItem, contentRequestListItem, userContentLink } from './entity-groups/readers';

export * from './entity-groups/base';
export * from './entity-groups/accounts';
export * from './entity-groups/readers';
export * from './entity-groups/admin';
export * from './entity-groups/history';

export const galleryImage = z.object({ id, ordinal: int(), title: z.string(), href: z.string() });
export const video = z.object({
  id,
  ordinal: int(),
  title: z.string(),
  href: z.string(),
  thumbnailMillis: nonnegativeInt(),
  thumbnailHref: z.nullable(z.string()),
});
export const media = z.nullable(
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('gallery'), images: z.array(galleryImage) }),
    z.object({ kind: z.literal('video'), videos: z.array(video) }),
  ]),
);
export type Media = z.infer<typeof media>;

/**
 * One translation of an item as its entity lists it (issue 29): its language, its slug in that language (null for
 * news, which have none), its state, and whether the item's text changed after it was last saved. Readers get the
 * published ones only; whoever may edit the item gets the drafts too.
 */
export const translationState = z.object({
  language: z.string(),
  slug: z.nullable(z.string()),
  state: z.enum(['draft', 'published']),
  outdated: z.boolean(),
});
export type TranslationState = z.infer<typeof translationState>;

/** The language fields of a translatable entity (docs/decisions/056-translated-reads-and-search.md). */
// Optional in the schema so that entities built before languages (and the SPA's fixtures) still parse; the worker
// sends all three on every answer of these entities.
const inLanguage = {
  /** The language of the text in this answer: the requested one where a published translation exists, else `sourceLanguage`. */
  language: z.optional(z.string()),
  /** The language the item is written in. */
  sourceLanguage: z.optional(z.string()),
  /** The item's translations (not its source language). */
  translations: z.optional(z.array(translationState)),
  /**
   * The item's own slug in its source language, on single-item reads (where `slug` is a translation's, the source's
   * page is found by this; none for news, which have no slug).
   */
  sourceSlug: z.optional(z.string()),
};

/** What lists show of an article. */
export const articleSummary = z.object({
  id,
  slug: z.string(),
  title: z.string(),
  teaser: z.string(),
  type: z.enum(ARTICLE_TYPES),
  channelId: z.nullable(id),
  userId: id,
  thumbnailHref: z.nullable(z.string()),
  published: z.boolean(),
  hidden: z.boolean(),
  restricted: z.boolean(),
  isAd: z.boolean(),
  isEditorial: z.boolean(),
  createdAt: isoDateTime,
  /** The language of this summary's text: a published translation's in the reader's language, else the source's. */
  language: z.optional(z.string()),
});
export type ArticleSummary = z.infer<typeof articleSummary>;
/**
 * A page of articles: GET /articles (newest first), GET /channels/{id}/articles and GET /categories/{id}/articles
 * (in their editorial order); `nextCursor` asks for the next one, null at the end.
 */
export const articlePage = z.object({ items: z.array(articleSummary), nextCursor: z.nullable(z.string()) });
export type ArticlePage = z.infer<typeof articlePage>;

/**
 * An author as the public sees them (decision 041): the user name (their page's address) and the display name,
 * never the e-mail. Null for an account that is deactivated or deleted.
 */
export const author = z.object({ username: z.string(), displayName: z.string() });
export type Author = z.infer<typeof author>;

/**
 * Where an imported article came from (issue 30): the source's kind (`wordpress`, `ghost`, `markdown`, `portal`),
 * its site (WordPress's base address, Ghost's `site`; '' for a Markdown ZIP or the portal's export), the item's id
 * there (a WordPress post id, a Ghost post id, the Markdown file's path in its ZIP, the portal article's id), its old
 * address where the source had one, and the import that last wrote it.
 */
export const importedFrom = z.object({
  kind: z.string(),
  site: z.string(),
  sourceId: z.string(),
  url: z.nullable(z.string()),
  importId: z.string(),
  importedAt: isoDateTime,
});
export type ImportedFrom = z.infer<typeof importedFrom>;

export const article = z.extend(articleSummary, {
  /** The channel it belongs to, named and linked on the article page (null: none). */
  channel: z.nullable(z.object({ id, slug: z.string(), name: z.string() })),
  /** The byline (null when the owner's account is deactivated or deleted). */
  author: z.nullable(author),
  /** Its categories as the page links them, in categoryIds' order. */
  categories: z.array(z.object({ id, slug: z.string(), title: z.string() })),
  /** The document's plain text (decision 027): for API clients that read text. */
  description: z.string(),
  /** The text as a structured document (schema/document.ts); empty when locked. */
  body: documentObject,
  /** The version a save starts from (send it back as `version` or If-Match); 409 when another save came first. */
  version: int(),
  categoryIds: z.array(id),
  publishedAtCategory: z.boolean(),
  media,
  /** True when the article is restricted (or in a private channel) and the caller has no access: description is empty and media null. */
  locked: z.boolean(),
  /**
   * Only on a locked article read by a signed-in caller: whether their request for access to it, or to its
   * channel, waits for a decision (the page then says so instead of offering another request).
   */
  accessRequested: z.optional(z.boolean()),
  /** Only for those who may edit it (its owner, ADMIN), and only on an imported article: where it came from. */
  importedFrom: z.optional(importedFrom),
  updatedAt: isoDateTime,
  ...inLanguage,
});
export type Article = z.infer<typeof article>;

export const category = z.object({
  id,
  parentId: z.nullable(id),
  title: z.string(),
  imageHref: z.nullable(z.string()),
  slug: z.string(),
  ordinal: int(),
  /** The description of the category (translated with its title). */
  description: z.optional(z.string()),
  ...inLanguage,
});
export type Category = z.infer<typeof category>;

export const coverMedia = z.nullable(
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('image'), href: z.string() }),
    z.object({ kind: z.literal('video'), href: z.string(), thumbnailMillis: nonnegativeInt() }),
  ]),
);

/**
 * What lists show of a channel (GET /channels, a category's children, a user's channels, liked channels): the
 * channel without its articleOrdinals, which grow with the channel (GET /channels/{id} carries them).
 */
export const channelSummary = z.object({
  id,
  slug: z.string(),
  name: z.string(),
  categoryIds: z.array(id),
  userId: id,
  infoText: z.string(),
  portraitHref: z.nullable(z.string()),
  bannerHref: z.nullable(z.string()),
  hidden: z.boolean(),
  private: z.boolean(),
  published: z.boolean(),
  restricted: z.boolean(),
  isAd: z.boolean(),
  coverMedia,
  /** True when the caller may see the channel is there but not its restricted content. */
  locked: z.boolean(),
  createdAt: isoDateTime,
  ...inLanguage,
});
export type ChannelSummary = z.infer<typeof channelSummary>;

/** The channel entity: the summary and its articleOrdinals (lists of article ids; `main` orders the channel page). */
export const channel = z.extend(channelSummary, {
  articleOrdinals: z.record(z.string(), z.array(id)),
  /** The version a save starts from (send it back as `version` or If-Match); 409 when another save came first. */
  version: int(),
});
export type Channel = z.infer<typeof channel>;

/**
 * What sits directly inside a category. `articles` is only the first page (ordinal order); `articlesCursor`
 * continues it through GET /categories/{id}/articles (null when there is nothing more).
 */
export const categoryChildren = z.object({
  categories: z.array(category),
  channels: z.array(channelSummary),
  articles: z.array(articleSummary),
  articlesCursor: z.nullable(z.string()),
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
  thumbnailHref: z.nullable(z.string()),
  publishedAt: isoDateTime,
  userId: id,
  ...inLanguage,
});
export type NewsItem = z.infer<typeof newsItem>;
export const newsPage = z.object({ items: z.array(newsItem), nextCursor: z.nullable(z.string()) });

export const searchItem = z.object({
  value: z.string(),
  label: z.string(),
  kind: z.nullable(z.enum(['article', 'channel', 'category'])),
  thumbnailHref: z.nullable(z.string()),
  /** A line of context: the start of the article's teaser or the channel's info text. */
  context: z.optional(z.nullable(z.string())),
  /** The slug of the hit in `language` (a translation's, else the item's own); links name it (issue 29). */
  slug: z.optional(z.nullable(z.string())),
  /** The language of `label` and `context`: the reader's where a published translation matched, else the item's. */
  language: z.optional(z.string()),
});
export type SearchItem = z.infer<typeof searchItem>;

/** `currentSlug`: the entity's slug now; differs from `slug` for a slug it had before a rename (which still resolves). */
export const slugRecord = z.object({ slug: z.string(), entityId: id, currentSlug: z.optional(z.string()) });

export const imagePosition = z
  .string()
  .check(z.regex(/^(100|[1-9]?\d)% (100|[1-9]?\d)%$/, 'Expected "x% y%" with x and y from 0 to 100'));
export const imageOption = z.object({ blobKey: z.string(), position: imagePosition, scale: z.number() });
export type ImageOption = z.infer<typeof imageOption>;

/** The id of what a call deleted (article, channel) or stored (contact message). */
export const idResult = z.object({ id });
/** GET /config: what the SPA needs of the deployment's settings. `turnstileSiteKey` is null where Turnstile is off. */
export const clientConfig = z.object({ turnstileSiteKey: z.nullable(z.string()) });
export type ClientConfig = z.infer<typeof clientConfig>;

// access and publications
/** A liked channel: the link and the channel (its summary) as the caller may see it. */
export const userChannelItem = z.extend(userContentLink, { channel: channelSummary });
/** A liked article: the link and the article summary. */
export const userArticleItem = z.extend(userContentLink, { article: articleSummary });
/** GET /myso/vm: everything the mySO screen shows, in one call. */
export const mysoView = z.object({
  channels: z.array(userChannelItem),
  articles: z.array(userArticleItem),
  requests: z.array(contentRequestListItem),
  access: z.array(contentAccessListItem),
});
export type MysoView = z.infer<typeof mysoView>;

/** What a preview link shows: the item's latest saved state, read-only. */
export const preview = z.discriminatedUnion('type', [
  z.object({ type: z.literal('article'), expiresAt: isoDateTime, article }),
  z.object({ type: z.literal('channel'), expiresAt: isoDateTime, channel }),
  z.object({ type: z.literal('news'), expiresAt: isoDateTime, newsItem }),
]);
export type Preview = z.infer<typeof preview>;

/** GET /authors/{username}: an author's public page (their articles come from GET /authors/{username}/articles). */
export const authorProfile = author;
