// Session start: the stored user, else POST /users/auth-validate, else signed out; login and logout.
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KEY, SessionProvider, startSession, useSession } from '#web/session/session';
import { userOf } from './shell-kit';
import { fakeApi } from './fake-api';

afterEach(() => vi.unstubAllGlobals());

describe('startSession', () => {
  it('uses the stored user without asking the server', async () => {
    const user = userOf('CONTRIBUTOR');
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(user));
    const { calls } = fakeApi(() => undefined);
    await expect(startSession()).resolves.toEqual(user);
    expect(calls).toHaveLength(0);
  });

  it('asks the server when nothing is stored, and stores whom it validates', async () => {
    const user = userOf('REGULAR_USER');
    const { calls } = fakeApi((c) =>
      c.method === 'POST' && c.path === '/users/auth-validate' ? { code: 200, result: user } : undefined,
    );
    await expect(startSession()).resolves.toEqual(user);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /users/auth-validate']);
    expect(JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null')).toEqual(user);
  });

  it('is signed out when validation answers 401', async () => {
    fakeApi(() => ({ code: 401, message: 'Unauthorized' }));
    await expect(startSession()).resolves.toBeNull();
    expect(sessionStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('ignores a stored value of the wrong shape and asks the server', async () => {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify({ id: 'x', name: 'mallory', role: 'ADMIN' }));
    const { calls } = fakeApi(() => ({ code: 401, message: 'Unauthorized' }));
    await expect(startSession()).resolves.toBeNull();
    expect(calls).toHaveLength(1);
  });
});

function Probe() {
  const { user, ready, login, logout } = useSession();
  return (
    <div>
      <p>{ready ? (user ? `signed in as ${user.name} (${user.role})` : 'signed out') : 'checking'}</p>
      <button type="button" onClick={() => void login('reader', 'demo-password').catch(() => {})}>
        login
      </button>
      <button type="button" onClick={() => void logout()}>
        logout
      </button>
    </div>
  );
}

describe('<SessionProvider>', () => {
  it('is not ready until the server answered, then signed out on 401', async () => {
    let answer: () => void = () => {};
    const { fetchMock } = fakeApi(
      () => new Promise((resolve) => (answer = () => resolve({ code: 401, message: 'Unauthorized' }))),
    );
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(screen.getByText('checking')).toBeTruthy();
    await act(async () => answer());
    await screen.findByText('signed out');
  });

  it('login stores the user under activeUser; logout clears it and tells the server', async () => {
    const user = userOf('REGULAR_USER');
    const { calls } = fakeApi((c) => {
      if (c.path === '/users/auth') return { code: 200, result: user };
      if (c.path === '/users/logout') return { code: 200, result: null };
      return { code: 401, message: 'Unauthorized' };
    });
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await screen.findByText('signed out');
    await act(async () => screen.getByText('login').click());
    await screen.findByText(`signed in as ${user.name} (REGULAR_USER)`);
    expect(JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null')).toEqual(user);
    expect(calls.find((c) => c.path === '/users/auth')?.body).toEqual({
      username: 'reader',
      password: 'demo-password',
    });

    await act(async () => screen.getByText('logout').click());
    await screen.findByText('signed out');
    expect(sessionStorage.getItem(SESSION_KEY)).toBeNull();
    expect(calls.some((c) => c.method === 'GET' && c.path === '/users/logout')).toBe(true);
  });

  it('forgets the stored user when a call answers 401', async () => {
    const user = userOf('CLIENT');
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(user));
    fakeApi(() => ({ code: 401, message: 'Unauthorized' }));
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    expect(screen.getByText(`signed in as ${user.name} (CLIENT)`)).toBeTruthy();
    const { getMysoView } = await import('#web/api/myso');
    await act(async () => {
      await getMysoView().catch(() => {});
    });
    await waitFor(() => expect(screen.getByText('signed out')).toBeTruthy());
    expect(sessionStorage.getItem(SESSION_KEY)).toBeNull();
  });
});
