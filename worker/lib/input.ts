// Reading a request's input: its media type, its bytes as UTF-8, and zod's issues as the envelope's 400
// (docs/decisions/043-structured-errors.md). Shared by the validators (middleware/validate.ts) and the upload reader.
import type * as z from 'zod/mini';
import { BadRequest, InvalidInput, type FieldIssue } from './errors';

/** zod's issues as the envelope's: the path's keys and indexes, zod's code, zod's (English) message. */
export function fieldIssues(issues: readonly z.core.$ZodIssue[]): FieldIssue[] {
  return issues.map((i) => ({
    path: i.path.map((p) => (typeof p === 'number' ? p : String(p))),
    code: i.code,
    message: i.message,
  }));
}

/** The 400 of a failed parse. */
export const invalidInput = (issues: readonly z.core.$ZodIssue[]) => new InvalidInput(fieldIssues(issues));

export function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** The bytes as text; 400 when they are not UTF-8 (Request.text() and a plain TextDecoder would put U+FFFD in silently). */
export function decodeUtf8(bytes: ArrayBuffer | Uint8Array, label = 'Request body'): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new BadRequest(`${label} is not valid UTF-8`);
  }
}
