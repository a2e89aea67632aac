// API tokens in the account screen and the admin's users section (docs/decisions/034-api-tokens.md): made with a name,
// scope and expiry and shown once with a copy button; listed without the token; revoked behind a confirmation.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminCounts, apiToken, createdApiToken, ownedApiToken } from '#schema/entities';
import { answer, fakeApi, type ApiCall } from './fake-api';
import { findHeading, renderApp, userOf, uuid } from './shell-kit';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const pathOf = (c: ApiCall) => c.path.split('?')[0];
const click = (el: HTMLElement) =>
  act(async () => {
    fireEvent.click(el);
  });
const TOKEN = `sop_${'x'.repeat(43)}`;

const tokenOf = (name: string, overrides: Record<string, unknown> = {}) => ({
  id: uuid(),
  name,
  scope: 'read' as const,
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2027-02-18T10:00:00.000Z',
  lastUsedAt: null,
  expired: false,
  ...overrides,
});

/** The account screen of `role` with `tokens`; POST makes a token, DELETE revokes one. */
function accountApi(role: 'CLIENT' | 'ADMIN', tokens: ReturnType<typeof tokenOf>[]) {
  const user = userOf(role);
  const account = { ...user, email: 'eve@example.com', firstName: 'Eve', lastName: 'Editor', active: true };
  const stub = fakeApi((c) => {
    if (c.path === `/users/${user.id}` && c.method === 'GET') return { code: 200, result: account };
    if (c.path === '/sessions') return { code: 200, result: [] };
    if (pathOf(c) === '/tokens' && c.method === 'GET')
      return { code: 200, result: tokens.map((t) => apiToken.parse(t)) };
    if (pathOf(c) === '/tokens' && c.method === 'POST') {
      const body = c.body as { name: string; scope: 'read' | 'full'; expiresInDays: number | null };
      const made = tokenOf(body.name, {
        scope: body.scope,
        expiresAt: body.expiresInDays ? '2027-01-01T00:00:00.000Z' : null,
      });
      tokens.unshift(made);
      return answer(createdApiToken, { ...made, token: TOKEN }, 201);
    }
    const revoke = /^\/tokens\/(.+)$/.exec(c.path);
    if (revoke && c.method === 'DELETE') {
      tokens.splice(
        tokens.findIndex((t) => t.id === revoke[1]),
        1,
      );
      return { code: 200, result: null };
    }
    return undefined;
  });
  return { user, ...stub };
}

describe('my account: API tokens', () => {
  it('makes a token and shows it once, with a copy button and the warning; the list never shows it', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const tokens = [tokenOf('Old sync', { lastUsedAt: '2026-11-24T09:00:00.000Z' })];
    const { user, calls } = accountApi('CLIENT', tokens);
    await renderApp('/myaccount', user);
    await findHeading('My account');
    const section = (await screen.findByRole('heading', { name: 'API tokens' })).closest('section')!;
    const table = await within(section).findByRole('table', { name: 'API tokens' });
    expect(within(table).getByRole('rowheader', { name: 'Old sync' })).toBeTruthy();
    // No "never expires" for an editor.
    const expiry = within(section).getByRole('combobox', { name: 'Expires after' });
    expect([...expiry.querySelectorAll('option')].map((o) => o.getAttribute('value'))).toEqual(['30', '90', '365']);

    // The name is required, checked with the shared schema before any call.
    await click(within(section).getByRole('button', { name: 'Create token' }));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(within(section).getByRole('textbox', { name: /^Name/ }), { target: { value: 'CI deploy' } });
    fireEvent.change(within(section).getByRole('combobox', { name: 'Scope' }), { target: { value: 'full' } });
    fireEvent.change(expiry, { target: { value: '365' } });
    await click(within(section).getByRole('button', { name: 'Create token' }));
    await within(section).findByText("Token “CI deploy” created. Copy it now: you won't see it again.");
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'CI deploy',
      scope: 'full',
      expiresInDays: 365,
    });
    const field = within(section).getByRole<HTMLInputElement>('textbox', { name: 'Your new token' });
    expect(field.value).toBe(TOKEN);
    expect(field.readOnly).toBe(true);
    await click(within(section).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(TOKEN);
    expect(within(section).getByRole('button', { name: 'Copied' })).toBeTruthy();
    await within(table).findByRole('rowheader', { name: 'CI deploy' });
    expect(table.textContent).not.toContain(TOKEN);
    expect(within(section).getByRole<HTMLInputElement>('textbox', { name: /^Name/ }).value).toBe('');

    // Done: the token is gone from the screen for good.
    await click(within(section).getByRole('button', { name: 'Done' }));
    expect(within(section).queryByRole('textbox', { name: 'Your new token' })).toBeNull();
    expect(section.textContent).not.toContain(TOKEN);
  });

  it('revokes a token after asking, and offers "Never" to an ADMIN', async () => {
    const tokens = [tokenOf('Leaked one')];
    const leakedId = tokens[0]!.id;
    const { user, calls } = accountApi('ADMIN', tokens);
    await renderApp('/myaccount', user);
    const section = (await screen.findByRole('heading', { name: 'API tokens' })).closest('section')!;
    const expiry = within(section).getByRole('combobox', { name: 'Expires after' });
    expect([...expiry.querySelectorAll('option')].map((o) => o.getAttribute('value'))).toEqual([
      '30',
      '90',
      '365',
      'never',
    ]);

    await click(await within(section).findByRole('button', { name: 'Revoke Leaked one' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke the token “Leaked one”?' });
    await click(within(dialog).getByRole('button', { name: 'Revoke Leaked one' }));
    await screen.findByText('Token “Leaked one” revoked.');
    await within(section).findByText('You have no API tokens.');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/tokens/${leakedId}`]);
  });
});

describe('my account: a refused token', () => {
  it("says the server's refusal in the form and shows no token", async () => {
    const user = userOf('CLIENT');
    const account = { ...user, email: 'eve@example.com', firstName: 'Eve', lastName: 'Editor', active: true };
    fakeApi((c) => {
      if (c.path === `/users/${user.id}` && c.method === 'GET') return { code: 200, result: account };
      if (c.path === '/sessions' || (c.path === '/tokens' && c.method === 'GET')) return { code: 200, result: [] };
      if (c.path === '/tokens' && c.method === 'POST')
        return { code: 409, message: 'You already have 20 live API tokens: revoke one first' };
      return undefined;
    });
    await renderApp('/myaccount', user);
    const section = (await screen.findByRole('heading', { name: 'API tokens' })).closest('section')!;
    fireEvent.change(within(section).getByRole('textbox', { name: /^Name/ }), { target: { value: 'One too many' } });
    await click(within(section).getByRole('button', { name: 'Create token' }));
    // The refusal's sentence by its status (error.conflict), never the server's English message.
    expect((await within(section).findByRole('alert')).textContent).toBe(
      'This is not possible in its current state; it may have changed meanwhile. Please reload and check.',
    );
    expect(within(section).queryByRole('textbox', { name: 'Your new token' })).toBeNull();
  });
});

describe("the admin's list of every user's tokens", () => {
  it('shows each token with its owner and revokes it', async () => {
    const admin = userOf('ADMIN');
    const owner = { id: uuid(), name: 'carla', role: 'CLIENT' as const };
    let all = [ownedApiToken.parse({ ...tokenOf('Carla CI', { scope: 'full', expired: true }), user: owner })];
    const { calls } = fakeApi((c) => {
      if (pathOf(c) === '/admin/counts')
        return answer(adminCounts, { pendingAccessRequests: 0, pendingPublications: 0, unreadMessages: 0 });
      if (pathOf(c) === '/users') return { code: 200, result: { items: [], nextCursor: null } };
      if (pathOf(c) === '/tokens/all') return { code: 200, result: all };
      if (c.method === 'DELETE' && c.path === `/tokens/${all[0]?.id}`) {
        all = [];
        return { code: 200, result: null };
      }
      return undefined;
    });
    await renderApp('/appManagement/users', admin);
    const table = await screen.findByRole('table', { name: 'API tokens of all users' });
    const row = within(table).getByRole('rowheader', { name: 'Carla CI' }).closest('tr')!;
    expect(row.textContent).toContain('carla');
    expect(row.textContent).toContain('Full');
    expect(row.textContent).toContain('Expired');
    await click(within(row).getByRole('button', { name: 'Revoke Carla CI' }));
    await click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke Carla CI' }));
    await screen.findByText('Nobody has an API token.');
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });
});
