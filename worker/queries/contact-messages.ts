// Messages of the contact and order-channel forms as ADMIN reads them: newest first, paged, marked read and handled.
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { ContactMessage } from '#schema/entities';
import type { MESSAGE_STATES } from '#schema/enums';
import { contactMessages } from '#schema/tables';
import type { Db } from '../env';
import { afterCursor, toPage } from '../lib/cursor';
import { iso } from '../services/db';
import { NotFound } from '../lib/errors';
import type { Page } from './user-content';

type Row = typeof contactMessages.$inferSelect;
export type MessageState = (typeof MESSAGE_STATES)[number];

const isoOrNull = (millis: number | null) => (millis === null ? null : iso(millis));

function toContactMessage(row: Row): ContactMessage {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    email: row.email,
    message: row.message,
    channelName: row.channelName,
    purpose: row.purpose,
    createdAt: iso(row.createdAt),
    readAt: isoOrNull(row.readAt),
    handledAt: isoOrNull(row.handledAt),
  };
}

/** GET /contact/messages: newest first; `open` (not handled yet) or `handled`, or both. */
export async function listContactMessages(
  db: Db,
  filter: { status?: MessageState | undefined; cursor?: string | undefined; limit: number },
): Promise<Page<ContactMessage>> {
  const rows = await db
    .select()
    .from(contactMessages)
    .where(
      and(
        filter.status === 'open'
          ? isNull(contactMessages.handledAt)
          : filter.status === 'handled'
            ? isNotNull(contactMessages.handledAt)
            : undefined,
        afterCursor(filter.cursor, contactMessages.createdAt, contactMessages.id),
      ),
    )
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(filter.limit + 1)
    .all();
  return toPage(rows, filter.limit, (r) => ({ time: r.createdAt, id: r.id }), toContactMessage);
}

/**
 * PUT /contact/messages/{id}: read / unread and handled / open. The first read and the first handling keep their
 * time; handling a message reads it too.
 */
export async function updateContactMessage(
  db: Db,
  id: string,
  change: { read?: boolean | undefined; handled?: boolean | undefined },
  now = Date.now(),
): Promise<ContactMessage> {
  const row = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).get();
  if (!row) throw new NotFound('Message not found');
  const handledAt = change.handled === undefined ? row.handledAt : change.handled ? (row.handledAt ?? now) : null;
  const read = change.read ?? (change.handled ? true : row.readAt !== null);
  const readAt = read ? (row.readAt ?? now) : null;
  const updated = await db
    .update(contactMessages)
    .set({ readAt, handledAt })
    .where(eq(contactMessages.id, id))
    .returning()
    .get();
  return toContactMessage(updated);
}
