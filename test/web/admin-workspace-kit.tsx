// Shared stubs and helpers of the admin workspace tests (admin-workspace*.test.tsx).
import { act, fireEvent, screen } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { clearQueries } from '#web/data/cache';
import { renderApp, userOf } from './shell-kit';
import { adminCounts } from '#schema/entities';
import { answer, fakeApi, type ApiAnswer, type ApiCall } from './fake-api';

export const admin = userOf('ADMIN');
export const now = new Date().toISOString();
export const page = (items: unknown[], nextCursor: string | null = null) => ({
  code: 200,
  result: { items, nextCursor },
});
export const counts = (
  c: Partial<Record<'pendingAccessRequests' | 'pendingPublications' | 'unreadMessages', number>> = {},
) => answer(adminCounts, { pendingAccessRequests: 0, pendingPublications: 0, unreadMessages: 0, ...c });
export const pathOf = (c: ApiCall) => c.path.split('?')[0];
export const never = () => new Promise<ApiAnswer>(() => {});
export const unavailable: ApiAnswer = { code: 503, message: 'Service unavailable' };
/** What a 5xx reads as (web/i18n/en-US.json error.server): never the server's own English message. */
export const SERVER_FAILED = 'The portal could not do this just now. Please try again in a moment.';

export const click = (el: HTMLElement) =>
  act(async () => {
    fireEvent.click(el);
  });

/** The list of one section in its four states: the `list` path answers with `answers` in turn. */
export async function fourStates(
  section: string,
  path: string,
  populated: unknown[],
  expectRow: () => Promise<unknown>,
  emptyText: string,
  others: string[] = [],
) {
  // The users section lists every user's API tokens below its table (web/routes/appManagement/users/api-tokens.tsx).
  const other = (c: ApiCall) =>
    pathOf(c) === '/admin/counts'
      ? counts()
      : pathOf(c) === '/tokens/all'
        ? { code: 200, result: [] }
        : others.includes(pathOf(c)!)
          ? page([])
          : undefined;
  // loading: no answer yet
  let stub = fakeApi((c) => (pathOf(c) === path ? never() : other(c)));
  let view = await renderApp(`/appManagement/${section}`, admin);
  expect((await screen.findByText('Loading…', { selector: '.view-loading' })).getAttribute('role')).toBe('status');
  view.unmount();
  vi.unstubAllGlobals();
  await act(clearQueries);

  // empty
  stub = fakeApi((c) => (pathOf(c) === path ? page([]) : other(c)));
  view = await renderApp(`/appManagement/${section}`, admin);
  await screen.findByText(emptyText);
  view.unmount();
  vi.unstubAllGlobals();
  await act(clearQueries);

  // error, then 'Try again' brings the rows
  let fail = true;
  stub = fakeApi((c) => (pathOf(c) === path ? (fail ? unavailable : page(populated)) : other(c)));
  await renderApp(`/appManagement/${section}`, admin);
  expect((await screen.findByRole('alert')).textContent).toBe(SERVER_FAILED);
  fail = false;
  await click(screen.getByRole('button', { name: 'Try again' }));
  await expectRow();
  return stub;
}

/** A report's findings besides missing articles, when there are none. */
export const NOTHING_ELSE = { categoryCycles: [], unreferencedFiles: 0, unfinishedUploads: 0 };
