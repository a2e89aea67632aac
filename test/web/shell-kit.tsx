// Test kit for the shell: an /api stub that answers with envelopes, and the whole app (real route map,
// real providers) mounted in a memory router.
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { SessionUser } from '../../schema/entities';
import { AppProviders, AppRoutes } from '../../web/app';
import { SESSION_KEY } from '../../web/session/session';

// The parts the shell loads on demand at start (header search box, breadcrumb look-ups), loaded here once: their
// lazy() then resolves within renderApp's act() however busy the machine is, instead of updating the page after
// the test (an act() warning on the console, which fails the test).
await Promise.all([import('../../web/components/search-box'), import('../../web/components/crumbs')]);

export type ApiCall = { method: string; path: string; body: unknown; init: RequestInit | undefined };
export type ApiAnswer = { code: number; message?: string; result?: unknown };
type Handler = (call: ApiCall) => ApiAnswer | undefined | Promise<ApiAnswer | undefined>;

/** Replaces global fetch for /api: `handler` answers (unhandled: 404 envelope). */
export function stubApi(handler: Handler) {
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

export const uuid = () => crypto.randomUUID();
export const userOf = (role: SessionUser['role']): SessionUser => ({
  id: uuid(),
  name: `${role.toLowerCase()}-${uuid().slice(0, 6)}`,
  role,
});

/**
 * Mounts the real app at `path`; with `user` the session starts from sessionStorage. The app's routes
 * render as in the browser (useRoutes); the memory router around them lets tests read the location.
 */
export async function renderApp(path: string, user: SessionUser | null = null) {
  if (user) sessionStorage.setItem(SESSION_KEY, JSON.stringify(user));
  const router = createMemoryRouter([{ path: '*', element: <AppRoutes /> }], { initialEntries: [path] });
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  // Lazy views resolve on the next ticks.
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
  return { ...view, router };
}

export async function findHeading(name: string | RegExp) {
  return screen.findByRole('heading', { level: 1, name }, { timeout: 3000 });
}
