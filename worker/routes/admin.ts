// /api/admin: what only the admin workspace needs beyond the resource groups: the counts on its section badges.
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { adminCounts, type AdminCounts } from '../../schema/entities';
import { contactMessages, contentRequests, publicationRequests } from '../../schema/tables';
import type { AppEnv } from '../env';
import { ok } from '../lib/envelope';
import { requireAdmin } from '../middleware/guards';
import { describe } from '../lib/route-doc';

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
  );
