// The contact form and the admin workspace (decisions 015, 033): its lists' filters, messages, categories' order,
// the audit log's filters.
import * as z from 'zod/mini';
import { nonnegativeInt } from '../mini';
import { CONTACT_KINDS, MESSAGE_STATES } from '../enums';
import { auditAction, auditEntity, id, isoDateTime, role } from '../entities';
import { LIMITS } from '../limits';
import { email, pageQuery } from './fields';

// contact
export const contactBody = z
  .object({
    kind: z.enum(CONTACT_KINDS),
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(LIMITS.name)),
    email,
    message: z.string().check(z.trim(), z.minLength(1), z.maxLength(5_000)),
    channelName: z.optional(z.string().check(z.trim(), z.maxLength(LIMITS.title))),
    purpose: z.optional(z.string().check(z.trim(), z.maxLength(2_000))),
  })
  .check(
    z.refine((b) => b.kind !== 'orderChannel' || (b.channelName && b.channelName.length > 0), {
      message: 'Required for an order',
      path: ['channelName'],
    }),
  );

// admin workspace
/** GET /users: a name, e-mail or full-name fragment, role and active flag; paged by offset (alphabetical order). */
export const userListQuery = z.extend(pageQuery, {
  q: z.optional(z.string().check(z.trim(), z.maxLength(LIMITS.name))),
  role: z.optional(role),
  active: z.optional(z.enum(['true', 'false'])),
});
export const contactMessageListQuery = z.extend(pageQuery, { status: z.optional(z.enum(MESSAGE_STATES)) });
export const updateContactMessageBody = z
  .object({ read: z.optional(z.boolean()), handled: z.optional(z.boolean()) })
  .check(z.refine((b) => b.read !== undefined || b.handled !== undefined, { message: 'Expected read or handled' }));
/** DELETE /categories/{id}: `moveUp` moves its sub-categories to its parent first (else they make it 409). */
export const deleteCategoryQuery = z.object({ children: z.optional(z.enum(['refuse', 'moveUp'])) });
/** PUT /categories/{id}/position: the category's place among its siblings, 0 first. */
export const categoryPositionBody = z.object({ index: nonnegativeInt().check(z.lte(100_000)) });

// audit log
/** A full ISO time, or a day (`2026-11-25`: from its start, or to its end, in UTC). */
const auditTime = z.union([isoDateTime, z.iso.date()]);
/** GET /admin/auditLog: ADMIN's filters, each optional; `from`/`to` bound the time (inclusive). */
export const auditLogQuery = z.extend(pageQuery, {
  actor: z.optional(id),
  entityType: z.optional(auditEntity),
  entityId: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  action: z.optional(auditAction),
  from: z.optional(auditTime),
  to: z.optional(auditTime),
});
/** GET /auditLog: the entries of the caller's own content (and account), optionally of one entity. */
export const ownAuditLogQuery = z.extend(pageQuery, {
  entityId: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
});
