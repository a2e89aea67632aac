// Shared helpers of the audit log tests (audit-log-*.test.ts).
import { asc, eq } from 'drizzle-orm';
import { auditLog } from '#schema/tables';
import { db } from './helpers';

export const entriesOf = (entityId: string) =>
  db().select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(asc(auditLog.at), asc(auditLog.id)).all();
export const actionsOf = async (entityId: string) => (await entriesOf(entityId)).map((e) => e.action);
export const requestIdOf = (res: { headers: Headers }) => res.headers.get('X-Request-Id');
