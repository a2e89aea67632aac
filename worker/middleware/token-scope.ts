// What an API token may do, decided in one place for every route (docs/decisions/034-api-tokens.md). The route's own
// handlers say what it is (lib/route-doc.ts): a GET reads; an unsafe method, or a GET marked `sameOrigin`, writes,
// unless the route marks itself `readsOnly` (the POSTs that search); a route marked `sessionOnly` (tokens, sessions,
// password, account) never takes a token. A `read` token may read; a `full` one may do what its user's role may.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { Forbidden } from '../lib/errors';
import { documented, type RouteDocPart } from '../lib/route-doc';
import { routeParts, writesBy } from '../services/request-kind';

/** What a route needs of a token: any scope (`read`), the `full` scope, or no token at all (`session`). */
export type TokenNeed = 'read' | 'full' | 'session';

export const READ_ONLY_TOKEN = 'This API token may only read (scope "read"): this call changes something';
export const SESSION_ONLY =
  'This call needs a signed-in session: an API token may not manage tokens, sessions or the account';

/** A marker that does nothing at request time (a function of its own each: `documented` marks the function). */
const marker = (): MiddlewareHandler<AppEnv> => async (_c, next) => {
  await next();
};

/** Marks a route only a signed-in session may call: a request with an API token gets 403. */
export const sessionOnly = documented({ sessionOnly: true, errors: [403] }, marker());
/** Marks a POST that only reads (a search): a `read` token may call it. */
export const readsOnly = documented({ readsOnly: true }, marker());

/** The need of a route from its method and its handlers' documentation parts. */
export function tokenNeed(method: string, parts: readonly RouteDocPart[]): TokenNeed {
  if (parts.some((p) => p.sessionOnly)) return 'session';
  return writesBy(method, parts) ? 'full' : 'read';
}

/**
 * Refuses a token call its scope does not cover, before any of the route's own handlers run. The router has matched
 * the route already, so its handlers' parts are known here. A path no route takes needs `full` for an unsafe method.
 */
export const tokenScope: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = c.get('apiToken');
  if (token) {
    const need = tokenNeed(c.req.method, routeParts(c));
    if (need === 'session') throw new Forbidden(SESSION_ONLY);
    if (need === 'full' && token.scope !== 'full') throw new Forbidden(READ_ONLY_TOKEN);
  }
  await next();
};
