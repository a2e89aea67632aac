// Drizzle tables for D1: the single source of truth for what is stored.
// Booleans are SQLite integers; times are epoch milliseconds; ids are uuids.
import { sql } from 'drizzle-orm';
import type { ArticleDocument } from './document';
import {
  ARTICLE_TYPES,
  AUDIT_ACTIONS,
  AUDIT_ACTOR_KINDS,
  AUDIT_VIAS,
  AUDIT_ENTITIES,
  CONTACT_KINDS,
  CONTENT_TYPES,
  COVER_KINDS,
  IMPORT_SOURCE_KINDS,
  IMPORT_STATES,
  LOCALES,
  MEDIA_KINDS,
  NEWS_REF_KINDS,
  PUBLICATION_STATUSES,
  REQUEST_STATES,
  ROLES,
  SLUG_KINDS,
  TOKEN_SCOPES,
  UPLOAD_STATUSES,
  WEBHOOK_DELIVERY_STATUSES,
  type WebhookEvent,
} from './enums';
import {
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
  type AnySQLiteColumn,
} from 'drizzle-orm/sqlite-core';

export * from './enums';

const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;

/** `articles.channel_rank` of an article its channel's `articleOrdinals.main` does not list. */
export const UNLISTED_RANK = 2147483647;

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    role: text('role', { enum: ROLES }).notNull().default('REGULAR_USER'),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    /** `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>`: parameters travel with the hash. */
    passwordHash: text('password_hash').notNull(),
    /** The language of the mails the user gets (en-US or de-DE); the SPA sends the one it shows. */
    locale: text('locale', { enum: LOCALES }).notNull().default('en-US'),
    /** Set when the account was deleted but the row stays, anonymised, as the owner of editor content (decision 031). */
    deletedAt: integer('deleted_at'),
    createdAt: integer('created_at').notNull().default(now),
    updatedAt: integer('updated_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('users_name_unique').on(sql`lower(${t.name})`),
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
  ],
);

/**
 * Signed-in sessions, keyed by the SHA-256 of the cookie's token (the token itself is never stored).
 * In D1 rather than KV so that ending one takes effect everywhere at once (docs/decisions/003).
 */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
    lastSeenAt: integer('last_seen_at').notNull(),
    /** Browser and system from the User-Agent at sign-in ("Firefox on Linux"), for the owner's list of sessions. */
    device: text('device').notNull().default(''),
  },
  (t) => [index('sessions_user').on(t.userId), index('sessions_last_seen').on(t.lastSeenAt)],
);

/**
 * Personal API tokens (docs/decisions/034-api-tokens.md): `Authorization: Bearer sop_...` acts as the user, limited
 * to the scope. Only the SHA-256 of the token is stored (`tokenHash`, unique: the one indexed lookup of a bearer
 * request). A revoked token keeps its row (revokedAt set) until the Cron Trigger prunes it.
 */
export const apiTokens = sqliteTable(
  'api_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    scope: text('scope', { enum: TOKEN_SCOPES }).notNull(),
    createdAt: integer('created_at').notNull(),
    /** Null: it never expires (ADMIN only). */
    expiresAt: integer('expires_at'),
    /** Moved forward at most every few minutes (worker/services/api-tokens.ts), to keep D1 writes rare. */
    lastUsedAt: integer('last_used_at'),
    revokedAt: integer('revoked_at'),
  },
  (t) => [uniqueIndex('api_tokens_hash').on(t.tokenHash), index('api_tokens_user').on(t.userId, t.createdAt)],
);

/**
 * Counted attempts per key, for the sign-in and password-reset limits (worker/services/login-limit.ts): failed
 * sign-ins per account, per address and per address on one account; reset mails per account and per address.
 * `firstAt` opens a counting window, `lastAt` is the latest attempt. In D1 because KV's lag would let bursts through.
 */
export const rateCounters = sqliteTable(
  'rate_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    firstAt: integer('first_at').notNull(),
    lastAt: integer('last_at').notNull(),
  },
  (t) => [index('rate_counters_last').on(t.lastAt)],
);

/** Keys the worker makes for itself once per database (the device cookies' signing key; decision 003). */
export const appKeys = sqliteTable('app_keys', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: integer('created_at').notNull(),
});

/** A smaller copy of a picture: the width it is stored for (`?w=`), and its own size in pixels. */
export interface PictureCopy {
  w: number;
  width: number;
  height: number;
}

/**
 * Every file stored in R2, with who uploaded it. A row is written before the file's content (worker/services/uploads.ts), so
 * a request that dies midway leaves a row the Cron Trigger sweeps once no entity shows the file (migration 0009).
 */
export const blobs = sqliteTable(
  'blobs',
  {
    key: text('key').primaryKey(),
    contentType: text('content_type').notNull(),
    /** 0 until the content is written whole. */
    size: integer('size').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull().default(now),
    /** The R2 multipart upload writing the content, while it is in progress. */
    r2UploadId: text('r2_upload_id'),
    /**
     * A picture's size in pixels, from its header (migration 0015): null for videos and for pictures stored before
     * (until the Cron Trigger reads it), 0 when the header could not be read.
     */
    width: integer('width'),
    height: integer('height'),
    /** A picture's smaller copies (`{key}@w{w}`, decision 018) with their sizes; null while not known. */
    copies: text('copies', { mode: 'json' }).$type<PictureCopy[]>(),
  },
  (t) => [index('blobs_created').on(t.createdAt)],
);

/**
 * Resumable uploads of big videos: an R2 multipart upload sent part by part (POST/PUT/DELETE /api/uploads),
 * then attached to an article's video or a channel's cover by its id. Rows go when attached, cancelled, or
 * left alone for a day (the Cron Trigger). docs/decisions/017-resumable-uploads.md.
 */
export const uploads = sqliteTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The R2 key, made by the server like every upload's: `video/{uuid}.{ext}`. */
    key: text('key').notNull().unique(),
    r2UploadId: text('r2_upload_id').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    partSize: integer('part_size').notNull(),
    name: text('name').notNull().default(''),
    /** The browser's fingerprint of the file (name, size, time, sampled content), to find the upload again after a reload. */
    fingerprint: text('fingerprint').notNull(),
    status: text('status', { enum: UPLOAD_STATUSES }).notNull().default('open'),
    createdAt: integer('created_at').notNull().default(now),
    /** Last part received (or completion): an upload left alone for a day is cleared. */
    updatedAt: integer('updated_at').notNull().default(now),
  },
  (t) => [index('uploads_user').on(t.userId, t.status), index('uploads_status').on(t.status, t.updatedAt)],
);

export const uploadParts = sqliteTable(
  'upload_parts',
  {
    uploadId: text('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    partNumber: integer('part_number').notNull(),
    etag: text('etag').notNull(),
    size: integer('size').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.partNumber] })],
);

export const categories = sqliteTable(
  'categories',
  {
    id: text('id').primaryKey(),
    parentId: text('parent_id').references((): AnySQLiteColumn => categories.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    imageKey: text('image_key'),
    slug: text('slug').notNull().unique(),
    ordinal: integer('ordinal').notNull().default(0),
    createdAt: integer('created_at').notNull().default(now),
  },
  (t) => [index('categories_parent').on(t.parentId, t.ordinal), index('categories_image').on(t.imageKey)],
);

export const channels = sqliteTable(
  'channels',
  {
    id: text('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    infoText: text('info_text').notNull().default(''),
    portraitKey: text('portrait_key'),
    bannerKey: text('banner_key'),
    coverKind: text('cover_kind', { enum: COVER_KINDS }),
    coverKey: text('cover_key'),
    coverThumbnailMillis: integer('cover_thumbnail_millis'),
    hidden: integer('hidden', { mode: 'boolean' }).notNull().default(false),
    private: integer('private', { mode: 'boolean' }).notNull().default(false),
    published: integer('published', { mode: 'boolean' }).notNull().default(false),
    restricted: integer('restricted', { mode: 'boolean' }).notNull().default(false),
    isAd: integer('is_ad', { mode: 'boolean' }).notNull().default(false),
    /** JSON `Record<string, string[]>` of article ids; `main` orders the channel page. Ids are not foreign keys, so the health check watches them. */
    articleOrdinals: text('article_ordinals', { mode: 'json' })
      .$type<Record<string, string[]>>()
      .notNull()
      .default(sql`'{}'`),
    version: integer('version').notNull().default(1),
    createdAt: integer('created_at').notNull().default(now),
    updatedAt: integer('updated_at').notNull().default(now),
  },
  (t) => [
    // By owner in id order: the export's keyset pages (migration 0019).
    index('channels_user').on(t.userId, t.id),
    // The file route asks who shows a file (worker/queries/files.ts).
    index('channels_portrait').on(t.portraitKey),
    index('channels_banner').on(t.bannerKey),
    index('channels_cover').on(t.coverKey),
  ],
);

export const channelCategories = sqliteTable(
  'channel_categories',
  {
    channelId: text('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.channelId, t.categoryId] }),
    index('channel_categories_category').on(t.categoryId, t.ordinal),
  ],
);

export const articles = sqliteTable(
  'articles',
  {
    id: text('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    /** Plain text of the document (API clients that read text, full-text search); derived from `body` on save. */
    description: text('description').notNull().default(''),
    /** The text as a structured document (schema/document.ts); null for articles written before documents. */
    body: text('body', { mode: 'json' }).$type<ArticleDocument>(),
    teaser: text('teaser').notNull().default(''),
    type: text('type', { enum: ARTICLE_TYPES }).notNull().default('text'),
    channelId: text('channel_id').references(() => channels.id, { onDelete: 'set null' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    thumbnailKey: text('thumbnail_key'),
    published: integer('published', { mode: 'boolean' }).notNull().default(false),
    /** Whether the article is listed directly in its categories (not only through its channel). */
    publishedAtCategory: integer('published_at_category', { mode: 'boolean' }).notNull().default(false),
    hidden: integer('hidden', { mode: 'boolean' }).notNull().default(false),
    restricted: integer('restricted', { mode: 'boolean' }).notNull().default(false),
    isAd: integer('is_ad', { mode: 'boolean' }).notNull().default(false),
    isEditorial: integer('is_editorial', { mode: 'boolean' }).notNull().default(false),
    mediaKind: text('media_kind', { enum: MEDIA_KINDS }),
    /** Raised by one on every save; a save naming an older one is 409 (decision 029). */
    version: integer('version').notNull().default(1),
    createdAt: integer('created_at').notNull().default(now),
    updatedAt: integer('updated_at').notNull().default(now),
    /**
     * The article's place on its channel's page: its first position in the channel's `articleOrdinals.main`, or
     * UNLISTED_RANK when it is not listed there (those follow, newest first). Kept by triggers from the JSON
     * (migrations/0007_article_order.sql); the app never writes it. Indexed with the rest of that order, so a page
     * of the channel is an index range, not a sort of the channel.
     */
    channelRank: integer('channel_rank').notNull().default(UNLISTED_RANK),
  },
  (t) => [
    index('articles_channel_order').on(t.channelId, t.channelRank, sql`${t.createdAt} desc`, t.id),
    index('articles_user').on(t.userId, t.id),
    // An author's page: their articles newest first (migrations/0020_author_articles.sql).
    index('articles_user_created').on(t.userId, t.createdAt, t.id),
    index('articles_created').on(t.createdAt),
    index('articles_thumbnail').on(t.thumbnailKey),
  ],
);

export const articleCategories = sqliteTable(
  'article_categories',
  {
    articleId: text('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull().default(0),
    /**
     * The article's title, copied by triggers (migrations/0007_article_order.sql; the app never writes it), so the
     * category's order (ordinal, title, article id) is an index range rather than a sort of every article filed there.
     */
    articleTitle: text('article_title').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.categoryId] }),
    index('article_categories_order').on(t.categoryId, t.ordinal, t.articleTitle, t.articleId),
  ],
);

/** Gallery images and videos of an article; ordinals are dense from 0 within an article. */
export const articleMedia = sqliteTable(
  'article_media',
  {
    id: text('id').primaryKey(),
    articleId: text('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull(),
    kind: text('kind', { enum: ['image', 'video'] }).notNull(),
    title: text('title').notNull().default(''),
    blobKey: text('blob_key').notNull(),
    thumbnailMillis: integer('thumbnail_millis'),
    thumbnailKey: text('thumbnail_key'),
  },
  (t) => [
    uniqueIndex('article_media_ordinal').on(t.articleId, t.ordinal),
    index('article_media_blob').on(t.blobKey),
    index('article_media_thumbnail').on(t.thumbnailKey),
  ],
);

export const news = sqliteTable(
  'news',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    teaser: text('teaser').notNull().default(''),
    /** Polymorphic reference, so not a foreign key; the health check watches it. */
    refKind: text('ref_kind', { enum: NEWS_REF_KINDS }).notNull(),
    refId: text('ref_id').notNull(),
    thumbnailKey: text('thumbnail_key'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    publishedAt: integer('published_at').notNull().default(now),
    version: integer('version').notNull().default(1),
    createdAt: integer('created_at').notNull().default(now),
  },
  (t) => [
    index('news_published').on(t.publishedAt),
    index('news_ref').on(t.refId),
    index('news_thumbnail').on(t.thumbnailKey),
    index('news_user').on(t.userId, t.id),
  ],
);

export const slugs = sqliteTable(
  'slugs',
  {
    slug: text('slug').primaryKey(),
    entityId: text('entity_id').notNull(),
    entityKind: text('entity_kind', { enum: SLUG_KINDS }).notNull(),
    /** False for a slug the entity had before a rename: it still resolves, and the SPA moves to the current one. */
    current: integer('current', { mode: 'boolean' }).notNull().default(true),
  },
  (t) => [index('slugs_entity').on(t.entityId)],
);

export const imageOptions = sqliteTable('image_options', {
  blobKey: text('blob_key').primaryKey(),
  /** CSS object-position, `x% y%`. */
  position: text('position').notNull().default('50% 50%'),
  scale: real('scale').notNull().default(1),
});

export const userChannels = sqliteTable(
  'user_channels',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentId: text('content_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull().default(now),
  },
  (t) => [uniqueIndex('user_channels_unique').on(t.userId, t.contentId)],
);

export const userArticles = sqliteTable(
  'user_articles',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentId: text('content_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull().default(now),
  },
  (t) => [uniqueIndex('user_articles_unique').on(t.userId, t.contentId)],
);

/** Access requests for restricted or private content. */
export const contentRequests = sqliteTable(
  'content_requests',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentId: text('content_id').notNull(),
    contentType: text('content_type', { enum: CONTENT_TYPES }).notNull(),
    status: text('status', { enum: REQUEST_STATES }).notNull().default('PENDING'),
    createdAt: integer('created_at').notNull().default(now),
    decidedAt: integer('decided_at'),
  },
  (t) => [
    index('content_requests_content').on(t.contentId),
    index('content_requests_user').on(t.userId),
    // ADMIN's queue: the pending requests, newest first, and their count.
    index('content_requests_status').on(t.status, t.createdAt),
  ],
);

/** Granted access; a grant on a channel covers its articles. */
export const contentAccess = sqliteTable(
  'content_access',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentId: text('content_id').notNull(),
    contentType: text('content_type', { enum: CONTENT_TYPES }).notNull(),
    createdAt: integer('created_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('content_access_unique').on(t.userId, t.contentId),
    index('content_access_content').on(t.contentId),
  ],
);

export const publicationRequests = sqliteTable(
  'publication_requests',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentId: text('content_id').notNull(),
    type: text('type', { enum: CONTENT_TYPES }).notNull(),
    status: text('status', { enum: PUBLICATION_STATUSES }).notNull().default('PENDING'),
    expirationDate: integer('expiration_date'),
    /** ADMIN's optional reason for a rejection, shown to the editor. */
    reason: text('reason'),
    /** Who approved, rejected or unpublished (null while pending, or once that account is gone). */
    decidedBy: text('decided_by').references((): AnySQLiteColumn => users.id, { onDelete: 'set null' }),
    /** The wished start: an approved request keeps its content unpublished until then (the Cron Trigger publishes). */
    publishAt: integer('publish_at'),
    createdAt: integer('created_at').notNull().default(now),
    updatedAt: integer('updated_at').notNull().default(now),
  },
  (t) => [
    index('publication_requests_status').on(t.status, t.expirationDate),
    index('publication_requests_start').on(t.status, t.publishAt),
    index('publication_requests_content').on(t.contentId),
  ],
);

export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: CONTACT_KINDS }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    channelName: text('channel_name'),
    purpose: text('purpose'),
    createdAt: integer('created_at').notNull().default(now),
    /** When an admin first opened it; null is unread (the workspace's badge). */
    readAt: integer('read_at'),
    /** When an admin marked it handled; null is open. */
    handledAt: integer('handled_at'),
  },
  (t) => [index('contact_messages_created').on(t.createdAt), index('contact_messages_read').on(t.readAt)],
);

export const REVISION_TYPES = ['article', 'channel', 'news'] as const;
export type RevisionType = (typeof REVISION_TYPES)[number];

/** Every save of an article, channel or news item (decision 029): who, when, and the saved fields as JSON. */
export const revisions = sqliteTable(
  'revisions',
  {
    id: text('id').primaryKey(),
    entityType: text('entity_type', { enum: REVISION_TYPES }).notNull(),
    entityId: text('entity_id').notNull(),
    version: integer('version').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    fields: text('fields', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('revisions_entity').on(t.entityId, t.createdAt)],
);

/** Everyone a revision credits: the authors of a co-edited save (decision 050); an ordinary save lists none here. */
export const revisionAuthors = sqliteTable(
  'revision_authors',
  {
    revisionId: text('revision_id')
      .notNull()
      .references(() => revisions.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.revisionId, t.userId] }), index('revision_authors_user').on(t.userId)],
);

/** Shareable read-only previews of one item (decision 029); the token is stored only as its SHA-256. */
export const previewLinks = sqliteTable(
  'preview_links',
  {
    id: text('id').primaryKey(),
    entityType: text('entity_type', { enum: REVISION_TYPES }).notNull(),
    entityId: text('entity_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    revokedAt: integer('revoked_at'),
  },
  (t) => [uniqueIndex('preview_links_token').on(t.tokenHash), index('preview_links_entity').on(t.entityId)],
);

/**
 * The audit log (decision 033): one row per change made through the API or by the Cron Trigger, written in the same
 * D1 batch as the change. Append-only (a trigger refuses UPDATE; only the Cron Trigger's retention prune deletes).
 * No foreign keys on purpose: an entry outlives the user, token and entity it names, and keeps their names as they
 * were then.
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    at: integer('at').notNull(),
    actorKind: text('actor_kind', { enum: AUDIT_ACTOR_KINDS }).notNull(),
    /** The user who acted (also for a token); null for the system. */
    actorId: text('actor_id'),
    /** The user's name at that time, or "system". */
    actorName: text('actor_name').notNull(),
    tokenId: text('token_id'),
    tokenName: text('token_name'),
    entityType: text('entity_type', { enum: AUDIT_ENTITIES }).notNull(),
    entityId: text('entity_id').notNull(),
    /** The entity's title (or name) at that time. */
    entityTitle: text('entity_title').notNull().default(''),
    /** The owner of the entity at that time, for the editor's own Activity; null where nobody owns it. */
    ownerId: text('owner_id'),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    /** The names of the changed fields of an `updated` entry (JSON array); null otherwise. */
    fields: text('fields', { mode: 'json' }).$type<string[]>(),
    /** The request id of the request's log line (decision 014); '' for the Cron Trigger. */
    requestId: text('request_id').notNull().default(''),
    /** "mcp" for a write through the MCP server (decision 045); null for the API and the SPA. */
    via: text('via', { enum: AUDIT_VIAS }),
  },
  (t) => [
    index('audit_log_at').on(t.at, t.id),
    index('audit_log_entity').on(t.entityId, t.at),
    index('audit_log_actor').on(t.actorId, t.at),
    index('audit_log_owner').on(t.ownerId, t.at),
    index('audit_log_action').on(t.action, t.at),
  ],
);

/**
 * Webhooks (decision 035): where the portal POSTs its events, signed with the webhook's secret. The secret is stored
 * encrypted (worker/services/webhook-secrets.ts); `events` is a JSON array of WEBHOOK_EVENTS.
 */
export const webhooks = sqliteTable('webhooks', {
  id: text('id').primaryKey(),
  url: text('url').notNull(),
  events: text('events', { mode: 'json' }).$type<WebhookEvent[]>().notNull(),
  secret: text('secret').notNull(),
  active: integer('active', { mode: 'boolean' }).notNull().default(true),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

/** What a delivery carries from its audit entry (written by the outbox trigger of migration 0014). */
export interface WebhookPayload {
  entityType: string;
  entityId: string;
  title: string;
  action: string;
  actorKind: string;
  actorName: string;
  tokenName: string | null;
  fields: string[] | null;
  at: number;
}

/**
 * The outbox and history of webhook deliveries: one row per webhook and event, written by a trigger on audit_log in
 * the change's own batch (migration 0014), or by the admin's test ping (no audit entry). `nextAttemptAt` is null until
 * the delivery is first put on the queue, then the time its next attempt is due (the Cron Trigger re-enqueues a
 * pending delivery whose attempt is long overdue: its message was lost).
 */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    webhookId: text('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    auditId: text('audit_id'),
    event: text('event').notNull(),
    payload: text('payload', { mode: 'json' }).$type<WebhookPayload>().notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    /** Why the last attempt failed, in a few words (never the receiver's body or the worker's internals). */
    lastError: text('last_error'),
    nextAttemptAt: integer('next_attempt_at'),
    createdAt: integer('created_at').notNull(),
    deliveredAt: integer('delivered_at'),
  },
  (t) => [
    index('webhook_deliveries_webhook').on(t.webhookId, t.createdAt),
    index('webhook_deliveries_status').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_audit').on(t.auditId),
  ],
);

/** What one import counted of one kind of record (decision 047). */
export interface ImportCount {
  created: number;
  updated: number;
  skipped: number;
  failed: number;
}

/**
 * Imports (decision 047): the source file kept in R2 (`fileKey`, and an optional ZIP of media), worked through in
 * batches by the IMPORTS queue's consumer. `cursor` is where the next batch starts (JSON, the runner's own shape),
 * written with each batch's items, so a crash or a redeploy resumes there. `report` holds what an admin reads
 * afterwards (bounded lists); `authorMap` maps the source's author logins to portal users.
 */
export const imports = sqliteTable(
  'imports',
  {
    id: text('id').primaryKey(),
    state: text('state', { enum: IMPORT_STATES }).notNull().default('queued'),
    sourceKind: text('source_kind', { enum: IMPORT_SOURCE_KINDS }).notNull(),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull().default(''),
    fileSize: integer('file_size').notNull().default(0),
    mediaKey: text('media_key'),
    counts: text('counts', { mode: 'json' })
      .$type<Partial<Record<string, ImportCount>>>()
      .notNull()
      .default(sql`'{}'`),
    cursor: text('cursor', { mode: 'json' })
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'`),
    report: text('report', { mode: 'json' })
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'`),
    authorMap: text('author_map', { mode: 'json' })
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'`),
    /** Why it failed (with the line of the file where parsing broke); null otherwise. */
    error: text('error'),
    /** While a step runs: until when it holds the import (a second delivery of its message waits). */
    leasedUntil: integer('leased_until'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    finishedAt: integer('finished_at'),
  },
  (t) => [index('imports_created').on(t.createdAt, t.id), index('imports_state').on(t.state, t.updatedAt)],
);

/**
 * The source key of every item an import wrote (decision 046): the same file imported again finds its items here and
 * updates them instead of creating duplicates; an editor sees where an item came from. No foreign key on the entity:
 * its kind varies, and a row outliving its entity only makes a re-import create the item again.
 */
export const importSources = sqliteTable(
  'import_sources',
  {
    sourceKind: text('source_kind').notNull(),
    /** The source site's address (WordPress's base_site_url), so two blogs' post 1 stay apart. */
    sourceSite: text('source_site').notNull(),
    sourceId: text('source_id').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    importId: text('import_id').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sourceKind, t.sourceSite, t.sourceId, t.entityType] }),
    index('import_sources_entity').on(t.entityId),
  ],
);

/** Old URL paths that answer 301 to an item's page (decision 046): consulted by the page router before its 404. */
export const redirects = sqliteTable(
  'redirects',
  {
    /** Lower case, no trailing slash; WordPress's `?p={id}` form is stored as `/?p={id}`. */
    path: text('path').primaryKey(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    importId: text('import_id'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('redirects_entity').on(t.entityId)],
);
