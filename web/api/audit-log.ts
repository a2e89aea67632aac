// /api/admin/auditLog (ADMIN's whole log, filtered) and /api/auditLog (the caller's own content's entries).
import { auditLogPage } from '#schema/entities';
import type { AuditAction, AuditEntity } from '#schema/enums';
import { api, call, pageQuery } from './client';

export interface AuditLogFilter {
  actor?: string | undefined;
  entityType?: AuditEntity | undefined;
  entityId?: string | undefined;
  action?: AuditAction | undefined;
  /** ISO times, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
}

export const listAuditLog = (filter: AuditLogFilter, cursor?: string) =>
  call(api.admin.auditLog.$get({ query: { ...pageQuery(cursor), ...filter } }), auditLogPage);

export const listActivity = (entityId: string, cursor?: string) =>
  call(api.auditLog.$get({ query: { ...pageQuery(cursor, 10), entityId } }), auditLogPage);
