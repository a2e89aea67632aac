// Accounts: users, their sessions and their personal API tokens, as the API returns them.
import * as z from 'zod/mini';
import { nonnegativeInt } from '../mini';
import { LOCALES, TOKEN_SCOPES } from '../enums';
import { id, isoDateTime, pageOf, role } from './base';

export const user = z.object({
  id,
  name: z.string(),
  email: z.nullable(z.string()),
  firstName: z.string(),
  lastName: z.string(),
  role,
  active: z.boolean(),
  /** The language of the mails the account gets. */
  locale: z.optional(z.enum(LOCALES)),
});
export type User = z.infer<typeof user>;
/**
 * PUT /users/{id}: the account as saved; after a new password, `sessionsEnded` counts the sessions it signed out
 * (every session of the account but the caller's own).
 */
export const savedUser = z.extend(user, { sessionsEnded: z.optional(z.number()) });
export type SavedUser = z.infer<typeof savedUser>;
/** DELETE /users/{id}: null when ADMIN deleted someone else's; for one's own, whether the row went or stays anonymised. */
export const accountDeletion = z.nullable(z.object({ account: z.enum(['deleted', 'anonymised']) }));
export const userPage = pageOf(user);

export const sessionUser = z.object({ id, name: z.string(), role });

/** A session's id: the SHA-256 of its cookie's token, never the token. */
export const sessionId = z.string().check(z.regex(/^[0-9a-f]{64}$/, 'Expected a session id'));
/** One of the caller's signed-in sessions (GET /sessions): its device, when it began and was last seen. */
export const userSession = z.object({
  id: sessionId,
  /** Browser and system from the User-Agent at sign-in ("Firefox on Linux"); empty when unknown. */
  device: z.string(),
  createdAt: isoDateTime,
  /** Kept to within 12 hours (the session is touched at most that often). */
  lastSeenAt: isoDateTime,
  /** The session of this request. */
  current: z.boolean(),
});
export type UserSession = z.infer<typeof userSession>;
/** Answer of DELETE /sessions: how many other sessions ended. */
export const endedSessions = z.object({ ended: nonnegativeInt() });
export type SessionUser = z.infer<typeof sessionUser>;

/** A personal API token as its lists show it (never the token itself, which only its creation answers). */
export const apiToken = z.object({
  id,
  name: z.string(),
  scope: z.enum(TOKEN_SCOPES),
  createdAt: isoDateTime,
  /** Null: it never expires (ADMIN only). */
  expiresAt: z.nullable(isoDateTime),
  /** Kept to within a few minutes; null before its first use. */
  lastUsedAt: z.nullable(isoDateTime),
  /** Past its expiry: refused, listed until revoked or pruned. */
  expired: z.boolean(),
});
export type ApiToken = z.infer<typeof apiToken>;
/** Answer of POST /tokens: the token, `sop_...`, in this answer only. */
export const createdApiToken = z.extend(apiToken, { token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiToken>;
/** An ADMIN's list of every user's tokens: each with its owner. */
export const ownedApiToken = z.extend(apiToken, { user: z.object({ id, name: z.string(), role }) });
export type OwnedApiToken = z.infer<typeof ownedApiToken>;
