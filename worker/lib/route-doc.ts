// What the OpenAPI document (worker/openapi/) knows of a route, carried by the route's own handlers:
// validators, guards and upload readers mark themselves with what they check, and every route names its
// result with `describe(...)` beside its path. So the document is read off the routes as registered and
// cannot list a check the route does not make. Why not a library: docs/decisions/013-openapi.md.
import type { MiddlewareHandler } from 'hono';
import type { Role } from '#schema/enums';
import type * as z from 'zod/mini';

/** Any zod schema, classic or mini. */
export type Schema = z.core.$ZodType;

export type SuccessCode = 200 | 201 | 202;
/** Failures a route answers in the envelope; 405 and 500 are the app's, not any one route's. */
export type ErrorCode = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 416 | 429 | 502;

/** An answer that is not the envelope: a stored file, or the document itself. */
export interface RawAnswer {
  contentTypes: readonly string[];
  /** What each status answers; 304 comes without a body. */
  statuses: Readonly<Record<number, string>>;
}

interface Described {
  summary: string;
  description?: string;
  /** Success statuses; the first is the usual one. Default 200. */
  status?: SuccessCode | readonly SuccessCode[];
  errors?: readonly ErrorCode[];
  /** Who may besides ADMIN, when the handler checks ownership: "the article's owner". */
  ownerOrAdmin?: string;
}

/** A route's own description: what it does, and its answer (the envelope's `result`, or a raw answer). */
export type RouteDescription = Described & ({ result: Schema; raw?: never } | { raw: RawAnswer; result?: never });

/** One handler's share of a route's description; the document merges those of all handlers of a route. */
export interface RouteDocPart extends Partial<Described> {
  result?: Schema;
  raw?: RawAnswer;
  /** Validated inputs, by validator target; `upload` is withUpload's JSON or multipart body. */
  param?: Schema;
  query?: Schema;
  json?: Schema;
  upload?: Schema;
  /** The roles a guard lets through. */
  roles?: readonly Role[];
  /** The route refuses cross-site requests although it is a GET (see middleware/security.ts). */
  sameOrigin?: boolean;
  /** Anonymous answers are kept in the edge cache this long (middleware/edge-cache.ts). */
  edgeCacheSeconds?: number;
  /** Only a signed-in session may call it, never an API token (middleware/token-scope.ts). */
  sessionOnly?: boolean;
  /** A POST that only reads: a `read` API token may call it (middleware/token-scope.ts). */
  readsOnly?: boolean;
}

const ROUTE_DOC = Symbol('route-doc');
type Documented = { [ROUTE_DOC]?: RouteDocPart };

/** Marks a middleware with what it checks; returns the same middleware. */
export function documented<M extends object>(part: RouteDocPart, middleware: M): M {
  (middleware as Documented)[ROUTE_DOC] = part;
  return middleware;
}

export function routeDocPart(handler: unknown): RouteDocPart | undefined {
  return typeof handler === 'function' ? (handler as Documented)[ROUTE_DOC] : undefined;
}

/**
 * The route's summary and answer, written beside its path: `.get('/:id', describe({ summary, result: article }), ...)`.
 * It does nothing at request time.
 */
export function describe(description: RouteDescription): MiddlewareHandler {
  return documented(description, async (_c, next) => {
    await next();
  });
}
