// Accounts: signing in, registering and changing users, password mails and resets, personal API tokens.
import * as z from 'zod/mini';
import { LOCALES, TOKEN_EXPIRY_DAYS, TOKEN_SCOPES } from '../enums';
import { role } from '../entities';
import { LIMITS } from '../limits';
import { email, password, userName } from './fields';

// users
export const loginBody = z.object({
  username: z.string().check(z.minLength(1), z.maxLength(254)),
  password: z.string().check(z.minLength(1), z.maxLength(LIMITS.password.max)),
});
export const createUserBody = z.object({
  name: userName,
  email: z.optional(z.nullable(email)),
  password,
  firstName: z.optional(z.string().check(z.trim(), z.maxLength(LIMITS.name))),
  lastName: z.optional(z.string().check(z.trim(), z.maxLength(LIMITS.name))),
  /** Honoured for ADMIN callers only; everyone else registers as REGULAR_USER. */
  role: z.optional(role),
  /** The language of the mails the account gets; the SPA sends the one it shows. */
  locale: z.optional(z.enum(LOCALES)),
});
export const updateUserBody = z.object({
  name: z.optional(userName),
  email: z.optional(z.nullable(email)),
  password: z.optional(password),
  firstName: z.optional(z.string().check(z.trim(), z.maxLength(LIMITS.name))),
  lastName: z.optional(z.string().check(z.trim(), z.maxLength(LIMITS.name))),
  role: z.optional(role),
  active: z.optional(z.boolean()),
  locale: z.optional(z.enum(LOCALES)),
  /** The caller's own password: needed to change a password or an e-mail (docs/decisions/003). */
  currentPassword: z.optional(z.string().check(z.minLength(1), z.maxLength(LIMITS.password.max))),
});
/** Deleting one's own account needs one's password (ADMIN deleting someone else's sends none). */
export const deleteUserBody = z.object({
  password: z.optional(z.string().check(z.minLength(1), z.maxLength(LIMITS.password.max))),
});
export const mailBody = z.object({ email });
export const resetPasswordBody = z.object({ token: z.string().check(z.minLength(16), z.maxLength(128)), password });

/** POST /tokens: a personal API token. `expiresInDays: null` (no expiry) is ADMIN's alone. */
export const createApiTokenBody = z.object({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(LIMITS.name)),
  scope: z.enum(TOKEN_SCOPES),
  expiresInDays: z.nullable(z.literal(TOKEN_EXPIRY_DAYS)),
});
export type CreateApiTokenBody = z.infer<typeof createApiTokenBody>;
