// Who is in a room and whether they still may be: the upgrade's identity, and the re-check a room runs when it
// writes, on its alarm and when the worker tells it that someone's rights changed (docs/decisions/051).
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { apiTokens, sessions, users, type Role } from '#schema/tables';
import type { SessionUser } from '#schema/entities';
import type { Db } from '../env';
import { EDITOR_ROLES } from '../middleware/guards';
import { articleForWrite } from '../queries/articles';
import { HttpError } from '../lib/errors';
import { liveAt } from '../services/session';

/** Who a socket is, as the worker checked it at the upgrade; the room trusts it (only the worker reaches a room). */
export interface CollabIdentity {
  userId: string;
  name: string;
  role: Role;
  /** The session's id (SHA-256 of its cookie's token), or null when an API token opened the socket. */
  sessionId: string | null;
  tokenId: string | null;
  /** The token's name, for the audit entries of what they wrote. */
  tokenName: string | null;
}

export { colourOf } from '#schema/presence';

/**
 * The user as they are now if their session or token still lives, their account is active and their role may edit;
 * else null. Read from the primary (the binding itself), as every write reads its session.
 */
async function currentUser(db: Db, who: CollabIdentity, now: number): Promise<SessionUser | null> {
  const row = who.sessionId
    ? await db
        .select({ id: users.id, name: users.name, role: users.role })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, who.sessionId), eq(users.id, who.userId), liveAt(now), eq(users.active, true)))
        .get()
    : who.tokenId
      ? await db
          .select({ id: users.id, name: users.name, role: users.role })
          .from(apiTokens)
          .innerJoin(users, eq(users.id, apiTokens.userId))
          .where(
            and(
              eq(apiTokens.id, who.tokenId),
              eq(users.id, who.userId),
              eq(apiTokens.scope, 'full'),
              isNull(apiTokens.revokedAt),
              or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)),
              eq(users.active, true),
            ),
          )
          .get()
      : undefined;
  if (!row || !EDITOR_ROLES.includes(row.role)) return null;
  return row;
}

/** Whether `who` may still write the article: the save route's rule (an editor who owns it, or an admin). */
export async function mayStillWrite(
  db: Db,
  who: CollabIdentity,
  articleId: string,
  now = Date.now(),
): Promise<boolean> {
  const user = await currentUser(db, who, now);
  if (!user) return false;
  try {
    await articleForWrite(db, user, articleId);
    return true;
  } catch (err) {
    // 404 or 403: the article is gone or no longer theirs. Anything else (D1 down) is no verdict on their rights.
    if (err instanceof HttpError) return false;
    throw err;
  }
}
