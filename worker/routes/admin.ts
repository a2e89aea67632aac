// /api/admin: what only the admin workspace needs beyond the resource groups: the counts on its section badges, and
// the audit log (decision 033).
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { adminCounts, auditLogPage, type AdminCounts } from '#schema/entities';
import { auditLogQuery } from '#schema/requests';
import { contactMessages, contentRequests, publicationRequests } from '#schema/tables';
import type { AppEnv } from '../env';
import { ok } from '../lib/envelope';
import { requireAdmin } from '../middleware/guards';
import { describe } from '../lib/route-doc';
import { query } from '../middleware/validate';
import { listAuditLog } from '../queries/audit-log';

export const adminRoutes = new Hono<AppEnv>()
  /** Pending access requests, pending publication requests and unread messages: one statement, one round trip. */
  .get(
    '/counts',
    describe({
      summary:
        'The work waiting in the admin workspace: pending access requests, pending publications, unread messages',
      result: adminCounts,
    }),
    requireAdmin,
    async (c) => {
      const row = await c.get('db').get<AdminCounts>(sql`select
      (select count(*) from ${contentRequests} where ${contentRequests.status} = 'PENDING') as pendingAccessRequests,
      (select count(*) from ${publicationRequests} where ${publicationRequests.status} = 'PENDING') as pendingPublications,
      (select count(*) from ${contactMessages} where ${contactMessages.readAt} is null) as unreadMessages`);
      return ok(c, row);
    },
  )

  /** The whole log, newest first; read only: no route changes or deletes an entry. */
  .get(
    '/auditLog',
    describe({
      summary:
        'The audit log, newest first, a page at a time; filtered by actor (user id), entityType, entityId, action, and a from/to time or day',
      result: auditLogPage,
    }),
    requireAdmin,
    query(auditLogQuery),
    async (c) => {
      const { cursor, limit, ...filter } = c.req.valid('query');
      return ok(c, await listAuditLog(c.get('db'), filter, { cursor, limit }));
    },
  );
