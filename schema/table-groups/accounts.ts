// Accounts: users, their sessions and API tokens, the rate counters of their attempts, and the keys the worker makes for itself.
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { LOCALES, ROLES, TOKEN_SCOPES } from '../enums';
import { now } from './now';

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    role: text('role', { enum: ROLES }).notNull().default('REGULAR_USER'),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    /** `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>`: parameters travel with the hash. */
    passwordHash: text('password_hash').notNull(),
    /** The language of the mails the user gets (en-US or de-DE); the SPA sends the one it shows. */
    locale: text('locale', { enum: LOCALES }).notNull().default('en-US'),
    /** Set when the account was deleted but the row stays, anonymised, as the owner of editor content (decision 031). */
    deletedAt: integer('deleted_at'),
    createdAt: integer('created_at').notNull().default(now),
    updatedAt: integer('updated_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('users_name_unique').on(sql`lower(${t.name})`),
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
  ],
);

/**
 * Signed-in sessions, keyed by the SHA-256 of the cookie's token (the token itself is never stored).
 * In D1 rather than KV so that ending one takes effect everywhere at once (docs/decisions/003).
 */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
    lastSeenAt: integer('last_seen_at').notNull(),
    /** Browser and system from the User-Agent at sign-in ("Firefox on Linux"), for the owner's list of sessions. */
    device: text('device').notNull().default(''),
  },
  (t) => [index('sessions_user').on(t.userId), index('sessions_last_seen').on(t.lastSeenAt)],
);

/**
 * Personal API tokens (docs/decisions/034-api-tokens.md): `Authorization: Bearer sop_...` acts as the user, limited
 * to the scope. Only the SHA-256 of the token is stored (`tokenHash`, unique: the one indexed lookup of a bearer
 * request). A revoked token keeps its row (revokedAt set) until the Cron Trigger prunes it.
 */
export const apiTokens = sqliteTable(
  'api_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    scope: text('scope', { enum: TOKEN_SCOPES }).notNull(),
    createdAt: integer('created_at').notNull(),
    /** Null: it never expires (ADMIN only). */
    expiresAt: integer('expires_at'),
    /** Moved forward at most every few minutes (worker/services/api-tokens.ts), to keep D1 writes rare. */
    lastUsedAt: integer('last_used_at'),
    revokedAt: integer('revoked_at'),
  },
  (t) => [uniqueIndex('api_tokens_hash').on(t.tokenHash), index('api_tokens_user').on(t.userId, t.createdAt)],
);

/**
 * Counted attempts per key, for the sign-in and password-reset limits (worker/services/login-limit.ts): failed
 * sign-ins per account, per address and per address on one account; reset mails per account and per address.
 * `firstAt` opens a counting window, `lastAt` is the latest attempt. In D1 because KV's lag would let bursts through.
 */
export const rateCounters = sqliteTable(
  'rate_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    firstAt: integer('first_at').notNull(),
    lastAt: integer('last_at').notNull(),
  },
  (t) => [index('rate_counters_last').on(t.lastAt)],
);

/** Keys the worker makes for itself once per database (the device cookies' signing key; decision 003). */
export const appKeys = sqliteTable('app_keys', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: integer('created_at').notNull(),
});
