// The admin workspace (decisions 015, 033): the health check, contact messages, the badges' counts, the audit log.
import * as z from 'zod/mini';
import { nonnegativeInt } from '../mini';
import { AUDIT_ACTIONS, AUDIT_ACTOR_KINDS, AUDIT_ENTITIES, AUDIT_VIAS, CONTACT_KINDS } from '../enums';
import { id, isoDateTime, pageOf } from './base';

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
