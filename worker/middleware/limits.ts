// Request size limits, applied to every /api request before any route reads its input: a bounded URL,
// a bounded body, and JSON that must be UTF-8. Multipart bodies are streamed by withUpload under its own
// caps (worker/services/uploads.ts), and raw file bodies (the parts of a resumable upload) by their route, which
// takes exactly a part's length (worker/services/resumable-uploads.ts); here they only get drained when a route
// answers before reading them out.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { HttpError, PayloadTooLarge } from '../lib/errors';
import { UPLOAD_LIMITS } from '#schema/limits';
import { mediaType } from './validate';

const MiB = 1024 * 1024;

export const REQUEST_LIMITS = {
  /** Every body that is not multipart: the largest JSON the API takes (channel ordinals) is well under it. */
  json: 1 * MiB,
  /** A whole multipart request: Workers refuse larger ones anyway (100 MB on the Free and Pro plans). */
  upload: UPLOAD_LIMITS.request,
  /**
   * The whole URL. The longest the SPA makes is `GET /imageOptions?keys=` with 100 keys (about 5 KB).
   * Cloudflare's edge refuses URLs over 16 KB before the worker; local workerd at about 64 KB.
   */
  url: 8 * 1024,
} as const;

/** 414 in the envelope for a URL over the limit; runs first, so a long path costs nothing else. */
export const boundedUrl: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.url.length > REQUEST_LIMITS.url) throw new HttpError(414, 'URL too long');
  await next();
};

const tooLarge = () => new PayloadTooLarge(`Request body exceeds ${REQUEST_LIMITS.json / MiB} MiB`);

/**
 * Bounds every request body. A body that declares a length over the limit is refused unread (the runtime
 * discards it). Any other non-multipart body is read here, up to the limit, and handed on buffered, so a
 * route's JSON parser never sees more. Past the limit, the rest is read and dropped before the 413 goes out:
 * workerd resets the connection of a request whose body a worker stopped reading halfway (measured against
 * `wrangler dev`: the client got ECONNRESET instead of the answer), which is also why this is not
 * hono/body-limit, which stops reading there. A multipart body streams on to withUpload; whatever is left
 * of it when the answer is ready (a file over its cap, a refused part) is drained the same way.
 */
export const boundedBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  const body = c.req.raw.body as ReadableStream<Uint8Array> | null;
  if (!body) return next();
  const type = mediaType(c.req.header('Content-Type'));
  const streamed = type === 'multipart/form-data' || type === 'application/octet-stream';
  const declared = Number(c.req.header('Content-Length') ?? 0);
  if (!streamed) {
    if (declared > REQUEST_LIMITS.json) throw tooLarge();
    const bytes = await readUpTo(body.getReader(), REQUEST_LIMITS.json);
    if (!bytes) throw tooLarge();
    c.req.raw = new Request(c.req.raw, { body: bytes });
    return next();
  }
  if (declared > REQUEST_LIMITS.upload) {
    throw new PayloadTooLarge(`Request body exceeds ${Math.round(REQUEST_LIMITS.upload / 1e6)} MB`);
  }
  const drainable = drainableStream(body);
  c.req.raw = new Request(c.req.raw, { body: drainable.stream });
  await next();
  await drainable.drain();
};

/** The whole body, or null (after draining the rest) when it is longer than `limit`. */
async function readUpTo(reader: ReadableStreamDefaultReader<Uint8Array>, limit: number): Promise<Uint8Array | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await drain(reader, size);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/** Reads and drops the rest of a body, up to the largest the platform accepts at all. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead: number): Promise<void> {
  let total = alreadyRead;
  while (total <= REQUEST_LIMITS.upload) {
    const { done, value } = await reader.read();
    if (done) return;
    total += value.length;
  }
  await reader.cancel();
}

/**
 * A stream that passes the body on as it is read; its source is taken only once someone reads, so an
 * untouched body stays the runtime's to discard. Cancelling it (as the multipart reader does when it
 * stops early) leaves the source for drain(), which first lets a read still in flight settle.
 */
function drainableStream(source: ReadableStream<Uint8Array>) {
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  let inFlight: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;
  let read = 0;
  let finished = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      reader ??= source.getReader();
      inFlight = reader.read().then((result) => {
        if (result.done) finished = true;
        else read += result.value.length;
        return result;
      });
      const { done, value } = await inFlight;
      inFlight = undefined;
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel() {},
  });
  return {
    stream,
    drain: async () => {
      if (!reader) return;
      await inFlight?.catch(() => undefined);
      if (!finished) await drain(reader, read);
    },
  };
}
