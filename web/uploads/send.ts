// Requests whose upload progress the editor watches: fetch reports no upload progress, XMLHttpRequest does.
// The answer goes through the client's resultOf, so errors read exactly as every other call's (web/api/client.ts).
import { hc } from 'hono/client';
import type * as z from 'zod/mini';
import type { AppType } from '#worker/app';
import { ApiError } from '../api/errors';
import { resultOf } from '../api/client';
import { multipartBody, type ImagePart } from './multipart';

/**
 * The typed routes for requests sent with XMLHttpRequest: `$url()` builds the URL of a route from its
 * parameters, and needs an origin to do it (the client of web/api/client.ts has none, it sends relative paths).
 */
export const urls = () => hc<AppType>(window.location.origin).api;

export interface SendOptions {
  /** Bytes of the body sent so far, and its total. */
  onProgress?: (sent: number, total: number) => void;
  /** Aborting rejects with ApiError 400 'Request aborted', a transport failure (as a network error is). */
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export const ABORTED = 'Request aborted';

/** Sends `body` with XMLHttpRequest and parses the envelope's result with `schema`. */
export function send<S extends z.core.$ZodType>(
  method: string,
  url: string | URL,
  body: XMLHttpRequestBodyInit,
  schema: S,
  options: SendOptions = {},
): Promise<z.infer<S>> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new ApiError(400, ABORTED, true));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, String(url));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => options.onProgress?.(e.loaded, e.lengthComputable ? e.total : e.loaded);
    const onAbort = () => xhr.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => options.signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      let data: unknown;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = undefined;
      }
      try {
        resolve(resultOf(xhr.status, data, schema));
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(400, 'Network Error', true));
    };
    xhr.onabort = () => {
      done();
      reject(new ApiError(400, ABORTED, true));
    };
    xhr.send(body);
  });
}

/** Whether a failure is the transport's (an abort too: worth sending again) rather than the server's refusal. */
export const isTransportFailure = (err: unknown) => err instanceof ApiError && err.transport;

/** A write of `fields` with a thumbnail: one multipart request (the picture and its variants), sent by send(). */
export const sendWithThumbnail = <S extends z.core.$ZodType>(
  method: 'POST' | 'PUT',
  url: string | URL,
  fields: Record<string, unknown>,
  thumbnail: ImagePart,
  schema: S,
  options?: SendOptions,
) =>
  send(
    method,
    url,
    multipartBody({ ...fields, thumbnailFileTag: thumbnail.tag }, { images: [thumbnail] }),
    schema,
    options,
  );
