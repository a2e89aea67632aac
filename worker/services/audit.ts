// The audit log (docs/decisions/033-audit-log.md): who changed what, and when. A write builds its entries with
// `auditEntry` and puts them in the same D1 batch as the change itself, so no change happens without its entry and
// no entry exists without its change. Routes get the scope (who is acting) with `auditScope(c)`; the Cron Trigger
// acts as `systemScope()`.
import type { BatchItem } from 'drizzle-orm/batch';
import type { Context } from 'hono';
import { lt, sql, type SQL } from 'drizzle-orm';
import { auditLog, type AuditAction, type AuditEntity } from '#schema/tables';
import type { AppEnv, AuditScope, Db } from '../env';
import { isViaMcp } from '../lib/mcp-via';

export type { AuditActor, AuditScope } from '../env';

/** Entries are kept this long, then the Cron Trigger prunes them (decision 033). */
export const AUDIT_RETENTION_DAYS = 400;

/** What one entry says. */
export interface AuditFact {
  entityType: AuditEntity;
  entityId: string;
  /** The entity's title or name at that time. */
  title: string;
  action: AuditAction;
  /** The owner of the entity, for the editor's Activity of their own content; omit where nobody owns it. */
  ownerId?: string | null;
  /** For `updated`: the names of the fields that changed. */
  fields?: readonly string[];
  /** The language of a translation's change (issue 29); omit for the item's own. */
  language?: string | null;
}

/** The Cron Trigger's scope: the system acts. */
export function systemScope(): AuditScope {
  return {
    actor: { kind: 'system', userId: null, name: 'system', tokenId: null, tokenName: null, via: null },
    requestId: '',
    recorded: [],
  };
}

/**
 * The scope of this request: its user (through its API token, if one authenticated it) and its request id. Made
 * once per request and kept on the context. Call it only where a user is signed in, or for a sign-in in the making
 * pass `as` (the user the request acts as).
 */
export function auditScope<E extends AppEnv>(context: Context<E>, as?: { id: string; name: string }): AuditScope {
  // Any route's context: its own variables (an upload, say) come on top of AppEnv's.
  const c = context as unknown as Context<AppEnv>;
  const existing = c.get('audit');
  if (existing && !as) return existing;
  const user = as ?? c.get('user');
  const token = as ? null : c.get('apiToken');
  const scope: AuditScope = {
    actor: {
      kind: token ? 'token' : user ? 'user' : 'system',
      userId: user?.id ?? null,
      name: user?.name ?? 'anonymous',
      tokenId: token?.id ?? null,
      tokenName: token?.name ?? null,
      via: as ? null : viaOf(c),
    },
    requestId: c.get('requestId') ?? '',
    recorded: existing?.recorded ?? [],
  };
  if (!as) c.set('audit', scope);
  return scope;
}

/** "mcp" when the request is an MCP tool's in-process API call; Hono's getter throws where there is no context. */
function viaOf(c: Context<AppEnv>): 'mcp' | null {
  try {
    return isViaMcp(c.executionCtx as ExecutionContext) ? 'mcp' : null;
  } catch {
    return null;
  }
}

/** The same request acting as `user` (whoever registers or resets their own password acts on their own account). */
export function actingAs(scope: AuditScope, user: { id: string; name: string }): AuditScope {
  return {
    actor: { kind: 'user', userId: user.id, name: user.name, tokenId: null, tokenName: null, via: null },
    requestId: scope.requestId,
    recorded: scope.recorded,
  };
}

/** The statement that records `fact` as done now by the scope's actor: put it in the change's own batch. */
export function auditEntry(db: Db, scope: AuditScope, fact: AuditFact, now = Date.now()): BatchItem<'sqlite'> {
  const id = crypto.randomUUID();
  scope.recorded.push(id);
  return db.insert(auditLog).values({
    id,
    at: now,
    actorKind: scope.actor.kind,
    actorId: scope.actor.userId,
    actorName: scope.actor.name,
    tokenId: scope.actor.tokenId,
    tokenName: scope.actor.tokenName,
    via: scope.actor.via,
    entityType: fact.entityType,
    entityId: fact.entityId,
    entityTitle: fact.title.slice(0, 500),
    ownerId: fact.ownerId ?? null,
    action: fact.action,
    fields: fact.fields && fact.fields.length > 0 ? [...fact.fields] : null,
    requestId: scope.requestId,
    language: fact.language ?? null,
  });
}

/**
 * The statement that records `fact` only if `condition` holds when it runs: for a change whose own statement is
 * conditional (a delete that a race may turn into a no-op, a status change guarded by the status read before).
 * Put it in the same batch just BEFORE that statement, with the same condition: one transaction, so the entry is
 * written exactly when the change is.
 */
export function auditEntryWhen(
  db: Db,
  scope: AuditScope,
  fact: AuditFact,
  condition: SQL,
  now = Date.now(),
): BatchItem<'sqlite'> {
  const id = crypto.randomUUID();
  scope.recorded.push(id);
  const fields = fact.fields && fact.fields.length > 0 ? JSON.stringify([...fact.fields]) : null;
  const a = scope.actor;
  // Columns in the table's order: id, at, actor_kind, actor_id, actor_name, token_id, token_name, entity_type,
  // entity_id, entity_title, owner_id, action, fields, request_id, via, language.
  return db.insert(auditLog).select(sql`
    select ${id}, ${now}, ${a.kind}, ${a.userId}, ${a.name}, ${a.tokenId}, ${a.tokenName}, ${fact.entityType},
      ${fact.entityId}, ${fact.title.slice(0, 500)}, ${fact.ownerId ?? null}, ${fact.action}, ${fields},
      ${scope.requestId}, ${a.via}, ${fact.language ?? null}
    where ${condition}`);
}

/** The names of the fields whose value differs between `before` and `after`, of the keys `after` has. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return Object.keys(after).filter(
    (key) => after[key] !== undefined && JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
}

/** Removes entries older than the retention (the Cron Trigger). */
export async function pruneAuditLog(db: Db, now = Date.now()): Promise<void> {
  await db.delete(auditLog).where(lt(auditLog.at, now - AUDIT_RETENTION_DAYS * 24 * 3600 * 1000));
}

/** An article, channel or news item as its entries name it. */
export interface ContentSubject {
  entityType: 'article' | 'channel' | 'news';
  entityId: string;
  title: string;
  ownerId: string;
}

/**
 * The entries of a save of content, for the save's own batch: `updated` naming the changed fields (a save that
 * changed nothing records nothing), and `published` or `unpublished` when ADMIN's save flipped its published flag.
 */
export function contentSaveEntries(
  db: Db,
  scope: AuditScope,
  subject: ContentSubject,
  fields: readonly string[],
  published?: { before: boolean; after: boolean | undefined },
): BatchItem<'sqlite'>[] {
  const entries: BatchItem<'sqlite'>[] = [];
  const changed = fields.filter((f) => f !== 'published');
  if (changed.length > 0) entries.push(auditEntry(db, scope, { ...subject, action: 'updated', fields: changed }));
  if (published && published.after !== undefined && published.after !== published.before) {
    entries.push(auditEntry(db, scope, { ...subject, action: published.after ? 'published' : 'unpublished' }));
  }
  return entries;
}
