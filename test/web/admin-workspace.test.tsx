// The admin workspace (/appManagement): its tabs and badges, and every section's states (loading, empty, error
// with 'Try again', populated) and main actions, through the real route map against a stubbed /api.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearQueries } from '#web/data/cache';
import { findHeading, renderApp, userOf, uuid } from './shell-kit';
import { adminCounts } from '#schema/entities';
import { answer, fakeApi, type ApiAnswer, type ApiCall } from './fake-api';

afterEach(() => vi.unstubAllGlobals());

const admin = userOf('ADMIN');
const now = new Date().toISOString();
const page = (items: unknown[], nextCursor: string | null = null) => ({ code: 200, result: { items, nextCursor } });
const counts = (c: Partial<Record<'pendingAccessRequests' | 'pendingPublications' | 'unreadMessages', number>> = {}) =>
  answer(adminCounts, { pendingAccessRequests: 0, pendingPublications: 0, unreadMessages: 0, ...c });
const pathOf = (c: ApiCall) => c.path.split('?')[0];
const never = () => new Promise<ApiAnswer>(() => {});
const unavailable: ApiAnswer = { code: 503, message: 'Service unavailable' };
/** What a 5xx reads as (web/i18n/en-US.json error.server): never the server's own English message. */
const SERVER_FAILED = 'The portal could not do this just now. Please try again in a moment.';
/** What a 409 without issues reads as (error.conflict). */
const CONFLICT = 'This is not possible in its current state; it may have changed meanwhile. Please reload and check.';

const click = (el: HTMLElement) =>
  act(async () => {
    fireEvent.click(el);
  });

/** The list of one section in its four states: the `list` path answers with `answers` in turn. */
async function fourStates(
  section: string,
  path: string,
  populated: unknown[],
  expectRow: () => Promise<unknown>,
  emptyText: string,
  others: string[] = [],
) {
  // The users section lists every user's API tokens below its table (web/routes/appManagement/users/api-tokens.tsx).
  const other = (c: ApiCall) =>
    pathOf(c) === '/admin/counts'
      ? counts()
      : pathOf(c) === '/tokens/all'
        ? { code: 200, result: [] }
        : others.includes(pathOf(c)!)
          ? page([])
          : undefined;
  // loading: no answer yet
  let stub = fakeApi((c) => (pathOf(c) === path ? never() : other(c)));
  let view = await renderApp(`/appManagement/${section}`, admin);
  expect((await screen.findByText('Loading…', { selector: '.view-loading' })).getAttribute('role')).toBe('status');
  view.unmount();
  vi.unstubAllGlobals();
  await act(clearQueries);

  // empty
  stub = fakeApi((c) => (pathOf(c) === path ? page([]) : other(c)));
  view = await renderApp(`/appManagement/${section}`, admin);
  await screen.findByText(emptyText);
  view.unmount();
  vi.unstubAllGlobals();
  await act(clearQueries);

  // error, then 'Try again' brings the rows
  let fail = true;
  stub = fakeApi((c) => (pathOf(c) === path ? (fail ? unavailable : page(populated)) : other(c)));
  await renderApp(`/appManagement/${section}`, admin);
  expect((await screen.findByRole('alert')).textContent).toBe(SERVER_FAILED);
  fail = false;
  await click(screen.getByRole('button', { name: 'Try again' }));
  await expectRow();
  return stub;
}

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

describe('Categories', () => {
  const root = { id: uuid(), parentId: null, title: 'Travel', imageHref: null, slug: 'travel', ordinal: 0 };
  const child = { id: uuid(), parentId: root.id, title: 'Alps', imageHref: null, slug: 'alps', ordinal: 0 };
  const sibling = { id: uuid(), parentId: root.id, title: 'Coasts', imageHref: null, slug: 'coasts', ordinal: 1 };

  it('loading, error with retry, populated as a tree', async () => {
    fakeApi((c) => (pathOf(c) === '/categories' ? never() : pathOf(c) === '/admin/counts' ? counts() : undefined));
    const loading = await renderApp('/appManagement/categories', admin);
    await screen.findByText('Loading…', { selector: '.view-loading' });
    loading.unmount();
    vi.unstubAllGlobals();
    await act(clearQueries);
    let fail = true;
    fakeApi((c) =>
      pathOf(c) === '/categories'
        ? fail
          ? unavailable
          : { code: 200, result: [root, child, sibling] }
        : pathOf(c) === '/admin/counts'
          ? counts()
          : undefined,
    );
    await renderApp('/appManagement/categories', admin);
    expect((await screen.findByRole('alert')).textContent).toBe(SERVER_FAILED);
    fail = false;
    await click(screen.getByRole('button', { name: 'Try again' }));
    const travel = (await screen.findByRole('link', { name: 'Travel' })).closest('li')!;
    expect(within(travel).getByRole('link', { name: 'Alps' })).toBeTruthy();
    expect(
      within(travel)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('a')?.textContent),
    ).toEqual(['Alps', 'Coasts']);
  });

  it('shows the empty tree', async () => {
    fakeApi((c) =>
      pathOf(c) === '/categories' ? { code: 200, result: [] } : pathOf(c) === '/admin/counts' ? counts() : undefined,
    );
    await renderApp('/appManagement/categories', admin);
    await screen.findByText('There are no categories yet.');
  });

  it('moves a category under another parent, shows a refused move and a refused delete as a conflict', async () => {
    const { calls } = fakeApi((c) => {
      if (pathOf(c) === '/admin/counts') return counts();
      if (pathOf(c) === '/categories' && c.method === 'GET') return { code: 200, result: [root, child, sibling] };
      if (c.path === `/categories/${child.id}` && c.method === 'PUT')
        return { code: 409, message: 'A category cannot move inside its own sub-categories' };
      if (c.path === `/categories/${sibling.id}` && c.method === 'PUT')
        return { code: 200, result: { ...sibling, ...(c.body as object) } };
      if (pathOf(c) === `/categories/${root.id}` && c.method === 'DELETE') {
        return {
          code: 409,
          message: 'The category still has 1 article; move or unlink them before deleting it',
        };
      }
      return undefined;
    });
    await renderApp('/appManagement/categories', admin);
    // Travel's own sub-tree is not offered as its parent.
    await click(await screen.findByRole('button', { name: 'Edit Travel' }));
    let form = within(screen.getByRole('form', { name: 'Edit Travel' }));
    expect(
      within(form.getByLabelText('Parent category'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None (top level)']);
    await click(form.getByRole('button', { name: 'Cancel' }));
    // A move the API refuses (the tree changed meanwhile) says so by its status (error.conflict), not in the API's words.
    await click(screen.getByRole('button', { name: 'Edit Alps' }));
    form = within(screen.getByRole('form', { name: 'Edit Alps' }));
    fireEvent.change(form.getByLabelText('Parent category'), { target: { value: sibling.id } });
    await click(form.getByRole('button', { name: 'Save' }));
    expect((await form.findByText(CONFLICT)).closest('[role="alert"]')).toBeTruthy();
    expect(form.queryByText(/cannot move inside its own sub-categories/)).toBeNull();
    await click(form.getByRole('button', { name: 'Cancel' }));

    await click(screen.getByRole('button', { name: 'Edit Coasts' }));
    form = within(screen.getByRole('form', { name: 'Edit Coasts' }));
    fireEvent.change(form.getByLabelText('Parent category'), { target: { value: '' } });
    fireEvent.change(form.getByLabelText(/Slug/), { target: { value: 'sea-coasts' } });
    await click(form.getByRole('button', { name: 'Save' }));
    await screen.findByText('Coasts has been saved.');
    expect(calls.find((c) => c.path === `/categories/${sibling.id}`)?.body).toEqual({
      title: 'Coasts',
      slug: 'sea-coasts',
      parentId: null,
    });

    await click(screen.getByRole('button', { name: 'Delete Travel' }));
    const asked = within(screen.getByRole('alertdialog'));
    await click(asked.getByRole('button', { name: 'Move 2 sub-categories up and delete Travel' }));
    expect(await asked.findByText(CONFLICT)).toBeTruthy();
    expect(asked.queryByText(/still has 1 article/)).toBeNull();
  });

  it('reorders siblings with the keyboard: Space, arrow down, Space', async () => {
    const { calls } = fakeApi((c) => {
      if (pathOf(c) === '/admin/counts') return counts();
      if (pathOf(c) === '/categories' && c.method === 'GET') return { code: 200, result: [root, child, sibling] };
      if (c.path === `/categories/${child.id}/position`)
        return {
          code: 200,
          result: [
            { ...sibling, ordinal: 0 },
            { ...child, ordinal: 1 },
          ],
        };
      return undefined;
    });
    await renderApp('/appManagement/categories', admin);
    const handle = await screen.findByRole('button', { name: 'Reorder Alps' });
    // happy-dom has no layout: give the two sibling rows boxes, so the keyboard sensor can tell which is next.
    const boxes = new Map([
      [child.id, 0],
      [sibling.id, 50],
    ]);
    for (const li of document.querySelectorAll('li')) {
      const link = li.querySelector('a');
      const cat = [child, sibling].find((c) => c.title === link?.textContent);
      if (cat)
        li.getBoundingClientRect = () => ({
          x: 0,
          y: boxes.get(cat.id)!,
          top: boxes.get(cat.id)!,
          left: 0,
          width: 300,
          height: 40,
          bottom: boxes.get(cat.id)! + 40,
          right: 300,
          toJSON: () => ({}),
        });
    }
    handle.focus();
    // dnd-kit listens for the moves on the document from the next tick after the pick-up.
    const tick = () => act(() => new Promise((r) => setTimeout(r, 10)));
    await act(async () => fireEvent.keyDown(handle, { code: 'Space', key: ' ' }));
    await tick();
    await act(async () => fireEvent.keyDown(document, { code: 'ArrowDown', key: 'ArrowDown' }));
    await tick();
    await act(async () => fireEvent.keyDown(document, { code: 'Space', key: ' ' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === `/categories/${child.id}/position`)?.body).toEqual({ index: 1 }),
    );
  });
});

/** A report's findings besides missing articles, when there are none. */
const NOTHING_ELSE = { categoryCycles: [], unreferencedFiles: 0, unfinishedUploads: 0 };

describe('Health check', () => {
  it('runs, shows the missing references, fixes after confirmation and shows what was fixed; a failure offers retry', async () => {
    let fail = true;
    const missing = [uuid(), uuid()];
    const { calls } = fakeApi((c) => {
      if (pathOf(c) === '/admin/counts') return counts();
      if (c.path === '/healthCheck')
        return fail
          ? unavailable
          : {
              code: 200,
              result: {
                message:
                  '2 missing articles are still referenced: 2 in channel article lists, 0 in news, 0 in category links',
                missingArticles: missing,
                ...NOTHING_ELSE,
              },
            };
      if (c.path === '/healthCheck/fix')
        return {
          code: 200,
          result: {
            message:
              'Removed references to 2 missing articles: 2 in channel article lists, 0 in news, 0 in category links',
            missingArticles: missing,
            ...NOTHING_ELSE,
          },
        };
      return undefined;
    });
    await renderApp('/appManagement/health', admin);
    await click(await screen.findByRole('button', { name: 'Run health check' }));
    expect((await screen.findByRole('alert')).textContent).toBe(SERVER_FAILED);
    fail = false;
    await click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText(/2 missing articles are still referenced/);
    expect(screen.getByText(missing[0]!)).toBeTruthy();
    await click(screen.getByRole('button', { name: 'Fix' }));
    expect(calls.some((c) => c.path === '/healthCheck/fix')).toBe(false);
    await click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Fix what was found' }));
    await screen.findByText('Fixed.');
    expect(screen.getByText(/Removed references to 2 missing articles/)).toBeTruthy();
  });

  it('says when everything is intact (nothing to fix)', async () => {
    fakeApi((c) =>
      c.path === '/healthCheck'
        ? {
            code: 200,
            result: { message: 'All article references are intact', missingArticles: [], ...NOTHING_ELSE },
          }
        : pathOf(c) === '/admin/counts'
          ? counts()
          : undefined,
    );
    await renderApp('/appManagement/health', admin);
    await click(await screen.findByRole('button', { name: 'Run health check' }));
    await screen.findByText('All article references are intact');
    expect(screen.queryByRole('button', { name: 'Fix' })).toBeNull();
  });
});

describe('Health check: cycles and files', () => {
  it('offers the fix when only category cycles or unreferenced files are found', async () => {
    const { calls } = fakeApi((c) => {
      if (pathOf(c) === '/admin/counts') return counts();
      if (c.path === '/healthCheck')
        return {
          code: 200,
          result: {
            message: 'All article references are intact; 2 categories are on a cycle of parents',
            missingArticles: [],
            categoryCycles: [uuid(), uuid()],
            unreferencedFiles: 0,
            unfinishedUploads: 0,
          },
        };
      if (c.path === '/healthCheck/fix')
        return {
          code: 200,
          result: {
            message: 'Moved 1 category to the top level to break a cycle of parents',
            missingArticles: [],
            ...NOTHING_ELSE,
          },
        };
      return undefined;
    });
    await renderApp('/appManagement/health', admin);
    await click(await screen.findByRole('button', { name: 'Run health check' }));
    await screen.findByText(/2 categories are on a cycle of parents/);
    await click(screen.getByRole('button', { name: 'Fix' }));
    const dialog = within(screen.getByRole('alertdialog'));
    expect(dialog.getByText(/Break the cycles of categories/)).toBeTruthy();
    await click(dialog.getByRole('button', { name: 'Fix what was found' }));
    await screen.findByText('Fixed.');
    expect(calls.some((c) => c.path === '/healthCheck/fix')).toBe(true);
  });
});

describe('Messages', () => {
  const message = {
    id: uuid(),
    kind: 'orderChannel',
    name: 'Vera Visitor',
    email: 'vera@example.com',
    message: 'I would like a channel.',
    channelName: 'Vera cooks',
    purpose: 'Recipes',
    createdAt: now,
    readAt: null,
    handledAt: null,
  };

  it('loading, empty, error with retry, populated', async () => {
    await fourStates(
      'messages',
      '/contact/messages',
      [message],
      () => screen.findByRole('rowheader', { name: /Vera Visitor/ }),
      'No messages.',
    );
  });

  it('opens a message (marks it read), marks it handled; the badge follows', async () => {
    let current: Record<string, unknown> = { ...message };
    const { calls } = fakeApi((c) => {
      if (pathOf(c) === '/admin/counts') return counts({ unreadMessages: current.readAt ? 0 : 1 });
      if (pathOf(c) === '/contact/messages')
        return page(c.path.includes('status=open') && current.handledAt ? [] : [current]);
      if (c.path === `/contact/messages/${message.id}`) {
        const change = c.body as { read?: boolean; handled?: boolean };
        current = {
          ...current,
          ...(change.read ? { readAt: now } : {}),
          ...(change.handled ? { handledAt: now, readAt: now } : {}),
        };
        return { code: 200, result: current };
      }
      return undefined;
    });
    await renderApp('/appManagement/messages', admin);
    const tabs = within(screen.getByRole('navigation', { name: 'App management sections' }));
    await waitFor(() => expect(tabs.getByRole('link', { name: 'Messages' }).textContent).toBe('Messages1'));
    expect(screen.getByRole('rowheader', { name: 'Vera Visitor (unread)' })).toBeTruthy();
    await click(screen.getByRole('button', { name: 'Read the message from Vera Visitor' }));
    const detail = within(screen.getByRole('region', { name: 'Message from Vera Visitor' }));
    expect(detail.getByText('I would like a channel.')).toBeTruthy();
    expect(detail.getByText('Vera cooks')).toBeTruthy();
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ read: true }));
    await waitFor(() => expect(tabs.getByRole('link', { name: 'Messages' }).textContent).toBe('Messages'));
    await click(detail.getByRole('button', { name: 'Mark handled' }));
    await screen.findByText('The message from Vera Visitor is handled.');
    await screen.findByText('No messages.');
  });
});
