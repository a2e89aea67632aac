// ADMIN's decisions on restricted content: allowing or refusing an access request, and revoking a grant (the
// requests and grants themselves: user-content.ts).
import { and, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '#schema/entities';
import { articles, channels, contentAccess, contentRequests, users, type ContentType } from '#schema/tables';
import type { Db } from '../env';
import { Conflict, Forbidden, NotFound } from '../lib/errors';
import { auditEntryWhen, type AuditFact, type AuditScope } from '../services/audit';
import {
  findVisibleContent,
  requestColumns,
  toContentRequest,
  contentTitleOf,
  type ContentRequest,
  type ContentRef,
} from './user-content';

/**
 * ADMIN decides an open request. Allowing writes the grant and the new state in one batch; a request that
 * is no longer PENDING is 409. A grant that already exists (given some other way) is kept as it is.
 */
export async function decideRequest(
  db: Db,
  id: string,
  decision: 'ALLOWED' | 'DENIED',
  audit: AuditScope,
  now = Date.now(),
): Promise<ContentRequest> {
  const request = await db.select(requestColumns).from(contentRequests).where(eq(contentRequests.id, id)).get();
  if (!request) throw new NotFound('Request not found');
  if (request.status !== 'PENDING') throw new Conflict(`Request already ${request.status.toLowerCase()}`);
  const mark = db
    .update(contentRequests)
    .set({ status: decision, decidedAt: now })
    .where(and(eq(contentRequests.id, id), eq(contentRequests.status, 'PENDING')));
  // Recorded just before the decision, under its condition (the request is still pending).
  const entry = auditEntryWhen(
    db,
    audit,
    await accessFact(
      db,
      request.contentId,
      request.userId,
      decision === 'ALLOWED' ? 'access_allowed' : 'access_denied',
    ),
    sql`exists (select 1 from ${contentRequests} where ${contentRequests.id} = ${id} and ${contentRequests.status} = 'PENDING')`,
    now,
  );
  if (decision === 'ALLOWED') {
    await db.batch([
      entry,
      db
        .insert(contentAccess)
        .values({
          id: crypto.randomUUID(),
          userId: request.userId,
          contentId: request.contentId,
          contentType: request.contentType,
          createdAt: now,
        })
        .onConflictDoNothing(),
      mark,
    ]);
  } else {
    await db.batch([entry, mark]);
  }
  return toContentRequest({ ...request, status: decision });
}

/**
 * An access entry (decision 033): about the content (its id and title at that time, its owner, so the owner sees it
 * in the content's Activity), naming the reader in `fields` as `reader:{name}`.
 */
async function accessFact(
  db: Db,
  contentId: string,
  readerId: string,
  action: AuditFact['action'],
): Promise<AuditFact> {
  const row = await db.get<{ title: string; ownerId: string | null; reader: string | null }>(sql`select
      ${contentTitleOf(sql`${contentId}`)} as title,
      coalesce(
        (select user_id from ${articles} where ${articles.id} = ${contentId}),
        (select user_id from ${channels} where ${channels.id} = ${contentId})) as ownerId,
      (select name from ${users} where ${users.id} = ${readerId}) as reader`);
  return {
    entityType: 'access',
    entityId: contentId,
    title: row?.title ?? '',
    ownerId: row?.ownerId ?? null,
    action,
    fields: [`reader:${row?.reader ?? readerId}`],
  };
}

/** The article or channel with this id, whichever it is, if the viewer may see it. */
async function findVisibleAnyContent(db: Db, viewer: SessionUser, id: string): Promise<ContentRef | null> {
  return (await findVisibleContent(db, viewer, 'channel', id)) ?? (await findVisibleContent(db, viewer, 'article', id));
}

/**
 * POST /revoke-access-channel: removes the user's grant on a channel (or on an article: the same call serves
 * both, since a channel's owner manages the grants of its articles too). Channel: its owner or ADMIN; article:
 * its owner, its channel's owner or ADMIN. The next request of that user no longer sees what the grant opened.
 */
export async function revokeAccess(
  db: Db,
  viewer: SessionUser,
  input: { userId: string; contentId: string },
  audit: AuditScope,
  now = Date.now(),
): Promise<{ contentType: ContentType }> {
  // ADMIN may revoke any grant, even one whose content is gone (ids are not foreign keys, so such grants stay listed).
  if (viewer.role !== 'ADMIN') {
    const ref = await findVisibleAnyContent(db, viewer, input.contentId);
    if (!ref) throw new NotFound('Content not found');
    const managers = [ref.userId, ...(ref.channel ? [ref.channel.userId] : [])];
    if (!managers.includes(viewer.id)) throw new Forbidden('Only the owner or an admin may revoke access');
  }
  const grant = and(eq(contentAccess.userId, input.userId), eq(contentAccess.contentId, input.contentId));
  // The allowed request that opened the grant says so too, so mySO never shows "Allowed" beside no access; only
  // when the grant is really removed in the same batch (the condition is in the statement).
  const [, removed] = await db.batch([
    // Recorded just before the grant goes, under the same condition (it is still there).
    auditEntryWhen(
      db,
      audit,
      await accessFact(db, input.contentId, input.userId, 'access_revoked'),
      sql`exists (select 1 from ${contentAccess} where ${grant})`,
      now,
    ),
    db.delete(contentAccess).where(grant).returning({ contentType: contentAccess.contentType }),
    db
      .update(contentRequests)
      .set({ status: 'REVOKED', decidedAt: now })
      .where(
        and(
          eq(contentRequests.userId, input.userId),
          eq(contentRequests.contentId, input.contentId),
          eq(contentRequests.status, 'ALLOWED'),
          sql`not exists (select 1 from ${contentAccess} where ${grant})`,
        ),
      ),
  ]);
  if (removed.length === 0) throw new NotFound('The user has no access to revoke');
  return { contentType: removed[0]!.contentType };
}
