import { env } from 'cloudflare:workers';
import { createExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { buildApp } from '#worker/app';
import { BASE, call, expectConsoleError } from './helpers';

/** The worker's own app with probe routes added, for behaviours no real route provokes on purpose. */
function probeApp() {
  const app = buildApp();
  app.get('/__probe/only-get', (c) => c.json({ code: 200, message: 'OK', result: null }));
  app.get('/__probe/boom', () => {
    throw new Error('secret internals: table users');
  });
  return (path: string, init?: RequestInit) =>
    app.fetch(new Request(BASE + '/api' + path, init), env, createExecutionContext());
}

describe('the envelope', () => {
  it('answers an unknown /api path with a 404 envelope', async () => {
    const res = await call('/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 404, message: 'Not found', result: null });
  });

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const res = await probeApp()('/__probe/only-get', { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(await res.json()).toEqual({ code: 405, message: 'Method not allowed', result: null });
    expect(res.headers.get('Allow')).toBe('GET, HEAD');
  });

  it('hides an unexpected throw behind 500 Internal server error and logs it', async () => {
    expectConsoleError();
    const res = await probeApp()('/__probe/boom');
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({ code: 500, message: 'Internal server error', result: null });
    expect(body).not.toContain('secret');
  });

  it('sets security headers on every API answer', async () => {
    const res = await call('/no-such-thing');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('Strict-Transport-Security')).toBe('max-age=31536000; includeSubDomains');
  });
});
