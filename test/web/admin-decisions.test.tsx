// The admin's one-click decisions say what they did, and the category tree's forms take the focus (issue 27 §6.6,
// §6.7): Approve names a publication that waits for its wished start as approved and online from then, not as
// published; Add sub-category moves the focus into the form it opens (below the fold on a phone), and back to the
// button when it closes.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminCounts, publicationRequest } from '#schema/entities';
import { answer, fakeApi, type ApiCall } from './fake-api';
import { renderApp, userOf, uuid } from './shell-kit';

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

describe('Approve', { timeout: 30_000 }, () => {
  const request = {
    id: uuid(),
    userId: editor.id,
    contentId: uuid(),
    status: 'PENDING' as const,
    type: 'article' as const,
    expirationDate: null,
    createdAt: now,
    updatedAt: now,
  };
  function publications(publishAt: string | null) {
    let current = { ...request, publishAt, userName: editor.name, contentTitle: 'Alpine lakes' };
    return fakeApi((c) => {
      if (pathOf(c) === '/admin/counts') return counts();
      if (pathOf(c) === '/publications/requests') return page([current]);
      if (c.path === '/publications/update-status') {
        current = { ...current, status: 'APPROVED' as never };
        return answer(publicationRequest, { ...request, publishAt, status: 'APPROVED' });
      }
      return undefined;
    });
  }

  it('of a request without a start says the item is published', async () => {
    publications(null);
    await renderApp('/appManagement/publications', admin);
    await click(await screen.findByRole('button', { name: 'Approve Alpine lakes' }, { timeout: 5000 }));
    await screen.findByText('Alpine lakes is published.');
  });

  it('of a request with a start ahead says it is approved and when it goes online', async () => {
    const start = new Date(Date.now() + 3 * 86_400_000);
    start.setUTCSeconds(0, 0);
    publications(start.toISOString());
    await renderApp('/appManagement/publications', admin);
    await click(await screen.findByRole('button', { name: 'Approve Alpine lakes' }, { timeout: 5000 }));
    const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(start);
    await screen.findByText(`Alpine lakes is approved and goes online on ${date}.`);
    expect(screen.queryByText('Alpine lakes is published.')).toBeNull();
  });
});

describe('Add sub-category', { timeout: 30_000 }, () => {
  const travel = { id: uuid(), parentId: null, title: 'Travel', imageHref: null, slug: 'travel', ordinal: 0 };
  const food = { id: uuid(), parentId: null, title: 'Food', imageHref: null, slug: 'food', ordinal: 1 };

  it('moves the focus to the new form’s first field, and back to the button on Cancel', async () => {
    fakeApi((c) => {
      if (pathOf(c) === '/admin/counts') return counts();
      if (pathOf(c) === '/categories' && c.method === 'GET') return { code: 200, result: [travel, food] };
      return undefined;
    });
    await renderApp('/appManagement/categories', admin);
    const add = await screen.findByRole('button', { name: 'Add sub-category to Travel' }, { timeout: 5000 });
    add.focus();
    await click(add);
    const form = screen.getByRole('form', { name: 'New category in Travel' });
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText(/^Title/)));

    await click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'New category in Travel' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(add));
  });

  it('the new top-level category’s form takes the focus too', async () => {
    fakeApi((c) => {
      if (pathOf(c) === '/admin/counts') return counts();
      if (pathOf(c) === '/categories' && c.method === 'GET') return { code: 200, result: [travel] };
      return undefined;
    });
    await renderApp('/appManagement/categories', admin);
    await click(await screen.findByRole('button', { name: 'New top-level category' }));
    const form = screen.getByRole('form', { name: 'New top-level category' });
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText(/^Title/)));
  });
});
