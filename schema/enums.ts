// Enumerations shared by the tables, the zod schemas and the SPA. No drizzle import here: the SPA bundles this file.
export const ROLES = ['REGULAR_USER', 'CLIENT', 'CONTRIBUTOR', 'ADMIN'] as const;
export const COVER_KINDS = ['image', 'video'] as const;
export const ARTICLE_TYPES = ['gallery', 'video', 'text'] as const;
export const MEDIA_KINDS = ['gallery', 'video'] as const;
export const NEWS_REF_KINDS = ['article', 'channel'] as const;
export const SLUG_KINDS = ['article', 'channel', 'category'] as const;
export const CONTENT_TYPES = ['article', 'channel'] as const;
/** REVOKED: an allowed request whose grant was taken away again. */
export const REQUEST_STATES = ['PENDING', 'ALLOWED', 'DENIED', 'REVOKED'] as const;
/** UNPUBLISHED: the owner or ADMIN took approved content back to draft before its expiry. */
export const PUBLICATION_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'EXPIRED', 'UNPUBLISHED'] as const;
export const CONTACT_KINDS = ['contact', 'orderChannel'] as const;
/** Which contact messages a list shows: not yet handled, or handled. */
export const MESSAGE_STATES = ['open', 'handled'] as const;
/** A resumable upload: receiving parts, complete (not yet attached), attached (being taken by an entity write). */
export const UPLOAD_STATUSES = ['open', 'complete', 'attached'] as const;
/**
 * What a resumable upload may carry: big videos (images go in one request), and an import's export file larger than
 * one request (ADMIN only; taken by POST /imports with the part `upload`, decision 047).
 */
export const RESUMABLE_TYPES = ['video/mp4', 'video/webm', 'application/x-so-import'] as const;
/** The resumable upload type of an import's export file (WXR, Ghost JSON, a Markdown ZIP, the portal's export). */
export const IMPORT_UPLOAD_TYPE = 'application/x-so-import';
/** The languages of the SPA and of the mails. */
export const LOCALES = ['en-US', 'de-DE'] as const;
export type Locale = (typeof LOCALES)[number];
export type Role = (typeof ROLES)[number];
export type ContentType = (typeof CONTENT_TYPES)[number];
/** Widths (px) of the smaller copies the SPA makes of an uploaded image; `?w=` of the file route picks one. */
export const IMAGE_VARIANT_WIDTHS = [480, 960, 1920] as const;

/** What an audit log entry is about (worker/services/audit.ts, docs/decisions/033-audit-log.md). */
export const AUDIT_ENTITIES = ['article', 'channel', 'news', 'category', 'user', 'access', 'token', 'webhook'] as const;
/** What was done. `updated` entries name the changed fields. */
export const AUDIT_ACTIONS = [
  'created',
  'updated',
  'deleted',
  'published',
  'unpublished',
  'expired',
  'publication_requested',
  'publication_approved',
  'publication_rejected',
  'access_allowed',
  'access_denied',
  'access_revoked',
  'role_changed',
  'deactivated',
  'activated',
  'signed_in',
  'failed_sign_in_burst',
  'password_changed',
  'token_created',
  'token_revoked',
] as const;
/** Who did it: a signed-in user, a user through one of their API tokens, or the portal itself (the Cron Trigger). */
export const AUDIT_ACTOR_KINDS = ['user', 'token', 'system'] as const;
/** The way a write came in when it was not the API or the SPA: the MCP server (decision 045). */
export const AUDIT_VIAS = ['mcp'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];
/** What an API token may do (docs/decisions/034-api-tokens.md): `read` only reads; `full` has its user's rights. */
export const TOKEN_SCOPES = ['read', 'full'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
/** How long a new API token lives, in days; no expiry at all is ADMIN's alone. */
export const TOKEN_EXPIRY_DAYS = [30, 90, 365] as const;

/**
 * What a webhook can subscribe to (decision 035): derived from audit entries by the outbox trigger of migration
 * 0014 (an expiry is `*.unpublished`; a publication approved or rejected is `publication.decided`).
 */
export const WEBHOOK_EVENTS = [
  'article.created',
  'article.updated',
  'article.published',
  'article.unpublished',
  'article.deleted',
  'channel.created',
  'channel.updated',
  'channel.published',
  'channel.unpublished',
  'channel.deleted',
  'news.created',
  'news.updated',
  'news.published',
  'news.unpublished',
  'news.deleted',
  'publication.requested',
  'publication.decided',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** A delivery: waiting for its (next) attempt, done, or given up after a day of retries (an admin may retry it). */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** What an import runs through (decision 047): waiting on its queue, being worked, and its three ends. */
/** `review`: the file was read and waits for the admin to map its authors (POST /imports/{id}/start). */
export const IMPORT_STATES = ['queued', 'review', 'running', 'done', 'failed', 'cancelled'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];
/** Where an import's file comes from, detected from its content (decision 046). */
export const IMPORT_SOURCE_KINDS = ['wordpress', 'ghost', 'markdown', 'portal'] as const;
export type ImportSourceKind = (typeof IMPORT_SOURCE_KINDS)[number];
/** What an import counts: each kind of record it reads. */
export const IMPORT_COUNT_KINDS = [
  'articles',
  'pages',
  'categories',
  'tags',
  'users',
  'channels',
  'news',
  'media',
  /** The portal's own export: translations, written with their items. */
  'translations',
] as const;
export type ImportCountKind = (typeof IMPORT_COUNT_KINDS)[number];
