// The API client's error mapping (envelope, transport failure, answer outside the envelope) and request shapes,
// against the network fake.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { sessionUser } from '#schema/entities';
import { api, ApiError, call, INTERNAL_ERROR, INVALID_RESPONSE, onUnauthorized } from '#web/api/client';
import { login } from '#web/api/users';
import { resolveCategoryId } from '#web/api/slugs';
import { multipartBody } from '#web/uploads/multipart';
import { uuid } from './shell-kit';
import { fakeApi } from './fake-api';

afterEach(() => vi.unstubAllGlobals());

const respond = (body: string, status = 200) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status, headers: { 'Content-Type': 'application/json' } })),
  );

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return err as ApiError;
  }
  throw new Error('expected the call to fail');
}

// Any typed call whose result the test does not care about.
const news = () => api.news.$get({ query: {} });

describe('call', () => {
  it('returns the parsed result and sends credentials, JSON and the /api prefix', async () => {
    const user = { id: uuid(), name: 'reader', role: 'REGULAR_USER' };
    const { calls } = fakeApi(() => ({ code: 200, result: user }));
    await expect(
      call(api.users.auth.$post({ json: { username: 'reader', password: 'pw' } }), sessionUser),
    ).resolves.toEqual(user);
    expect(calls).toHaveLength(1);
    const [sent] = calls;
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe('/users/auth');
    expect(sent?.init?.credentials).toBe('include');
    expect(new Headers(sent?.init?.headers).get('Content-Type')).toBe('application/json');
    expect(sent?.body).toEqual({ username: 'reader', password: 'pw' });
    expect(sent?.init?.signal).toBeUndefined();
  });

  it('puts path parameters and the query into the URL', async () => {
    const { calls } = fakeApi(() => ({ code: 200, result: { items: [], nextCursor: null } }));
    await call(
      api.channels[':id'].articles.$get({ param: { id: 'city-news' }, query: { cursor: 'c1', limit: '5' } }),
      z.unknown(),
    );
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /channels/city-news/articles?cursor=c1&limit=5']);
  });

  it('turns a network failure into a 400 carrying the transport message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const err = await failure(call(news(), z.unknown()));
    expect(err.code).toBe(400);
    expect(err.message).toBe('Failed to fetch');
    // Marked as the transport's, so a form can send it again when the connection is back.
    expect(err.transport).toBe(true);
  });

  it('names a network failure without a message "Network Error"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError(''))),
    );
    const err = await failure(call(news(), z.unknown()));
    expect([err.code, err.message]).toEqual([400, 'Network Error']);
  });

  it.each([
    [404, 'Article not found'],
    [409, 'Name already taken'],
    [403, 'Forbidden'],
    [503, 'Service unavailable'],
  ])('raises a non-success envelope with the server code %i and message', async (code, message) => {
    respond(JSON.stringify({ code, message, result: null }), code);
    const err = await failure(call(news(), z.unknown()));
    expect([err.code, err.message, err.transport]).toEqual([code, message, false]);
  });

  it('carries the refused fields of an error envelope as issues, and none when it has none', async () => {
    const issues = [
      { path: ['name'], code: 'name_taken', message: 'Name already taken' },
      { path: ['tags', 2], code: 'too_big', message: 'Too big' },
    ];
    respond(JSON.stringify({ code: 409, message: 'Name already taken', result: { issues } }), 409);
    expect((await failure(call(news(), z.unknown()))).issues).toEqual(issues);
    respond(JSON.stringify({ code: 400, message: 'Invalid cursor', result: { issues: [] } }), 400);
    expect((await failure(call(news(), z.unknown()))).issues).toEqual([]);
    respond(JSON.stringify({ code: 404, message: 'Not found', result: null }), 404);
    expect((await failure(call(news(), z.unknown()))).issues).toEqual([]);
  });

  it('takes the envelope code when the HTTP status says success but the envelope does not', async () => {
    respond(JSON.stringify({ code: 409, message: 'Conflict', result: null }), 200);
    const err = await failure(call(news(), z.unknown()));
    expect([err.code, err.message]).toEqual([409, 'Conflict']);
  });

  it.each([
    ['an HTML page', '<!doctype html><p>Bad gateway</p>', 502],
    ['JSON without the envelope', JSON.stringify({ id: 1 }), 200],
    ['an envelope with a text code', JSON.stringify({ code: '200', message: 'OK', result: null }), 200],
    ['an empty body', '', 200],
  ])('answers %s with "Invalid response from server"', async (_name, body, status) => {
    respond(body, status);
    const err = await failure(call(news(), z.unknown()));
    expect([err.code, err.message]).toEqual([500, INVALID_RESPONSE]);
  });

  it('refuses a result of the wrong shape as an invalid response', async () => {
    respond(JSON.stringify({ code: 200, message: 'OK', result: { id: 'not-a-uuid', name: 'x', role: 'KING' } }));
    const err = await failure(call(api.users['auth-validate'].$post(), sessionUser));
    expect([err.code, err.message]).toEqual([500, INVALID_RESPONSE]);
  });

  it('maps anything unforeseen to "Internal server error"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          ({ ok: true, status: 200, json: () => ({ code: 200, message: 'OK', result: 1 }) }) as unknown as Response,
      ),
    );
    const throwing = z.unknown().transform((): unknown => {
      throw new Error('boom');
    });
    const err = await failure(call(news(), throwing));
    expect([err.code, err.message]).toEqual([500, INTERNAL_ERROR]);
  });

  it('builds the multipart body of files: a "body" part with the JSON and "blob:{key}" parts', async () => {
    const image = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'photo.jpg', { type: 'image/jpeg' });
    const thumb = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' });
    const form = multipartBody({ title: 'Hello', imageFileTag: 'img1' }, { files: { img1: image, thumb } });
    expect(JSON.parse(form.get('body') as string)).toEqual({ title: 'Hello', imageFileTag: 'img1' });
    const part = form.get('blob:img1');
    expect(part).toBeInstanceOf(Blob);
    expect((part as File).name).toBe('photo.jpg');
    expect(new Uint8Array(await (part as Blob).arrayBuffer())).toEqual(new Uint8Array([0xff, 0xd8, 0xff]));
    expect(form.get('blob:thumb')).toBeInstanceOf(Blob);
    expect([...form.keys()].sort()).toEqual(['blob:img1', 'blob:thumb', 'body']);
  });

  it('tells the session about a 401, except for a failed sign-in', async () => {
    let heard = 0;
    const stop = onUnauthorized(() => heard++);
    respond(JSON.stringify({ code: 401, message: 'Unauthorized', result: null }), 401);
    await failure(call(api.myso.vm.$get(), z.unknown()));
    expect(heard).toBe(1);
    await failure(login('reader', 'wrong'));
    stop();
    expect(heard).toBe(1);
  });
});

describe('resolveCategoryId', () => {
  it('passes uuids through without a look-up', async () => {
    const { calls } = fakeApi(() => undefined);
    const id = uuid();
    await expect(resolveCategoryId(id)).resolves.toBe(id);
    expect(calls).toHaveLength(0);
  });

  it('resolves a slug through GET /slugs/{slug}', async () => {
    const id = uuid();
    const { calls } = fakeApi((c) =>
      c.path === '/slugs/city-news' ? { code: 200, result: { slug: 'city-news', entityId: id } } : undefined,
    );
    await expect(resolveCategoryId('city-news')).resolves.toBe(id);
    expect(calls.map((c) => c.path)).toEqual(['/slugs/city-news']);
  });

  it('uses the slug itself as the id when none is found', async () => {
    fakeApi(() => ({ code: 404, message: 'Slug not found' }));
    await expect(resolveCategoryId('no-such-slug')).resolves.toBe('no-such-slug');
  });
});
