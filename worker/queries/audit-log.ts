// Reading the audit log (decision 033): ADMIN's whole log with filters, and an editor's view of the entries of their
// own content and account. Newest first, keyset paging on (at, id). Entries are never written here: every write
// records its own (worker/services/audit.ts), and nothing changes or deletes them but the retention prune.
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { AuditLogEntry, AuditLogPage } from '#schema/entities';
import type { AuditAction, AuditEntity } from '#schema/enums';
import { articles, auditLog, categories, channels, news, users } from '#schema/tables';
import type { Db } from '../env';
import { afterCursor, toPage } from '../lib/cursor';
import { iso } from '../services/db';

export interface AuditLogFilter {
  actor?: string | undefined;
  entityType?: AuditEntity | undefined;
  entityId?: string | undefined;
  action?: AuditAction | undefined;
  /** Only entries of content (and the account) this user owns. */
  ownerId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const DAY = 24 * 3600 * 1000;
/** A bound of the time filter: a full ISO time as it is; a day from its start (`from`) or to its end (`to`), UTC. */
const timeBound = (value: string, edge: 'from' | 'to') =>
  value.length === 10 ? Date.parse(`${value}T00:00:00Z`) + (edge === 'to' ? DAY - 1 : 0) : Date.parse(value);

/** Whether the entry's entity is still there: the link to it leads somewhere. */
const entityExists = sql<number>`case ${auditLog.entityType}
    when 'article' then exists (select 1 from ${articles} where ${articles.id} = ${auditLog.entityId})
    when 'channel' then exists (select 1 from ${channels} where ${channels.id} = ${auditLog.entityId})
    when 'news' then exists (select 1 from ${news} where ${news.id} = ${auditLog.entityId})
    when 'category' then exists (select 1 from ${categories} where ${categories.id} = ${auditLog.entityId})
    when 'user' then exists (select 1 from ${users} where ${users.id} = ${auditLog.entityId} and ${users.deletedAt} is null)
    when 'access' then exists (select 1 from ${articles} where ${articles.id} = ${auditLog.entityId})
      or exists (select 1 from ${channels} where ${channels.id} = ${auditLog.entityId})
    else 0 end`;

/** A page of entries matching the filter, newest first. */
export async function listAuditLog(
  db: Db,
  filter: AuditLogFilter,
  page: { cursor?: string | undefined; limit: number },
): Promise<AuditLogPage> {
  const rows = await db
    .select({ entry: auditLog, exists: entityExists })
    .from(auditLog)
    .where(
      and(
        filter.actor ? eq(auditLog.actorId, filter.actor) : undefined,
        filter.entityType ? eq(auditLog.entityType, filter.entityType) : undefined,
        filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
        filter.action ? eq(auditLog.action, filter.action) : undefined,
        filter.ownerId ? eq(auditLog.ownerId, filter.ownerId) : undefined,
        filter.from ? gte(auditLog.at, timeBound(filter.from, 'from')) : undefined,
        filter.to ? lte(auditLog.at, timeBound(filter.to, 'to')) : undefined,
        afterCursor(page.cursor, auditLog.at, auditLog.id),
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(page.limit + 1)
    .all();
  return toPage(rows, page.limit, (r) => ({ time: r.entry.at, id: r.entry.id }), toAuditLogEntry);
}

const toAuditLogEntry = ({
  entry,
  exists,
}: {
  entry: typeof auditLog.$inferSelect;
  exists: number;
}): AuditLogEntry => ({
  ...entry,
  at: iso(entry.at),
  entityExists: !!exists,
});
