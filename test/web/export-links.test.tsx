// "Export my content" on the editor workspace's account page and "Export everything" in App management: each a pair
// of download links to GET /api/export (own content / everyone's, the records alone or with the files), through the
// real route map against a stubbed /api.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminCounts } from '#schema/entities';
import { answer, fakeApi, type ApiCall } from './fake-api';
import { findHeading, renderApp, userOf } from './shell-kit';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const pathOf = (c: ApiCall) => c.path.split('?')[0];

/** The link's address and whether it downloads (a download keeps the streamed archive out of the page). */
const target = (link: HTMLElement) => ({ href: link.getAttribute('href'), download: link.hasAttribute('download') });

describe('export links', () => {
  it("offers an editor their own content on the account page, with and without the files, and nobody else's", async () => {
    const user = userOf('CONTRIBUTOR');
    const account = { ...user, email: null, firstName: 'Cora', lastName: 'Contributor', active: true };
    const { calls } = fakeApi((c) => {
      if (c.path === `/users/${user.id}` && c.method === 'GET') return { code: 200, result: account };
      if (c.path === '/sessions') return { code: 200, result: [] };
      return undefined;
    });
    await renderApp('/myaccount', user);
    await findHeading('My account');
    const section = (await screen.findByRole('heading', { name: 'Export my content' })).closest('section')!;
    expect(within(section).getByText(/drafts and restricted text included/)).toBeTruthy();
    expect(target(within(section).getByRole('link', { name: 'Export my content' }))).toEqual({
      href: '/api/export',
      download: true,
    });
    expect(target(within(section).getByRole('link', { name: 'Export with pictures and videos' }))).toEqual({
      href: '/api/export?media=include',
      download: true,
    });
    expect(within(section).queryByRole('link', { name: /everything/i })).toBeNull();
    // The page does not fetch the archive itself: the browser does, when the link is followed.
    expect(calls.some((c) => pathOf(c) === '/export')).toBe(false);
  });

  it('offers ADMIN everything under App management › Export, and names the section in the tabs', async () => {
    const admin = userOf('ADMIN');
    fakeApi((c) =>
      pathOf(c) === '/admin/counts'
        ? answer(adminCounts, { pendingAccessRequests: 0, pendingPublications: 0, unreadMessages: 0 })
        : undefined,
    );
    await renderApp('/appManagement/export', admin);
    await findHeading('App management');
    const section = (await screen.findByRole('heading', { name: 'Export', level: 2 })).closest('section')!;
    expect(within(section).getByText(/every editor, drafts and restricted text included/)).toBeTruthy();
    expect(target(within(section).getByRole('link', { name: 'Export everything' }))).toEqual({
      href: '/api/export?scope=all',
      download: true,
    });
    expect(target(within(section).getByRole('link', { name: 'Export everything with pictures and videos' }))).toEqual({
      href: '/api/export?scope=all&media=include',
      download: true,
    });
    const tabs = within(screen.getByRole('navigation', { name: 'App management sections' }));
    expect(tabs.getByRole('link', { name: 'Export' }).getAttribute('aria-current')).toBe('page');
    expect(document.title).toMatch(/^Export · /);
  });
});
