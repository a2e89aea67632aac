// The admin's decisions that ask first, through the real route map against a stubbed /api (issue 22, 13-16):
// rejecting a publication with a reason the editor then sees, role changes and deactivation, and the category
// admin's delete, parent picker, rename and labels.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminCounts } from '../../schema/entities';
import { answer, fakeApi, type ApiCall } from './fake-api';
import { findHeading, renderApp, userOf, uuid } from './shell-kit';

afterEach(() => vi.unstubAllGlobals());

const admin = userOf('ADMIN');
const editor = userOf('CONTRIBUTOR');
const now = new Date().toISOString();
const page = (items: unknown[]) => ({ code: 200, result: { items, nextCursor: null } });
const counts = () => answer(adminCounts, { pendingAccessRequests: 0, pendingPublications: 1, unreadMessages: 0 });
const pathOf = (c: ApiCall) => c.path.split('?')[0];
const click = (el: HTMLElement) =>
  act(async () => {
    fireEvent.click(el);
  });
const dialog = () => within(screen.getByRole('alertdialog'));

describe('Rejecting a publication request', () => {
  const request = {
    id: uuid(),
    userId: editor.id,
    contentId: uuid(),
    status: 'PENDING',
    type: 'article',
    expirationDate: null,
    createdAt: now,
    updatedAt: now,
    userName: editor.name,
    contentTitle: 'Alpine lakes',
  };

  it('asks first, with an optional reason that goes to the API; Cancel sends nothing', async () => {
    let current = { ...request };
    const { calls } = fakeApi((c) => {
      if (pathOf(c) === '/admin/counts') return counts();
      if (pathOf(c) === '/publications/requests') return page([current]);
      if (c.path === '/publications/update-status') {
        current = { ...current, ...(c.body as object) };
        return { code: 200, result: current };
      }
      return undefined;
    });
    await renderApp('/appManagement/publications', admin);
    const reject = await screen.findByRole('button', { name: 'Reject Alpine lakes' });

    await click(reject);
    expect(screen.getByRole('alertdialog', { name: 'Reject the request to publish Alpine lakes?' })).toBeTruthy();
    await click(dialog().getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((c) => c.path === '/publications/update-status')).toBe(false);

    await click(reject);
    const reason = dialog().getByRole('textbox', { name: 'Reason (optional)' });
    expect(document.activeElement).toBe(reason);
    fireEvent.change(reason, { target: { value: 'The pictures need credits.' } });
    await click(dialog().getByRole('button', { name: 'Reject Alpine lakes' }));
    await screen.findByText('The request for Alpine lakes has been rejected.');
    expect(calls.find((c) => c.path === '/publications/update-status')?.body).toEqual({
      id: request.id,
      status: 'REJECTED',
      reason: 'The pictures need credits.',
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('keeps the dialog open with the API’s refusal', async () => {
    fakeApi((c) => {
      if (pathOf(c) === '/admin/counts') return counts();
      if (pathOf(c) === '/publications/requests') return page([request]);
      if (c.path === '/publications/update-status')
        return { code: 400, message: 'A request that is REJECTED cannot become REJECTED' };
      return undefined;
    });
    await renderApp('/appManagement/publications', admin);
    await click(await screen.findByRole('button', { name: 'Reject Alpine lakes' }));
    await click(dialog().getByRole('button', { name: 'Reject Alpine lakes' }));
    expect(await dialog().findByText('A request that is REJECTED cannot become REJECTED')).toBeTruthy();
  });

  it('shows the editor the reason in their publication list', async () => {
    fakeApi((c) =>
      pathOf(c) === '/publications/requests'
        ? page([{ ...request, status: 'REJECTED', reason: 'The pictures need credits.' }])
        : undefined,
    );
    await renderApp('/myaccount/publications', editor);
    await findHeading('Publications');
    const row = (await screen.findByRole('link', { name: 'Alpine lakes' })).closest('tr')!;
    expect(within(row).getByText('Rejected')).toBeTruthy();
    expect(within(row).getByText('Reason: The pictures need credits.')).toBeTruthy();
  });
});

describe('Role changes and deactivation', () => {
  const olga = {
    id: uuid(),
    name: 'olga',
    email: 'olga@example.com',
    firstName: 'Olga',
    lastName: 'Owner',
    role: 'CONTRIBUTOR',
    active: true,
  };

  function users() {
    let user = { ...olga };
    return fakeApi((c) => {
      if (pathOf(c) === '/admin/counts') return counts();
      if (pathOf(c) === '/users' && c.method === 'GET') return page([user]);
      if (c.path === `/users/${olga.id}` && c.method === 'PUT') {
        user = { ...user, ...(c.body as object) };
        return { code: 200, result: user };
      }
      return undefined;
    });
  }
  const puts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'PUT').map((c) => c.body);

  it('making someone an Administrator asks first, with Cancel focused; Cancel keeps the role', async () => {
    const { calls } = users();
    await renderApp('/appManagement/users', admin);
    const role = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Role of olga' });
    await act(async () => fireEvent.change(role, { target: { value: 'ADMIN' } }));
    const asked = screen.getByRole('alertdialog', { name: 'Make olga an Administrator?' });
    expect(asked.textContent).toContain('Administrators can change every account');
    expect(document.activeElement).toBe(within(asked).getByRole('button', { name: 'Cancel' }));
    await click(within(asked).getByRole('button', { name: 'Cancel' }));
    expect(puts(calls)).toEqual([]);
    expect(role.value).toBe('CONTRIBUTOR');

    await act(async () => fireEvent.change(role, { target: { value: 'ADMIN' } }));
    await click(dialog().getByRole('button', { name: 'Make olga Administrator' }));
    await screen.findByText('olga has been updated.');
    expect(puts(calls)).toEqual([{ role: 'ADMIN' }]);
    await waitFor(() => expect(role.value).toBe('ADMIN'));
  });

  it('deactivation asks first; activation applies at once', async () => {
    const { calls } = users();
    await renderApp('/appManagement/users', admin);
    const active = await screen.findByRole<HTMLInputElement>('checkbox', { name: 'olga is active' });
    await click(active);
    expect(screen.getByRole('alertdialog', { name: 'Deactivate olga?' })).toBeTruthy();
    expect(puts(calls)).toEqual([]);
    await click(dialog().getByRole('button', { name: 'Deactivate olga' }));
    await waitFor(() => expect(active.checked).toBe(false));
    expect(puts(calls)).toEqual([{ active: false }]);

    await click(active);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(active.checked).toBe(true));
    expect(puts(calls)).toEqual([{ active: false }, { active: true }]);
  });
});
