// The editor workspace through the real app (route map, guards, providers, data cache) on a stubbed /api:
// lists with status badges and filters, the article and news forms (validation next to the fields with the shared
// schemas, only changes sent, confirm before delete, ask before leaving), reordering a gallery, requesting publication.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { statusesOf } from '#web/components/workspace/status';
import { findHeading, renderApp, userOf, uuid } from './shell-kit';
import { fakeApi } from './fake-api';
import { NOW, editor, row, page, byPath, common } from './workspace-forms-kit';

afterEach(() => vi.unstubAllGlobals());

describe('status badges', () => {
  it('say Draft, Published, Publication pending, Expires {date}, Hidden, Restricted, Private', () => {
    const kinds = (r: Parameters<typeof statusesOf>[0]) => statusesOf(r).map((b) => b.kind);
    const base = { published: false, hidden: false, restricted: false, publication: null };
    expect(kinds(base)).toEqual(['draft']);
    expect(
      kinds({ ...base, publication: { id: uuid(), status: 'PENDING', expirationDate: null, createdAt: NOW } }),
    ).toEqual(['pending']);
    expect(
      kinds({ ...base, publication: { id: uuid(), status: 'REJECTED', expirationDate: null, createdAt: NOW } }),
    ).toEqual(['draft']);
    expect(
      statusesOf({
        ...base,
        published: true,
        publication: { id: uuid(), status: 'APPROVED', expirationDate: '2026-12-31T22:59:59.000Z', createdAt: NOW },
      }),
    ).toEqual([{ kind: 'published' }, { kind: 'expires', date: '2026-12-31T22:59:59.000Z' }]);
    expect(kinds({ ...base, published: true, hidden: true, restricted: true, private: true })).toEqual([
      'published',
      'hidden',
      'restricted',
      'private',
    ]);
  });
});

describe('the articles section', () => {
  it("lists the editor's articles with their badges and links, filters by text, and names its sections", async () => {
    const pending = row({
      title: 'Waiting one',
      publication: { id: uuid(), status: 'PENDING', expirationDate: null, createdAt: NOW },
    });
    const live = row({
      title: 'Live one',
      slug: 'live-one',
      published: true,
      channelId: uuid(),
      channelName: 'Harbour',
      publication: { id: uuid(), status: 'APPROVED', expirationDate: '2026-12-31T12:00:00.000Z', createdAt: NOW },
    });
    const { calls } = fakeApi((c) => {
      if (c.path.startsWith('/workspace/articles'))
        return { code: 200, result: page(c.path.includes('q=live') ? [live] : [pending, live]) };
      return undefined;
    });
    await renderApp('/myaccount/articles', editor);
    await findHeading('Articles');
    await waitFor(() => expect(document.title).toBe('Articles · SO Portal'));
    const nav = screen.getByRole('navigation', { name: 'Workspace' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Articles', 'Channels', 'News', 'Publications', 'Account']);
    expect(within(nav).getByRole('link', { name: 'Articles' }).getAttribute('aria-current')).toBe('page');
    const table = await screen.findByRole('table', { name: 'Articles' });
    const waiting = within(table).getByRole('link', { name: 'Waiting one' }).closest('tr')!;
    expect(within(waiting).getByText('Publication pending')).toBeTruthy();
    expect(within(waiting).getByRole('link', { name: 'Waiting one' }).getAttribute('href')).toBe(
      `/myaccount/articles/${pending.id}`,
    );
    const liveRow = within(table).getByRole('link', { name: 'Live one' }).closest('tr')!;
    expect(within(liveRow).getByText('Published')).toBeTruthy();
    expect(within(liveRow).getByText('Expires Dec 31, 2026')).toBeTruthy();
    // The public page names the article by its slug, in its channel (docs/decisions/041-pages-and-urls.md).
    expect(within(liveRow).getByRole('link', { name: 'View “Live one” on the site' }).getAttribute('href')).toBe(
      `/chan/${live.channelId}/a/live-one`,
    );
    expect(screen.getByRole('link', { name: 'New article' }).getAttribute('href')).toBe('/myaccount/articles/new');
    expect(screen.queryByRole('combobox', { name: 'Owner' })).toBeNull();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter by title' }), { target: { value: 'live' } });
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Articles' })).queryByText('Waiting one')).toBeNull(),
    );
    expect(byPath(calls, 'GET', /^\/workspace\/articles\?q=live/)).toHaveLength(1);
  });

  it('offers ADMIN the owner filter over the editors', async () => {
    const admin = userOf('ADMIN');
    const other = { id: uuid(), name: 'elena', email: null, firstName: '', lastName: '', role: 'CLIENT', active: true };
    const reader = { ...other, id: uuid(), name: 'rita', role: 'REGULAR_USER' };
    const { calls } = fakeApi((c) => {
      if (c.path.startsWith('/users?')) {
        const role = new URLSearchParams(c.path.split('?')[1]).get('role');
        return { code: 200, result: page([other, reader].filter((u) => u.role === role)) };
      }
      if (c.path.startsWith('/workspace/articles')) return { code: 200, result: page([row({ userName: 'elena' })]) };
      return undefined;
    });
    await renderApp('/myaccount/articles', admin);
    const owner = await screen.findByRole('combobox', { name: 'Owner' });
    await waitFor(() =>
      expect(
        within(owner)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Everyone', 'elena']),
    );
    await act(async () => fireEvent.change(owner, { target: { value: other.id } }));
    await waitFor(() => expect(byPath(calls, 'GET', `/workspace/articles?owner=${other.id}`)).toHaveLength(1));
    expect(await screen.findByRole('columnheader', { name: 'Owner' })).toBeTruthy();
  });
});

describe('the news item form', () => {
  it('needs a reference, chosen with the search type-ahead, and sends it with the item', async () => {
    const target = uuid();
    const { calls } = fakeApi((c) => {
      if (c.path === '/search/search') {
        return {
          code: 200,
          result: [
            { value: target, label: 'Harbour lights', kind: 'article', thumbnailHref: null },
            { value: uuid(), label: 'Harbour category', kind: 'category', thumbnailHref: null },
          ],
        };
      }
      if (c.path === '/news' && c.method === 'POST') {
        return {
          code: 201,
          result: {
            id: uuid(),
            title: 'Lights on',
            description: '',
            teaser: '',
            thumbnailHref: null,
            publishedAt: NOW,
            userId: editor.id,
            ref: {
              kind: 'article',
              id: target,
              slug: 'harbour-lights',
              restricted: false,
              isAd: false,
              isEditorial: false,
            },
          },
        };
      }
      return common(c);
    });
    await renderApp('/myaccount/news/new', editor);
    await findHeading('New news item');
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Lights on' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create news item' })));
    expect(screen.getByText('Choose the article or channel this news item points at.')).toBeTruthy();
    expect(byPath(calls, 'POST', '/news')).toHaveLength(0);

    const search = screen.getByRole('combobox', { name: 'Find the article or channel it points at' });
    fireEvent.focus(search);
    fireEvent.change(search, { target: { value: 'harbour' } });
    const option = await screen.findByRole('option', { name: /Harbour lights/ }, { timeout: 3000 });
    expect(screen.queryByRole('option', { name: /Harbour category/ })).toBeNull();
    await act(async () => fireEvent.click(option));
    expect(screen.getByText('Article: Harbour lights')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create news item' })));
    await waitFor(() => expect(byPath(calls, 'POST', '/news')).toHaveLength(1));
    expect(byPath(calls, 'POST', '/news')[0]!.body).toEqual({
      title: 'Lights on',
      description: '',
      teaser: '',
      ref: { kind: 'article', id: target },
    });
  });
});

describe('the news item form, stored', () => {
  it('previews the unsaved title and text, and saves with the version the form started from', async () => {
    const target = uuid();
    const item = {
      id: uuid(),
      title: 'Lights on',
      description: 'First line.',
      teaser: '',
      thumbnailHref: null,
      publishedAt: NOW,
      userId: editor.id,
      ref: { kind: 'article', id: target, slug: 'harbour-lights', restricted: false, isAd: false, isEditorial: false },
      userName: editor.name,
      refTitle: 'Harbour lights',
      createdAt: NOW,
      version: 7,
    };
    const { calls } = fakeApi((c) => {
      if (c.path.startsWith('/workspace/news')) return { code: 200, result: page([item]) };
      if (c.path === `/news/${item.id}` && c.method === 'PUT') return { code: 200, result: item };
      if (c.path.startsWith('/revisions') || c.path.startsWith('/previews')) return { code: 200, result: [] };
      return common(c);
    });
    await renderApp(`/myaccount/news/${item.id}`, editor);
    await findHeading('Edit “Lights on”');
    fireEvent.change(screen.getByRole('textbox', { name: 'Text' }), {
      target: { value: 'First line.\n\nA second paragraph.' },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Preview' })));
    const preview = screen.getByRole('dialog');
    expect(within(preview).getByRole('heading', { name: 'Lights on' })).toBeTruthy();
    expect(within(preview).getByText('A second paragraph.')).toBeTruthy();
    await act(async () => fireEvent.click(within(preview).getByRole('button', { name: 'Close preview' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));
    await waitFor(() => expect(byPath(calls, 'PUT', `/news/${item.id}`)).toHaveLength(1));
    expect(byPath(calls, 'PUT', `/news/${item.id}`)[0]!.body).toMatchObject({
      description: 'First line.\n\nA second paragraph.',
      version: 7,
    });
  });
});

describe('the channel form', () => {
  const channelOf = (over: Record<string, unknown> = {}) => ({
    id: uuid(),
    slug: 'harbour',
    name: 'Harbour',
    categoryIds: [],
    userId: editor.id,
    infoText: '',
    portraitHref: null,
    bannerHref: null,
    hidden: false,
    private: false,
    published: false,
    restricted: false,
    isAd: false,
    articleOrdinals: {},
    coverMedia: null,
    locked: false,
    body: { version: 1, children: [] },
    version: 1,
    createdAt: NOW,
    ...over,
  });

  it('needs a name and, for a picture cover, the picture; then creates the channel', async () => {
    const created = channelOf();
    const { calls } = fakeApi((c) => {
      if (c.path === '/channels' && c.method === 'POST') return { code: 201, result: created };
      if (c.path === `/channels/${created.id}`) return { code: 200, result: created };
      return common(c);
    });
    const { router } = await renderApp('/myaccount/channels/new', editor);
    await findHeading('New channel');
    fireEvent.click(screen.getByRole('radio', { name: 'A picture' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create channel' })));
    expect(screen.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Choose the cover picture, or no cover.')).toBeTruthy();
    expect(byPath(calls, 'POST', '/channels')).toHaveLength(0);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Harbour' } });
    fireEvent.click(screen.getByRole('radio', { name: 'No cover' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Private' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create channel' })));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/myaccount/channels/${created.id}`));
    expect(byPath(calls, 'POST', '/channels')[0]!.body).toEqual({
      name: 'Harbour',
      infoText: '',
      categoryIds: [],
      hidden: false,
      private: true,
      restricted: false,
      isAd: false,
      articleOrdinals: {},
    });
  });

  it("arranges the channel's articles with the buttons: the new order goes into articleOrdinals.main", async () => {
    const articles = ['First', 'Second', 'Third'].map((title) => row({ title }));
    const stored = channelOf({ articleOrdinals: { main: articles.map((a) => a.id), featured: [articles[2]!.id] } });
    const { calls } = fakeApi((c) => {
      if (c.path === `/channels/${stored.id}` && c.method === 'GET') return { code: 200, result: stored };
      if (c.path.startsWith(`/workspace/channels/${stored.id}/articles`)) return { code: 200, result: page(articles) };
      if (c.path === `/channels/${stored.id}` && c.method === 'PUT')
        return { code: 200, result: { ...stored, ...(c.body as object) } };
      return common(c);
    });
    await renderApp(`/myaccount/channels/${stored.id}`, editor);
    const list = await screen.findByRole('list', { name: 'Order of the articles' });
    await act(async () => fireEvent.click(within(list).getByRole('button', { name: 'Move Third up' })));
    await waitFor(() => expect(byPath(calls, 'PUT', `/channels/${stored.id}`)).toHaveLength(1));
    expect(byPath(calls, 'PUT', `/channels/${stored.id}`)[0]!.body).toEqual({
      articleOrdinals: { main: [articles[0]!.id, articles[2]!.id, articles[1]!.id], featured: [articles[2]!.id] },
    });
    expect(screen.getByText('Third moved to position 2 of 3.')).toBeTruthy();
  });
});
