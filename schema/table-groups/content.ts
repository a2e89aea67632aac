// Content: categories, channels, articles with their media, news, slugs and the image options.
import { sql } from 'drizzle-orm';
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
import type { ArticleDocument } from '../document';
import { ARTICLE_TYPES, COVER_KINDS, MEDIA_KINDS, NEWS_REF_KINDS, SLUG_KINDS } from '../enums';
import { now } from './now';
import { users } from './accounts';

/** `articles.channel_rank` of an article its channel's `articleOrdinals.main` does not list. */
export const UNLISTED_RANK = 2147483647;

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
    description: text('description').notNull().default(''),
    /** The language the item is written in (issue 29; decision 054); its translations are in `*_translations`. */
    language: text('language').notNull().default('en-US'),
    /** Raised by a trigger when the translatable text changes (migration 0024): translations older than it are outdated. */
    textVersion: integer('text_version').notNull().default(1),
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
    /** The language the item is written in (issue 29; decision 054); its translations are in `*_translations`. */
    language: text('language').notNull().default('en-US'),
    /** Raised by a trigger when the translatable text changes (migration 0024): translations older than it are outdated. */
    textVersion: integer('text_version').notNull().default(1),
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
    /** The language the item is written in (issue 29; decision 054); its translations are in `*_translations`. */
    language: text('language').notNull().default('en-US'),
    /** Raised by a trigger when the translatable text changes (migration 0024): translations older than it are outdated. */
    textVersion: integer('text_version').notNull().default(1),
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
    /** The language the item is written in (issue 29; decision 054); its translations are in `*_translations`. */
    language: text('language').notNull().default('en-US'),
    /** Raised by a trigger when the translatable text changes (migration 0024): translations older than it are outdated. */
    textVersion: integer('text_version').notNull().default(1),
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
