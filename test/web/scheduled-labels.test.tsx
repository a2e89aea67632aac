// "Scheduled for {date}" (decision 030): the workspace's article, channel and news lists, its publications list and
// the admin's publications list name a start that lies ahead, with date and time in the viewer's time zone.
import { screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminCounts } from '#schema/entities';
import type { WorkspaceArticle, WorkspaceChannel, WorkspaceNewsItem } from '#schema/workspace';
import { workspaceArticle } from './content-fixtures';
import { answer, fakeApi, type ApiCall } from './fake-api';
import { findHeading, renderApp, userOf, uuid } from './shell-kit';

const NOW = '2026-03-01T10:00:00.000Z';
// 10:00 UTC: 15:30 in Kolkata (UTC+5:30 all year), 06:00 in New York (summer time).
const START = '2030-06-01T10:00:00.000Z';
const editor = userOf('CLIENT');
const page = <T,>(items: T[]) => ({ code: 200, result: { items, nextCursor: null } });
const pathOf = (c: ApiCall) => c.path.split('?')[0];

const zone = process.env.TZ;
const inZone = (tz: string) => {
  process.env.TZ = tz;
};
beforeAll(() => inZone('Asia/Kolkata'));
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});
afterEach(() => vi.unstubAllGlobals());

const scheduled = { id: uuid(), status: 'APPROVED' as const, expirationDate: null, publishAt: START, createdAt: NOW };
const articleRow = (over: Partial<WorkspaceArticle> = {}): WorkspaceArticle =>
  workspaceArticle(editor, NOW, { slug: 'tide-tables', title: 'Tide tables', publication: scheduled, ...over });
const request = (over: Record<string, unknown> = {}) => ({
  id: uuid(),
  userId: editor.id,
  contentId: uuid(),
  status: 'APPROVED',
  type: 'article',
  expirationDate: null,
  publishAt: START,
  createdAt: NOW,
  updatedAt: NOW,
  userName: editor.name,
  contentTitle: 'Tide tables',
  ...over,
});

describe('Scheduled for {date}', () => {
  it("the workspace's articles list, in the viewer's time zone; a start that has passed is not named", async () => {
    const passed = articleRow({
      title: 'Old start',
      publication: { ...scheduled, publishAt: '2026-01-01T10:00:00.000Z' },
    });
    fakeApi((c) => (c.path.startsWith('/workspace/articles') ? page([articleRow(), passed]) : undefined));
    await renderApp('/myaccount/articles', editor);
    const table = await screen.findByRole('table', { name: 'Articles' });
    const row = within(table).getByRole('link', { name: 'Tide tables' }).closest('tr')!;
    expect(within(row).getByText(/^Scheduled for/).textContent).toBe('Scheduled for Jun 1, 2030, 03:30 PM GMT+5:30');
    expect(within(row).getByText('Draft')).toBeTruthy();
    const old = within(table).getByRole('link', { name: 'Old start' }).closest('tr')!;
    expect(within(old).queryByText(/Scheduled for/)).toBeNull();
  });

  it('follows the time zone the viewer is in', async () => {
    inZone('America/New_York');
    try {
      fakeApi((c) => (c.path.startsWith('/workspace/articles') ? page([articleRow()]) : undefined));
      await renderApp('/myaccount/articles', editor);
      const table = await screen.findByRole('table', { name: 'Articles' });
      expect(within(table).getByText(/^Scheduled for/).textContent).toBe('Scheduled for Jun 1, 2030, 06:00 AM EDT');
    } finally {
      inZone('Asia/Kolkata');
    }
  });

  it("the workspace's channels list", async () => {
    const channel: WorkspaceChannel = {
      id: uuid(),
      slug: 'harbour',
      name: 'Harbour notes',
      userId: editor.id,
      userName: editor.name,
      portraitHref: null,
      published: false,
      hidden: false,
      private: false,
      restricted: false,
      isAd: false,
      createdAt: NOW,
      updatedAt: NOW,
      version: 1,
      publication: { ...scheduled, status: 'PENDING' },
    };
    fakeApi((c) => (c.path.startsWith('/workspace/channels') ? page([channel]) : undefined));
    await renderApp('/myaccount/channels', editor);
    const table = await screen.findByRole('table', { name: 'Channels' });
    expect(within(table).getByText(/^Scheduled for/).textContent).toBe('Scheduled for Jun 1, 2030, 03:30 PM GMT+5:30');
  });

  it("the workspace's news list: an item published later", async () => {
    const item: WorkspaceNewsItem = {
      id: uuid(),
      title: 'Lights on',
      description: '',
      teaser: '',
      thumbnailHref: null,
      publishedAt: START,
      userId: editor.id,
      ref: { kind: 'article', id: uuid(), slug: 'tide-tables', restricted: false, isAd: false, isEditorial: false },
      userName: editor.name,
      refTitle: 'Tide tables',
      createdAt: NOW,
      version: 1,
    };
    fakeApi((c) => (c.path.startsWith('/workspace/news') ? page([item]) : undefined));
    await renderApp('/myaccount/news', editor);
    await findHeading('News');
    expect((await screen.findByText(/^Scheduled for/)).textContent).toBe(
      'Scheduled for Jun 1, 2030, 03:30 PM GMT+5:30',
    );
  });

  it("the workspace's publications list", async () => {
    fakeApi((c) => (pathOf(c) === '/publications/requests' ? page([request()]) : undefined));
    await renderApp('/myaccount/publications', editor);
    await screen.findByRole('link', { name: 'Tide tables' });
    expect(screen.getByText(/^Scheduled for/).textContent).toBe('Scheduled for Jun 1, 2030, 03:30 PM GMT+5:30');
  });

  it("the admin's publications list", async () => {
    fakeApi((c) => {
      if (pathOf(c) === '/admin/counts')
        return answer(adminCounts, { pendingAccessRequests: 0, pendingPublications: 0, unreadMessages: 0 });
      if (pathOf(c) === '/publications/requests') return page([request({ status: 'PENDING', userName: 'eddie' })]);
      return undefined;
    });
    await renderApp('/appManagement/publications', userOf('ADMIN'));
    await screen.findByRole('link', { name: 'Tide tables' });
    expect(screen.getByText(/^Scheduled for/).textContent).toBe('Scheduled for Jun 1, 2030, 03:30 PM GMT+5:30');
  });
});
