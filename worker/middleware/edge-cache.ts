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

/** A location's copy, as its callers get it: the Cache-Control it was kept with, and `X-Edge-Cache: HIT`. */
function served(hit: Response): Response {
  const res = new Response(hit.body, hit);
  res.headers.set('Cache-Control', res.headers.get(SERVED_CONTROL) ?? CACHED_READ_CONTROL);
  res.headers.delete(SERVED_CONTROL);
  res.headers.set('X-Edge-Cache', 'HIT');
  return res;
}

interface Lookup {
  name: string;
  version: ContentVersion;
  /** The copy's cache entry under the location's current version. */
  entry: Request;
}

async function lookUp(name: string): Promise<Lookup & { hit: Response | undefined }> {
  const cache = caches.default;
  const version = await currentVersion(cache);
  const url = new URL(name);
  url.searchParams.set('__content-version', version.id);
  const entry = new Request(url.href);
  return { name, version, entry, hit: await cache.match(entry) };
}

/** A request with a Range or a condition goes to the route itself, which answers those from R2. */
const conditional = (headers: Headers) =>
  headers.has('Range') || headers.has('If-None-Match') || headers.has('If-Modified-Since');

/**
 * Whether a request carries no credential at all: no Authorization header and no cookie named like the session's
 * (either name, whatever the scheme: a cookie the session check would ignore still sends the request the long way).
 * Such a request is anonymous whatever the session check would find, so its answer may come from the cache before
 * the check runs.
 */
export const carriesNoCredential = (headers: Headers) =>
  !headers.has('Authorization') && !/(?:^|;)\s*(?:__Host-)?session\s*=/.test(headers.get('Cookie') ?? '');

/** A miss found by `edgeCacheFirst`, for the route's own `edgeCache` to keep the answer under, without a second look. */
const missesFoundFirst = new WeakMap<Request, Lookup>();

/**
 * Serves an anonymous GET from this location's cache before anything else that costs (the D1 session, the session
 * check, the render's setup): registered before those, with the same `key` as the route's `edgeCache`. Only a request
 * with no credential (`carriesNoCredential`) is looked up here; any other, and a miss, go on, and the route's
 * `edgeCache` decides and keeps the answer as before, so nothing is served here that it would not serve.
 */
export function edgeCacheFirst(key: EdgeCacheKey): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const req = c.req.raw;
    const method = req.method;
    if (!edgeCacheOn(c.env) || (method !== 'GET' && method !== 'HEAD')) return next();
    if (!carriesNoCredential(req.headers) || conditional(req.headers)) return next();
    const name = key(c);
    if (name === null) return next();
    const { hit, ...miss } = await lookUp(name);
    if (hit) return served(hit);
    missesFoundFirst.set(req, miss);
    await next();
  };
}

/**
 * A copy's name with the request's language (issue 29): an API read answers in the language of `lang` or
 * Accept-Language, so one URL has a copy per language, and a German answer never answers an English request.
 */
function withLanguage(name: string | null, tag: string | undefined): string | null {
  if (name === null || !tag) return name;
  const url = new URL(name);
  url.searchParams.set('__language', tag);
  return url.href;
}

export function edgeCache<I extends Input = BlankInput>(key?: EdgeCacheKey<I>): MiddlewareHandler<AppEnv, string, I> {
  return documented({ edgeCacheSeconds: EDGE_CACHE_SECONDS }, async (c, next) => {
    // The cheap refusals first: the key's URL is built only for a request the cache may answer.
    const name =
      edgeCacheOn(c.env) && !c.get('user') && !conditional(c.req.raw.headers)
        ? withLanguage(key ? key(c) : c.req.url, c.get('language')?.tag)
        : null;
    if (name === null) {
      await next();
      return;
    }
    const found = missesFoundFirst.get(c.req.raw);
    const { version, entry, hit } = found?.name === name ? { ...found, hit: undefined } : await lookUp(name);
    if (hit) {
      // Set, not returned: a middleware that returns a Response would make the route's answer untyped (AppType).
      c.res = served(hit);
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
    c.executionCtx.waitUntil(caches.default.put(entry, copy));
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
