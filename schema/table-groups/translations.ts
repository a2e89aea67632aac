// Translations (issue 29, docs/decisions/054-translations.md, migrations/0024_translations.sql): one row per item and
// language besides the item's own. Files, flags, channel and categories stay on the item; a translation holds only
// the text, its slug and its state. `sourceTextVersion` is the item's `textVersion` when the translation was last
// saved: the translation is outdated while the item's is higher.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { ArticleDocument } from '../document';
import { SLUG_KINDS } from '../enums';
import { now } from './now';
import { users } from './accounts';
import { articles, categories, channels, news } from './content';

/** What every translation row has besides its text. */
const state = () => ({
  language: text('language').notNull(),
  /** Draft (false) or published; public only while its item is public too. */
  published: integer('published', { mode: 'boolean' }).notNull().default(false),
  sourceTextVersion: integer('source_text_version').notNull(),
  /** Raised by one on every save; a save naming an older one is 409 (decision 029). */
  version: integer('version').notNull().default(1),
  /** Who created the translation. */
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: integer('created_at').notNull().default(now),
  updatedAt: integer('updated_at').notNull().default(now),
});

export const articleTranslations = sqliteTable(
  'article_translations',
  {
    articleId: text('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    teaser: text('teaser').notNull().default(''),
    /** Plain text of `body`, derived on save as the item's is. */
    description: text('description').notNull().default(''),
    body: text('body', { mode: 'json' }).$type<ArticleDocument>(),
    /** The translated titles of the article's pictures and videos, by `article_media.id`. */
    mediaTitles: text('media_titles', { mode: 'json' }).$type<Record<string, string>>().notNull().default({}),
    ...state(),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.language] }),
    uniqueIndex('article_translations_slug').on(t.language, t.slug),
  ],
);

export const channelTranslations = sqliteTable(
  'channel_translations',
  {
    channelId: text('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    infoText: text('info_text').notNull().default(''),
    ...state(),
  },
  (t) => [
    primaryKey({ columns: [t.channelId, t.language] }),
    uniqueIndex('channel_translations_slug').on(t.language, t.slug),
  ],
);

export const categoryTranslations = sqliteTable(
  'category_translations',
  {
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    ...state(),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.language] }),
    uniqueIndex('category_translations_slug').on(t.language, t.slug),
  ],
);

export const newsTranslations = sqliteTable(
  'news_translations',
  {
    newsId: text('news_id')
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    teaser: text('teaser').notNull().default(''),
    ...state(),
  },
  (t) => [primaryKey({ columns: [t.newsId, t.language] })],
);

/** A translation's slugs, current and old (old ones keep redirecting), per language: `slugs` for the item's own. */
export const translationSlugs = sqliteTable(
  'translation_slugs',
  {
    language: text('language').notNull(),
    slug: text('slug').notNull(),
    entityId: text('entity_id').notNull(),
    entityKind: text('entity_kind', { enum: SLUG_KINDS }).notNull(),
    current: integer('current', { mode: 'boolean' }).notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.language, t.slug] }), index('translation_slugs_entity').on(t.entityId, t.language)],
);
