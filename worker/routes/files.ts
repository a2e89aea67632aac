// Serves stored R2 files at /api/files/{key} to whoever may see an entity that shows them
// (worker/queries/files.ts): public files with immutable caching (a key's content never changes),
// protected ones `private, no-store`, files the caller may not see 404. R2 itself answers conditional
// requests (`onlyIf` with the request's headers: If-None-Match and the rest) and cuts byte ranges (`range`);
// this route adds what R2 leaves out: If-Range, and 416 for a range past the end.
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env';
import { edgeCache } from '../middleware/edge-cache';
import { BadRequest, HttpError, NotFound } from '../lib/errors';
import { keyToServe } from '../lib/files';
import { describe } from '../lib/route-doc';
import { ALLOWED_EXTENSIONS } from '#schema/sniff';
import { UUID_SOURCE } from '#schema/urls';
import { fileAudience, type FileAudience } from '../queries/files';

/** The shape of every key withUpload makes: `{kind}/{uuid}.{ext}`. */
const KEY_SHAPE = new RegExp(`^(image|video)/${UUID_SOURCE}\\.(${ALLOWED_EXTENSIONS.join('|')})$`);

export const FILE_CACHE = {
  public: 'public, max-age=31536000, immutable',
  private: 'private, no-store',
} as const;

/**
 * Whether a Range header asks for one range that lies wholly past the end of `size` bytes (or for the last
 * zero bytes): 416. R2 would quietly send the whole object instead. Malformed or multiple ranges are no
 * concern of this: R2 ignores them and the whole file goes out, as RFC 9110 allows.
 */
export function isUnsatisfiable(range: string, size: number): boolean {
  const m = /^bytes=\s*(\d*)-(\d*)\s*$/i.exec(range);
  if (!m || (m[1] === '' && m[2] === '')) return false;
  if (m[1] === '') return Number(m[2]) === 0 || size === 0;
  const start = Number(m[1]);
  return start >= size && (m[2] === '' || Number(m[2]) >= start);
}

function fileHeaders(object: R2Object, audience: Exclude<FileAudience, null>): Headers {
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/octet-stream');
  headers.set('ETag', object.httpEtag);
  headers.set('Last-Modified', object.uploaded.toUTCString());
  headers.set('Cache-Control', FILE_CACHE[audience]);
  headers.set('Accept-Ranges', 'bytes');
  headers.set('Content-Disposition', 'inline');
  headers.set('X-Content-Type-Options', 'nosniff');
  return headers;
}

/** The part of the object R2 sent, when it is less than the whole. */
function partOf(object: R2ObjectBody): { offset: number; length: number } | null {
  const r = object.range as { offset?: number; length?: number; suffix?: number } | undefined;
  if (!r) return null;
  // R2's range object may carry every field, unset ones undefined.
  const offset = r.suffix !== undefined ? object.size - r.suffix : (r.offset ?? 0);
  const length = r.suffix !== undefined ? r.suffix : (r.length ?? object.size - offset);
  return offset > 0 || length < object.size ? { offset, length } : null;
}

/** An entity-tag list as RFC 9110 writes it (`*`, or `"x"` / `W/"x"` joined by commas). */
const ETAG_LIST = /^\s*(\*|(W\/)?"[\x21\x23-\x7e\x80-\xff]*"(\s*,\s*(W\/)?"[\x21\x23-\x7e\x80-\xff]*")*)\s*$/;

/**
 * The request's conditions for R2, without an If-None-Match or If-Match that is no entity-tag list: R2 throws on
 * those, and RFC 9110 lets a server ignore a condition it cannot parse, so the file is simply served.
 */
function validConditions(headers: Headers): Headers {
  const valid = new Headers(headers);
  for (const name of ['If-None-Match', 'If-Match']) {
    const value = valid.get(name);
    if (value !== null && !ETAG_LIST.test(value)) valid.delete(name);
  }
  return valid;
}

async function serveFile(c: Context<AppEnv>): Promise<Response> {
  const key = c.req.param('key') ?? '';
  if (!KEY_SHAPE.test(key)) throw new BadRequest('Invalid file key');
  const audience = await fileAudience(c.get('db'), c.get('user'), key);
  if (!audience) throw new NotFound('File not found');
  const bucket = c.env.FILES;
  const conditions = c.req.raw.headers;
  // ?w=480|960|1920: the smaller copy stored beside an image, when it has one (docs/decisions/018-image-variants.md);
  // who may see it is who may see the image, decided above.
  const stored = await keyToServe(bucket, key, c.req.query('w'));

  // A range applies only to the representation the client already has part of (If-Range), and one past the
  // end is 416: both need the object's ETag and size before it is read.
  const range = c.req.header('Range');
  let rangeApplies = false;
  if (range) {
    const head = await bucket.head(stored);
    if (!head) throw new NotFound('File not found');
    const ifRange = c.req.header('If-Range');
    rangeApplies = !ifRange || ifRange.trim() === head.httpEtag;
    if (rangeApplies && isUnsatisfiable(range, head.size)) {
      throw new HttpError(416, 'Range not satisfiable', { 'Content-Range': `bytes */${head.size}` });
    }
  }

  const object = await bucket.get(stored, {
    onlyIf: validConditions(conditions),
    ...(rangeApplies ? { range: conditions } : {}),
  });
  if (!object) throw new NotFound('File not found');
  const headers = fileHeaders(object, audience);
  // A failed condition (If-None-Match matched) gives the object without a body.
  if (!('body' in object)) return new Response(null, { status: 304, headers });

  const part = rangeApplies ? partOf(object) : null;
  if (part) headers.set('Content-Range', `bytes ${part.offset}-${part.offset + part.length - 1}/${object.size}`);
  headers.set('Content-Length', String(part ? part.length : object.size));
  const status = part ? 206 : 200;
  if (c.req.method === 'HEAD') {
    await object.body.cancel();
    return new Response(null, { status, headers });
  }
  return new Response(object.body, { status, headers });
}

export const filesRoutes = new Hono<AppEnv>()
  // Hono answers HEAD through the GET route; serveFile sends no body for it.
  .get(
    '/:key{.+}',
    edgeCache(),
    describe({
      summary:
        'A stored file, to whoever may see an entity that shows it (404 otherwise); public ones cached as immutable, ' +
        'protected ones private, no-store; ETag and If-None-Match, one byte Range',
      description:
        'An image with `?w=480`, `?w=960` or `?w=1920` answers its smaller copy of that width when the uploader sent one, else the image itself.',
      raw: {
        contentTypes: ['image/*', 'video/*'],
        statuses: {
          200: 'The file',
          206: 'The byte range the Range header asks for',
          304: 'Not modified (If-None-Match)',
        },
      },
      errors: [400, 404, 416],
    }),
    serveFile,
  );
