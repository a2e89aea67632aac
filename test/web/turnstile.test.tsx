// The Turnstile widget of the open forms (decision 021): rendered only where GET /api/config names a site key, its
// token sent in the `cf-turnstile-response` header, and on the sign-in form only once the server answered 429.
// Turnstile's own script is outside the system: a stand-in `window.turnstile` records what the SPA asks of it.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findHeading, renderApp } from './shell-kit';
import { fakeApi, type ApiCall } from './fake-api';

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });
const submit = async (name: string) => {
  await act(async () => fireEvent.click(screen.getByRole('button', { name })));
};
const challengeOf = (call: ApiCall | undefined) => new Headers(call?.init?.headers).get('cf-turnstile-response');

/** A stand-in for Turnstile's script: `solve` plays the visitor passing the challenge. */
function fakeTurnstile() {
  let solved: ((token: string) => void) | undefined;
  const turnstile = {
    render: vi.fn((_element: HTMLElement, options: { sitekey: string; callback: (token: string) => void }) => {
      solved = options.callback;
      return 'widget-1';
    }),
    reset: vi.fn(),
    remove: vi.fn(),
  };
  vi.stubGlobal('turnstile', turnstile);
  return {
    turnstile,
    solve: (token: string) =>
      act(async () => {
        solved!(token);
        await Promise.resolve();
      }),
  };
}

afterEach(() => vi.unstubAllGlobals());

/** What a 429 reads as (web/i18n/en-US.json error.tooMany). */
const TOO_MANY = 'Too many attempts. Please wait a moment, then try again.';

const reader = { id: crypto.randomUUID(), name: 'nora', role: 'REGULAR_USER' };

describe('Turnstile on the open forms', () => {
  it('registration waits for the challenge, then sends its token; the widget starts over after the send', async () => {
    const { turnstile, solve } = fakeTurnstile();
    const { calls } = fakeApi((c) => {
      if (c.path === '/config') return { code: 200, result: { turnstileSiteKey: 'site-key-1' } };
      if (c.path === '/users' && c.method === 'POST') return { code: 429, message: 'Too many registrations' };
      return undefined;
    });
    await renderApp('/register');
    await findHeading('Create an account');
    await waitFor(() => expect(turnstile.render).toHaveBeenCalled());
    expect(turnstile.render.mock.calls[0]![1]).toMatchObject({ sitekey: 'site-key-1' });
    fill('Username', 'nora');
    fill('Password', 'long-enough-secret');
    fill('Repeat the password', 'long-enough-secret');
    await submit('Create account');
    await screen.findByText('Please complete the anti-robot check first.');
    expect(calls.some((c) => c.path === '/users' && c.method === 'POST')).toBe(false);

    await solve('token-1');
    await submit('Create account');
    // A 429 reads as its sentence (error.tooMany), not the server's English message.
    await screen.findByText(TOO_MANY);
    expect(screen.queryByText('Too many registrations')).toBeNull();
    expect(challengeOf(calls.find((c) => c.path === '/users' && c.method === 'POST'))).toBe('token-1');
    expect(turnstile.reset).toHaveBeenCalledWith('widget-1');
  });

  it('renders nothing and sends no token where the deployment has no site key', async () => {
    const { turnstile } = fakeTurnstile();
    const { calls } = fakeApi((c) => {
      if (c.path === '/config') return { code: 200, result: { turnstileSiteKey: null } };
      if (c.path === '/users/mail') return { code: 200, result: null };
      return undefined;
    });
    await renderApp('/forgot-password');
    await findHeading('Forgot your password?');
    fill('E-mail', 'nora@example.com');
    await submit('Send the link');
    await waitFor(() => expect(calls.some((c) => c.path === '/users/mail')).toBe(true));
    expect(challengeOf(calls.find((c) => c.path === '/users/mail'))).toBeNull();
    expect(turnstile.render).not.toHaveBeenCalled();
  });

  it('the sign-in form shows the challenge only after a 429, and sends its token with the next try', async () => {
    const { turnstile, solve } = fakeTurnstile();
    let tries = 0;
    const { calls } = fakeApi((c) => {
      if (c.path === '/config') return { code: 200, result: { turnstileSiteKey: 'site-key-1' } };
      if (c.path === '/users/auth-validate') return { code: 401, message: 'Unauthorized' };
      if (c.path === '/users/auth') {
        return tries++ === 0
          ? { code: 429, message: 'Too many failed sign-ins, try again later', result: { challenge: 'turnstile' } }
          : { code: 200, result: reader };
      }
      return undefined;
    });
    await renderApp('/login');
    await findHeading('Sign in');
    fill('Username', 'nora');
    fill('Password', 'long-enough-secret');
    await submit('Sign in');
    await screen.findByText(TOO_MANY);
    expect(screen.queryByText('Too many failed sign-ins, try again later')).toBeNull();
    expect(challengeOf(calls.find((c) => c.path === '/users/auth'))).toBeNull();
    await waitFor(() => expect(turnstile.render).toHaveBeenCalled());

    await solve('token-2');
    await submit('Sign in');
    await screen.findByText('Welcome back, nora!');
    expect(challengeOf(calls.filter((c) => c.path === '/users/auth')[1])).toBe('token-2');
  });
});
