// The entry hands /api requests straight to the API app (worker/index.ts, worker/paths.ts `isApiUrl`), and the API's
// security headers are one precomputed list (worker/middleware/security.ts): issue 31's fixed cost, decision 044.
import { env, exports } from 'cloudflare:workers';
import { createExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { buildApp } from '#worker/app';
import { isApiUrl } from '#worker/paths';
import { SECURITY_HEADERS } from '#worker/middleware/security';
import { BASE } from './helpers';

describe('isApiUrl', () => {
  it.each([
    ['http://localhost/api', true],
    ['http://localhost/api/', true],
    ['http://localhost/api?lang=de', true],
    ['http://localhost/api/articles/abc?n=1', true],
    ['https://portal.example:8443/api/news', true],
    ['http://localhost/apis', false],
    ['http://localhost/apiary/api/x', false],
    ['http://localhost/', false],
    ['http://localhost', false],
    ['http://localhost/article/api/x', false],
    ['http://localhost/search?q=/api/', false],
  ])('%s -> %s', (url, api) => {
    expect(isApiUrl(url)).toBe(api);
  });
});

describe('the entry', () => {
  it("answers an unknown /api path with the API's envelope and security headers", async () => {
    const res = await exports.default.fetch(new Request(`${BASE}/api/no-such-thing`));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 404, message: 'Not found', result: null });
    for (const [name, value] of SECURITY_HEADERS) expect(res.headers.get(name)).toBe(value);
    expect(res.headers.get('X-Request-Id')).toBeTruthy();
  });

  it('leaves a path that only starts like the API to the pages', async () => {
    const res = await exports.default.fetch(new Request(`${BASE}/apis`));
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
  });
});

describe('the security headers', () => {
  it('keep a header a route set itself and add the others, no-store last', async () => {
    const app = buildApp();
    app.get('/__probe/own-headers', (c) =>
      c.json({ code: 200, message: 'OK', result: null }, 200, {
        'Cache-Control': 'public, max-age=60',
        'Content-Security-Policy': "default-src 'self'",
      }),
    );
    app.get('/__probe/plain', (c) => c.json({ code: 200, message: 'OK', result: null }));
    const fetch = (path: string) =>
      app.fetch(new Request(`${BASE}/api/__probe/${path}`), env, createExecutionContext());
    const own = await fetch('own-headers');
    expect(own.headers.get('Cache-Control')).toBe('public, max-age=60');
    expect(own.headers.get('Content-Security-Policy')).toBe("default-src 'self'");
    expect(own.headers.get('X-Frame-Options')).toBe('DENY');
    const plain = await fetch('plain');
    expect(plain.headers.get('Cache-Control')).toBe('no-store');
    expect(plain.headers.get('Content-Security-Policy')).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
  });
});
