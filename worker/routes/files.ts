// Serves stored R2 files at /api/files/{key}: public to whoever has the URL (keys are unguessable
// uuids that never change), with ETag/304, single byte ranges for video seeking, and immutable caching.
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env';
import { BadRequest, HttpError, NotFound } from '../lib/errors';
import { describe } from '../lib/route-doc';
import { ALLOWED_EXTENSIONS } from '../lib/sniff';

/** The shape of every key withUpload makes: `{kind}/{uuid}.{ext}`. */
const KEY_SHAPE = new RegExp(`^(image|video)/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.(${ALLOWED_EXTENSIONS.join('|')})$`);

type ByteRange = { offset: number; length: number };

/**
 * The one range a Range header asks for within `size` bytes: a range, 'unsatisfiable', or null when the
 * header is absent, malformed or asks for several ranges (then the whole file is sent, as RFC 9110 allows).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const m = /^bytes=\s*(\d*)-(\d*)\s*$/i.exec(header ?? '');
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    const length = Math.min(suffix, size);
    return { offset: size - length, length };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? Infinity : Number(m[2]);
  if (end < start) return null; // invalid, so ignored
  if (start >= size) return 'unsatisfiable';
  return { offset: start, length: Math.min(end, size - 1) - start + 1 };
}

/** Weak comparison, as If-None-Match uses: `W/"x"` matches `"x"`. */
function etagMatches(header: string, etag: string): boolean {
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return header.trim() === '*' || header.split(',').some((t) => bare(t) === bare(etag));
}

function fileHeaders(object: R2Object): Headers {
  const headers = new Headers();
  headers.set('Content-Type', object.httpMetadata?.contentType ?? 'application/octet-stream');
  headers.set('ETag', object.httpEtag);
  headers.set('Last-Modified', object.uploaded.toUTCString());
  headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  headers.set('Accept-Ranges', 'bytes');
  headers.set('Content-Disposition', 'inline');
  headers.set('X-Content-Type-Options', 'nosniff');
  return headers;
}

async function serveFile(c: Context<AppEnv>): Promise<Response> {
  const key = c.req.param('key') ?? '';
  if (!KEY_SHAPE.test(key)) throw new BadRequest('Invalid file key');
  const bucket = c.env.FILES;
  const head = await bucket.head(key);
  if (!head) throw new NotFound('File not found');
  const headers = fileHeaders(head);

  const ifNoneMatch = c.req.header('If-None-Match');
  if (ifNoneMatch && etagMatches(ifNoneMatch, head.httpEtag)) return new Response(null, { status: 304, headers });

  // If-Range: a range only applies to the representation the client already has part of.
  const ifRange = c.req.header('If-Range');
  const rangeApplies = !ifRange || ifRange.trim() === head.httpEtag;
  const range = rangeApplies ? parseRange(c.req.header('Range'), head.size) : null;
  if (range === 'unsatisfiable') {
    throw new HttpError(416, 'Range not satisfiable', { 'Content-Range': `bytes */${head.size}` });
  }
  const isHead = c.req.method === 'HEAD';
  if (range) {
    headers.set('Content-Range', `bytes ${range.offset}-${range.offset + range.length - 1}/${head.size}`);
    headers.set('Content-Length', String(range.length));
  } else {
    headers.set('Content-Length', String(head.size));
  }
  if (isHead) return new Response(null, { status: range ? 206 : 200, headers });

  const object = await bucket.get(key, range ? { range } : {});
  if (!object) throw new NotFound('File not found');
  return new Response(object.body, { status: range ? 206 : 200, headers });
}

export const filesRoutes = new Hono<AppEnv>()
  // Hono answers HEAD through the GET route (without the body); serveFile skips reading R2 for it.
  .get('/:key{.+}', describe({
    summary: 'A stored file (public to whoever has the key); ETag and If-None-Match, one byte Range, immutable caching',
    raw: {
      contentTypes: ['image/*', 'video/*'],
      statuses: { 200: 'The file', 206: 'The byte range the Range header asks for', 304: 'Not modified (If-None-Match)' },
    },
    errors: [400, 404, 416],
  }), serveFile);
