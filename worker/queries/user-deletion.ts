// Deleting an account: ADMIN's deletion of a user who owns no content, and a user's deletion of their own account
// (the accounts themselves: users.ts).
import { and, eq, sql } from 'drizzle-orm';
import {
  articles,
  channels,
  contentAccess,
  contentRequests,
  news,
  sessions,
  userArticles,
  userChannels,
  users,
} from '#schema/tables';
import type { Db } from '../env';
import { Conflict, NotFound } from '../lib/errors';
import { auditEntry, auditEntryWhen, type AuditScope } from '../services/audit';
import {
  userSubject,
  userColumns,
  sqliteMessage,
  lastAdminConflict,
  ownsContentConflict,
  anotherActiveAdmin,
  OWNS_CONTENT,
} from './users';

/** Whether channels, articles or news still name the user as owner (those keep their owner, so deletion waits). */
export async function ownsContent(db: Db, id: string): Promise<boolean> {
  const found = await db.batch([
    db.select({ id: channels.id }).from(channels).where(eq(channels.userId, id)).limit(1),
    db.select({ id: articles.id }).from(articles).where(eq(articles.userId, id)).limit(1),
    db.select({ id: news.id }).from(news).where(eq(news.userId, id)).limit(1),
  ]);
  return found.some((rows) => rows.length > 0);
}

/**
 * Deletes the user with their likes, requests and access grants (those cascade); uploaded files
 * stay and lose their uploader. Owned channels, articles or news: 409, reassign or deactivate instead.
 */
export async function deleteUser(db: Db, id: string, audit: AuditScope): Promise<void> {
  const current = await db.select(userColumns).from(users).where(eq(users.id, id)).get();
  if (!current) throw new NotFound('User not found');
  if (await ownsContent(db, id)) throw ownsContentConflict();
  const removesAdmin = current.role === 'ADMIN' && current.active;
  const where = and(eq(users.id, id), removesAdmin ? anotherActiveAdmin(id) : undefined)!;
  const deleted = await db
    .batch([
      auditEntryWhen(
        db,
        audit,
        { ...userSubject(current), action: 'deleted' },
        sql`exists (select 1 from ${users} where ${where})`,
      ),
      db.delete(users).where(where).returning({ id: users.id }),
    ])
    .then(([, rows]) => rows[0])
    .catch((err: unknown) => {
      // Content created between the check and the delete still stops it, through the foreign keys.
      if (sqliteMessage(err).includes('FOREIGN KEY constraint failed')) throw ownsContentConflict();
      throw err;
    });
  if (!deleted) {
    if (removesAdmin) throw lastAdminConflict();
    throw new NotFound('User not found');
  }
}

export type AccountDeletion = 'deleted' | 'anonymised';

/**
 * A user deletes their own account (docs/decisions/031). Sessions, likes, access requests and grants always go.
 * Without editor content the row goes too (the rest cascades); with channels, articles or news the row stays as
 * their owner, anonymised: name "Deleted user …", no e-mail or names, no usable password, inactive, `deletedAt`
 * set, so the content keeps its owner and shows it as a deleted user's. The last active ADMIN cannot go (409).
 */
export async function deleteOwnAccount(
  db: Db,
  id: string,
  audit: AuditScope,
  now = Date.now(),
): Promise<AccountDeletion> {
  const current = await db.select(userColumns).from(users).where(eq(users.id, id)).get();
  if (!current) throw new NotFound('User not found');
  if (current.role === 'ADMIN' && current.active) {
    const other = await db.get<{ one: number }>(sql`select ${anotherActiveAdmin(id)} as one`);
    if (!other?.one) throw lastAdminConflict();
  }
  if (!(await ownsContent(db, id))) {
    try {
      await deleteUser(db, id, audit);
      return 'deleted';
    } catch (err) {
      // Content created meanwhile: anonymise instead.
      if (!(err instanceof Conflict) || err.message !== OWNS_CONTENT) throw err;
    }
  }
  await db.batch([
    db.delete(sessions).where(eq(sessions.userId, id)),
    db.delete(userChannels).where(eq(userChannels.userId, id)),
    db.delete(userArticles).where(eq(userArticles.userId, id)),
    db.delete(contentRequests).where(eq(contentRequests.userId, id)),
    db.delete(contentAccess).where(eq(contentAccess.userId, id)),
    db
      .update(users)
      .set({
        name: `Deleted user ${id.slice(0, 8)}`,
        email: null,
        firstName: '',
        lastName: '',
        active: false,
        // Not a hash any password can match (verifyPassword refuses what it cannot parse).
        passwordHash: 'deleted',
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, id)),
    auditEntry(db, audit, { ...userSubject(current), action: 'deleted' }, now),
  ]);
  return 'anonymised';
}
