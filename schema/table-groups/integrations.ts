// Integrations: webhooks and their deliveries, imports and the redirects they leave.
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { IMPORT_SOURCE_KINDS, IMPORT_STATES, WEBHOOK_DELIVERY_STATUSES, type WebhookEvent } from '../enums';
import { users } from './accounts';

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
  /** The language of a translation's change (migration 0025); null or absent for the item's own. */
  language?: string | null;
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
