// A reader's own account: registration shows every field's error at once, sign-in tells a deactivated account so,
// mySO shows a revoked request as Revoked and links to the Account page, where a reader changes their details
// (with the current-password rules) and deletes the account after confirming with the password.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findHeading, renderApp, userOf } from './shell-kit';
import { fakeApi } from './fake-api';
import { LIMITS } from '#schema/requests';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const fill = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(typeof label === 'string' ? new RegExp(`^${label}`) : label), {
    target: { value },
  });
const submit = async (name: string) => {
  await act(async () => fireEvent.click(screen.getByRole('button', { name })));
};

describe('registration', () => {
  it('shows every field’s error at once: a short password and a differing confirmation together', async () => {
    const { calls } = fakeApi(() => ({ code: 401, message: 'Unauthorized' }));
    await renderApp('/register');
    await findHeading('Create an account');
    fill('E-mail', 'not-an-address');
    fill('Password', 'short');
    fill('Repeat the password', 'different');
    await submit('Create account');
    await screen.findByText('The two passwords differ.');
    expect(screen.getByText('Please enter a valid e-mail address.')).toBeTruthy();
    expect(screen.getByText(`Please use at least ${LIMITS.password.min} characters.`)).toBeTruthy();
    expect(screen.getAllByText('Please fill in this field.').length).toBeGreaterThan(0); // the username
    expect(calls.some((c) => c.path === '/users' && c.method === 'POST')).toBe(false);
  });

  it('marks a taken name from the server, and sends the shown language', async () => {
    const { calls } = fakeApi((c) =>
      c.path === '/users' && c.method === 'POST'
        ? {
            code: 409,
            message: 'Name already taken',
            result: { issues: [{ path: ['name'], code: 'name_taken', message: 'Name already taken' }] },
          }
        : { code: 401, message: 'Unauthorized' },
    );
    await renderApp('/register');
    await findHeading('Create an account');
    fill('Username', 'nora');
    fill('E-mail', 'nora@example.com');
    fill('Password', 'long-enough-secret');
    fill('Repeat the password', 'long-enough-secret');
    await submit('Create account');
    await screen.findByText('This username is taken.');
    expect(calls.find((c) => c.path === '/users')?.body).toMatchObject({ name: 'nora', locale: 'en-US' });
  });

  it('says beforehand what happens to an address that has an account, and never that one has (issue 27 §8)', async () => {
    fakeApi(() => ({ code: 401, message: 'Unauthorized' }));
    await renderApp('/register');
    await findHeading('Create an account');
    expect(
      screen.getByText(
        'Optional; needed to reset a forgotten password. If it already belongs to an account, we tell its owner by mail and make yours without it.',
      ),
    ).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/exists already/);
  });
});

describe('sign-in of a deactivated account', () => {
  it('says the account is deactivated (the server tells only after the right password)', async () => {
    fakeApi((c) =>
      c.path === '/users/auth'
        ? { code: 403, message: 'This account is deactivated' }
        : { code: 401, message: 'Unauthorized' },
    );
    await renderApp('/login');
    await findHeading('Sign in');
    fill('Username', 'ralf');
    fill('Password', 'right-password');
    await submit('Sign in');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('This account is deactivated.'));
  });
});

describe('mySO and the Account page', () => {
  const reader = userOf('REGULAR_USER');
  const account = {
    ...reader,
    email: 'rita@example.com',
    firstName: 'Rita',
    lastName: 'Reader',
    active: true,
    locale: 'en-US',
  };

  it('mySO shows a revoked request as Revoked and links to the Account page', async () => {
    fakeApi((c) => {
      if (c.path === '/myso/vm')
        return {
          code: 200,
          result: {
            channels: [],
            articles: [],
            access: [],
            requests: [
              {
                id: crypto.randomUUID(),
                userId: reader.id,
                contentId: crypto.randomUUID(),
                contentType: 'channel',
                status: 'REVOKED',
                createdAt: '2026-11-20T10:00:00.000Z',
                userName: reader.name,
                contentTitle: 'Sourdough',
              },
            ],
          },
        };
      if (c.path === `/users/${reader.id}`) return { code: 200, result: account };
      return undefined;
    });
    const { router } = await renderApp('/mySO', reader);
    await findHeading('mySO');
    const row = (await screen.findByRole('link', { name: 'Sourdough' })).closest('tr')!;
    expect(within(row).getByText('Revoked')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Account' })));
    await findHeading('Account');
    expect(router.state.location.pathname).toBe('/mySO/account');
  });

  it('changes the e-mail only with the current password, sending only what changed', async () => {
    const { calls } = fakeApi((c) => {
      if (c.path === `/users/${reader.id}` && c.method === 'GET') return { code: 200, result: account };
      if (c.path === `/users/${reader.id}` && c.method === 'PUT')
        return { code: 200, result: { ...account, email: 'new@example.com' } };
      return undefined;
    });
    await renderApp('/mySO/account', reader);
    await findHeading('Account');
    await screen.findByDisplayValue('rita@example.com');
    fill('E-mail', 'new@example.com');
    await submit('Save changes');
    await screen.findByText('Please fill in this field.');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fill('Current password', 'my-password');
    await submit('Save changes');
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      email: 'new@example.com',
      currentPassword: 'my-password',
    });
  });

  it('deletes the account after confirming with the password; a wrong password says so', async () => {
    let deleted = false;
    const { calls } = fakeApi((c) => {
      if (c.path === `/users/${reader.id}` && c.method === 'GET') return { code: 200, result: account };
      if (c.path === `/users/${reader.id}` && c.method === 'DELETE') {
        if ((c.body as { password?: string }).password !== 'right-one')
          return {
            code: 403,
            message: 'Password is wrong',
            result: { issues: [{ path: ['password'], code: 'wrong_password', message: 'Password is wrong' }] },
          };
        deleted = true;
        return { code: 200, result: { account: 'deleted' } };
      }
      if (c.path === '/users/logout') return { code: 200 };
      if (c.path === '/news' || c.path.startsWith('/news?'))
        return { code: 200, result: { items: [], nextCursor: null } };
      return undefined;
    });
    const { router } = await renderApp('/mySO/account', reader);
    await findHeading('Account');
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' })));
    expect(screen.getByText('Delete your account for good? This cannot be undone.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Your password, to confirm/));
    fill('Your password, to confirm', 'wrong');
    await submit('Delete for good');
    await screen.findByText('That is not your password.');
    expect(deleted).toBe(false);
    fill('Your password, to confirm', 'right-one');
    await submit('Delete for good');
    await screen.findByText('Your account has been deleted.');
    expect(deleted).toBe(true);
    expect(calls.filter((c) => c.method === 'DELETE').at(-1)?.body).toEqual({ password: 'right-one' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(sessionStorage.getItem('activeUser')).toBeNull());
    expect(router.state.location.pathname).toBe('/');
  });

  it('Cancel closes the confirmation and gives focus back to the button', async () => {
    fakeApi((c) => (c.path === `/users/${reader.id}` ? { code: 200, result: account } : undefined));
    await renderApp('/mySO/account', reader);
    await findHeading('Account');
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete my account' })));
  });
});
