// The account screen's list of signed-in devices: each session with its device and times, "Sign out" for one and
// "Sign out everywhere else", through the API's calls (stubbed fetch).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findHeading, renderApp, userOf } from './shell-kit';
import { fakeApi } from './fake-api';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const hex = (c: string) => c.repeat(64);

describe('my account: signed-in devices', () => {
  it('lists the sessions and signs out one, then everywhere else', async () => {
    const user = userOf('CLIENT');
    const account = { ...user, email: 'carla@example.com', firstName: 'Carla', lastName: 'Client', active: true };
    let sessions = [
      {
        id: hex('a'),
        device: 'Firefox on Linux',
        createdAt: '2026-11-20T10:00:00.000Z',
        lastSeenAt: '2026-11-24T09:00:00.000Z',
        current: true,
      },
      {
        id: hex('b'),
        device: 'Safari on iPhone',
        createdAt: '2026-11-21T10:00:00.000Z',
        lastSeenAt: '2026-11-23T09:00:00.000Z',
        current: false,
      },
      {
        id: hex('c'),
        device: '',
        createdAt: '2026-11-22T10:00:00.000Z',
        lastSeenAt: '2026-11-22T11:00:00.000Z',
        current: false,
      },
    ];
    const { calls } = fakeApi((c) => {
      if (c.path === `/users/${user.id}` && c.method === 'GET') return { code: 200, result: account };
      if (c.path === '/sessions' && c.method === 'GET') return { code: 200, result: sessions };
      if (c.path === `/sessions/${hex('b')}` && c.method === 'DELETE') {
        sessions = sessions.filter((s) => s.id !== hex('b'));
        return { code: 200, result: null };
      }
      if (c.path === '/sessions' && c.method === 'DELETE') {
        const ended = sessions.filter((s) => !s.current).length;
        sessions = sessions.filter((s) => s.current);
        return { code: 200, result: { ended } };
      }
      return undefined;
    });
    await renderApp('/myaccount', user);
    await findHeading('My account');
    const section = (await screen.findByRole('heading', { name: 'Signed-in devices' })).closest('section')!;
    await within(section).findByText('Safari on iPhone');
    expect(within(section).getByText(/Firefox on Linux/).textContent).toContain('this device');
    expect(within(section).getByText('Unknown device')).toBeTruthy();

    await act(async () => fireEvent.click(within(section).getByRole('button', { name: 'Sign out Safari on iPhone' })));
    await screen.findByText('That device is signed out.');
    await waitFor(() => expect(within(section).queryByText('Safari on iPhone')).toBeNull());

    await act(async () => fireEvent.click(within(section).getByRole('button', { name: 'Sign out everywhere else' })));
    await screen.findByText('1 other device is signed out.');
    await waitFor(() => expect(within(section).queryByText('Unknown device')).toBeNull());
    expect(within(section).getByRole<HTMLButtonElement>('button', { name: 'Sign out everywhere else' }).disabled).toBe(
      true,
    );
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      `/sessions/${hex('b')}`,
      '/sessions',
    ]);
  });
});
