// What readers and editors keep and ask for: followed channels, saved articles, access and publication requests, contact messages.
import { index, integer, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { CONTACT_KINDS, CONTENT_TYPES, PUBLICATION_STATUSES, REQUEST_STATES } from '../enums';
import { now } from './now';
import { users } from './accounts';
import { articles, channels } from './content';

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
    /** The translations the request asks to publish (language tags); null asks for the item itself (migration 0024). */
    languages: text('languages', { mode: 'json' }).$type<string[]>(),
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
