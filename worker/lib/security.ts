// Cross-site request refusal and security headers for every /api answer.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { Forbidden } from './errors';
import { documented } from './route-doc';

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

/** Every unsafe method passes the same-origin check. */
export const sameOriginForUnsafeMethods: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method)) assertSameOrigin(c.req.raw);
  await next();
};

/** For the few GET calls that change state (allow/deny requests, logout, health fix). */
export const sameOrigin: MiddlewareHandler<AppEnv> = documented({ sameOrigin: true, errors: [403] }, async (c, next) => {
  assertSameOrigin(c.req.raw);
  await next();
});

export const API_SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) {
    if (!c.res.headers.has(name)) c.res.headers.set(name, value);
  }
  if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
};
