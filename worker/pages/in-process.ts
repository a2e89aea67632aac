// A page's data comes through the same client calls the browser makes (web/api/*), sent to the API app in-process:
// no HTTP, the page's user carried (the session is not read again), the answer parsed by the client's schemas as in
// the browser (decision 048). The render runs each call inside `inPage`, which names the page it belongs to.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context } from 'hono';
import { setApiTransport } from '#web/api/client';
import { app as api } from '../app';
import type { AppEnv } from '../env';
import { asPageCall } from '../middleware/request-log';
import { carrySession } from '../services/session';

const page = new AsyncLocalStorage<Context<AppEnv>>();

setApiTransport((input, init) => {
  const c = page.getStore();
  if (!c) return Promise.reject(new Error('An API call outside a page render has no transport on the server'));
  // The browser's `credentials: 'include'` means nothing here (no cookie jar): the session is carried instead.
  const { credentials: _credentials, ...rest } = init ?? {};
  const href = input instanceof Request ? input.url : String(input);
  const request = new Request(new URL(href, c.req.url), rest);
  carrySession(request, c);
  asPageCall(request, c.get('requestId'));
  // The page's language is its URL's (./language.ts): the API answers in it, whatever the browser's header says.
  const language = c.get('language');
  if (language) request.headers.set('Accept-Language', language.tag);
  return Promise.resolve(api.fetch(request, c.env, c.executionCtx as ExecutionContext));
});

/** Runs `call` as a call of the page of `c`: its API requests go in-process, as that page's user. */
export const inPage = <T>(c: Context<AppEnv>, call: () => Promise<T>): Promise<T> => page.run(c, call);
