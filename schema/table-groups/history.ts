// History: revisions, preview links and the audit log.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { AUDIT_ACTIONS, AUDIT_ACTOR_KINDS, AUDIT_VIAS, AUDIT_ENTITIES } from '../enums';
import { users } from './accounts';

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
    /** The translation's language for a revision of a translation; null for the item's own text (migration 0024). */
    language: text('language'),
  },
  (t) => [index('revisions_entity').on(t.entityId, t.createdAt)],
);

/** Everyone a revision credits: the authors of a co-edited save (decision 051); an ordinary save lists none here. */
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
    /** The language of a translation's change; null for the item's own (migration 0024). */
    language: text('language'),
  },
  (t) => [
    index('audit_log_at').on(t.at, t.id),
    index('audit_log_entity').on(t.entityId, t.at),
    index('audit_log_actor').on(t.actorId, t.at),
    index('audit_log_owner').on(t.ownerId, t.at),
    index('audit_log_action').on(t.action, t.at),
  ],
);
