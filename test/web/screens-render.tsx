// Test kit for the screens (the network fake is ./fake-api.ts): a render helper that mounts a screen with the app's real providers (intl, session, notifications) inside a memory router.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { NotificationsProvider } from '#web/components/notifications';
import { SessionProvider, SESSION_KEY } from '#web/session/session';
import type { SessionUser } from '#schema';

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
