// Publication requests: editors ask, ADMIN approves (publishes) or rejects, and expiry unpublishes again.
// The request's status says whether it is what keeps its content published: only APPROVED does.
import { and, eq, gt, isNull, lte, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { alias } from 'drizzle-orm/sqlite-core';
import type { z } from 'zod';
import type { PublicationRequest, publicationRequestListItem, publishedItem, SessionUser } from '#schema/entities';
import type { PUBLICATION_STATUSES } from '#schema/enums';
import { articles, channels, publicationRequests, type ContentType } from '#schema/tables';
import type { Db } from '../env';
import { iso } from '../services/db';
import { BadRequest, Conflict, Forbidden, InvalidInput, NotFound, issue } from '../lib/errors';
import { articleVisibleWhere, channelVisibleWhere, type Viewer } from '../lib/visibility';
import {
  assertTranslationRequest,
  setTranslationsPublished,
  translationStateEntries,
} from './translation-publications';
import { auditEntryWhen, type AuditFact, type AuditScope, type ContentSubject } from '../services/audit';

export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];
export type PublicationRequestListItem = z.infer<typeof publicationRequestListItem>;
export type PublishedItem = z.infer<typeof publishedItem>;

export const pr = publicationRequests;
type Row = typeof pr.$inferSelect;

export const toPublicationRequest = (row: Row): PublicationRequest => ({
  id: row.id,
  userId: row.userId,
  contentId: row.contentId,
  status: row.status,
  type: row.type,
  expirationDate: row.expirationDate === null ? null : iso(row.expirationDate),
  reason: row.reason,
  publishAt: row.publishAt === null ? null : iso(row.publishAt),
  languages: row.languages ?? null,
  createdAt: iso(row.createdAt),
});

export async function findRequest(db: Db, id: string): Promise<Row> {
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
        .select({
          userId: articles.userId,
          published: articles.published,
          title: articles.title,
          language: articles.language,
        })
        .from(articles)
        .where(and(eq(articles.id, id), articleVisibleWhere(viewer, { listing: false })))
        .get()
    : db
        .select({
          userId: channels.userId,
          published: channels.published,
          title: channels.name,
          language: channels.language,
        })
        .from(channels)
        .where(and(eq(channels.id, id), channelVisibleWhere(viewer, { listing: false })))
        .get();
}

/** The content a request names, as its audit entries name it, and whether it is published; undefined when gone. */
export async function contentOfRequest(
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
export const contentPublished = (type: ContentType, id: string, published: boolean) => {
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
    /** Configured tags of the item's translations to publish (decision 054); absent asks for the item itself. */
    languages?: readonly string[] | undefined;
  },
  audit: AuditScope,
  now = Date.now(),
): Promise<PublicationRequest> {
  const content = await findOwnContent(db, viewer, input.type, input.contentId);
  if (!content) throw new NotFound(input.type === 'article' ? 'Article not found' : 'Channel not found');
  if (viewer.role !== 'ADMIN' && viewer.id !== content.userId)
    throw new Forbidden('Only the owner may ask for publication');
  const languages = input.languages?.length ? [...new Set(input.languages)] : null;
  if (languages) {
    const own = languages.findIndex((l) => l === content.language);
    if (own >= 0)
      throw new InvalidInput([issue(['languages', own], 'language_is_source', "Expected a translation's language")]);
    await assertTranslationRequest(db, input.type, content, input.contentId, languages, input);
  } else if (content.published) throw new Conflict('Already published');
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
        cast(unixepoch('subsec') * 1000 as integer), cast(unixepoch('subsec') * 1000 as integer),
        ${languages ? JSON.stringify(languages) : null}
      where ${noneOpen}`,
      )
      .returning({ id: pr.id }),
  ]);
  if (inserted.length === 0) throw new Conflict('An open publication request for this content exists');
  return toPublicationRequest(await findRequest(db, id));
}

const live = alias(pr, 'live_publication');

/** Another approved, unexpired request of the same content, other than `exceptId`, keeps it published. */
export const otherLivePublication = (
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

export function publish(db: Db, type: ContentType, id: string, now: number, when: SQL) {
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

export function unpublishUnlessStillApproved(
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
export const OPEN_STATUSES: PublicationStatus[] = ['PENDING', 'APPROVED'];

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
  const languages = request.languages?.length ? request.languages : null;
  const contentChanges: BatchItem<'sqlite'>[] = languages
    ? // A request for translations (decision 054) moves them only, never the item.
      status === 'APPROVED'
      ? [setTranslationsPublished(db, request.type, request.contentId, languages, true, now, stillFrom)]
      : request.status === 'APPROVED'
        ? [setTranslationsPublished(db, request.type, request.contentId, languages, false, now, stillFrom)]
        : []
    : status === 'APPROVED'
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
    const flip = (published: boolean) =>
      entries.push(
        ...translationStateEntries(db, audit, content.subject, request.type, languages!, published, now, stillAt),
      );
    if (languages) {
      if (status === 'REJECTED' && request.status === 'APPROVED') record('publication_rejected');
      if (status === 'APPROVED') flip(true);
      else if (request.status === 'APPROVED') flip(false);
    }
    if (status === 'APPROVED' && !scheduled && !languages) {
      record('published', and(stillAt, contentPublished(request.type, request.contentId, false)));
    }
    if (request.status === 'APPROVED' && !languages) {
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
    // publish_at, created_at, updated_at, languages.
    db.insert(pr).select(sql`
      select ${entryId}, ${content.userId}, ${input.contentId}, ${input.type}, 'UNPUBLISHED', null, null, ${viewer.id},
        null, ${now}, ${now}, null
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
