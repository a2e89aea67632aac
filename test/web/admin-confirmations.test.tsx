// The admin's decisions that ask first, through the real route map against a stubbed /api (issue 22, 13-16):
// rejecting a publication with a reason the editor then sees, role changes and deactivation, and the category
// admin's delete, parent picker, rename and labels.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminCounts } from '#schema/entities';
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
const valueOf = (select: HTMLElement) => (select as unknown as { value: string }).value;

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

  it('keeps the dialog open with the refusal', async () => {
    fakeApi((c) => {
      if (pathOf(c) === '/admin/counts') return counts();
      if (pathOf(c) === '/publications/requests') return page([request]);
      if (c.path === '/publications/update-status')
        return {
          code: 400,
          message: 'A request that is REJECTED cannot become REJECTED',
          result: { issues: [] },
        };
      return undefined;
    });
    await renderApp('/appManagement/publications', admin);
    await click(await screen.findByRole('button', { name: 'Reject Alpine lakes' }));
    await click(dialog().getByRole('button', { name: 'Reject Alpine lakes' }));
    // The refusal's sentence by its status (error.badRequest), inside the dialog; never the server's English.
    expect(await dialog().findByText('The portal could not accept this. Please check what you entered.')).toBeTruthy();
    expect(dialog().queryByText(/cannot become REJECTED/)).toBeNull();
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
    const role = await screen.findByRole('combobox', { name: 'Role of olga' });
    await act(async () => fireEvent.change(role, { target: { value: 'ADMIN' } }));
    const asked = screen.getByRole('alertdialog', { name: 'Make olga an Administrator?' });
    expect(asked.textContent).toContain('Administrators can change every account');
    expect(document.activeElement).toBe(within(asked).getByRole('button', { name: 'Cancel' }));
    await click(within(asked).getByRole('button', { name: 'Cancel' }));
    expect(puts(calls)).toEqual([]);
    expect(valueOf(role)).toBe('CONTRIBUTOR');

    await act(async () => fireEvent.change(role, { target: { value: 'ADMIN' } }));
    await click(dialog().getByRole('button', { name: 'Make olga Administrator' }));
    await screen.findByText('olga has been updated.');
    expect(puts(calls)).toEqual([{ role: 'ADMIN' }]);
    await waitFor(() => expect(valueOf(role)).toBe('ADMIN'));
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

describe('Category admin', () => {
  const travel = { id: uuid(), parentId: null, title: 'Travel', imageHref: null, slug: 'travel', ordinal: 0 };
  const alps = { id: uuid(), parentId: travel.id, title: 'Alps', imageHref: null, slug: 'alps', ordinal: 0 };
  const coasts = { id: uuid(), parentId: travel.id, title: 'Coasts', imageHref: null, slug: 'coasts', ordinal: 1 };
  const food = { id: uuid(), parentId: null, title: 'Food', imageHref: null, slug: 'food', ordinal: 1 };
  // The API answers the flat list in no particular order; the picker shows the tree.
  const all = [coasts, food, alps, travel];

  function categories(list = all) {
    return fakeApi((c) => {
      if (pathOf(c) === '/admin/counts') return counts();
      if (pathOf(c) === '/categories' && c.method === 'GET') return { code: 200, result: list };
      if (c.method === 'DELETE') return { code: 200, result: null };
      if (c.method === 'PUT') {
        const before = all.find((k) => c.path === `/categories/${k.id}`)!;
        return { code: 200, result: { ...before, ...(c.body as object) } };
      }
      return undefined;
    });
  }

  it('deleting a category with sub-categories says so and moves them up in the same call', async () => {
    const { calls } = categories();
    await renderApp('/appManagement/categories', admin);
    await click(await screen.findByRole('button', { name: 'Delete Travel' }));
    const asked = screen.getByRole('alertdialog', { name: 'Delete the category Travel?' });
    expect(asked.textContent).toContain(
      'Travel has 2 sub-categories: Alps and Coasts. They move up to the top level, with everything in them.',
    );
    expect(document.activeElement).toBe(within(asked).getByRole('button', { name: 'Cancel' }));
    await click(within(asked).getByRole('button', { name: 'Move 2 sub-categories up and delete Travel' }));
    await screen.findByText('Travel has been deleted.');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      `/categories/${travel.id}?children=moveUp`,
    ]);

    await click(screen.getByRole('button', { name: 'Delete Alps' }));
    expect(screen.getByRole('alertdialog', { name: 'Delete the category Alps?' }).textContent).not.toContain(
      'sub-categor',
    );
    await click(dialog().getByRole('button', { name: 'Delete Alps' }));
    await screen.findByText('Alps has been deleted.');
    expect(calls.filter((c) => c.method === 'DELETE').at(-1)?.path).toBe(`/categories/${alps.id}`);
  });

  it('names the parent the sub-categories move into', async () => {
    const peaks = { ...food, id: uuid(), parentId: alps.id, title: 'Peaks', slug: 'peaks', ordinal: 0 };
    categories([...all, peaks]);
    await renderApp('/appManagement/categories', admin);
    await click(await screen.findByRole('button', { name: 'Delete Alps' }));
    expect(screen.getByRole('alertdialog').textContent).toContain(
      'Alps has a sub-category: Peaks. It moves up into Travel, with everything in it.',
    );
    expect(dialog().getByRole('button', { name: 'Move the sub-category up and delete Alps' })).toBeTruthy();
  });

  it('the parent picker shows the tree in order, indented, without the category’s own sub-tree', async () => {
    categories();
    await renderApp('/appManagement/categories', admin);
    await click(await screen.findByRole('button', { name: 'Edit Food' }));
    const picker = within(screen.getByRole('form', { name: 'Edit Food' })).getByLabelText('Parent category');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None (top level)', 'Travel', '\u00a0\u00a0\u00a0– Alps', '\u00a0\u00a0\u00a0– Coasts']);
  });

  it('renaming offers the new title’s address; the old one keeps leading there', async () => {
    const { calls } = categories();
    await renderApp('/appManagement/categories', admin);
    await click(await screen.findByRole('button', { name: 'Edit Coasts' }));
    const form = within(screen.getByRole('form', { name: 'Edit Coasts' }));
    expect(form.queryByRole('checkbox')).toBeNull();
    fireEvent.change(form.getByLabelText(/Title/), { target: { value: 'Sea coasts' } });
    const offer = form.getByRole<HTMLInputElement>('checkbox', {
      name: 'Change the address to /category/sea-coasts too',
    });
    expect(offer.checked).toBe(false);
    expect(form.getByText('The old address /category/coasts keeps leading to this category.')).toBeTruthy();
    await click(offer);
    await click(form.getByRole('button', { name: 'Save' }));
    await screen.findByText('Sea coasts has been saved.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      title: 'Sea coasts',
      slug: 'sea-coasts',
      parentId: travel.id,
    });
  });

  it('renaming without taking the offer keeps the address', async () => {
    const { calls } = categories();
    await renderApp('/appManagement/categories', admin);
    await click(await screen.findByRole('button', { name: 'Edit Coasts' }));
    const form = within(screen.getByRole('form', { name: 'Edit Coasts' }));
    fireEvent.change(form.getByLabelText(/Title/), { target: { value: 'Sea coasts' } });
    await click(form.getByRole('button', { name: 'Save' }));
    await screen.findByText('Sea coasts has been saved.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ title: 'Sea coasts', slug: 'coasts' });
  });
});

describe('Label in name (WCAG 2.5.3)', () => {
  const travel = { id: uuid(), parentId: null, title: 'Travel', imageHref: null, slug: 'travel', ordinal: 0 };
  const alps = { id: uuid(), parentId: travel.id, title: 'Alps', imageHref: null, slug: 'alps', ordinal: 0 };
  const pending = {
    id: uuid(),
    userId: editor.id,
    contentId: uuid(),
    status: 'APPROVED',
    type: 'channel',
    expirationDate: now,
    createdAt: now,
    updatedAt: now,
    userName: editor.name,
    contentTitle: 'Travel channel',
  };
  const user = { id: uuid(), name: 'olga', email: null, firstName: '', lastName: '', role: 'CLIENT', active: true };

  /** Controls named by aria-label whose name does not contain the text they show. */
  const mismatches = () =>
    [...document.querySelectorAll<HTMLElement>('button[aria-label], a[aria-label], select[aria-label]')].flatMap(
      (el) => {
        if (el instanceof HTMLSelectElement) return [];
        const visible = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
        const name = el.getAttribute('aria-label')!;
        return /\p{L}/u.test(visible) && !name.toLowerCase().includes(visible.toLowerCase())
          ? [`"${visible}" is named "${name}"`]
          : [];
      },
    );

  it.each([
    ['en-US', 'categories', 'Add sub-category to Travel'],
    ['de-DE', 'categories', 'Unterkategorie anlegen in Travel'],
    ['en-US', 'publications', 'Clear expiry of Travel channel'],
    ['de-DE', 'publications', 'Ablauf entfernen für Travel channel'],
    ['en-US', 'users', 'Delete olga'],
    ['de-DE', 'users', 'olga löschen'],
  ])('%s %s: every button’s accessible name contains its visible text', async (locale, section, sample) => {
    localStorage.setItem('locale', locale);
    fakeApi((c) => {
      if (pathOf(c) === '/admin/counts') return counts();
      if (pathOf(c) === '/categories') return { code: 200, result: [travel, alps] };
      if (pathOf(c) === '/publications/requests') return page([pending]);
      if (pathOf(c) === '/users') return page([user]);
      return undefined;
    });
    await renderApp(`/appManagement/${section}`, admin);
    await screen.findByRole('button', { name: sample });
    expect(mismatches()).toEqual([]);
  });
});
