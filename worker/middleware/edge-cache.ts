// The edge cache of anonymous public reads: the Workers Cache API (caches.default), which is one cache per
// Cloudflare location. Cache keys carry the location's content version. A write that changes what visitors
// see starts a new version in the writer's location, with the write's D1 bookmark, so the next anonymous read
// there misses and reads D1 at least as new as the write; other locations drop their copies after
// EDGE_CACHE_SECONDS. Signed-in callers and restricted content are never served from or put into the cache.
// The model: docs/decisions/019-read-replicas-and-edge-cache.md.
import type { Context, Input, MiddlewareHandler } from 'hono';
import type { BlankInput } from 'hono/types';
import type { AppEnv } from '../env';
import { bookmarkOf, useD1Session } from '../services/db';
import { documented } from '../lib/route-doc';

/** How stale a cached read may be in a location other than the writer's. */
export const EDGE_CACHE_SECONDS = 60;
/** What browsers and shared caches are told of a cached JSON read: always ask again; keep it at most a minute. */
export const CACHED_READ_CONTROL = `public, max-age=0, s-maxage=${EDGE_CACHE_SECONDS}`;
/** A location's copy carries the Cache-Control its callers get here; its own Cache-Control is the copy's lifetime. */
const SERVED_CONTROL = 'X-Edge-Cache-Served-Control';
/** Where a location keeps its content version (a cache entry too: it lives where the copies live). */
const VERSION_URL = 'https://edge-cache.invalid/content-version';
/** A version outlives any copy made under it; when it is gone, the next read starts a fresh one. */
const VERSION_SECONDS = 24 * 3600;

interface ContentVersion {
  id: string;
  /** The D1 bookmark of the write that started the version: misses read at least that state. */
  bookmark: string | null;
}

const versionEntry = (version: ContentVersion) =>
  new Response(JSON.stringify(version), {
    headers: { 'Content-Type': 'application/json', 'Cache-Control': `max-age=${VERSION_SECONDS}` },
  });

async function currentVersion(cache: Cache): Promise<ContentVersion> {
  const entry = await cache.match(VERSION_URL);
  if (entry) return entry.json<ContentVersion>();
  const version: ContentVersion = { id: crypto.randomUUID(), bookmark: null };
  await cache.put(VERSION_URL, versionEntry(version));
  return version;
}

/** Starts a new content version in this location: every copy made before it stops being found. */
export async function startContentVersion(bookmark: string | null): Promise<void> {
  await caches.default.put(VERSION_URL, versionEntry({ id: crypto.randomUUID(), bookmark }));
}

export const edgeCacheOn = (env: { EDGE_CACHE: string }) => env.EDGE_CACHE !== 'off';

/** The newer of two D1 bookmarks (they sort oldest to newest). */
const newer = (a: string | null | undefined, b: string | null | undefined) =>
  a && b ? (a > b ? a : b) : (a ?? b ?? undefined);

/** Whether a 200 answer may be kept for every anonymous visitor: restricted or locked content never is. */
async function cacheable(res: Response): Promise<boolean> {
  if (res.status !== 200) return false;
  if (!res.headers.get('Content-Type')?.startsWith('application/json')) {
    // Files: only what anyone may fetch (the file route marks those public).
    return /\bpublic\b/.test(res.headers.get('Cache-Control') ?? '');
  }
  const body = await res.clone().json<{ result?: { restricted?: unknown; locked?: unknown } | null }>();
  return body.result?.restricted !== true && body.result?.locked !== true;
}

/**
 * Serves an anonymous public read from this location's cache, or runs it and keeps the answer. `key` names
 * a read that is not a plain GET of its URL (the search POST); it returns null for a request not to cache.
 * Requests with a Range or a condition go to the route itself, which answers those from R2.
 */
export type EdgeCacheKey<I extends Input = BlankInput> = (c: Context<AppEnv, string, I>) => string | null;

export function edgeCache<I extends Input = BlankInput>(key?: EdgeCacheKey<I>): MiddlewareHandler<AppEnv, string, I> {
  return documented({ edgeCacheSeconds: EDGE_CACHE_SECONDS }, async (c, next) => {
    const name = key ? key(c) : c.req.url;
    const req = c.req.raw.headers;
    if (
      !edgeCacheOn(c.env) ||
      c.get('user') ||
      name === null ||
      req.has('Range') ||
      req.has('If-None-Match') ||
      req.has('If-Modified-Since')
    ) {
      await next();
      return;
    }
    const cache = caches.default;
    const version = await currentVersion(cache);
    const url = new URL(name);
    url.searchParams.set('__content-version', version.id);
    const entry = new Request(url.href);

    const hit = await cache.match(entry);
    if (hit) {
      // Set, not returned: a middleware that returns a Response would make the route's answer untyped (AppType).
      const res = new Response(hit.body, hit);
      res.headers.set('Cache-Control', res.headers.get(SERVED_CONTROL) ?? CACHED_READ_CONTROL);
      res.headers.delete(SERVED_CONTROL);
      res.headers.set('X-Edge-Cache', 'HIT');
      c.res = res;
      return;
    }

    // A miss reads D1 at least as new as this location's last write (and the caller's own bookmark).
    const start = newer(version.bookmark, bookmarkOf(c));
    if (start) useD1Session(c, start);
    await next();
    if (c.req.method !== 'GET' && !key) return; // HEAD runs the GET route without a body: nothing to keep
    if (!(await cacheable(c.res))) return;
    // JSON reads: browsers ask again every time (a write must show at once here). Files keep their immutable
    // browser caching; the location's copy of either lives EDGE_CACHE_SECONDS.
    if (c.res.headers.get('Content-Type')?.startsWith('application/json'))
      c.res.headers.set('Cache-Control', CACHED_READ_CONTROL);
    c.res.headers.append('Vary', 'Cookie');
    const copy = new Response(c.res.clone().body, c.res);
    copy.headers.set(SERVED_CONTROL, c.res.headers.get('Cache-Control') ?? CACHED_READ_CONTROL);
    copy.headers.set('Cache-Control', `max-age=${EDGE_CACHE_SECONDS}`);
    c.executionCtx.waitUntil(cache.put(entry, copy));
    c.res.headers.set('X-Edge-Cache', 'MISS');
  });
}

/** Writes that change what visitors see (the rest, sign-in, likes, access requests, messages, do not). */
const CONTENT_WRITES = /^\/api\/(articles|articleMedia|categories|channels|news|slugs|imageOptions|publications)(\/|$)/;
const READS_BY_POST = /^\/api\/(search\/search|categories\/search)$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function changesPublicContent(method: string, path: string): boolean {
  if (path === '/api/healthCheck/fix') return true; // GET /healthCheck/fix changes state: the API defines it as a GET
  return !SAFE_METHODS.has(method) && CONTENT_WRITES.test(path) && !READS_BY_POST.test(path);
}

/** After a successful content write, this location's cache starts a new version at the write's bookmark. */
export const newVersionAfterWrites: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (!edgeCacheOn(c.env) || c.res.status >= 400 || !changesPublicContent(c.req.method, c.req.path)) return;
  await startContentVersion(c.get('d1').getBookmark());
};
