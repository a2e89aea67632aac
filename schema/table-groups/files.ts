// Files: every file stored in R2, and the resumable uploads that make them.
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { UPLOAD_STATUSES } from '../enums';
import { now } from './now';
import { users } from './accounts';

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
