import type { Context, TypedResponse } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { JSONParsed } from 'hono/utils/types';
import type { Envelope } from '#schema/entities';

type SuccessCode = 200 | 201 | 202;
const defaultMessages: Record<SuccessCode, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted' };

/**
 * A success answer in the envelope; the HTTP status always equals `code`. The answer is typed with its
 * result (Hono's TypedResponse), so `AppType` carries every route's result to the SPA's typed client.
 */
export function ok<T, const C extends SuccessCode = 200>(
  c: Context,
  result: T,
  code: C = 200 as C,
  message: string = defaultMessages[code],
): Response & TypedResponse<JSONParsed<Envelope<T>>, C, 'json'> {
  const body: Envelope<T> = { code, message, result };
  return c.json(body, code);
}

export function failure(code: ContentfulStatusCode, message: string): Envelope<null> {
  return { code, message, result: null };
}
