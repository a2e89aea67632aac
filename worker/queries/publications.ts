// Publication requests: editors ask, ADMIN approves (publishes) or rejects, and expiry unpublishes again.
// The request's status says whether it is what keeps its content published: only APPROVED does.
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { alias } from 'drizzle-orm/sqlite-core';
import type { z } from 'zod';
import type { PublicationRequest, publicationRequestListItem, publishedItem, SessionUser } from '../../schema/entities';
import type { PUBLICATION_STATUSES } from '../../schema/enums';
import { articles, channels, publicationRequests, users, type ContentType } from '../../schema/tables';
import type { Db } from '../env';
import { afterCursor, toPage } from '../lib/cursor';
import { iso } from '../services/db';
import { BadRequest, Conflict, Forbidden, NotFound } from '../lib/errors';
import { articleVisibleWhere, channelVisibleWhere, type Viewer } from '../lib/visibility';
import { contentTitleOf, type Page } from './user-content';
import { auditEntry, auditEntryWhen, type AuditFact, type AuditScope, type ContentSubject } from '../services/audit';

export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];
export type PublicationRequestListItem = z.infer<typeof publicationRequestListItem>;
export type PublishedItem = z.infer<typeof publishedItem>;

const pr = publicationRequests;
type Row = typeof pr.$inferSelect;

const toPublicationRequest = (row: Row): PublicationRequest => ({
  id: row.id,
  userId: row.userId,
  contentId: row.contentId,
  status: row.status,
  type: row.type,
  expirationDate: row.expirationDate === null ? null : iso(row.expirationDate),
  reason: row.reason,
  publishAt: row.publishAt === null ? null : iso(row.publishAt),
  createdAt: iso(row.createdAt),
});

async function findRequest(db: Db, id: string): Promise<Row> {
  const row = await db.select().from(pr).where(eq(pr.id, id)).get();
  if (!row) throw new NotFound('Publication request not found');
  return row;
}

/** The status a request has now (404 when there is none). */
export async function getPublicationStatus(db: Db, id: string): Promise<PublicationStatus> {
  return (await findRequest(db, id)).status;
}

/** The content's owner and published flag, if the viewer may see it. */
async function findOwnContent(db: Db, viewer: Viewer, type: ContentType, id: string) {
  return type === 'article'
    ? db
        .select({ userId: articles.userId, published: articles.published, title: articles.title })
        .from(articles)
        .where(and(eq(articles.id, id), articleVisibleWhere(viewer, { listing: false })))
        .get()
    : db
        .select({ userId: channels.userId, published: channels.published, title: channels.name })
        .from(channels)
        .where(and(eq(channels.id, id), channelVisibleWhere(viewer, { listing: false })))
        .get();
}

/** The content a request names, as its audit entries name it, and whether it is published; undefined when gone. */
async function contentOfRequest(
  db: Db,
  type: ContentType,
  id: string,
): Promise<{ subject: ContentSubject; published: boolean } | undefined> {
  const row =
    type === 'article'
      ? await db
          .select({ title: articles.title, userId: articles.userId, published: articles.published })
          .from(articles)
          .where(eq(articles.id, id))
          .get()
      : await db
          .select({ title: channels.name, userId: channels.userId, published: channels.published })
          .from(channels)
          .where(eq(channels.id, id))
          .get();
  if (!row) return undefined;
  return {
    subject: { entityType: type, entityId: id, title: row.title, ownerId: row.userId },
    published: row.published,
  };
}

/** The condition that the content is (published) or is not (!published) public right now, inside a statement. */
const contentPublished = (type: ContentType, id: string, published: boolean) => {
  const table = type === 'article' ? articles : channels;
  return sql`exists (select 1 from ${table} where ${table.id} = ${id} and ${table.published} = ${published ? 1 : 0})`;
};

/**
 * POST /publications: the owner (or ADMIN) asks for publication, optionally until a wished expiry date (400 when
 * it is not in the future). 404 for content the caller cannot see, 403 for someone else's, 409 when it is already
 * published or an open request for it exists.
 */
export async function createPublicationRequest(
  db: Db,
  viewer: SessionUser,
  input: {
    contentId: string;
    type: ContentType;
    expirationDate?: string | null | undefined;
    publishAt?: string | null | undefined;
  },
  audit: AuditScope,
  now = Date.now(),
): Promise<PublicationRequest> {
  const content = await findOwnContent(db, viewer, input.type, input.contentId);
  if (!content) throw new NotFound(input.type === 'article' ? 'Article not found' : 'Channel not found');
  if (viewer.role !== 'ADMIN' && viewer.id !== content.userId)
    throw new Forbidden('Only the owner may ask for publication');
  if (content.published) throw new Conflict('Already published');
  const expiration = input.expirationDate ? Date.parse(input.expirationDate) : null;
  if (expiration !== null && expiration <= now) throw new BadRequest('The wished expiry date must be in the future');
  const start = input.publishAt ? Date.parse(input.publishAt) : null;
  if (start !== null && expiration !== null && start >= expiration)
    throw new BadRequest('The wished start must come before the expiry date');
  const id = crypto.randomUUID();
  // One statement, so two racing requests cannot both open one; its entry under the same condition, just before it.
  const noneOpen = sql`not exists (select 1 from ${pr} where content_id = ${input.contentId} and status = 'PENDING')`;
  const subject: ContentSubject = {
    entityType: input.type,
    entityId: input.contentId,
    title: content.title,
    ownerId: content.userId,
  };
  const [, inserted] = await db.batch([
    auditEntryWhen(db, audit, { ...subject, action: 'publication_requested' }, noneOpen, now),
    db
      .insert(pr)
      .select(
        sql`
      select ${id}, ${viewer.id}, ${input.contentId}, ${input.type}, 'PENDING', ${expiration}, null, null, ${start},
        cast(unixepoch('subsec') * 1000 as integer), cast(unixepoch('subsec') * 1000 as integer)
      where ${noneOpen}`,
      )
      .returning({ id: pr.id }),
  ]);
  if (inserted.length === 0) throw new Conflict('An open publication request for this content exists');
  return toPublicationRequest(await findRequest(db, id));
}

export interface PublicationFilter {
  status?: PublicationStatus | undefined;
  /** Open requests (PENDING, APPROVED) whose expiration date is at most this many days from `now`, soonest first. */
  expiresWithinDays?: number | undefined;
  cursor?: string | undefined;
  limit: number;
}

const DAY = 24 * 3600 * 1000;

/**
 * GET /publications/requests: every request for ADMIN, one's own for editors; newest first, one page at a time.
 * With `expiresWithinDays` the order is soonest expiry first, and the cursor follows that order.
 */
export async function listPublicationRequests(
  db: Db,
  viewer: SessionUser,
  filter: PublicationFilter,
  now = Date.now(),
): Promise<Page<PublicationRequestListItem>> {
  const expiring = filter.expiresWithinDays !== undefined;
  const rows = await db
    .select({ request: pr, userName: users.name, contentTitle: contentTitleOf(pr.contentId) })
    .from(pr)
    .innerJoin(users, eq(users.id, pr.userId))
    .where(
      and(
        viewer.role === 'ADMIN' ? undefined : eq(pr.userId, viewer.id),
        filter.status ? eq(pr.status, filter.status) : undefined,
        expiring
          ? and(
              inArray(pr.status, OPEN_STATUSES),
              isNotNull(pr.expirationDate),
              lte(pr.expirationDate, now + filter.expiresWithinDays! * DAY),
            )
          : undefined,
        expiring
          ? afterCursor(filter.cursor, pr.expirationDate, pr.id, 'asc')
          : afterCursor(filter.cursor, pr.createdAt, pr.id),
      ),
    )
    .orderBy(...(expiring ? [asc(pr.expirationDate), asc(pr.id)] : [desc(pr.createdAt), desc(pr.id)]))
    .limit(filter.limit + 1)
    .all();
  return toPage(
    rows,
    filter.limit,
    (r) => ({ time: expiring ? r.request.expirationDate! : r.request.createdAt, id: r.request.id }),
    (r) => ({
      ...toPublicationRequest(r.request),
      updatedAt: iso(r.request.updatedAt),
      userName: r.userName,
      contentTitle: r.contentTitle,
    }),
  );
}

/**
 * GET /publications: what an approved request keeps published, with its expiration date, as far as the
 * viewer may see it in a list; soonest expiry first, open-ended last.
 */
export async function listPublished(db: Db, viewer: Viewer): Promise<PublishedItem[]> {
  const approved = (type: ContentType) => and(eq(pr.status, 'APPROVED'), eq(pr.type, type));
  const [articleRows, channelRows] = await db.batch([
    db
      .select({
        id: pr.id,
        contentId: pr.contentId,
        type: pr.type,
        slug: articles.slug,
        contentTitle: articles.title,
        expirationDate: pr.expirationDate,
      })
      .from(pr)
      .innerJoin(articles, eq(articles.id, pr.contentId))
      .where(and(approved('article'), articleVisibleWhere(viewer, { listing: true }))),
    db
      .select({
        id: pr.id,
        contentId: pr.contentId,
        type: pr.type,
        slug: channels.slug,
        contentTitle: channels.name,
        expirationDate: pr.expirationDate,
      })
      .from(pr)
      .innerJoin(channels, eq(channels.id, pr.contentId))
      .where(and(approved('channel'), channelVisibleWhere(viewer, { listing: true }))),
  ]);
  return [...articleRows, ...channelRows]
    .sort(
      (a, b) =>
        (a.expirationDate ?? Infinity) - (b.expirationDate ?? Infinity) || a.contentTitle.localeCompare(b.contentTitle),
    )
    .map((r) => ({ ...r, expirationDate: r.expirationDate === null ? null : iso(r.expirationDate) }));
}

const live = alias(pr, 'live_publication');

/** Another approved, unexpired request of the same content, other than `exceptId`, keeps it published. */
const otherLivePublication = (
  db: Db,
  contentId: SQL | typeof articles.id | typeof channels.id,
  now: number,
  exceptId?: string,
) =>
  db
    .select({ one: sql`1` })
    .from(live)
    .where(
      and(
        eq(live.contentId, contentId),
        eq(live.status, 'APPROVED'),
        or(isNull(live.expirationDate), gt(live.expirationDate, now)),
        or(isNull(live.publishAt), lte(live.publishAt, now)),
        exceptId ? ne(live.id, exceptId) : undefined,
      ),
    );

function publish(db: Db, type: ContentType, id: string, now: number, when: SQL) {
  return type === 'article'
    ? db
        .update(articles)
        .set({ published: true, updatedAt: now })
        .where(and(eq(articles.id, id), when))
    : db
        .update(channels)
        .set({ published: true, updatedAt: now })
        .where(and(eq(channels.id, id), when));
}

function unpublishUnlessStillApproved(
  db: Db,
  type: ContentType,
  id: string,
  requestId: string,
  now: number,
  when: SQL,
) {
  return type === 'article'
    ? db
        .update(articles)
        .set({ published: false, updatedAt: now })
        .where(and(eq(articles.id, id), when, notExists(otherLivePublication(db, articles.id, now, requestId))))
    : db
        .update(channels)
        .set({ published: false, updatedAt: now })
        .where(and(eq(channels.id, id), when, notExists(otherLivePublication(db, channels.id, now, requestId))));
}

/**
 * The allowed status changes (docs/decisions/007-access-and-publications.md, "Publication statuses"): a pending
 * request is approved or rejected; an approved one is withdrawn (REJECTED) or ended now (EXPIRED); REJECTED and
 * EXPIRED are final (the owner asks again with a new request). Setting the status it already has changes nothing.
 */
export const PUBLICATION_TRANSITIONS: Record<PublicationStatus, readonly PublicationStatus[]> = {
  PENDING: ['APPROVED', 'REJECTED'],
  APPROVED: ['REJECTED', 'EXPIRED', 'UNPUBLISHED'],
  REJECTED: [],
  EXPIRED: [],
  UNPUBLISHED: [],
};
/** Statuses whose expiration date still matters. */
const OPEN_STATUSES: PublicationStatus[] = ['PENDING', 'APPROVED'];

export function assertTransition(from: PublicationStatus, to: PublicationStatus): void {
  if (!PUBLICATION_TRANSITIONS[from].includes(to)) {
    throw new BadRequest(`A ${from.toLowerCase()} publication request cannot become ${to.toLowerCase()}`);
  }
}

/**
 * PUT /publications/update-status (ADMIN). APPROVED publishes the content; leaving APPROVED (REJECTED or EXPIRED)
 * unpublishes it unless another approved request still covers it; rejecting a pending request leaves the content
 * alone. A change the transitions above do not allow is 400. Status and content change in one batch, and the
 * status only if it is still the one read (else 409). Approving past the expiration date is 409. A rejection may
 * carry ADMIN's reason, which the editor sees; `decidedBy` records who decided.
 */
export async function updatePublicationStatus(
  db: Db,
  id: string,
  status: PublicationStatus,
  decision: { by: string; reason?: string | null | undefined },
  audit: AuditScope,
  now = Date.now(),
): Promise<Row> {
  const request = await findRequest(db, id);
  if (request.status === status) return request;
  assertTransition(request.status, status);
  if (status === 'APPROVED') {
    if (request.expirationDate !== null && request.expirationDate <= now) {
      throw new Conflict('The expiration date has passed; change it before approving');
    }
  }
  const content = await contentOfRequest(db, request.type, request.contentId);
  if (status === 'APPROVED' && !content) throw new NotFound('The content of this request no longer exists');
  const reason = status === 'REJECTED' ? (decision.reason ?? null) : request.reason;
  const startsNow = status === 'APPROVED' && request.publishAt !== null && request.publishAt <= now;
  const setStatus = db
    .update(pr)
    // A start that has come is done with: the request is simply approved (and publishes at once below).
    .set({ status, reason, decidedBy: decision.by, updatedAt: now, ...(startsNow ? { publishAt: null } : {}) })
    .where(and(eq(pr.id, id), eq(pr.status, request.status)))
    .returning({ id: pr.id });
  // The content follows only if the status changed from what was read: the condition is in each statement.
  const stillFrom = sql`exists (select 1 from ${pr} where ${pr.id} = ${id} and ${pr.status} = ${status})`;
  // Approved with a start still ahead: the content stays as it is until the Cron Trigger publishes it.
  const scheduled = status === 'APPROVED' && request.publishAt !== null && request.publishAt > now;
  const contentChanges: BatchItem<'sqlite'>[] =
    status === 'APPROVED'
      ? scheduled
        ? []
        : [publish(db, request.type, request.contentId, now, stillFrom)]
      : request.status === 'APPROVED'
        ? [unpublishUnlessStillApproved(db, request.type, request.contentId, id, now, stillFrom)]
        : [];
  // The entries, just before the status change and under its condition (the status is still the one read); the
  // content's own entry also only when the content really flips.
  const stillAt = sql`exists (select 1 from ${pr} where ${pr.id} = ${id} and ${pr.status} = ${request.status})`;
  const entries: BatchItem<'sqlite'>[] = [];
  if (content) {
    const record = (action: AuditFact['action'], when?: SQL) =>
      entries.push(auditEntryWhen(db, audit, { ...content.subject, action }, when ?? stillAt, now));
    if (status === 'APPROVED') record('publication_approved');
    if (status === 'REJECTED' && request.status === 'PENDING') record('publication_rejected');
    if (status === 'APPROVED' && !scheduled) {
      record('published', and(stillAt, contentPublished(request.type, request.contentId, false)));
    }
    if (request.status === 'APPROVED') {
      if (status === 'REJECTED') record('publication_rejected');
      record(
        status === 'EXPIRED' ? 'expired' : 'unpublished',
        and(
          stillAt,
          contentPublished(request.type, request.contentId, true),
          notExists(otherLivePublication(db, sql`${request.contentId}`, now, id)),
        ),
      );
    }
  }
  const results = await db.batch([...entries, setStatus, ...contentChanges] as [
    BatchItem<'sqlite'>,
    ...BatchItem<'sqlite'>[],
  ]);
  const changed = results[entries.length] as unknown as { id: string }[];
  if (changed.length === 0) throw new Conflict('The request was changed meanwhile; reload it');
  return {
    ...request,
    status,
    reason,
    decidedBy: decision.by,
    updatedAt: now,
    publishAt: startsNow ? null : request.publishAt,
  };
}

export { toPublicationRequest };

/**
 * POST /publications/unpublish: the owner or ADMIN takes published content back to draft at once. Every approved
 * request of it becomes UNPUBLISHED (the publication history says who and when); content published without a
 * request (seeded, or from before requests) gets an UNPUBLISHED entry of its own. One batch; 409 when it is not
 * published, 404 when the caller cannot see it, 403 when it is someone else's.
 */
export async function unpublishContent(
  db: Db,
  viewer: SessionUser,
  input: { contentId: string; type: ContentType },
  audit: AuditScope,
  now = Date.now(),
): Promise<PublicationRequest> {
  const content = await findOwnContent(db, viewer, input.type, input.contentId);
  if (!content) throw new NotFound(input.type === 'article' ? 'Article not found' : 'Channel not found');
  if (viewer.role !== 'ADMIN' && viewer.id !== content.userId) throw new Forbidden('Only the owner may unpublish');
  if (!content.published) throw new Conflict('Not published');
  const table = input.type === 'article' ? articles : channels;
  const entryId = crypto.randomUUID();
  const wasPublished = sql`exists (select 1 from ${table} where ${table.id} = ${input.contentId} and ${table.published} = 1)`;
  const subject: ContentSubject = {
    entityType: input.type,
    entityId: input.contentId,
    title: content.title,
    ownerId: content.userId,
  };
  const [, ended, , draft] = await db.batch([
    auditEntryWhen(db, audit, { ...subject, action: 'unpublished' }, wasPublished, now),
    db
      .update(pr)
      .set({ status: 'UNPUBLISHED', decidedBy: viewer.id, updatedAt: now })
      .where(and(eq(pr.contentId, input.contentId), eq(pr.status, 'APPROVED'), wasPublished))
      .returning({ id: pr.id }),
    // No approved request: the history still gets its line (the statement sees the update above).
    // Columns in the table's order: id, user_id, content_id, type, status, expiration_date, reason, decided_by,
    // publish_at, created_at, updated_at.
    db.insert(pr).select(sql`
      select ${entryId}, ${content.userId}, ${input.contentId}, ${input.type}, 'UNPUBLISHED', null, null, ${viewer.id},
        null, ${now}, ${now}
      where ${wasPublished} and not exists (
        select 1 from ${pr} where content_id = ${input.contentId} and status = 'UNPUBLISHED' and updated_at = ${now})`),
    db
      .update(table)
      .set({ published: false, updatedAt: now })
      .where(and(eq(table.id, input.contentId), eq(table.published, true)))
      .returning({ id: table.id }),
  ]);
  if (draft.length === 0) throw new Conflict('Not published');
  const entry = await findRequest(db, ended[0]?.id ?? entryId);
  return toPublicationRequest(entry);
}

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
