// The reader's account page (/mySO/account, issue 27 §6.4, §6.8, §6.9): a new password is named as such, with the
// other sessions it signed out; "Delete my account" is styled as the danger it is, not like "Save changes"; signing
// out from this signed-in-only page lands on the home page, not on "No permission".
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { savedUser } from '#schema/entities';
import { declarationsOf } from './css-rules';
import { answer, fakeApi } from './fake-api';
import { findHeading, renderApp, userOf } from './shell-kit';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });
const press = async (name: string) => {
  await act(async () => fireEvent.click(screen.getByRole('button', { name })));
};

function accountServer(sessionsEnded: number) {
  const user = userOf('REGULAR_USER');
  const account = { ...user, email: 'rita@example.com', firstName: 'Rita', lastName: 'Reader', active: true };
  const api = fakeApi((c) => {
    if (c.path === `/users/${user.id}` && c.method === 'GET') return { code: 200, result: account };
    if (c.path === `/users/${user.id}` && c.method === 'PUT') {
      const body = c.body as { password?: string };
      return answer(savedUser, { ...account, ...(body.password ? { sessionsEnded } : {}) });
    }
    if (c.path === '/users/logout') return { code: 200, result: null };
    return undefined;
  });
  return { user, ...api };
}

async function changePassword() {
  fill('New password', 'a-new-long-password');
  fill('Repeat the password', 'a-new-long-password');
  fill('Current password', 'the-old-password');
  await press('Save changes');
}

describe('the account page', { timeout: 30_000 }, () => {
  it('says the password changed and how many other sessions were signed out', async () => {
    const { user, calls } = accountServer(2);
    await renderApp('/mySO/account', user);
    await findHeading('Account');
    await screen.findByDisplayValue('Rita', undefined, { timeout: 10_000 });
    await changePassword();
    await screen.findByText('Your password has been changed. 2 other sessions were signed out.');
    expect(screen.queryByText('Your account has been saved.')).toBeNull();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ password: 'a-new-long-password' });
  });

  it('says only that the password changed when no other session was signed in', async () => {
    const { user } = accountServer(0);
    await renderApp('/mySO/account', user);
    await screen.findByDisplayValue('Rita', undefined, { timeout: 10_000 });
    await changePassword();
    await screen.findByText('Your password has been changed.');
    expect(screen.queryByText(/other sessions? (was|were) signed out/)).toBeNull();
  });

  it('still says "saved" for other changes', async () => {
    const { user } = accountServer(3);
    await renderApp('/mySO/account', user);
    await screen.findByDisplayValue('Rita', undefined, { timeout: 10_000 });
    fill('Last name', 'Writer');
    await press('Save changes');
    await screen.findByText('Your account has been saved.');
  });

  it('styles "Delete my account" as a danger, in the stylesheet every page loads', async () => {
    const { user } = accountServer(0);
    await renderApp('/mySO/account', user);
    await screen.findByDisplayValue('Rita', undefined, { timeout: 10_000 });
    const remove = screen.getByRole('button', { name: 'Delete my account' });
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(remove.className).not.toBe(save.className);
    const styled = remove.className
      .split(/\s+/)
      .filter((c) => !save.classList.contains(c))
      .flatMap((c) => declarationsOf('web/styles.css', c));
    expect(styled.join(';')).toMatch(/var\(--danger\)/);
  });

  it('signing out lands on the home page, not on "No permission"', async () => {
    const { user, calls } = accountServer(0);
    const { router } = await renderApp('/mySO/account', user);
    await findHeading('Account');
    await press('Account menu: ' + user.name);
    await act(async () => {
      fireEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Sign out' }));
      await new Promise((r) => setTimeout(r, 50));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.some((c) => c.path === '/users/logout')).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('heading', { name: 'No permission' })).toBeNull();
  });
});
