// Cross-site request refusal and security headers for every /api answer.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { Forbidden } from '../lib/errors';
import { documented } from '../lib/route-doc';
import { bearerCredential } from '../services/api-tokens';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Browsers mark every request with Sec-Fetch-Site and cross-origin unsafe ones with Origin;
 * a request that says it comes from elsewhere is refused. Clients that send neither
 * (curl, server-to-server) are not browsers and carry no ambient cookie risk.
 */
export function assertSameOrigin(req: Request): void {
  const site = req.headers.get('Sec-Fetch-Site');
  if (site && site !== 'same-origin' && site !== 'none') throw new Forbidden('Cross-site request refused');
  const origin = req.headers.get('Origin');
  if (origin && origin !== new URL(req.url).origin) throw new Forbidden('Cross-origin request refused');
}

/**
 * Whether the request can carry a browser's ambient credential: a bearer call cannot, since a browser never sends
 * the Authorization header by itself and a bearer request's cookie is not read (services/session.ts).
 */
const ambient = (req: Request) => bearerCredential(req) === undefined;

/** Every unsafe method passes the same-origin check (bearer calls need not: see `ambient`). */
export const sameOriginForUnsafeMethods: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method) && ambient(c.req.raw)) assertSameOrigin(c.req.raw);
  await next();
};

/** For the few GET calls that change state (allow/deny requests, logout, health fix). */
export const sameOrigin: MiddlewareHandler<AppEnv> = documented(
  { sameOrigin: true, errors: [403] },
  async (c, next) => {
    if (ambient(c.req.raw)) assertSameOrigin(c.req.raw);
    await next();
  },
);

/**
 * Every /api answer's security headers, built once per isolate: hono/secure-headers' defaults (nosniff, CORP and COOP
 * same-origin, ...), made stricter where an API that only answers JSON and files can be: a CSP that allows nothing and
 * sandboxes, no framing, a year of HSTS, referrers only to the same origin. Last, `Cache-Control: no-store`: API
 * answers are per user or change often, so they are never stored unless a route says otherwise (files are immutable).
 */
export const SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'DENY'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'; sandbox"],
  ['Cache-Control', 'no-store'],
];

/**
 * Sets SECURITY_HEADERS on the answer; a header a route set itself is kept. One middleware layer with a list built
 * once, where hono/secure-headers and a no-store layer, combined per request with hono/combine's `every`, cost two
 * layers, a composed chain and their closures on every request (issue 31, decision 044).
 */
export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const headers = c.res.headers;
  for (const [name, value] of SECURITY_HEADERS) if (!headers.has(name)) headers.set(name, value);
};
