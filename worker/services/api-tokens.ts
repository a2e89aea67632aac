// Personal API tokens (docs/decisions/034-api-tokens.md): `Authorization: Bearer sop_...` acts as the token's user,
// limited to its scope (worker/middleware/token-scope.ts). A token is 256 random bits behind the `sop_` prefix
// (so secret scanners can recognise it); D1 keeps only its SHA-256, looked up by a unique index, so an unknown token
// costs one indexed read and no comparison that could leak timing. Like a session, the token's user is read on every
// request: from the primary for a write, so a revoked or expired token, or a deactivated user, is refused from the
// next write on; from the request's D1 session (a replica) for a read, so reads hold it within the replica lag.
import { and, count, desc, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ApiToken, CreatedApiToken, OwnedApiToken, SessionUser } from '#schema/entities';
import type { CreateApiTokenBody } from '#schema/requests';
import { apiTokens, users } from '#schema/tables';
import type { AppEnv, Db } from '../env';
import { BadRequest, Conflict, HttpError, NotFound } from '../lib/errors';
import { EDITOR_ROLES } from '../lib/access';
import { auditEntry, type AuditScope } from './audit';
import { createDb, iso } from './db';
import { randomToken, sha256Hex } from '../lib/tokens';

export const TOKEN_PREFIX = 'sop_';
/** `sop_` and 43 base64url characters (32 random bytes). Anything else is refused before D1 is asked. */
const TOKEN_SHAPE = /^sop_[A-Za-z0-9_-]{43}$/;
/** Live (not revoked, not expired) tokens one user may hold. */
export const MAX_LIVE_TOKENS = 20;
/** last_used_at moves forward at most this often, to keep D1 writes rare (sessions: 12 hours). */
export const LAST_USED_REFRESH_MS = 5 * 60 * 1000;
/** Revoked and expired tokens stay listed (and their rows kept) this long, then the Cron Trigger prunes them. */
export const TOKEN_KEEP_DAYS = 30;
const DAY = 24 * 3600 * 1000;

type TokenRow = typeof apiTokens.$inferSelect;

/**
 * The credential of an `Authorization: Bearer ...` header; undefined when the request has none. Other schemes
 * (Basic, set by a browser for a site behind HTTP authentication) are not ours: such a request is judged by its cookie.
 */
export function bearerCredential(req: Request): string | undefined {
  const header = req.headers.get('Authorization');
  const match = header ? /^Bearer(?:\s+(.*))?$/i.exec(header.trim()) : null;
  return match ? (match[1] ?? '').trim() : undefined;
}

/** A 401 that says, as RFC 6750 asks, which scheme the API takes and what was wrong with the token sent. */
export class InvalidToken extends HttpError {
  constructor(message: string) {
    super(401, message, {
      'WWW-Authenticate': `Bearer realm="api", error="invalid_token", error_description="${message}"`,
    });
  }
}

/**
 * Authenticates the request by its bearer token: sets `user` and `apiToken`, or throws 401. A write reads the primary
 * (the binding itself), a read the request's D1 session, as the session does; moves last_used_at forward (at the
 * primary, after the answer) at most every LAST_USED_REFRESH_MS.
 */
export async function authenticateBearer(c: Context<AppEnv>, credential: string, writes: boolean): Promise<void> {
  if (!TOKEN_SHAPE.test(credential)) throw new InvalidToken('Invalid API token');
  const db = writes ? createDb(c.env.DB) : c.get('db');
  const now = Date.now();
  const row = await db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      scope: apiTokens.scope,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
      lastUsedAt: apiTokens.lastUsedAt,
      user: { id: users.id, name: users.name, role: users.role, active: users.active },
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, await sha256Hex(credential)))
    .get();
  // Who holds the token learns why it stopped working; nobody else can name a token to ask about.
  if (!row || !row.user.active) throw new InvalidToken('Invalid API token');
  // Tokens are editors' and ADMIN's (decision 034): an account moved to REGULAR_USER keeps none that work.
  if (!EDITOR_ROLES.includes(row.user.role)) throw new InvalidToken("This API token's account may not use API tokens");
  if (row.revokedAt !== null) throw new InvalidToken('This API token was revoked');
  if (row.expiresAt !== null && row.expiresAt <= now) throw new InvalidToken('This API token has expired');
  c.set('user', { id: row.user.id, name: row.user.name, role: row.user.role });
  c.set('apiToken', { id: row.id, name: row.name, scope: row.scope });
  if (row.lastUsedAt === null || now - row.lastUsedAt > LAST_USED_REFRESH_MS) {
    c.executionCtx.waitUntil(
      createDb(c.env.DB)
        .update(apiTokens)
        .set({ lastUsedAt: now })
        .where(eq(apiTokens.id, row.id))
        .then(() => undefined),
    );
  }
}

const isExpired = (row: Pick<TokenRow, 'expiresAt'>, now: number) => row.expiresAt !== null && row.expiresAt <= now;

const toApiToken = (row: TokenRow, now: number): ApiToken => ({
  id: row.id,
  name: row.name,
  scope: row.scope,
  createdAt: iso(row.createdAt),
  expiresAt: row.expiresAt === null ? null : iso(row.expiresAt),
  lastUsedAt: row.lastUsedAt === null ? null : iso(row.lastUsedAt),
  expired: isExpired(row, now),
});

/** Not revoked and not expired at `now`. */
const liveAt = (now: number) =>
  and(isNull(apiTokens.revokedAt), or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)));

/**
 * Makes a token for `user` and records token_created in the same batch. No expiry is ADMIN's alone (400 for anyone
 * else); more than MAX_LIVE_TOKENS live tokens is 409. Answers the token itself, this once.
 */
export async function createApiToken(
  db: Db,
  audit: AuditScope,
  user: SessionUser,
  body: CreateApiTokenBody,
  now = Date.now(),
): Promise<CreatedApiToken> {
  if (body.expiresInDays === null && user.role !== 'ADMIN')
    throw new BadRequest('Only an admin may create a token that never expires: choose 30, 90 or 365 days');
  const live = await db
    .select({ n: count() })
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, user.id), liveAt(now)))
    .get();
  if ((live?.n ?? 0) >= MAX_LIVE_TOKENS)
    throw new Conflict(`You already have ${MAX_LIVE_TOKENS} live API tokens: revoke one first`);
  const token = TOKEN_PREFIX + randomToken(32);
  const row: TokenRow = {
    id: crypto.randomUUID(),
    userId: user.id,
    name: body.name,
    tokenHash: await sha256Hex(token),
    scope: body.scope,
    createdAt: now,
    expiresAt: body.expiresInDays === null ? null : now + body.expiresInDays * DAY,
    lastUsedAt: null,
    revokedAt: null,
  };
  await db.batch([
    db.insert(apiTokens).values(row),
    auditEntry(
      db,
      audit,
      { entityType: 'token', entityId: row.id, title: row.name, action: 'token_created', ownerId: user.id },
      now,
    ),
  ]);
  return { ...toApiToken(row, now), token };
}

/** What the lists show: not revoked, newest first (expired ones too, marked, until pruned). */
const listed = isNull(apiTokens.revokedAt);

/** The user's tokens, newest first. */
export async function listUserApiTokens(db: Db, userId: string, now = Date.now()): Promise<ApiToken[]> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), listed))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
    .all();
  return rows.map((r) => toApiToken(r, now));
}

/** Every user's tokens, newest first, each with its owner (the ADMIN's list). */
export async function listAllApiTokens(db: Db, now = Date.now()): Promise<OwnedApiToken[]> {
  const rows = await db
    .select({ token: apiTokens, user: { id: users.id, name: users.name, role: users.role } })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(listed)
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
    .all();
  return rows.map((r) => ({ ...toApiToken(r.token, now), user: r.user }));
}

/**
 * Revokes a token: its owner's own, or anyone's for an ADMIN (someone else's is 404 to anyone else, as if it did not
 * exist). Records token_revoked in the same batch. Refused from the next request on.
 */
export async function revokeApiToken(
  db: Db,
  audit: AuditScope,
  user: SessionUser,
  id: string,
  now = Date.now(),
): Promise<string> {
  const row = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.id, id), listed))
    .get();
  if (!row || (row.userId !== user.id && user.role !== 'ADMIN')) throw new NotFound('API token not found');
  await db.batch([
    db
      .update(apiTokens)
      .set({ revokedAt: now })
      .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt))),
    auditEntry(
      db,
      audit,
      { entityType: 'token', entityId: row.id, title: row.name, action: 'token_revoked', ownerId: row.userId },
      now,
    ),
  ]);
  return row.userId;
}

/** Deletes the rows of tokens revoked or expired more than TOKEN_KEEP_DAYS ago (the Cron Trigger). */
export async function pruneApiTokens(db: Db, now = Date.now()): Promise<void> {
  const before = now - TOKEN_KEEP_DAYS * DAY;
  await db
    .delete(apiTokens)
    .where(
      or(
        and(isNotNull(apiTokens.revokedAt), lt(apiTokens.revokedAt, before)),
        and(isNotNull(apiTokens.expiresAt), lt(apiTokens.expiresAt, before)),
      ),
    );
}
