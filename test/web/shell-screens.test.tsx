// The shell's own screens and widgets: toasts (5000 ms, live region), the contact and order forms
// (client validation mirroring contactBody, server errors shown), login, my account and app management.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_MS, NotificationsProvider, useNotify } from '#web/components/notifications';
import enUS from '#web/i18n/en-US.json';
import { findHeading, renderApp, userOf } from './shell-kit';
import { fakeApi } from './fake-api';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('notifications', () => {
  function Trigger() {
    const notify = useNotify();
    return (
      <button type="button" onClick={() => notify({ kind: 'error', message: 'Could not save' })}>
        fire
      </button>
    );
  }

  it('shows a toast in an aria-live region for 5000 ms', () => {
    vi.useFakeTimers();
    render(
      <IntlProvider locale="en-US" messages={enUS}>
        <NotificationsProvider>
          <Trigger />
        </NotificationsProvider>
      </IntlProvider>,
    );
    const region = document.querySelector('[aria-live="polite"]');
    expect(region).not.toBeNull();
    act(() => screen.getByText('fire').click());
    expect(within(region as HTMLElement).getByText('Could not save')).toBeTruthy();
    expect(within(region as HTMLElement).getByText('Error:')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(NOTIFICATION_MS - 1);
    });
    expect(screen.queryByText('Could not save')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Could not save')).toBeNull();
    expect(NOTIFICATION_MS).toBe(5000);
  });
});

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });
const submit = async (name: string) => {
  await act(async () => fireEvent.click(screen.getByRole('button', { name })));
};

describe('contact and order forms', () => {
  it('checks the fields in the browser before anything is sent', async () => {
    const { calls } = fakeApi((c) =>
      c.path === '/users/auth-validate' ? { code: 401, message: 'Unauthorized' } : undefined,
    );
    await renderApp('/contact');
    await findHeading('Contact');
    await submit('Send message');
    expect(screen.getAllByText('Please fill in this field.')).toHaveLength(3);
    fill('Your name', 'Eve');
    fill('Your e-mail', 'eve-at-example');
    fill('Message', 'Hi');
    await submit('Send message');
    expect(screen.getByText('Please enter a valid e-mail address.')).toBeTruthy();
    expect(screen.getByLabelText(/^Your e-mail/).getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.path === '/contact')).toHaveLength(0);
  });

  it('sends the order with channel name and purpose, and shows what the server refuses', async () => {
    const { calls } = fakeApi((c) => {
      if (c.path === '/contact') return { code: 429, message: 'Too many messages, try again later' };
      return { code: 401, message: 'Unauthorized' };
    });
    await renderApp('/orderChannel');
    await findHeading('Order a channel');
    fill('Your name', 'Eve Example');
    fill('Your e-mail', 'eve@example.com');
    fill('Message', 'We would like a channel.');
    await submit('Send the order');
    expect(screen.getByText('Please fill in this field.')).toBeTruthy();
    fill('Name of the channel', 'Harbour Rowing Club');
    fill('What the channel is about', 'Regattas and training');
    await submit('Send the order');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Too many attempts. Please wait a moment, then try again.'),
    );
    expect(calls.find((c) => c.path === '/contact')?.body).toEqual({
      kind: 'orderChannel',
      name: 'Eve Example',
      email: 'eve@example.com',
      message: 'We would like a channel.',
      channelName: 'Harbour Rowing Club',
      purpose: 'Regattas and training',
    });
  });
});

describe('login', () => {
  it("labels 'Username' and 'Password', button 'Sign in'; shows the server's refusal", async () => {
    fakeApi((c) =>
      c.path === '/users/auth'
        ? { code: 401, message: 'Invalid username or password' }
        : { code: 401, message: 'Unauthorized' },
    );
    await renderApp('/login');
    await findHeading('Sign in');
    fill('Username', 'reader');
    fill('Password', 'wrong');
    await submit('Sign in');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Wrong username or password.'));
  });

  it('signs in and returns to where the visitor came from', async () => {
    const user = userOf('CLIENT');
    fakeApi((c) => {
      if (c.path === '/users/auth') return { code: 200, result: user };
      if (c.path === `/users/${user.id}`)
        return { code: 200, result: { ...user, email: null, firstName: 'Elena', lastName: '', active: true } };
      return { code: 401, message: 'Unauthorized' };
    });
    const { router } = await renderApp('/myaccount');
    await findHeading('No permission');
    await act(async () => fireEvent.click(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' })));
    await findHeading('Sign in');
    fill('Username', user.name);
    fill('Password', 'demo-password');
    await submit('Sign in');
    await findHeading('My account');
    expect(router.state.location.pathname).toBe('/myaccount');
  });
});

describe('my account and app management', () => {
  it('my account sends only what changed', async () => {
    const user = userOf('CONTRIBUTOR');
    const account = { ...user, email: 'carl@example.com', firstName: 'Carl', lastName: 'Contributor', active: true };
    const { calls } = fakeApi((c) => {
      if (c.path === `/users/${user.id}` && c.method === 'GET') return { code: 200, result: account };
      if (c.path === `/users/${user.id}` && c.method === 'PUT')
        return { code: 200, result: { ...account, ...(c.body as object) } };
      return undefined;
    });
    await renderApp('/myaccount', user);
    await findHeading('My account');
    await screen.findByDisplayValue('Carl');
    fill('Last name', 'Writer');
    await submit('Save changes');
    await screen.findByText('Your account has been saved.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ lastName: 'Writer' });
  });

  it('my account asks for the current password when the e-mail or the password changes', async () => {
    const user = userOf('CLIENT');
    const account = { ...user, email: 'elena@example.com', firstName: 'Elena', lastName: 'Editor', active: true };
    let refuse = true;
    const { calls } = fakeApi((c) => {
      if (c.path === `/users/${user.id}` && c.method === 'GET') return { code: 200, result: account };
      if (c.path === `/users/${user.id}` && c.method === 'PUT') {
        return refuse
          ? {
              code: 403,
              message: 'Current password is wrong',
              result: {
                issues: [{ path: ['currentPassword'], code: 'wrong_password', message: 'Current password is wrong' }],
              },
            }
          : { code: 200, result: { ...account, email: 'new@example.com' } };
      }
      // The account page's other lists (sessions, API tokens, connected assistants), empty.
      if (c.path === '/tokens' || c.path === '/sessions' || c.path === '/oauth/clients')
        return { code: 200, result: [] };
      return undefined;
    });
    await renderApp('/myaccount', user);
    await findHeading('My account');
    await screen.findByDisplayValue('elena@example.com');
    fill('E-mail', 'new@example.com');
    await submit('Save changes');
    const current = screen.getByLabelText('Current password');
    await waitFor(() => expect(current.getAttribute('aria-invalid')).toBe('true'));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fill('Current password', 'not-it');
    await submit('Save changes');
    // Beside its field, in the reader's words (never the server's sentence), and the focus on that field.
    await waitFor(() => expect(current.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(current.getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent).toBe(
      'That is not your password.',
    );
    await waitFor(() => expect(document.activeElement).toBe(current));
    expect(screen.getByRole('alert').textContent).toBe('Please correct the marked fields.');
    expect(document.body.textContent).not.toContain('Current password is wrong');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      email: 'new@example.com',
      currentPassword: 'not-it',
    });

    refuse = false;
    fill('Current password', 'demo-password');
    await submit('Save changes');
    await screen.findByText('Your account has been saved.');
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      email: 'new@example.com',
      currentPassword: 'demo-password',
    });
    expect(screen.getByLabelText<HTMLInputElement>('Current password').value).toBe('');
  });

  it('app management changes a role with PUT /users/{id}', async () => {
    const admin = userOf('ADMIN');
    const other = {
      id: crypto.randomUUID(),
      name: 'rita',
      email: null,
      firstName: 'Rita',
      lastName: 'Reader',
      role: 'REGULAR_USER',
      active: true,
    };
    const { calls } = fakeApi((c) => {
      if (c.path.startsWith('/users') && c.method === 'GET') {
        return {
          code: 200,
          result: {
            items: [{ ...admin, email: null, firstName: '', lastName: '', active: true }, other],
            nextCursor: null,
          },
        };
      }
      if (c.path === `/users/${other.id}` && c.method === 'PUT')
        return { code: 200, result: { ...other, ...(c.body as object) } };
      return undefined;
    });
    await renderApp('/appManagement', admin);
    await findHeading('App management');
    const role = await screen.findByRole('combobox', { name: 'Role of rita' });
    await act(async () => fireEvent.change(role, { target: { value: 'CONTRIBUTOR' } }));
    // A role change asks first (decision 038).
    const asked = screen.getByRole('alertdialog', { name: 'Change the role of rita to Contributor?' });
    await act(async () => fireEvent.click(within(asked).getByRole('button', { name: 'Make rita Contributor' })));
    await screen.findByText('rita has been updated.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ role: 'CONTRIBUTOR' });
    expect(screen.getByRole('combobox', { name: `Role of ${admin.name}` }).hasAttribute('disabled')).toBe(true);
  });
});

describe('mySO', () => {
  const now = new Date().toISOString();
  const link = (userId: string, contentId: string) => ({ id: crypto.randomUUID(), userId, contentId, createdAt: now });
  const channelOf = (id: string, userId: string, name: string) => ({
    id,
    slug: name.toLowerCase(),
    name,
    categoryIds: [],
    userId,
    infoText: '',
    portraitHref: null,
    bannerHref: null,
    hidden: false,
    private: false,
    published: true,
    restricted: false,
    isAd: false,
    coverMedia: null,
    locked: false,
    body: { version: 1, children: [] },
    version: 1,
    createdAt: now,
  });
  const articleOf = (id: string, userId: string, title: string) => ({
    id,
    slug: title.toLowerCase(),
    title,
    teaser: '',
    type: 'text',
    channelId: null,
    userId,
    thumbnailHref: null,
    published: true,
    hidden: false,
    restricted: false,
    isAd: false,
    isEditorial: false,
    createdAt: now,
  });

  it('lists liked channels and articles and unlikes each with its own call', async () => {
    const reader = userOf('REGULAR_USER');
    const owner = crypto.randomUUID();
    const [channelId, articleId] = [crypto.randomUUID(), crypto.randomUUID()];
    const view = {
      channels: [{ ...link(reader.id, channelId), channel: channelOf(channelId, owner, 'Alpine Journal') }],
      articles: [{ ...link(reader.id, articleId), article: articleOf(articleId, owner, 'Café culture') }],
      requests: [],
      access: [],
    };
    // The server forgets each like it is told to remove: the screen shows what GET /myso/vm then answers.
    const { calls } = fakeApi((c) => {
      if (c.path === '/myso/vm') return { code: 200, result: view };
      if (c.path === '/myso/user-articles/remove' && c.method === 'POST') {
        view.articles = view.articles.filter((a) => a.contentId !== articleId);
        return { code: 200, result: { contentId: articleId, removed: true } };
      }
      if (c.path === '/myso/user-channels' && c.method === 'DELETE') {
        view.channels = view.channels.filter((ch) => ch.contentId !== channelId);
        return { code: 200, result: { contentId: channelId, removed: true } };
      }
      return undefined;
    });
    await renderApp('/mySO', reader);
    await findHeading('mySO');
    const channels = within(await screen.findByRole('region', { name: 'Liked channels' }));
    const articles = within(screen.getByRole('region', { name: 'Liked articles' }));
    expect(channels.getByRole('link', { name: 'Alpine Journal' }).getAttribute('href')).toBe(`/chan/${channelId}`);
    expect(articles.getByRole('link', { name: 'Café culture' }).getAttribute('href')).toBe(`/article/${articleId}`);

    await act(async () => fireEvent.click(articles.getByRole('button', { name: /^Unlike.*Café culture$/ })));
    await screen.findByText('“Café culture” is no longer liked.');
    expect(calls.find((c) => c.path === '/myso/user-articles/remove')?.body).toEqual({ contentId: articleId });
    expect(articles.queryByRole('link', { name: 'Café culture' })).toBeNull();

    await act(async () => fireEvent.click(channels.getByRole('button', { name: /^Unlike.*Alpine Journal$/ })));
    await screen.findByText('“Alpine Journal” is no longer liked.');
    expect(calls.find((c) => c.path === '/myso/user-channels' && c.method === 'DELETE')?.body).toEqual({
      contentId: channelId,
    });
    expect(channels.queryByRole('link', { name: 'Alpine Journal' })).toBeNull();
  });
});

describe('choosing a password', () => {
  it('register refuses differing passwords before sending, then registers and signs in', async () => {
    const { calls } = fakeApi((c) => {
      if (c.path === '/users' && c.method === 'POST') {
        return {
          code: 201,
          result: {
            id: crypto.randomUUID(),
            name: 'nora',
            email: null,
            firstName: '',
            lastName: '',
            role: 'REGULAR_USER',
            active: true,
          },
        };
      }
      if (c.path === '/users/auth')
        return { code: 200, result: { id: crypto.randomUUID(), name: 'nora', role: 'REGULAR_USER' } };
      if (c.path === '/myso/vm') return { code: 200, result: { channels: [], articles: [], requests: [], access: [] } };
      return undefined;
    });
    await renderApp('/register');
    await findHeading('Create an account');
    fill('Username', 'nora');
    fill('Password', 'long-enough-secret');
    fill('Repeat the password', 'something-else');
    await submit('Create account');
    await screen.findByText('The two passwords differ.');
    expect(calls.some((c) => c.path === '/users')).toBe(false);

    fill('Repeat the password', 'long-enough-secret');
    await submit('Create account');
    await screen.findByText('Welcome, nora! Your account is ready.');
    expect(calls.find((c) => c.path === '/users')?.body).toMatchObject({
      name: 'nora',
      password: 'long-enough-secret',
      email: null,
    });
    expect(calls.find((c) => c.path === '/users/auth')?.body).toEqual({
      username: 'nora',
      password: 'long-enough-secret',
    });
  });

  it('the reset link sends its token with the new password', async () => {
    const token = 'a'.repeat(43);
    const { calls } = fakeApi((c) => (c.path === '/users/reset-password' ? { code: 200, result: null } : undefined));
    await renderApp(`/forgot-password/${token}`);
    await findHeading('Choose a new password');
    fill('New password', 'brand-new-secret');
    fill('Repeat the password', 'brand-new-secret');
    await submit('Save the new password');
    await screen.findByText('Your password has been changed. Please sign in.');
    expect(calls.find((c) => c.path === '/users/reset-password')?.body).toEqual({
      token,
      password: 'brand-new-secret',
    });
  });
});
