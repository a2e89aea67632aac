// When published content starts and stops: the wished start and expiry of a publication request, and the Cron
// Trigger's two halves that publish what is due and unpublish what expired (the requests themselves:
// publications.ts).
import { and, eq, gt, inArray, isNotNull, isNull, lte, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { PublicationRequest } from '#schema/entities';
import { articles, channels, type ContentType } from '#schema/tables';
import type { Db } from '../env';
import { BadRequest } from '../lib/errors';
import { auditEntry, auditEntryWhen, type AuditScope, type ContentSubject } from '../services/audit';
import {
  pr,
  toPublicationRequest,
  findRequest,
  contentOfRequest,
  contentPublished,
  otherLivePublication,
  publish,
  unpublishUnlessStillApproved,
  OPEN_STATUSES,
} from './publications';

/**
 * PUT /publications/update-start (ADMIN): the wished start of an open request, null for none. On an approved
 * request a start in the past (or none) publishes at once, one in the future unpublishes until then (unless another
 * live publication covers the content); the Cron Trigger publishes it when it comes. One batch.
 */
export async function updatePublicationStart(
  db: Db,
  id: string,
  publishAt: number | null,
  audit: AuditScope,
  now = Date.now(),
): Promise<PublicationRequest> {
  const request = await findRequest(db, id);
  if (!OPEN_STATUSES.includes(request.status)) {
    throw new BadRequest(`A ${request.status.toLowerCase()} publication request has no start to change`);
  }
  if (request.languages?.length)
    throw new BadRequest('A request for translations has no start: its translations follow the item');
  if (publishAt !== null && request.expirationDate !== null && publishAt >= request.expirationDate)
    throw new BadRequest('The start must come before the expiry date');
  const future = publishAt !== null && publishAt > now;
  const stored = future ? publishAt : request.status === 'APPROVED' ? null : publishAt;
  const stillApproved = sql`exists (select 1 from ${pr} where ${pr.id} = ${id} and ${pr.status} = 'APPROVED')`;
  const content: BatchItem<'sqlite'>[] =
    request.status !== 'APPROVED'
      ? []
      : future
        ? [unpublishUnlessStillApproved(db, request.type, request.contentId, id, now, stillApproved)]
        : [publish(db, request.type, request.contentId, now, stillApproved)];
  const stillAt = sql`exists (select 1 from ${pr} where ${pr.id} = ${id} and ${pr.status} = ${request.status})`;
  const subject = (await contentOfRequest(db, request.type, request.contentId))?.subject;
  const entries: BatchItem<'sqlite'>[] = [];
  if (subject) {
    entries.push(auditEntryWhen(db, audit, { ...subject, action: 'updated', fields: ['publishAt'] }, stillAt, now));
    if (request.status === 'APPROVED') {
      const flips = future
        ? and(
            stillApproved,
            contentPublished(request.type, request.contentId, true),
            notExists(otherLivePublication(db, sql`${request.contentId}`, now, id)),
          )!
        : and(stillApproved, contentPublished(request.type, request.contentId, false))!;
      entries.push(auditEntryWhen(db, audit, { ...subject, action: future ? 'unpublished' : 'published' }, flips, now));
    }
  }
  await db.batch([
    ...entries,
    db
      .update(pr)
      .set({ publishAt: stored, updatedAt: now })
      .where(and(eq(pr.id, id), eq(pr.status, request.status))),
    ...content,
  ] as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  return toPublicationRequest({ ...request, publishAt: stored, updatedAt: now });
}

/**
 * The Cron Trigger's other half: approved requests whose start has come (and whose expiry has not) publish their
 * content, and their start is cleared (done with), in one batch. Returns the requests it started.
 */
export async function startDuePublications(
  db: Db,
  now: number,
  audit: AuditScope,
): Promise<{ id: string; contentId: string; type: ContentType }[]> {
  const due = and(
    eq(pr.status, 'APPROVED'),
    isNotNull(pr.publishAt),
    lte(pr.publishAt, now),
    or(isNull(pr.expirationDate), gt(pr.expirationDate, now)),
  )!;
  const dueContent = (type: ContentType) =>
    db
      .select({ id: pr.contentId })
      .from(pr)
      .where(and(due, eq(pr.type, type)));
  // The system's `published` entries: one per content that is still due and still a draft when the batch runs.
  const entries = (await dueSubjects(db, due)).map(({ subject, type }) =>
    auditEntryWhen(
      db,
      audit,
      { ...subject, action: 'published' },
      and(
        sql`exists (select 1 from ${pr} where ${pr.contentId} = ${subject.entityId} and ${due})`,
        contentPublished(type, subject.entityId, false),
      )!,
      now,
    ),
  );
  const results = await db.batch([
    ...entries,
    db
      .update(articles)
      .set({ published: true, updatedAt: now })
      .where(inArray(articles.id, dueContent('article'))),
    db
      .update(channels)
      .set({ published: true, updatedAt: now })
      .where(inArray(channels.id, dueContent('channel'))),
    db
      .update(pr)
      .set({ publishAt: null, updatedAt: now })
      .where(due)
      .returning({ id: pr.id, contentId: pr.contentId, type: pr.type }),
  ] as unknown as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  return results[results.length - 1] as { id: string; contentId: string; type: ContentType }[];
}

/**
 * PUT /publications/update-expiration (ADMIN); null for none, stored as UTC epoch milliseconds. Only open requests
 * (PENDING, APPROVED) have an expiry to change: 400 for the others. A date in the past is accepted: the next
 * scheduled run expires an approved request with it.
 */
export async function updatePublicationExpiration(
  db: Db,
  id: string,
  expirationDate: number | null,
  audit: AuditScope,
  now = Date.now(),
): Promise<PublicationRequest> {
  const request = await findRequest(db, id);
  if (!OPEN_STATUSES.includes(request.status)) {
    throw new BadRequest(`A ${request.status.toLowerCase()} publication request has no expiry to change`);
  }
  if (request.languages?.length)
    throw new BadRequest('A request for translations has no expiry: its translations follow the item');
  const subject = (await contentOfRequest(db, request.type, request.contentId))?.subject;
  await db.batch([
    db.update(pr).set({ expirationDate, updatedAt: now }).where(eq(pr.id, id)),
    ...(subject ? [auditEntry(db, audit, { ...subject, action: 'updated', fields: ['expirationDate'] }, now)] : []),
  ]);
  return toPublicationRequest({ ...request, expirationDate, updatedAt: now });
}

/**
 * The Cron Trigger's work: approved requests whose expiration date is at or before `now` become EXPIRED and
 * their content is unpublished (unless another approved, unexpired request covers it), all in one batch.
 */
export async function expirePublications(
  db: Db,
  now: number,
  audit: AuditScope,
): Promise<{ id: string; contentId: string; type: ContentType }[]> {
  const due = and(eq(pr.status, 'APPROVED'), isNotNull(pr.expirationDate), lte(pr.expirationDate, now))!;
  const dueContent = (type: ContentType) =>
    db
      .select({ id: pr.contentId })
      .from(pr)
      .where(and(due, eq(pr.type, type)));
  // The system's `expired` entries: one per content the batch really takes back to draft (the same conditions).
  const entries = (await dueSubjects(db, due)).map(({ subject, type }) =>
    auditEntryWhen(
      db,
      audit,
      { ...subject, action: 'expired' },
      and(
        sql`exists (select 1 from ${pr} where ${pr.contentId} = ${subject.entityId} and ${due})`,
        contentPublished(type, subject.entityId, true),
        notExists(otherLivePublication(db, sql`${subject.entityId}`, now)),
      )!,
      now,
    ),
  );
  const results = await db.batch([
    ...entries,
    db
      .update(articles)
      .set({ published: false, updatedAt: now })
      .where(and(inArray(articles.id, dueContent('article')), notExists(otherLivePublication(db, articles.id, now)))),
    db
      .update(channels)
      .set({ published: false, updatedAt: now })
      .where(and(inArray(channels.id, dueContent('channel')), notExists(otherLivePublication(db, channels.id, now)))),
    db
      .update(pr)
      .set({ status: 'EXPIRED', updatedAt: now })
      .where(due)
      .returning({ id: pr.id, contentId: pr.contentId, type: pr.type }),
  ] as unknown as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  return results[results.length - 1] as { id: string; contentId: string; type: ContentType }[];
}

/** The content of the requests matching `due` (once each), as their audit entries name it. */
async function dueSubjects(db: Db, due: SQL): Promise<{ subject: ContentSubject; type: ContentType }[]> {
  const rows = await db
    .selectDistinct({
      contentId: pr.contentId,
      type: pr.type,
      articleTitle: articles.title,
      articleOwner: articles.userId,
      channelName: channels.name,
      channelOwner: channels.userId,
    })
    .from(pr)
    .leftJoin(articles, and(eq(pr.type, 'article'), eq(articles.id, pr.contentId)))
    .leftJoin(channels, and(eq(pr.type, 'channel'), eq(channels.id, pr.contentId)))
    .where(due)
    .all();
  return rows.flatMap((r) => {
    const title = r.type === 'article' ? r.articleTitle : r.channelName;
    const ownerId = r.type === 'article' ? r.articleOwner : r.channelOwner;
    if (title === null || ownerId === null) return [];
    return [{ type: r.type, subject: { entityType: r.type, entityId: r.contentId, title, ownerId } }];
  });
}
