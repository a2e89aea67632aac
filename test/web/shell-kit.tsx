// Test kit for the shell (the network fake is ./fake-api.ts): the whole app (real route map, real providers)
// mounted in a memory router.
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SessionUser } from '#schema/entities';
import { AppProviders, AppRoutes } from '#web/app';
import { SESSION_KEY } from '#web/session/session';

// The parts the shell loads on demand at start (header search box, breadcrumb look-ups), loaded here once: their
// lazy() then resolves within renderApp's act() however busy the machine is, instead of updating the page after
// the test (an act() warning on the console, which fails the test).
await Promise.all([import('#web/components/search-box'), import('#web/components/crumbs')]);

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
  let view!: ReturnType<typeof render>;
  // In an awaited act: a view may suspend right away (a catalogue not loaded yet, web/components/catalogue-overlay.tsx),
  // and lazy views resolve on the next ticks.
  await act(async () => {
    view = render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    await new Promise((r) => setTimeout(r, 0));
  });
  return { ...view, router };
}

export async function findHeading(name: string | RegExp) {
  return screen.findByRole('heading', { level: 1, name }, { timeout: 3000 });
}
