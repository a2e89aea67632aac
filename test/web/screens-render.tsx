// Test kit for the screens: a fetch stub that answers like the API (envelopes), and a render helper
// that mounts a screen with the app's real providers (intl, session, notifications) inside a memory router.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { NotificationsProvider } from '../../web/components/notifications';
import { SessionProvider, SESSION_KEY } from '../../web/session/session';
import type { SessionUser } from '../../schema';

export type ApiCall = { method: string; path: string; body: unknown };
export type ApiAnswer = { code: number; message?: string; result?: unknown };
type Handler = (call: ApiCall) => ApiAnswer | undefined | Promise<ApiAnswer | undefined>;

/** Replaces global fetch: each /api call goes to `handler` (method + path without /api); unhandled calls answer 404. */
export function mockApi(handler: Handler) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    const raw = typeof init?.body === 'string' ? init.body : undefined;
    const call: ApiCall = {
      method,
      path: url.pathname.replace(/^\/api/, '') + url.search,
      body: raw ? JSON.parse(raw) : undefined,
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

export const READER: SessionUser = { id: '6f1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', name: 'reader', role: 'REGULAR_USER' };

/** Messages the screens use, plus the shell's notification strings the toasts read. */
const screensEn = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../web/i18n/screens.en-US.json'), 'utf8'),
) as Record<string, string>;
const messages: Record<string, string> = {
  ...screensEn,
  'shell.notification.error': 'Error',
  'shell.notification.success': 'Success',
  'shell.notification.dismiss': 'Dismiss',
};

type Options = { path: string; routes: RouteObject[]; user?: SessionUser | null };

/** Renders `routes` at `path`; with `user` the session starts signed in (sessionStorage `activeUser`). */
export function renderScreen({ path, routes, user = null }: Options) {
  if (user) sessionStorage.setItem(SESSION_KEY, JSON.stringify(user));
  const router = createMemoryRouter([...routes, { path: '*', element: <p>elsewhere</p> }], { initialEntries: [path] });
  const ui: ReactElement = (
    <IntlProvider locale="en-US" messages={messages}>
      <SessionProvider>
        <NotificationsProvider>
          <RouterProvider router={router} />
        </NotificationsProvider>
      </SessionProvider>
    </IntlProvider>
  );
  return { router, ...render(ui) };
}

export const ok = (result: unknown, code = 200): ApiAnswer => ({ code, result });
export const fail = (code: number, message: string): ApiAnswer => ({ code, message });
