// Zod schemas of every entity the API returns. The worker
// builds responses of these shapes; the SPA parses every response with them.
// Written with zod/mini (functional API): the SPA's first visit cannot afford classic zod.
// Default messages come from the locale zod is configured with: the worker configures English
// (worker/middleware/validate.ts), so they read as classic zod's.
import * as z from 'zod/mini';
import { documentObject } from './document';
import { int, nonnegativeInt } from './mini';
import {
  AUDIT_ACTIONS,
  AUDIT_ACTOR_KINDS,
  AUDIT_VIAS,
  AUDIT_ENTITIES,
  CONTACT_KINDS,
  CONTENT_TYPES,
  LOCALES,
  NEWS_REF_KINDS,
  PUBLICATION_STATUSES,
  REQUEST_STATES,
  ROLES,
  ARTICLE_TYPES,
  TOKEN_SCOPES,
} from './enums';

export const id = z.uuid();
/** Times travel as ISO 8601 strings. */
export const isoDateTime = z.iso.datetime({ offset: true });
export const role = z.enum(ROLES);
export const contentType = z.enum(CONTENT_TYPES);

/** A page of a list: `nextCursor` asks for the next one, null at the end. */
export const pageOf = <T extends z.core.$ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.nullable(z.string()) });

export const envelope = <T extends z.core.$ZodType>(result: T) =>
  z.object({ code: int(), message: z.string(), result });
/**
 * What a refused field has: `path` to it (keys and array indexes, as zod gives them), `code` (zod's issue code, or
 * the project's own for domain rules: name_taken, slug_taken, url_not_https, wrong_password, ...), an English
 * `message` for people reading the raw answer. Clients show their own words by code (docs/decisions/043-structured-errors.md).
 */
export const fieldIssue = z.object({
  path: z.array(z.union([z.string(), int()])),
  code: z.string(),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof fieldIssue>;
/** The result of a refusal that concerns fields (every 400; some 403 and 409). */
export const issuesResult = z.object({ issues: z.array(fieldIssue) });
/** The envelope with any result: the shape of every /api answer. */
export const anyEnvelope = z.object({ code: int(), message: z.string(), result: z.unknown() });
export type Envelope<T> = { code: number; message: string; result: T };

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
});
export type ChannelSummary = z.infer<typeof channelSummary>;

/** The channel entity: the summary and its articleOrdinals (lists of article ids; `main` orders the channel page). */
export const channel = z.extend(channelSummary, {
  articleOrdinals: z.record(z.string(), z.array(id)),
  /** The version a save starts from (send it back as `version` or If-Match); 409 when another save came first. */
  version: int(),
  ...inLanguage,
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
});
export type SearchItem = z.infer<typeof searchItem>;

export const user = z.object({
  id,
  name: z.string(),
  email: z.nullable(z.string()),
  firstName: z.string(),
  lastName: z.string(),
  role,
  active: z.boolean(),
  /** The language of the mails the account gets. */
  locale: z.optional(z.enum(LOCALES)),
});
export type User = z.infer<typeof user>;
/**
 * PUT /users/{id}: the account as saved; after a new password, `sessionsEnded` counts the sessions it signed out
 * (every session of the account but the caller's own).
 */
export const savedUser = z.extend(user, { sessionsEnded: z.optional(z.number()) });
export type SavedUser = z.infer<typeof savedUser>;
/** DELETE /users/{id}: null when ADMIN deleted someone else's; for one's own, whether the row went or stays anonymised. */
export const accountDeletion = z.nullable(z.object({ account: z.enum(['deleted', 'anonymised']) }));
export const userPage = pageOf(user);

export const sessionUser = z.object({ id, name: z.string(), role });

/** A session's id: the SHA-256 of its cookie's token, never the token. */
export const sessionId = z.string().check(z.regex(/^[0-9a-f]{64}$/, 'Expected a session id'));
/** One of the caller's signed-in sessions (GET /sessions): its device, when it began and was last seen. */
export const userSession = z.object({
  id: sessionId,
  /** Browser and system from the User-Agent at sign-in ("Firefox on Linux"); empty when unknown. */
  device: z.string(),
  createdAt: isoDateTime,
  /** Kept to within 12 hours (the session is touched at most that often). */
  lastSeenAt: isoDateTime,
  /** The session of this request. */
  current: z.boolean(),
});
export type UserSession = z.infer<typeof userSession>;
/** Answer of DELETE /sessions: how many other sessions ended. */
export const endedSessions = z.object({ ended: nonnegativeInt() });
export type SessionUser = z.infer<typeof sessionUser>;

export const contentRequest = z.object({
  id,
  userId: id,
  contentId: id,
  contentType,
  status: z.enum(REQUEST_STATES),
  createdAt: isoDateTime,
});
export const contentRequestListItem = z.extend(contentRequest, { userName: z.string(), contentTitle: z.string() });
export const contentAccess = z.object({ id, userId: id, contentId: id, contentType, createdAt: isoDateTime });
export const contentAccessListItem = z.extend(contentAccess, { userName: z.string(), contentTitle: z.string() });
export const accessCheck = z.object({ access: z.boolean() });

export const publicationStatus = z.enum(PUBLICATION_STATUSES);
export const publicationRequest = z.object({
  id,
  userId: id,
  contentId: id,
  status: publicationStatus,
  type: contentType,
  expirationDate: z.optional(z.nullable(isoDateTime)),
  /** ADMIN's reason for a rejection, if they gave one. */
  reason: z.optional(z.nullable(z.string())),
  /** The wished start: approved, the content stays unpublished until then. */
  publishAt: z.optional(z.nullable(isoDateTime)),
  createdAt: isoDateTime,
});
export type PublicationRequest = z.infer<typeof publicationRequest>;

/** Pages of the ADMIN lists (docs/decisions/007-access-and-publications.md, 015-admin-workspace.md). */
export const contentRequestPage = pageOf(contentRequestListItem);
export const contentAccessPage = pageOf(contentAccessListItem);

export const userContentLink = z.object({ id, userId: id, contentId: id, createdAt: isoDateTime });

/** `currentSlug`: the entity's slug now; differs from `slug` for a slug it had before a rename (which still resolves). */
export const slugRecord = z.object({ slug: z.string(), entityId: id, currentSlug: z.optional(z.string()) });

export const imagePosition = z
  .string()
  .check(z.regex(/^(100|[1-9]?\d)% (100|[1-9]?\d)%$/, 'Expected "x% y%" with x and y from 0 to 100'));
export const imageOption = z.object({ blobKey: z.string(), position: imagePosition, scale: z.number() });
export type ImageOption = z.infer<typeof imageOption>;

/**
 * What the health check found: references to content that no longer exists (ids as stored, whatever their shape: a
 * reference that is not even a uuid is dangling too, and must be reported rather than break the answer), category
 * cycles, and files nothing refers to.
 */
export const healthCheck = z.object({
  message: z.string(),
  missingArticles: z.array(z.string()),
  /** Channel ids that news items point at although the channel is gone. */
  missingChannels: z.optional(z.array(z.string())),
  /** Categories on a cycle of parents (found by the check; the fix moves one of each cycle to the top level). */
  categoryCycles: z.array(id),
  /** Files recorded over a day ago that nothing refers to, and those with an unfinished R2 upload. */
  unreferencedFiles: z.number(),
  unfinishedUploads: z.number(),
});
/** The id of what a call deleted (article, channel) or stored (contact message). */
export const idResult = z.object({ id });
/** GET /config: what the SPA needs of the deployment's settings. `turnstileSiteKey` is null where Turnstile is off. */
export const clientConfig = z.object({ turnstileSiteKey: z.nullable(z.string()) });
export type ClientConfig = z.infer<typeof clientConfig>;
/** Answer of POST /userContent/revoke-access-channel. */
export const revokeResult = z.object({ userId: id, contentId: id, revoked: z.literal(true) });

// access and publications
/** A liked channel: the link and the channel (its summary) as the caller may see it. */
export const userChannelItem = z.extend(userContentLink, { channel: channelSummary });
/** A liked article: the link and the article summary. */
export const userArticleItem = z.extend(userContentLink, { article: articleSummary });
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
export const publicationRequestListItem = z.extend(publicationRequest, {
  updatedAt: isoDateTime,
  userName: z.string(),
  contentTitle: z.string(),
});
export const publicationRequestPage = pageOf(publicationRequestListItem);
/** GET /publications: what is published through an approved request, and until when. */
export const publishedItem = z.object({
  id,
  contentId: id,
  type: contentType,
  slug: z.string(),
  contentTitle: z.string(),
  expirationDate: z.nullable(isoDateTime),
});

// admin workspace
/** A message sent through the contact or order-channel form, as the admin reads it. */
export const contactMessage = z.object({
  id,
  kind: z.enum(CONTACT_KINDS),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  channelName: z.nullable(z.string()),
  purpose: z.nullable(z.string()),
  createdAt: isoDateTime,
  readAt: z.nullable(isoDateTime),
  handledAt: z.nullable(isoDateTime),
});
export type ContactMessage = z.infer<typeof contactMessage>;
export const contactMessagePage = pageOf(contactMessage);
/** GET /admin/counts: the work waiting in the admin workspace, for its badges. */
export const adminCounts = z.object({
  pendingAccessRequests: nonnegativeInt(),
  pendingPublications: nonnegativeInt(),
  unreadMessages: nonnegativeInt(),
});
export type AdminCounts = z.infer<typeof adminCounts>;

// revisions and preview links (decision 029)
/** One saved state of an article, channel or news item: who saved it, when, as which version. */
export const revision = z.object({
  id,
  version: int(),
  userId: z.nullable(id),
  userName: z.nullable(z.string()),
  /** Everyone a co-edited revision credits (decision 050); absent for an ordinary save. */
  authors: z.optional(z.array(z.object({ id, name: z.string() }))),
  createdAt: isoDateTime,
});
export const revisionList = z.array(revision);
/** A revision with the fields it saved (those of the item's form). */
export const revisionWithFields = z.extend(revision, { fields: z.record(z.string(), z.unknown()) });
/** A shareable preview link; `token` only in the answer that creates it (only its hash is stored). */
export const previewLink = z.object({
  id,
  type: z.enum(['article', 'channel', 'news']),
  entityId: id,
  token: z.optional(z.string()),
  createdAt: isoDateTime,
  expiresAt: isoDateTime,
  revokedAt: z.nullable(isoDateTime),
});
export const previewLinkList = z.array(previewLink);
/** What a preview link shows: the item's latest saved state, read-only. */
export const preview = z.discriminatedUnion('type', [
  z.object({ type: z.literal('article'), expiresAt: isoDateTime, article }),
  z.object({ type: z.literal('channel'), expiresAt: isoDateTime, channel }),
  z.object({ type: z.literal('news'), expiresAt: isoDateTime, newsItem }),
]);
export type Preview = z.infer<typeof preview>;
export type PreviewLink = z.infer<typeof previewLink>;
export type Revision = z.infer<typeof revision>;

/** A personal API token as its lists show it (never the token itself, which only its creation answers). */
export const apiToken = z.object({
  id,
  name: z.string(),
  scope: z.enum(TOKEN_SCOPES),
  createdAt: isoDateTime,
  /** Null: it never expires (ADMIN only). */
  expiresAt: z.nullable(isoDateTime),
  /** Kept to within a few minutes; null before its first use. */
  lastUsedAt: z.nullable(isoDateTime),
  /** Past its expiry: refused, listed until revoked or pruned. */
  expired: z.boolean(),
});
export type ApiToken = z.infer<typeof apiToken>;
/** Answer of POST /tokens: the token, `sop_...`, in this answer only. */
export const createdApiToken = z.extend(apiToken, { token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiToken>;
/** An ADMIN's list of every user's tokens: each with its owner. */
export const ownedApiToken = z.extend(apiToken, { user: z.object({ id, name: z.string(), role }) });
export type OwnedApiToken = z.infer<typeof ownedApiToken>;

// ---- audit log (decision 033) ----

export const auditEntity = z.enum(AUDIT_ENTITIES);
export const auditAction = z.enum(AUDIT_ACTIONS);
/** One audit log entry: who (the name at that time, and the token used), when, what, and the request's id. */
export const auditLogEntry = z.object({
  id,
  at: isoDateTime,
  actorKind: z.enum(AUDIT_ACTOR_KINDS),
  actorId: z.nullable(z.string()),
  actorName: z.string(),
  tokenId: z.nullable(z.string()),
  tokenName: z.nullable(z.string()),
  entityType: auditEntity,
  entityId: z.string(),
  /** The entity's title or name at that time. */
  entityTitle: z.string(),
  ownerId: z.nullable(z.string()),
  action: auditAction,
  /** `updated`: the changed fields; access entries: `reader:{name}`; role changes: `role:{new role}`. */
  fields: z.nullable(z.array(z.string())),
  requestId: z.string(),
  /** "mcp" when the write came through the MCP server (decision 045); null otherwise. */
  via: z.nullable(z.enum(AUDIT_VIAS)),
  /** Whether the entity is still there (a link to it can be followed); false once deleted. */
  entityExists: z.boolean(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntry>;
export const auditLogPage = z.object({ items: z.array(auditLogEntry), nextCursor: z.nullable(z.string()) });
export type AuditLogPage = z.infer<typeof auditLogPage>;

/** GET /authors/{username}: an author's public page (their articles come from GET /authors/{username}/articles). */
export const authorProfile = author;
