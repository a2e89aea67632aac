// The lists of publication requests (ADMIN's and an editor's own) and of what is published, with its expiry (the
// requests themselves: publications.ts).
import { and, asc, desc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { SessionUser } from '#schema/entities';
import { articles, channels, users, type ContentType } from '#schema/tables';
import type { Db } from '../env';
import { afterCursor, toPage } from '../lib/cursor';
import { iso } from '../services/db';
import { articleVisibleWhere, channelVisibleWhere, type Viewer } from '../lib/visibility';
import { contentTitleOf, type Page } from './user-content';
import {
  pr,
  toPublicationRequest,
  OPEN_STATUSES,
  type PublicationStatus,
  type PublicationRequestListItem,
  type PublishedItem,
} from './publications';

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
