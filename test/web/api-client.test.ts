// The API client's error mapping (SPEC section 8) and request shapes, against a stubbed fetch.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { sessionUser } from '../../schema/entities';
import { ApiError, INTERNAL_ERROR, INVALID_RESPONSE, onUnauthorized, request } from '../../web/api/client';
import { resolveCategoryId } from '../../web/api/slugs';
import { stubApi, uuid } from './shell-kit';

afterEach(() => vi.unstubAllGlobals());

const respond = (body: string, status = 200) =>
  vi.stubGlobal('fetch', vi.fn(async () => new Response(body, { status, headers: { 'Content-Type': 'application/json' } })));

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return err as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('request', () => {
  it('returns the parsed result and sends credentials, JSON and the /api prefix', async () => {
    const user = { id: uuid(), name: 'reader', role: 'REGULAR_USER' };
    const { calls } = stubApi(() => ({ code: 200, result: user }));
    await expect(request('POST', '/users/auth', sessionUser, { json: { username: 'reader', password: 'pw' } })).resolves.toEqual(user);
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.path).toBe('/users/auth');
    expect(call?.init?.credentials).toBe('include');
    expect((call?.init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(call?.body).toEqual({ username: 'reader', password: 'pw' });
    expect(call?.init?.signal).toBeUndefined();
  });

  it('turns a network failure into a 400 carrying the transport message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const err = await failure(request('GET', '/news', z.unknown()));
    expect(err.code).toBe(400);
    expect(err.message).toBe('Failed to fetch');
  });

  it('names a network failure without a message "Network Error"', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError(''))));
    const err = await failure(request('GET', '/news', z.unknown()));
    expect([err.code, err.message]).toEqual([400, 'Network Error']);
  });

  it.each([
    [404, 'Article not found'],
    [409, 'Name already taken'],
    [403, 'Forbidden'],
    [503, 'Service unavailable'],
  ])('raises a non-success envelope with the server code %i and message', async (code, message) => {
    respond(JSON.stringify({ code, message, result: null }), code);
    const err = await failure(request('GET', '/articles/x', z.unknown()));
    expect([err.code, err.message]).toEqual([code, message]);
  });

  it('takes the envelope code when the HTTP status says success but the envelope does not', async () => {
    respond(JSON.stringify({ code: 409, message: 'Conflict', result: null }), 200);
    const err = await failure(request('GET', '/x', z.unknown()));
    expect([err.code, err.message]).toEqual([409, 'Conflict']);
  });

  it.each([
    ['an HTML page', '<!doctype html><p>Bad gateway</p>', 502],
    ['JSON without the envelope', JSON.stringify({ id: 1 }), 200],
    ['an envelope with a text code', JSON.stringify({ code: '200', message: 'OK', result: null }), 200],
    ['an empty body', '', 200],
  ])('answers %s with "Invalid response from server"', async (_name, body, status) => {
    respond(body, status);
    const err = await failure(request('GET', '/news', z.unknown()));
    expect([err.code, err.message]).toEqual([500, INVALID_RESPONSE]);
  });

  it('refuses a result of the wrong shape as an invalid response', async () => {
    respond(JSON.stringify({ code: 200, message: 'OK', result: { id: 'not-a-uuid', name: 'x', role: 'KING' } }));
    const err = await failure(request('POST', '/users/auth-validate', sessionUser));
    expect([err.code, err.message]).toEqual([500, INVALID_RESPONSE]);
  });

  it('maps anything unforeseen to "Internal server error"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ({ ok: true, status: 200, json: () => ({ code: 200, message: 'OK', result: 1 }) }) as unknown as Response),
    );
    const throwing = z.number().transform(() => {
      throw new Error('boom');
    });
    const err = await failure(request('GET', '/x', throwing));
    expect([err.code, err.message]).toEqual([500, INTERNAL_ERROR]);
  });

  it('sends files as multipart: a "body" part with the JSON and "blob:{key}" parts', async () => {
    const { calls } = stubApi(() => ({ code: 201, result: null }));
    const image = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'photo.jpg', { type: 'image/jpeg' });
    const thumb = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' });
    await request('POST', '/articles', z.null(), { json: { title: 'Hello', imageFileTag: 'img1' }, files: { img1: image, thumb } });
    const init = calls[0]?.init;
    expect(init?.body).toBeInstanceOf(FormData);
    // The browser must set the multipart boundary itself.
    expect((init?.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    const form = init?.body as FormData;
    expect(JSON.parse(String(form.get('body')))).toEqual({ title: 'Hello', imageFileTag: 'img1' });
    const part = form.get('blob:img1');
    expect(part).toBeInstanceOf(Blob);
    expect((part as File).name).toBe('photo.jpg');
    expect(new Uint8Array(await (part as Blob).arrayBuffer())).toEqual(new Uint8Array([0xff, 0xd8, 0xff]));
    expect(form.get('blob:thumb')).toBeInstanceOf(Blob);
    expect([...form.keys()].sort()).toEqual(['blob:img1', 'blob:thumb', 'body']);
  });

  it('tells the session about a 401, except for a failed sign-in', async () => {
    const heard: string[] = [];
    const stop = onUnauthorized((path) => heard.push(path));
    respond(JSON.stringify({ code: 401, message: 'Unauthorized', result: null }), 401);
    await failure(request('GET', '/myso/vm', z.unknown()));
    await failure(request('POST', '/users/auth', z.unknown()));
    stop();
    expect(heard).toEqual(['/myso/vm']);
  });
});

describe('resolveCategoryId', () => {
  it('passes uuids through without a look-up', async () => {
    const { calls } = stubApi(() => undefined);
    const id = uuid();
    await expect(resolveCategoryId(id)).resolves.toBe(id);
    expect(calls).toHaveLength(0);
  });

  it('resolves a slug through GET /slugs/{slug}', async () => {
    const id = uuid();
    const { calls } = stubApi((c) => (c.path === '/slugs/city-news' ? { code: 200, result: { slug: 'city-news', entityId: id } } : undefined));
    await expect(resolveCategoryId('city-news')).resolves.toBe(id);
    expect(calls.map((c) => c.path)).toEqual(['/slugs/city-news']);
  });

  it('uses the slug itself as the id when none is found', async () => {
    stubApi(() => ({ code: 404, message: 'Slug not found' }));
    await expect(resolveCategoryId('no-such-slug')).resolves.toBe('no-such-slug');
  });
});
