// The admin workspace (/appManagement): its tabs and badges, and every section's states (loading, empty, error
// with 'Try again', populated) and main actions, through the real route map against a stubbed /api.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findHeading, renderApp, uuid } from './shell-kit';
import { fakeApi } from './fake-api';
import { admin, now, page, counts, pathOf, click, fourStates } from './admin-workspace-kit';

afterEach(() => vi.unstubAllGlobals());

describe('the workspace frame', () => {
  it('opens on Users, names its sections, shows badge counts and sets the document title', async () => {
    fakeApi((c) => {
      if (pathOf(c) === '/admin/counts') return counts({ pendingAccessRequests: 3, unreadMessages: 1 });
      if (pathOf(c) === '/users') return page([]);
      return undefined;
    });
    const { router } = await renderApp('/appManagement', admin);
    await findHeading('App management');
    await waitFor(() => expect(router.state.location.pathname).toBe('/appManagement/users'));
    const tabs = within(screen.getByRole('navigation', { name: 'App management sections' }));
    for (const name of [
      'Users',
      'Access requests',
      'Publications',
      'Categories',
      'Health check',
      'Messages',
      'Export',
    ]) {
      expect(tabs.getByRole('link', { name })).toBeTruthy();
    }
    await waitFor(() =>
      expect(tabs.getByRole('link', { name: 'Access requests' }).getAttribute('aria-describedby')).toBeTruthy(),
    );
    const badge = document.getElementById(
      tabs.getByRole('link', { name: 'Access requests' }).getAttribute('aria-describedby')!,
    );
    expect(badge?.textContent).toBe('3 pending requests');
    expect(tabs.getByRole('link', { name: 'Messages' }).textContent).toBe('Messages1');
    expect(tabs.getByRole('link', { name: 'Publications' }).getAttribute('aria-describedby')).toBeNull();
    await waitFor(() => expect(tabs.getByRole('link', { name: 'Users' }).getAttribute('aria-current')).toBe('page'), {
      timeout: 3000,
    });
    await waitFor(() => expect(document.title).toBe('Users · App management · SO Portal'));
    const crumbs = within(screen.getByRole('navigation', { name: /breadcrumb/i }));
    expect(crumbs.getByRole('link', { name: 'App management' }).getAttribute('href')).toBe('/appManagement');
    expect(crumbs.getByText('Users')).toBeTruthy();
  });

  it('speaks German in German', async () => {
    localStorage.setItem('locale', 'de-DE');
    fakeApi((c) =>
      pathOf(c) === '/admin/counts'
        ? counts()
        : pathOf(c) === '/userContent/requests' || pathOf(c) === '/userContent/access'
          ? page([])
          : undefined,
    );
    await renderApp('/appManagement/access', admin);
    await findHeading('App-Verwaltung');
    const tabs = within(screen.getByRole('navigation', { name: 'Bereiche der App-Verwaltung' }));
    for (const name of [
      'Benutzer',
      'Zugriffsanfragen',
      'Veröffentlichungen',
      'Kategorien',
      'Systemprüfung',
      'Nachrichten',
    ]) {
      expect(tabs.getByRole('link', { name })).toBeTruthy();
    }
    await screen.findByText('Keine Anfragen.');
  });
});

describe('Users', () => {
  const other = {
    id: uuid(),
    name: 'owner-olga',
    email: 'olga@example.com',
    firstName: 'Olga',
    lastName: 'Owner',
    role: 'CLIENT',
    active: true,
  };

  it('loading, empty, error with retry, populated; filters go to the server', async () => {
    const { calls } = await fourStates(
      'users',
      '/users',
      [other],
      () => screen.findByRole('rowheader', { name: 'owner-olga' }),
      'No user matches the filter.',
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Role' }), { target: { value: 'CLIENT' } });
    await waitFor(() => expect(calls.some((c) => c.path.includes('role=CLIENT'))).toBe(true));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter users' }), { target: { value: 'olg' } });
    await waitFor(() => expect(calls.some((c) => c.path.includes('q=olg'))).toBe(true), { timeout: 2000 });
  });

  it('creates a user with the shared schema checks, and offers deactivation when delete is refused', async () => {
    let user = { ...other };
    const { calls } = fakeApi((c) => {
      if (pathOf(c) === '/admin/counts') return counts();
      if (pathOf(c) === '/users' && c.method === 'GET') return page([user]);
      if (pathOf(c) === '/users' && c.method === 'POST')
        return {
          code: 201,
          result: { id: uuid(), email: null, firstName: '', lastName: '', active: true, ...(c.body as object) },
        };
      if (c.path === `/users/${other.id}` && c.method === 'DELETE') {
        return {
          code: 409,
          message:
            'This user still owns channels, articles or news and cannot be deleted; deactivate the account instead',
          result: { issues: [{ path: [], code: 'owns_content', message: 'This user still owns content' }] },
        };
      }
      if (c.path === `/users/${other.id}` && c.method === 'PUT') {
        user = { ...user, ...(c.body as object) };
        return { code: 200, result: user };
      }
      return undefined;
    });
    await renderApp('/appManagement/users', admin);
    await screen.findByRole('rowheader', { name: 'owner-olga' });

    await click(screen.getByRole('button', { name: 'New user' }));
    const form = within(screen.getByRole('form', { name: 'New user' }));
    fireEvent.change(form.getByLabelText(/Username/), { target: { value: 'newbie' } });
    fireEvent.change(form.getByLabelText(/Password/), { target: { value: 'short' } });
    await click(form.getByRole('button', { name: 'Create user' }));
    expect(form.getByText('Please use at least 10 characters.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(form.getByLabelText(/Password/), { target: { value: 'long-enough-1' } });
    fireEvent.change(form.getByLabelText('Role'), { target: { value: 'CONTRIBUTOR' } });
    await click(form.getByRole('button', { name: 'Create user' }));
    await screen.findByText('newbie has been created.');
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      name: 'newbie',
      password: 'long-enough-1',
      role: 'CONTRIBUTOR',
      email: null,
    });

    await click(screen.getByRole('button', { name: 'Delete owner-olga' }));
    await click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete owner-olga' }));
    // The issue's own sentence (error.issue.ownsContent), not the server's English message.
    const refusal = await screen.findByText(
      'This account still owns channels, articles or news, so it cannot be deleted; deactivate it instead.',
    );
    expect(refusal.closest('[role="alertdialog"]')).toBeTruthy();
    await click(screen.getByRole('button', { name: 'Deactivate owner-olga instead' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ active: false }));
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'owner-olga is active' }).checked).toBe(false),
    );
  });
});

describe('Access requests', () => {
  const request = {
    id: uuid(),
    userId: uuid(),
    contentId: uuid(),
    contentType: 'article',
    status: 'PENDING',
    createdAt: now,
    userName: 'rita',
    contentTitle: 'Secret recipe',
  };
  const grant = {
    id: uuid(),
    userId: uuid(),
    contentId: uuid(),
    contentType: 'channel',
    createdAt: now,
    userName: 'rolf',
    contentTitle: 'Members only',
  };

  it('loading, empty, error with retry, populated', async () => {
    await fourStates(
      'access',
      '/userContent/requests',
      [request],
      () => screen.findByRole('link', { name: 'Secret recipe' }),
      'No requests.',
      ['/userContent/access'],
    );
    expect(screen.getByRole('link', { name: 'Secret recipe' }).getAttribute('href')).toBe(
      `/article/${request.contentId}`,
    );
  });

  it('allows a request and revokes a grant; the lists and badge follow', async () => {
    let pending = [request];
    let grants = [grant];
    const { calls } = fakeApi((c) => {
      if (pathOf(c) === '/admin/counts') return counts({ pendingAccessRequests: pending.length });
      if (pathOf(c) === '/userContent/requests') return page(pending);
      if (pathOf(c) === '/userContent/access') return page(grants);
      if (c.path === `/userContent/allow-request/${request.id}`) {
        pending = [];
        return { code: 200, result: { ...request, status: 'ALLOWED', userName: undefined, contentTitle: undefined } };
      }
      if (c.path === '/userContent/revoke-access-channel') {
        grants = [];
        return { code: 200, result: { userId: grant.userId, contentId: grant.contentId, revoked: true } };
      }
      return undefined;
    });
    await renderApp('/appManagement/access', admin);
    await click(await screen.findByRole('button', { name: 'Allow rita access to Secret recipe' }));
    await screen.findByText('rita may now read Secret recipe.');
    await screen.findByText('No requests.');
    expect(
      calls.filter((c) => c.path.startsWith('/userContent/requests')).every((c) => c.path.includes('status=PENDING')),
    ).toBe(true);

    await click(screen.getByRole('button', { name: "Revoke rolf's access to Members only" }));
    await click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Revoke' }));
    await screen.findByText('Nobody has been granted access.');
    expect(calls.find((c) => c.path === '/userContent/revoke-access-channel')?.body).toEqual({
      userId: grant.userId,
      contentId: grant.contentId,
    });
  });

  it('denies only after asking, with Cancel focused; Cancel sends nothing', async () => {
    let pending = [request];
    const { calls } = fakeApi((c) => {
      if (pathOf(c) === '/admin/counts') return counts({ pendingAccessRequests: pending.length });
      if (pathOf(c) === '/userContent/requests') return page(pending);
      if (pathOf(c) === '/userContent/access') return page([]);
      if (c.path === `/userContent/deny-request/${request.id}`) {
        pending = [];
        return { code: 200, result: { ...request, status: 'DENIED', userName: undefined, contentTitle: undefined } };
      }
      return undefined;
    });
    await renderApp('/appManagement/access', admin);
    const deny = await screen.findByRole('button', { name: 'Deny rita access to Secret recipe' });
    await click(deny);
    let dialog = screen.getByRole('alertdialog', { name: "Deny rita's request for Secret recipe?" });
    expect(within(dialog).getByText('They are told by e-mail, and may ask again.')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((c) => c.path.includes('deny-request'))).toBe(false);

    await click(screen.getByRole('button', { name: 'Deny rita access to Secret recipe' }));
    dialog = screen.getByRole('alertdialog');
    await click(within(dialog).getByRole('button', { name: 'Deny' }));
    await screen.findByText("rita's request for Secret recipe has been denied.");
    await screen.findByText('No requests.');
    expect(calls.filter((c) => c.path === `/userContent/deny-request/${request.id}`)).toHaveLength(1);
  });
});

describe('Publications', () => {
  const request = {
    id: uuid(),
    userId: uuid(),
    contentId: uuid(),
    status: 'PENDING',
    type: 'channel',
    expirationDate: null,
    createdAt: now,
    updatedAt: now,
    userName: 'eddie',
    contentTitle: 'Travel channel',
  };

  it('loading, empty, error with retry, populated', async () => {
    await fourStates(
      'publications',
      '/publications/requests',
      [request],
      () => screen.findByRole('link', { name: 'Travel channel' }),
      'No publication requests.',
    );
  });

  it('sets an expiry from the local date-time field as UTC, approves, and filters on "expires within 7 days"', async () => {
    let current = { ...request };
    const { calls } = fakeApi((c) => {
      if (pathOf(c) === '/admin/counts') return counts({ pendingPublications: 1 });
      if (pathOf(c) === '/publications/requests') return page([current]);
      if (c.path === '/publications/update-expiration') {
        current = { ...current, expirationDate: (c.body as { expirationDate: string }).expirationDate as never };
        return { code: 200, result: current };
      }
      if (c.path === '/publications/update-status') {
        current = { ...current, status: (c.body as { status: string }).status };
        return { code: 200, result: current };
      }
      return undefined;
    });
    await renderApp('/appManagement/publications', admin);
    await click(await screen.findByRole('button', { name: 'Set expiry of Travel channel' }));
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const field = screen.getByLabelText(`Expires at (time zone ${zone})`);
    fireEvent.change(field, { target: { value: '2031-05-06T09:30' } });
    await click(screen.getByRole('button', { name: 'Save expiry' }));
    await screen.findByText('The expiry of Travel channel has been set.');
    expect(calls.find((c) => c.path === '/publications/update-expiration')?.body).toEqual({
      id: request.id,
      expirationDate: new Date('2031-05-06T09:30').toISOString(),
    });
    await click(screen.getByRole('button', { name: 'Approve Travel channel' }));
    await screen.findByText('Travel channel is published.');
    expect(calls.find((c) => c.path === '/publications/update-status')?.body).toEqual({
      id: request.id,
      status: 'APPROVED',
    });

    fireEvent.click(screen.getByRole('checkbox', { name: 'Expires within 7 days' }));
    await waitFor(() => expect(calls.some((c) => c.path.includes('expiresWithinDays=7'))).toBe(true));
  });
});
