// /api/auditLog: the entries of the caller's own content and account (an editor's "Activity"), newest first; ADMIN
// sees every entry of the entity asked for. ADMIN's whole log with its filters is GET /api/admin/auditLog.
import { Hono } from 'hono';
import { auditLogPage } from '#schema/entities';
import { ownAuditLogQuery } from '#schema/requests';
import type { AppEnv } from '../env';
import { ok } from '../lib/envelope';
import { currentUser, isAdmin, requireUser } from '../middleware/guards';
import { describe } from '../lib/route-doc';
import { query } from '../middleware/validate';
import { listAuditLog } from '../queries/audit-log';

export const auditLogRoutes = new Hono<AppEnv>().get(
  '/',
  describe({
    summary:
      "The audit entries of the caller's own content and account (of one entity with `entityId`), newest first; ADMIN: every entry of that entity",
    result: auditLogPage,
  }),
  requireUser,
  query(ownAuditLogQuery),
  async (c) => {
    const user = currentUser(c);
    const { cursor, limit, entityId } = c.req.valid('query');
    // Whose entries: an entry carries the owner of its entity at that time, so an editor sees their own content's.
    const ownerId = isAdmin(user) && entityId ? undefined : user.id;
    return ok(c, await listAuditLog(c.get('db'), { entityId, ownerId }, { cursor, limit }));
  },
);
