// The shapes every entity group uses: ids, times, a page of a list, the envelope and its field issues (decision 043).
import * as z from 'zod/mini';
import { int } from '../mini';
import { CONTENT_TYPES, ROLES } from '../enums';

export const id = z.uuid();
/** Times travel as ISO 8601 strings. */
export const isoDateTime = z.iso.datetime({ offset: true });
export const role = z.enum(ROLES);
export const contentType = z.enum(CONTENT_TYPES);

/** A page of a list: `nextCursor` asks for the next one, null at the end. */
export const pageOf = <T extends z.core.$ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.nullable(z.string()) });

export const envelope = <T extends z.core.$ZodType>(result: T) =>
  z.object({ code: int(), message: z.string(), result });
/**
 * What a refused field has: `path` to it (keys and array indexes, as zod gives them), `code` (zod's issue code, or
 * the project's own for domain rules: name_taken, slug_taken, url_not_https, wrong_password, ...), an English
 * `message` for people reading the raw answer. Clients show their own words by code (docs/decisions/043-structured-errors.md).
 */
export const fieldIssue = z.object({
  path: z.array(z.union([z.string(), int()])),
  code: z.string(),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof fieldIssue>;
/** The result of a refusal that concerns fields (every 400; some 403 and 409). */
export const issuesResult = z.object({ issues: z.array(fieldIssue) });
/** The envelope with any result: the shape of every /api answer. */
export const anyEnvelope = z.object({ code: int(), message: z.string(), result: z.unknown() });
export type Envelope<T> = { code: number; message: string; result: T };
