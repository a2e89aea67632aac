import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Envelope } from '../../schema/entities';

const defaultMessages: Partial<Record<number, string>> = { 200: 'OK', 201: 'Created', 202: 'Accepted' };

/** A success answer in the envelope; the HTTP status always equals `code`. */
export function ok<T>(c: Context, result: T, code: 200 | 201 | 202 = 200, message = defaultMessages[code] ?? 'OK'): Response {
  const body: Envelope<T> = { code, message, result };
  return c.json(body, code);
}

export function failure(code: ContentfulStatusCode, message: string): Envelope<null> {
  return { code, message, result: null };
}
