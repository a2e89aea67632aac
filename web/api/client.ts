// The one way the SPA talks to /api: Hono's `hc` client typed with the worker's routes (AppType), so a
// path or shape change in the worker fails `tsc -b` here; every answer is still parsed as the envelope
// and its result with the shared zod schemas. Errors: a failed envelope is an ApiError with the server's code
// and message, and the fields it refused as `issues`; a network failure is a 400 with the transport's message; an answer outside the envelope is
// 'Invalid response from server'; anything else 'Internal server error'.
import { hc, type ClientResponse } from 'hono/client';
import * as z from 'zod/mini';
import { anyEnvelope, issuesResult } from '#schema/entities';
import type { AppType } from '#worker/app';
import { ApiError, reportUnauthorized } from './errors';

export { ApiError, onUnauthorized } from './errors';

export const API_PREFIX = '/api';
export const INVALID_RESPONSE = 'Invalid response from server';
export const INTERNAL_ERROR = 'Internal server error';

/**
 * The typed routes under /api: `api.articles[':id'].$get({ param: { id } })`. Credentials are sent; no
 * time-out (uploads of large videos take as long as they take). Path parameters are
 * not encoded by hc: pass them through `seg`.
 */
export const api = hc<AppType>('/', {
  headers: { Accept: 'application/json' },
  init: { credentials: 'include' },
  fetch: (input: RequestInfo | URL, init?: RequestInit) => transport(input, askedIn(init)),
}).api;

/** How a call reaches /api: the browser's fetch, or the worker's own API in-process while it renders a page. */
export type ApiTransport = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
let transport: ApiTransport = (input, init) => fetch(input, init);

/**
 * The worker's renderer (worker/pages/render.tsx) sends the views' calls to the API app in-process, as the request's
 * user, instead of over the network: the same client functions load a page's data on both sides (decision 048).
 */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

// The language the browser's calls ask in (decision 056): the page's, its <html lang> (the worker writes the URL's
// language there, decision 055), so a background refresh of a German page answers in German whatever the browser
// prefers. The server's in-process transport (worker/pages/in-process.ts) sends the page's language itself.
let pageLanguage: string | undefined;

/** Names the page's language instead of its <html lang> (tests; a page without one). */
export function setPageLanguage(tag: string | undefined): void {
  pageLanguage = tag;
}

/** A call's init with the page's language as Accept-Language, unless the call names a language itself. */
function askedIn(init: RequestInit | undefined): RequestInit | undefined {
  const page = pageLanguage ?? (typeof document === 'undefined' ? '' : document.documentElement.lang);
  if (!page) return init;
  const headers = new Headers(init?.headers);
  if (headers.has('Accept-Language')) return init;
  headers.set('Accept-Language', page);
  return { ...init, headers };
}

/** A typed call's options asking for the answer in `tag` rather than the page's language. */
export const inLanguage = (tag: string | undefined) => (tag ? { headers: { 'Accept-Language': tag } } : undefined);

/**
 * An item's own text, never a translation laid over it: what an editing screen shows and saves. The item's source
 * language is known only from an answer, so the read asks in the page's language and asks once more in the item's
 * own when a published translation answered instead.
 */
export async function inSource<T extends { language?: string | undefined; sourceLanguage?: string | undefined }>(
  read: (options: { headers: Record<string, string> } | undefined) => Promise<T>,
): Promise<T> {
  const first = await read(undefined);
  return first.language === first.sourceLanguage ? first : read(inLanguage(first.sourceLanguage));
}

/** Encodes one path segment (ids, slugs, blob keys). */
export const seg = (value: string) => encodeURIComponent(value);

/** The `result` type of an endpoint's success envelope, as the worker declares it. */
type ResultOf<R> =
  R extends ClientResponse<infer Body, number, string> ? (Body extends { result: infer T } ? T : never) : never;

/**
 * The schema must accept what the worker says it answers: when the worker's result type no longer fits
 * the schema's type, this turns the schema argument into a type error naming both.
 */
type Fits<Result, S extends z.core.$ZodType> = [Result] extends [z.infer<S>]
  ? S
  : { resultMismatch: { worker: Result; schema: z.infer<S> } };

export interface CallOptions {
  /** A 401 normally tells the session that the server no longer knows the user; a failed sign-in does not. */
  reportUnauthorized?: boolean;
}

/**
 * Maps one HTTP answer to the envelope's result parsed with `schema`, or an ApiError: error envelopes carry
 * the server's code and message; answers outside the envelope (or with a result of the wrong shape) are
 * 500 'Invalid response from server'. Shared by `call` and by uploads sent with XMLHttpRequest.
 */
export function resultOf<S extends z.core.$ZodType>(
  status: number,
  data: unknown,
  schema: S,
  options: CallOptions = {},
): z.infer<S> {
  const envelope = z.safeParse(anyEnvelope, data);
  if (!envelope.success) throw new ApiError(500, INVALID_RESPONSE);
  const { code, message } = envelope.data;
  if (status < 200 || status >= 300 || code < 200 || code >= 300) {
    const failed = code >= 400 ? code : status >= 400 ? status : 500;
    if (failed === 401 && options.reportUnauthorized !== false) reportUnauthorized();
    const refused = z.safeParse(issuesResult, envelope.data.result);
    throw new ApiError(failed, message || INTERNAL_ERROR, false, refused.success ? refused.data.issues : []);
  }
  const result = z.safeParse(schema, envelope.data.result);
  if (!result.success) throw new ApiError(500, INVALID_RESPONSE);
  return result.data;
}

/**
 * Awaits a typed client call and returns its result parsed with `schema`. Throws only ApiError: transport
 * failures are 400 with the transport's message, the rest as `resultOf` says, and anything unforeseen is
 * 500 'Internal server error'.
 */
export async function call<R extends ClientResponse<unknown, number, string>, S extends z.core.$ZodType>(
  pending: Promise<R>,
  schema: Fits<ResultOf<R>, S>,
  options?: CallOptions,
): Promise<z.infer<S>> {
  try {
    let response: R;
    try {
      response = await pending;
    } catch (err) {
      throw new ApiError(400, err instanceof Error && err.message ? err.message : 'Network Error', true);
    }
    let data: unknown;
    try {
      data = await response.json();
    } catch {
      throw new ApiError(500, INVALID_RESPONSE);
    }
    return resultOf(response.status, data, schema as S, options);
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError(500, INTERNAL_ERROR);
  }
}

/** The query of a cursor-paged list; absent values stay out of the URL. */
export const pageQuery = (cursor?: string, limit?: number) => ({
  cursor: cursor || undefined,
  limit: limit?.toString(),
});
