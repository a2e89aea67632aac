// Logs people can search: the request id on every answer, one structured line per request, and errors logged
// with their stack under the same id while the client sees only the envelope.
import { env, exports } from 'cloudflare:workers';
import { createExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { buildApp } from '#worker/app';
import { REQUEST_ID_HEADER, type ErrorLogLine } from '#worker/middleware/request-log';
import { createArticle } from './content-factories';
import { as, BASE, call, consoleErrors, expectConsoleError, requestLog } from './helpers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The log line of the answer carrying this request id: there must be exactly one. */
function lineOf(requestId: string | null) {
  const lines = requestLog.lines.filter((l) => l.requestId === requestId);
  expect(lines, `log lines of ${requestId}`).toHaveLength(1);
  return lines[0]!;
}

describe('the request id', () => {
  it.each([
    ['a success', () => call('/categories')],
    ['a validation error', () => call('/users/auth', { method: 'POST', body: {} })],
    ['a refusal', () => call('/users')],
    ['an unknown path (404)', () => call('/no-such-thing')],
    ['a wrong method (405)', () => call('/users/auth', { method: 'GET' })],
    [
      'a cross-site refusal',
      () => call('/users', { method: 'POST', body: {}, headers: { 'Sec-Fetch-Site': 'cross-site' } }),
    ],
  ])('is on %s: a fresh UUID locally, and the id of its log line', async (_label, request) => {
    const first = await request();
    const second = await request();
    const id = first.headers.get(REQUEST_ID_HEADER);
    expect(id).toMatch(UUID);
    expect(second.headers.get(REQUEST_ID_HEADER)).not.toBe(id);
    expect(lineOf(id).status).toBe(first.status);
  });

  it('is the Ray ID when Cloudflare sets cf-ray on the request', async () => {
    const ray = '8f1e2d3c4b5a6978-FRA';
    const res = await call('/categories', { headers: { 'cf-ray': ray } });
    expect(res.headers.get(REQUEST_ID_HEADER)).toBe(ray);
    expect(lineOf(ray).path).toBe('/api/categories');
  });

  it('is never taken from a caller’s own X-Request-Id', async () => {
    const res = await call('/categories', { headers: { 'X-Request-Id': 'chosen-by-the-caller' } });
    expect(res.headers.get(REQUEST_ID_HEADER)).toMatch(UUID);
  });
});

describe('one log line per request', () => {
  it('has method, route pattern, path, status, duration, user id and request id', async () => {
    const admin = await as('ADMIN');
    const res = await admin.call('/users/not-a-uuid');
    expect(res.status).toBe(400);
    const line = lineOf(res.headers.get(REQUEST_ID_HEADER));
    expect(line).toEqual({
      message: 'request',
      requestId: res.headers.get(REQUEST_ID_HEADER),
      method: 'GET',
      route: '/api/users/:id',
      path: '/api/users/not-a-uuid',
      status: 400,
      durationMs: expect.any(Number),
      userId: admin.user!.id,
    });
    expect(line.durationMs).toBeGreaterThanOrEqual(0);
    // A plain object with plain values: what Workers Logs indexes field by field.
    expect(JSON.parse(JSON.stringify(line))).toEqual(line);
  });

  it('has no user id for a visitor, and no route when none answered (404, 405)', async () => {
    const visitor = await call('/categories');
    expect(lineOf(visitor.headers.get(REQUEST_ID_HEADER))).toMatchObject({
      route: '/api/categories',
      status: 200,
      userId: null,
    });
    const unknown = await call('/no-such-thing');
    expect(lineOf(unknown.headers.get(REQUEST_ID_HEADER))).toMatchObject({
      route: null,
      path: '/api/no-such-thing',
      status: 404,
    });
    const wrongMethod = await call('/users/auth', { method: 'DELETE' });
    expect(lineOf(wrongMethod.headers.get(REQUEST_ID_HEADER))).toMatchObject({
      method: 'DELETE',
      route: null,
      status: 405,
    });
  });

  it('names the route a refusal on the way kept the request from', async () => {
    const crossSite = await call('/users', { method: 'POST', body: {}, headers: { Origin: 'https://evil.example' } });
    expect(lineOf(crossSite.headers.get(REQUEST_ID_HEADER))).toMatchObject({
      method: 'POST',
      route: '/api/users',
      status: 403,
    });
    const visitor = await call('/myso/vm');
    expect(lineOf(visitor.headers.get(REQUEST_ID_HEADER))).toMatchObject({
      route: '/api/myso/vm',
      status: 401,
      userId: null,
    });
  });

  it('is written once per request, whatever the middleware on the way', async () => {
    const before = requestLog.lines.length;
    await call('/categories');
    await call('/users', { method: 'POST', body: {}, headers: { Origin: 'https://evil.example' } });
    expect(requestLog.lines.length - before).toBe(2);
  });

  it('is one for a rendered page: the API calls it makes in-process write none and carry its id (issue 28)', async () => {
    const article = await createArticle({ title: 'One line' });
    const before = requestLog.lines.length;
    const res = await exports.default.fetch(new Request(`${BASE}/article/${article.id}`));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('One line');
    const lines = requestLog.lines.slice(before);
    expect(lines.map((l) => l.path)).toEqual([`/article/${article.id}`]);
    expect(lines[0]!.requestId).toBe(res.headers.get(REQUEST_ID_HEADER));
  }, 60_000); // the file's first page loads the renderer's modules
});

describe('an unexpected error', () => {
  it('logs its stack under the request id, and the client gets the plain 500 envelope with the id', async () => {
    expectConsoleError();
    const app = buildApp();
    app.get('/__probe/boom', () => {
      throw new Error('secret internals: table users');
    });
    const res = await app.fetch(new Request(BASE + '/api/__probe/boom'), env, createExecutionContext());
    const body = await res.text();
    expect(res.status).toBe(500);
    expect(JSON.parse(body)).toEqual({ code: 500, message: 'Internal server error', result: null });
    expect(body).not.toMatch(/secret|at |stack/);
    const requestId = res.headers.get(REQUEST_ID_HEADER);
    expect(requestId).toMatch(UUID);

    const errors = (consoleErrors.spy?.mock.calls ?? []).map((args: unknown[]) => args[0] as ErrorLogLine);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      message: 'Unhandled error',
      requestId,
      method: 'GET',
      route: '/api/__probe/boom',
      path: '/api/__probe/boom',
      error: 'Error: secret internals: table users',
    });
    expect(errors[0]!.stack).toContain('secret internals: table users');
    expect(lineOf(requestId)).toMatchObject({ route: '/api/__probe/boom', status: 500 });
  });
});
