// The admin workspace (/appManagement): its tabs and badges, and every section's states (loading, empty, error
// with 'Try again', populated) and main actions, through the real route map against a stubbed /api.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearQueries } from '#web/data/cache';
import { renderApp, uuid } from './shell-kit';
import { fakeApi } from './fake-api';
import {
  admin,
  now,
  page,
  counts,
  pathOf,
  never,
  unavailable,
  SERVER_FAILED,
  click,
  fourStates,
  NOTHING_ELSE,
} from './admin-workspace-kit';

afterEach(() => vi.unstubAllGlobals());
/** What a 409 without issues reads as (error.conflict). */
const CONFLICT = 'This is not possible in its current state; it may have changed meanwhile. Please reload and check.';

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
