// The one network fake of the web tests: global fetch replaced by a function that answers /api calls the way the
// worker does (the envelope {code, message, result}, the status), and records every call. A test gives one
// handler for the calls it cares about; an unhandled call answers 404. `answer(schema, value)` checks a fake
// answer against the shared zod schema the client parses it with, so a fake cannot drift from the contract.
import { vi } from 'vitest';
import type * as z from 'zod/mini';

export type ApiCall = { method: string; path: string; body: unknown; init: RequestInit | undefined };
export type ApiAnswer = { code: number; message?: string; result?: unknown };
export type ApiHandler = (call: ApiCall) => ApiAnswer | undefined | Promise<ApiAnswer | undefined>;

/** Replaces global fetch: each /api call goes to `handler` (method, path without /api, JSON body); unhandled calls answer 404. */
export function fakeApi(handler: ApiHandler) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const raw = typeof init?.body === 'string' ? init.body : undefined;
    const call: ApiCall = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname.replace(/^\/api/, '') + url.search,
      body: raw ? JSON.parse(raw) : undefined,
      init,
    };
    calls.push(call);
    const answer = (await handler(call)) ?? { code: 404, message: 'Not found' };
    const envelope = {
      code: answer.code,
      message: answer.message ?? (answer.code < 300 ? 'OK' : 'Error'),
      result: answer.result ?? null,
    };
    return new Response(JSON.stringify(envelope), {
      status: answer.code,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const ok = (result: unknown, code = 200): ApiAnswer => ({ code, result });
export const fail = (code: number, message: string): ApiAnswer => ({ code, message });
/** A success whose result the shared schema accepts (it throws in the test otherwise). */
export const answer = <S extends z.ZodMiniType>(schema: S, result: z.input<S>, code = 200): ApiAnswer => ({
  code,
  result: schema.parse(result),
});
