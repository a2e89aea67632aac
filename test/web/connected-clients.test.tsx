// My account's connected assistants (docs/decisions/045-mcp-server.md): the MCP clients the editor allowed through
// OAuth, listed with their scope and since when; Disconnect asks first and then revokes the client; an empty list
// and a list that failed to load each say so.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectedClient } from '#schema/oauth';
import { answer, fakeApi, type ApiCall, type ApiHandler } from './fake-api';
import { renderApp, userOf } from './shell-kit';
import * as z from 'zod/mini';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const click = (el: HTMLElement) =>
  act(async () => {
    fireEvent.click(el);
  });

const clientOf = (clientId: string, clientName: string, scope: 'read' | 'full') => ({
  clientId,
  clientName,
  scope,
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2027-02-18T10:00:00.000Z',
});

/** My account of an editor, the list of clients answered by `clients` (the rest of the screen empty). */
async function openAccount(clients: ApiHandler) {
  const user = userOf('CLIENT');
  const account = { ...user, email: 'eve@example.com', firstName: 'Eve', lastName: 'Editor', active: true };
  const stub = fakeApi((c) => {
    if (c.path === `/users/${user.id}` && c.method === 'GET') return { code: 200, result: account };
    if (c.path === '/sessions' || (c.path.startsWith('/tokens') && c.method === 'GET'))
      return { code: 200, result: [] };
    if (c.path.startsWith('/oauth/clients')) return clients(c);
    return undefined;
  });
  await renderApp('/myaccount', user);
  const heading = await screen.findByRole('heading', { name: 'Connected assistants' }, { timeout: 10_000 });
  return { ...stub, section: heading.closest('section')! };
}

const deletes = (calls: ApiCall[]) => calls.filter((c) => c.method === 'DELETE').map((c) => c.path);

// The first test loads the account screen's chunks: seconds on a busy machine.
describe('my account: connected assistants', { timeout: 20_000 }, () => {
  it('lists the clients; Disconnect asks first, cancelled does nothing, confirmed revokes that one', async () => {
    const clients = [clientOf('https://a.example/meta', 'Claude', 'full'), clientOf('c-2', 'Cursor', 'read')];
    const { calls, section } = await openAccount((c) => {
      if (c.method === 'GET') return answer(z.array(connectedClient), clients);
      const id = decodeURIComponent(c.path.slice('/oauth/clients/'.length));
      const at = clients.findIndex((x) => x.clientId === id);
      if (c.method !== 'DELETE' || at < 0) return undefined;
      clients.splice(at, 1);
      return { code: 200, result: null };
    });
    const table = await within(section).findByRole('table', { name: 'Connected assistants' });
    const claude = within(table).getByRole('rowheader', { name: 'Claude' }).closest('tr')!;
    expect(claude.textContent).toContain('Full');
    expect(within(claude).getByText('Nov 20, 2026').tagName).toBe('TIME');
    expect(within(table).getByRole('rowheader', { name: 'Cursor' }).closest('tr')!.textContent).toContain('Read only');

    await click(within(claude).getByRole('button', { name: 'Disconnect Claude' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Disconnect Claude?' });
    expect(dialog.textContent).toContain('It loses its access at once; its API token is revoked.');
    await click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(deletes(calls)).toEqual([]);

    await click(within(claude).getByRole('button', { name: 'Disconnect Claude' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Disconnect Claude?' });
    await click(within(dialog).getByRole('button', { name: 'Disconnect Claude' }));
    await screen.findByText('Claude was disconnected.');
    // The client id is a path segment, escaped (an id may be a URL).
    expect(deletes(calls)).toEqual([`/oauth/clients/${encodeURIComponent('https://a.example/meta')}`]);
    await waitFor(() => expect(within(table).queryByRole('rowheader', { name: 'Claude' })).toBeNull());
    expect(within(table).getByRole('rowheader', { name: 'Cursor' })).toBeTruthy();
  });

  it('a refused disconnect is said, and the client stays listed', async () => {
    const { section } = await openAccount((c) =>
      c.method === 'GET'
        ? answer(z.array(connectedClient), [clientOf('c-1', 'Claude', 'full')])
        : { code: 404, message: 'No connected client with this id' },
    );
    await click(await within(section).findByRole('button', { name: 'Disconnect Claude' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Disconnect Claude?' });
    await click(within(dialog).getByRole('button', { name: 'Disconnect Claude' }));
    await screen.findByText('This does not exist (any more); it may have been deleted meanwhile.');
    expect(within(section).getByRole('rowheader', { name: 'Claude' })).toBeTruthy();
  });

  it('says when no assistant is connected', async () => {
    const { section } = await openAccount(() => answer(z.array(connectedClient), []));
    await within(section).findByText('No assistant is connected.');
    expect(within(section).queryByRole('table')).toBeNull();
  });

  it('a list that failed to load says so, with a retry that loads it', async () => {
    let fail = true;
    const { section } = await openAccount(() =>
      fail ? { code: 503, message: 'Unavailable' } : answer(z.array(connectedClient), [clientOf('c', 'Zed', 'read')]),
    );
    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).not.toBe('');
    expect(within(section).queryByText('No assistant is connected.')).toBeNull();
    fail = false;
    await click(within(section).getByRole('button', { name: 'Try again' }));
    await within(section).findByRole('rowheader', { name: 'Zed' });
  });
});
