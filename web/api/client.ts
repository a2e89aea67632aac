// The one way the SPA talks to /api: credentials sent, JSON or multipart, every answer parsed
// as the envelope and its result with the shared zod schemas, errors mapped as SPEC section 8 says.
import * as z from 'zod/mini';
import { anyEnvelope } from '../../schema/entities';
import { ApiError, reportUnauthorized } from './errors';

export { ApiError, onUnauthorized } from './errors';

export const API_PREFIX = '/api';
export const INVALID_RESPONSE = 'Invalid response from server';
export const INTERNAL_ERROR = 'Internal server error';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export interface RequestBody {
  json?: unknown;
  /** Sent as parts `blob:{key}`; the JSON then travels in a part named `body`. */
  files?: Record<string, Blob>;
}

/** Encodes one path segment (ids, slugs, blob keys). */
export const seg = (value: string) => encodeURIComponent(value);

function buildBody(body: RequestBody | undefined): { payload?: BodyInit; headers: Record<string, string> } {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (!body) return { headers };
  const files = body.files ? Object.entries(body.files) : [];
  if (files.length === 0) {
    if (body.json === undefined) return { headers };
    headers['Content-Type'] = 'application/json';
    return { payload: JSON.stringify(body.json), headers };
  }
  // The browser sets the multipart boundary itself; no Content-Type header here.
  const form = new FormData();
  form.append('body', JSON.stringify(body.json ?? {}));
  for (const [key, blob] of files) {
    form.append(`blob:${key}`, blob, blob instanceof File ? blob.name : key);
  }
  return { payload: form, headers };
}

async function send<S extends z.core.$ZodType>(method: Method, path: string, resultSchema: S, body?: RequestBody): Promise<z.infer<S>> {
  const { payload, headers } = buildBody(body);
  let response: Response;
  try {
    // No time-out (SPEC section 9): uploads of large videos take as long as they take.
    response = await fetch(API_PREFIX + path, { method, headers, body: payload ?? null, credentials: 'include' });
  } catch (err) {
    throw new ApiError(400, err instanceof Error && err.message ? err.message : 'Network Error');
  }

  let data: unknown;
  try {
    data = await response.json();
  } catch {
    throw new ApiError(500, INVALID_RESPONSE);
  }
  const envelope = z.safeParse(anyEnvelope, data);
  if (!envelope.success) throw new ApiError(500, INVALID_RESPONSE);

  const { code, message } = envelope.data;
  if (!response.ok || code < 200 || code >= 300) {
    const status = code >= 400 ? code : response.status >= 400 ? response.status : 500;
    if (status === 401 && path !== '/users/auth') reportUnauthorized(path);
    throw new ApiError(status, message || INTERNAL_ERROR);
  }

  const result = z.safeParse(resultSchema, envelope.data.result);
  if (!result.success) throw new ApiError(500, INVALID_RESPONSE);
  return result.data;
}

/**
 * Calls `{method} /api{path}` and returns the envelope's result parsed with `resultSchema`.
 * Throws only ApiError: transport failures are 400 with the transport's message, error envelopes carry the
 * server's code and message, answers outside the envelope (or with a result of the wrong shape) are
 * 500 'Invalid response from server', and anything unforeseen is 500 'Internal server error'.
 */
export async function request<S extends z.core.$ZodType>(method: Method, path: string, resultSchema: S, body?: RequestBody): Promise<z.infer<S>> {
  try {
    return await send(method, path, resultSchema, body);
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError(500, INTERNAL_ERROR);
  }
}

/** A query string from defined values, with the leading `?` (or empty). */
export function query(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
