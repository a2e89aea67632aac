// Cross-site request refusal and security headers for every /api answer.
import type { MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import { secureHeaders } from 'hono/secure-headers';
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

/** API answers are per user or change often: never stored, unless a route says otherwise (files are immutable). */
const noStoreByDefault: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
};

/**
 * hono/secure-headers with its defaults (nosniff, CORP and COOP same-origin, ...), made stricter where an API
 * that only answers JSON and files can be: a CSP that allows nothing and sandboxes, no framing, a year of HSTS,
 * referrers only to the same origin. A header a route set itself is kept (`overwrite: false`).
 */
export const securityHeaders = every(
  secureHeaders({
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], sandbox: [] },
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: 'max-age=31536000; includeSubDomains',
    overwrite: false,
  }),
  noStoreByDefault,
);
