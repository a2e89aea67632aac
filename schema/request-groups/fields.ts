// The fields and parameters the request groups share: titles and texts, slugs, passwords, names, ids in paths, a
// page's cursor and size.
import * as z from 'zod/mini';
import { nonnegativeInt } from '../mini';
import { id, sessionId } from '../entities';
import { LIMITS } from '../limits';

export const title = z.string().check(z.trim(), z.minLength(1), z.maxLength(LIMITS.title));
export const teaser = z.string().check(z.maxLength(LIMITS.teaser));
export const longText = z.string().check(z.maxLength(LIMITS.text));
/** Names a `blob:{tag}` part of the same multipart request. */
export const fileTag = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_.-]{1,64}$/, 'Expected a file tag of letters, digits, ".", "_" or "-"'));
export const slug = z
  .string()
  .check(
    z.maxLength(LIMITS.slug),
    z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Expected lower-case letters and digits joined by "-"'),
  );
export const password = z.string().check(z.minLength(LIMITS.password.min), z.maxLength(LIMITS.password.max));
/** A user name: what greetings, bylines and sign-in use (3 to 64 characters). */
export const userName = z.string().check(z.trim(), z.minLength(LIMITS.userNameMin), z.maxLength(LIMITS.name));
export const email = z.email().check(z.maxLength(254));
export const millis = nonnegativeInt().check(z.lte(24 * 3600 * 1000));

// Path and query parameters
export const idParam = z.object({ id });
/** DELETE /sessions/{id}: one of the caller's sessions. */
export const sessionIdParam = z.object({ id: sessionId });
/** Where a slug is accepted in place of an id. */
export const idOrSlugParam = z.object({ id: z.union([id, slug]) });
export const ordinalParam = z.object({
  id: z.union([id, slug]),
  ordinal: z.coerce.number().check(z.int(), z.nonnegative()),
});
export const slugParam = z.object({ slug });
export const entityIdParam = z.object({ entityId: id });
export const blobKeyParam = z.object({ blobKey: z.string().check(z.minLength(1), z.maxLength(200)) });
export const pageQuery = z.object({
  cursor: z.optional(z.string().check(z.maxLength(100))),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(LIMITS.listItems)), 20),
});
