// The consent page of an MCP client's OAuth sign-in (/oauth/authorize, docs/decisions/045-mcp-server.md): it shows
// the client's name, where the access goes and the scope; Allow and Deny post the client's request as it came with
// the person's answer and send the browser where the server says; a request the server refuses, or none at all,
// is said in words, never a blank page.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { oauthConsent, oauthRedirect } from '#schema/oauth';
import { answer, fail, fakeApi } from './fake-api';
import { findHeading, renderApp, userOf } from './shell-kit';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const click = (el: HTMLElement) =>
  act(async () => {
    fireEvent.click(el);
  });

const REQUEST = new URLSearchParams({
  response_type: 'code',
  client_id: 'client-1',
  redirect_uri: 'https://assistant.example/callback',
  scope: 'full',
  state: 's1',
  code_challenge: 'c'.repeat(43),
  code_challenge_method: 'S256',
}).toString();

const consentOf = (overrides: Partial<ReturnType<typeof oauthConsent.parse>> = {}) => ({
  clientId: 'client-1',
  clientName: 'Claude <b>Desktop</b>',
  clientDomain: null,
  redirectHost: 'assistant.example',
  redirectIsLoopback: false,
  scope: 'full' as const,
  ...overrides,
});

/** The consent page for `consent`; the decision answers `redirectTo`. Answers the calls and location.assign's spy. */
function consentApi(consent: ReturnType<typeof consentOf>, redirectTo = 'https://assistant.example/callback?code=c1') {
  const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
  const stub = fakeApi((c) => {
    if (c.path === '/oauth/consent' && c.method === 'POST') return answer(oauthConsent, consent);
    if (c.path === '/oauth/decision' && c.method === 'POST') return answer(oauthRedirect, { redirectTo });
    return undefined;
  });
  return { ...stub, assign };
}

// The first render loads the page's chunk and its catalogue: on a busy machine that takes seconds.
const region = () => screen.findByRole('region', { name: 'Connect an assistant' }, { timeout: 10_000 });
const heading = () => screen.findByRole('heading', { level: 1, name: 'Connect an assistant' }, { timeout: 10_000 });

describe('the OAuth consent page', { timeout: 20_000 }, () => {
  it("shows the client's name as text, where the access goes and the scope; Allow posts the request and goes back", async () => {
    const { calls, assign } = consentApi(consentOf());
    await renderApp(`/oauth/authorize?${REQUEST}`, userOf('CLIENT'));
    const page = await region();
    // The client's own name is text: its markup is shown, never rendered.
    expect(within(page).getByText('Claude <b>Desktop</b>').tagName).toBe('STRONG');
    expect(page.querySelector('b')).toBeNull();
    expect(page.textContent).toContain('Claude <b>Desktop</b> asks to work in the portal as you.');
    expect(page.textContent).toContain('The app gave this name itself; the portal cannot confirm it.');
    expect(page.textContent).toContain('The access will be sent to assistant.example.');
    expect(page.textContent).toContain('It asks to: read, write drafts and ask for publication, as you');
    // Not an app on this computer: no warning.
    expect(within(page).queryByRole('note')).toBeNull();
    // The request is sent as it came, to learn what to show.
    expect(calls.find((c) => c.path === '/oauth/consent')?.body).toEqual({ request: REQUEST });

    await click(within(page).getByRole('button', { name: 'Allow' }));
    expect(calls.filter((c) => c.path === '/oauth/decision').map((c) => c.body)).toEqual([
      { request: REQUEST, allow: true },
    ]);
    expect(assign).toHaveBeenCalledWith('https://assistant.example/callback?code=c1');
    // Once answered, the buttons stay off until the browser has left.
    expect(within(page).getByRole<HTMLButtonElement>('button', { name: 'Allow' }).disabled).toBe(true);
  });

  it('warns of an app on this computer, names a vouching domain, a read scope; Deny posts allow: false', async () => {
    const denied = 'http://127.0.0.1:8976/callback?error=access_denied&state=s1';
    const { calls, assign } = consentApi(
      consentOf({
        clientName: 'Local Agent',
        clientDomain: 'agent.example',
        redirectHost: '127.0.0.1',
        redirectIsLoopback: true,
        scope: 'read',
      }),
      denied,
    );
    await renderApp(`/oauth/authorize?${REQUEST}`, userOf('CONTRIBUTOR'));
    const page = await region();
    await within(page).findByText('Local Agent');
    expect(page.textContent).toContain('Published by agent.example.');
    expect(page.textContent).not.toContain('the portal cannot confirm it');
    expect(within(page).getByRole('note').textContent).toBe(
      'This sends the access to an app on your own computer. Continue only if you just started connecting it there.',
    );
    expect(page.textContent).toContain('It asks to: read what you may read');

    await click(within(page).getByRole('button', { name: 'Deny' }));
    expect(calls.filter((c) => c.path === '/oauth/decision').map((c) => c.body)).toEqual([
      { request: REQUEST, allow: false },
    ]);
    expect(assign).toHaveBeenCalledWith(denied);
  });

  it('an unknown client or invalid request is said in words, with no buttons', async () => {
    const { calls } = fakeApi((c) =>
      c.path === '/oauth/consent' ? fail(400, 'Authorization request refused: Invalid client') : undefined,
    );
    await renderApp(`/oauth/authorize?${REQUEST}`, userOf('CLIENT'));
    await heading();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This connection request is not valid: the assistant is not registered here, or its link is incomplete or ' +
        'out of date. Start connecting again from the assistant.',
    );
    expect(screen.queryByRole('button', { name: 'Allow' })).toBeNull();
    expect(calls.filter((c) => c.path === '/oauth/decision')).toEqual([]);
  });

  it('opened without a request, it says so without asking the server', async () => {
    const { calls } = fakeApi(() => undefined);
    await renderApp('/oauth/authorize', userOf('ADMIN'));
    await heading();
    expect((await screen.findByRole('alert')).textContent).toContain('This connection request is not valid');
    expect(calls.filter((c) => c.path.startsWith('/oauth'))).toEqual([]);
  });

  it('a decision refused on the way (the request expired meanwhile) is said above the buttons, which come back', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    fakeApi((c) => {
      if (c.path === '/oauth/consent') return answer(oauthConsent, consentOf());
      if (c.path === '/oauth/decision') return fail(400, 'Authorization request refused: expired');
      return undefined;
    });
    await renderApp(`/oauth/authorize?${REQUEST}`, userOf('CLIENT'));
    const page = await region();
    await click(await within(page).findByRole('button', { name: 'Allow' }));
    expect((await within(page).findByRole('alert')).textContent).toContain('This connection request is not valid');
    expect(within(page).getByRole<HTMLButtonElement>('button', { name: 'Allow' }).disabled).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });

  it("signed out, the server's redirect keeps the consent link, and signing in leads back to it", async () => {
    const editor = userOf('CLIENT');
    let signedIn = false;
    const { calls } = fakeApi((c) => {
      if (c.path === '/users/auth-validate')
        return signedIn ? { code: 200, result: editor } : { code: 401, message: 'Unauthorized' };
      if (c.path === '/users/auth' && c.method === 'POST') {
        signedIn = true;
        return { code: 200, result: editor };
      }
      if (c.path === '/oauth/consent' && signedIn) return answer(oauthConsent, consentOf());
      return undefined;
    });
    // Where the worker sends a signed-out page load of /oauth/authorize?... (worker/pages/render.tsx).
    const target = `/oauth/authorize?${REQUEST}`;
    const { router } = await renderApp(`/no-permission?from=${encodeURIComponent(target)}`);
    await findHeading('No permission');
    // The address bar is the page's own again; the target went into the history state.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await click(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' }));
    await findHeading('Sign in');
    fireEvent.change(screen.getByLabelText(/^Username/), { target: { value: editor.name } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'a-password' } });
    await click(within(screen.getByRole('main')).getByRole('button', { name: 'Sign in' }));
    const page = await region();
    await within(page).findByText('Claude <b>Desktop</b>');
    expect(router.state.location.pathname + router.state.location.search).toBe(target);
    expect(calls.find((c) => c.path === '/oauth/consent')?.body).toEqual({ request: REQUEST });
  });

  it('a from that is not a path of this site leads nowhere but home', async () => {
    fakeApi(() => ({ code: 401, message: 'Unauthorized' }));
    const { router } = await renderApp(`/no-permission?from=${encodeURIComponent('//evil.example/x')}`);
    await findHeading('No permission');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.state).toBeNull();
  });

  it('a reader may not open it: the guard sends them to the no-permission page, nothing is asked', async () => {
    const { calls } = fakeApi(() => undefined);
    const { router } = await renderApp(`/oauth/authorize?${REQUEST}`, userOf('REGULAR_USER'));
    await findHeading(/permission/i);
    expect(router.state.location.pathname).toBe('/no-permission');
    expect(calls.filter((c) => c.path.startsWith('/oauth'))).toEqual([]);
  });
});
