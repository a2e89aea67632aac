// The workspace says what visitors get and lets the owner take content back (issue 22, items 7-10): Unpublish
// after the kit's confirmation, the data read again and the step shown in the publication history; published
// content that visitors still cannot see says why (its channel pending, a news item pointing at a draft);
// another editor's article or channel is a note with its public page, not a form; a past wished expiry is
// refused beside its field, and the fields name the editor's time zone.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Article, Channel } from '#schema/entities';
import { adminCounts, publicationRequest, publicationRequestPage } from '#schema/entities';
import {
  workspaceArticlePage,
  workspaceNewsPage,
  type WorkspaceArticle,
  type WorkspaceNewsItem,
} from '#schema/workspace';
import { timeZone } from '#web/components/screen-kit/local-time';
import { answer, fakeApi, type ApiCall } from './fake-api';
import { findHeading, renderApp, userOf, uuid } from './shell-kit';
import { draftArticle } from './content-fixtures';

afterEach(() => vi.unstubAllGlobals());

const NOW = '2026-03-01T10:00:00.000Z';
const editor = userOf('CLIENT');
const page = <T,>(items: T[]) => ({ items, nextCursor: null });
const calls = (all: ApiCall[], method: string, path: string) =>
  all.filter((c) => c.method === method && c.path === path);

const articleOf = (over: Partial<Article> = {}): Article => draftArticle(editor.id, NOW, over);
const rowOf = (article: Article, over: Partial<WorkspaceArticle> = {}): WorkspaceArticle => ({
  ...article,
  userName: editor.name,
  channelName: null,
  publication: null,
  ...over,
});
const channelOf = (over: Partial<Channel> = {}): Channel => ({
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
  published: true,
  restricted: false,
  isAd: false,
  articleOrdinals: {},
  coverMedia: null,
  locked: false,
  createdAt: NOW,
  version: 1,
  ...over,
});

/** What every article form loads besides the article and its row. */
function common(c: ApiCall) {
  if (c.path === '/categories') return { code: 200, result: [] };
  if (c.path.startsWith('/channels/') && c.path.endsWith('/channels')) return { code: 200, result: [] };
  if (c.path.startsWith('/workspace/')) return { code: 200, result: page([]) };
  if (c.path === '/uploads' || c.path.startsWith('/revisions') || c.path.startsWith('/previews'))
    return { code: 200, result: [] };
  return undefined;
}

// The form's parts load on demand: time for a busy machine (the default is one second).
const slow = { timeout: 5000 };
const publicationBox = async () =>
  (await screen.findByRole('heading', { name: 'Publication' }, slow)).closest('section')!;

describe('Unpublish', () => {
  it('asks with the kit’s dialog, takes the article back to draft, reads it again and says so', async () => {
    let published = true;
    const article = articleOf({ title: 'Harbour lights', published: true });
    const { calls: all } = fakeApi((c) => {
      if (c.path === `/articles/${article.id}`) return { code: 200, result: { ...article, published } };
      if (c.path === `/workspace/articles?id=${article.id}`)
        return answer(
          workspaceArticlePage,
          page([rowOf({ ...article, published }, { visitorState: published ? 'live' : 'draft' })]),
        );
      if (c.path === '/publications/unpublish' && c.method === 'POST') {
        published = false;
        return answer(publicationRequest, {
          id: uuid(),
          userId: editor.id,
          contentId: article.id,
          status: 'UNPUBLISHED',
          type: 'article',
          expirationDate: null,
          createdAt: NOW,
        });
      }
      return common(c);
    });
    await renderApp(`/myaccount/articles/${article.id}`, editor);
    const box = await publicationBox();
    await within(box).findByText('Published: visitors see it.', {}, slow);

    // Cancel first: nothing is sent.
    await act(async () => fireEvent.click(within(box).getByRole('button', { name: 'Unpublish' })));
    const dialog = screen.getByRole('alertdialog', { name: 'Unpublish “Harbour lights”?' });
    expect(within(dialog).getByText(/visitors get “not found”/)).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' })));
    expect(calls(all, 'POST', '/publications/unpublish')).toHaveLength(0);

    await act(async () => fireEvent.click(within(box).getByRole('button', { name: 'Unpublish' })));
    await act(async () =>
      fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Unpublish' })),
    );
    await waitFor(() => expect(calls(all, 'POST', '/publications/unpublish')).toHaveLength(1));
    expect(calls(all, 'POST', '/publications/unpublish')[0]!.body).toEqual({ contentId: article.id, type: 'article' });
    await screen.findByText('“Harbour lights” is a draft again; visitors no longer see it.', {}, slow);
    // The row is read again: a draft, with the request form back.
    await within(await publicationBox()).findByText('Draft', {}, slow);
    expect(within(await publicationBox()).getByRole('button', { name: 'Request publication' })).toBeTruthy();
    expect(within(await publicationBox()).queryByRole('button', { name: 'Unpublish' })).toBeNull();
    expect(calls(all, 'GET', `/workspace/articles?id=${article.id}`).length).toBeGreaterThan(1);
  });

  it('shows the unpublishing in the publication history, in English and German', async () => {
    const entry = {
      id: uuid(),
      userId: editor.id,
      contentId: uuid(),
      status: 'UNPUBLISHED' as const,
      type: 'channel' as const,
      expirationDate: null,
      createdAt: '2026-02-01T10:00:00.000Z',
      updatedAt: '2026-02-20T10:00:00.000Z',
      userName: editor.name,
      contentTitle: 'Harbour',
    };
    fakeApi((c) => {
      if (c.path.startsWith('/publications/requests')) return answer(publicationRequestPage, page([entry]));
      return undefined;
    });
    await renderApp('/myaccount/publications', editor);
    const table = await screen.findByRole('table', { name: 'Publications' }, slow);
    const line = within(table).getByRole('link', { name: 'Harbour' }).closest('tr')!;
    expect(within(line).getByText('Unpublished')).toBeTruthy();
    expect(within(line).getByText('Feb 20, 2026')).toBeTruthy();
    expect(
      within(screen.getByRole('combobox', { name: 'Status' })).getByRole('option', { name: 'Unpublished' }),
    ).toBeTruthy();
    const de = await import('#web/i18n/workspace.de-DE.json');
    expect(de.default['ws.publication.status.UNPUBLISHED']).toBe('Zurückgezogen');
  });
});

describe('what visitors get', () => {
  it('says an approved article in a pending channel waits for its channel, in the list and the form', async () => {
    const channelId = uuid();
    const article = articleOf({ title: 'Early bird', published: true, channelId });
    const row = rowOf(article, { channelName: 'Pending channel', visitorState: 'waitingForChannel' });
    fakeApi((c) => {
      if (c.path.startsWith('/workspace/articles')) return answer(workspaceArticlePage, page([row]));
      if (c.path === `/articles/${article.id}`) return { code: 200, result: article };
      return common(c);
    });
    const { unmount } = await renderApp('/myaccount/articles', editor);
    const table = await screen.findByRole('table', { name: 'Articles' }, slow);
    const line = within(table).getByRole('link', { name: 'Early bird' }).closest('tr')!;
    expect(within(line).getByText('Waiting for its channel’s publication')).toBeTruthy();
    unmount();

    await renderApp(`/myaccount/articles/${article.id}`, editor);
    const box = await publicationBox();
    await within(box).findByText(
      'Waiting for its channel’s publication: visitors get “not found” until the channel is published.',
      {},
      slow,
    );
    expect(within(box).queryByText('Published: visitors see it.')).toBeNull();
  });

  it('does not call a news item pointing at a draft Published: it is not in the feed', async () => {
    const item = (title: string, visitorState: WorkspaceNewsItem['visitorState']): WorkspaceNewsItem => ({
      id: uuid(),
      title,
      description: '',
      teaser: '',
      thumbnailHref: null,
      publishedAt: NOW,
      userId: editor.id,
      ref: { kind: 'article', id: uuid(), slug: 'draft', restricted: false, isAd: false, isEditorial: false },
      userName: editor.name,
      refTitle: 'A draft',
      createdAt: NOW,
      visitorState,
      version: 1,
    });
    const dangling = item('Points at a draft', 'targetNotPublic');
    const live = item('Seen by all', 'live');
    fakeApi((c) => {
      if (c.path === `/workspace/news?id=${dangling.id}`) return answer(workspaceNewsPage, page([dangling]));
      if (c.path.startsWith('/workspace/news')) return answer(workspaceNewsPage, page([dangling, live]));
      return common(c);
    });
    const { unmount } = await renderApp('/myaccount/news', editor);
    const table = await screen.findByRole('table', { name: 'News' }, slow);
    const bad = within(table).getByRole('link', { name: 'Points at a draft' }).closest('tr')!;
    expect(within(bad).getByText('Not in the feed')).toBeTruthy();
    expect(within(bad).queryByText('Published')).toBeNull();
    const good = within(table).getByRole('link', { name: 'Seen by all' }).closest('tr')!;
    expect(within(good).getByText('Published')).toBeTruthy();
    unmount();

    await renderApp(`/myaccount/news/${dangling.id}`, editor);
    await findHeading('Edit “Points at a draft”');
    expect(screen.getByText('Not in the feed: visitors cannot see the article or channel it points at.')).toBeTruthy();
  });
});

describe('another editor’s content', () => {
  it('opens as a note with its public page, not as a form whose save would be refused', async () => {
    const other = uuid();
    const article = articleOf({ title: 'Not mine', slug: 'not-mine', userId: other, published: true });
    const channel = channelOf({ name: 'Their channel', slug: 'their-channel', userId: other });
    const { calls: all } = fakeApi((c) => {
      if (c.path === `/articles/${article.id}`) return { code: 200, result: article };
      if (c.path === `/channels/${channel.id}`) return { code: 200, result: channel };
      return common(c);
    });
    const first = await renderApp(`/myaccount/articles/${article.id}`, editor);
    await findHeading('Not mine');
    expect(screen.getByText('This article belongs to another editor: only they and admins can edit it.')).toBeTruthy();
    // The public pages are named by their slugs (docs/decisions/041-pages-and-urls.md).
    expect(screen.getByRole('link', { name: 'View “Not mine” on the site' }).getAttribute('href')).toBe(
      '/article/not-mine',
    );
    expect(screen.queryByRole('textbox', { name: 'Title' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    first.unmount();

    await renderApp(`/myaccount/channels/${channel.id}`, editor);
    await findHeading('Their channel');
    expect(screen.getByText('This channel belongs to another editor: only they and admins can edit it.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View “Their channel” on the site' }).getAttribute('href')).toBe(
      '/chan/their-channel',
    );
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    expect(all.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('stays a form for ADMIN', async () => {
    const article = articleOf({ title: 'Someone’s', userId: uuid() });
    fakeApi((c) => {
      if (c.path === `/articles/${article.id}`) return { code: 200, result: article };
      return common(c);
    });
    await renderApp(`/myaccount/articles/${article.id}`, userOf('ADMIN'));
    await findHeading('Edit “Someone’s”');
    expect(screen.getByRole('textbox', { name: 'Title' })).toBeTruthy();
  });
});

describe('the wished expiry and start', () => {
  it('refuses a past expiry beside its field, names the time zone, and sends nothing until it is fixed', async () => {
    const article = articleOf();
    const { calls: all } = fakeApi((c) => {
      if (c.path === `/articles/${article.id}`) return { code: 200, result: article };
      if (c.path === `/workspace/articles?id=${article.id}`)
        return answer(workspaceArticlePage, page([rowOf(article, { visitorState: 'draft' })]));
      if (c.path === '/publications' && c.method === 'POST')
        return answer(
          publicationRequest,
          {
            id: uuid(),
            userId: editor.id,
            contentId: article.id,
            status: 'PENDING',
            type: 'article',
            expirationDate: null,
            createdAt: NOW,
          },
          201,
        );
      return common(c);
    });
    await renderApp(`/myaccount/articles/${article.id}`, editor);
    const box = await publicationBox();
    await within(box).findByText('Draft', {}, slow);
    const zone = timeZone();
    const start = within(box).getByLabelText(`Wished start (optional), ${zone} time`);
    const expiry = within(box).getByLabelText('Wished expiry date (optional)');
    expect(document.getElementById(expiry.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toContain(
      `${zone} time`,
    );

    fireEvent.change(expiry, { target: { value: '2020-01-31' } });
    await act(async () => fireEvent.click(within(box).getByRole('button', { name: 'Request publication' })));
    expect(expiry.getAttribute('aria-invalid')).toBe('true');
    const describedBy = expiry.getAttribute('aria-describedby')!.split(' ');
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(
      'The expiry must lie in the future.',
    );
    expect(document.activeElement).toBe(expiry);
    expect(calls(all, 'POST', '/publications')).toHaveLength(0);

    // A start after the expiry is refused beside the start.
    fireEvent.change(expiry, { target: { value: '2031-05-31' } });
    fireEvent.change(start, { target: { value: '2031-06-02T08:00' } });
    await act(async () => fireEvent.click(within(box).getByRole('button', { name: 'Request publication' })));
    expect(start.getAttribute('aria-invalid')).toBe('true');
    expect(within(box).getByText('The start must come before the expiry.')).toBeTruthy();
    expect(calls(all, 'POST', '/publications')).toHaveLength(0);

    fireEvent.change(start, { target: { value: '2031-05-02T08:00' } });
    await act(async () => fireEvent.click(within(box).getByRole('button', { name: 'Request publication' })));
    await waitFor(() => expect(calls(all, 'POST', '/publications')).toHaveLength(1));
    expect(calls(all, 'POST', '/publications')[0]!.body).toEqual({
      contentId: article.id,
      type: 'article',
      expirationDate: new Date(2031, 4, 31, 23, 59, 59).toISOString(),
      publishAt: new Date(2031, 4, 2, 8, 0).toISOString(),
    });
    await screen.findByText('Publication requested. An admin decides.', {}, slow);
  });
});

describe('the admin’s expiry', () => {
  it('is entered in the admin’s time zone, named, and a past one is refused beside the field', async () => {
    const admin = userOf('ADMIN');
    const request = {
      id: uuid(),
      userId: editor.id,
      contentId: uuid(),
      status: 'APPROVED' as const,
      type: 'channel' as const,
      expirationDate: null,
      createdAt: NOW,
      updatedAt: NOW,
      userName: editor.name,
      contentTitle: 'Travel channel',
    };
    const { calls: all } = fakeApi((c) => {
      if (c.path.startsWith('/admin/counts'))
        return answer(adminCounts, { pendingAccessRequests: 0, pendingPublications: 0, unreadMessages: 0 });
      if (c.path.startsWith('/publications/requests')) return answer(publicationRequestPage, page([request]));
      if (c.path === '/publications/update-expiration')
        return answer(publicationRequest, {
          ...request,
          expirationDate: (c.body as { expirationDate: string }).expirationDate,
        });
      return undefined;
    });
    await renderApp('/appManagement/publications', admin);
    const status = await screen.findByRole('combobox', { name: 'Status' }, slow);
    await act(async () => fireEvent.change(status, { target: { value: '' } }));
    const setExpiry = await screen.findByRole('button', { name: 'Set expiry of Travel channel' }, slow);
    await act(async () => fireEvent.click(setExpiry));
    const field = screen.getByLabelText(`Expires at (time zone ${timeZone()})`);
    fireEvent.change(field, { target: { value: '2020-05-06T09:30' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save expiry' })));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getByText('The expiry must lie in the future; to end the publication now, unpublish it.'),
    ).toBeTruthy();
    expect(all.filter((c) => c.path === '/publications/update-expiration')).toHaveLength(0);
    fireEvent.change(field, { target: { value: '2031-05-06T09:30' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save expiry' })));
    await waitFor(() => expect(all.filter((c) => c.path === '/publications/update-expiration')).toHaveLength(1));
    expect(all.find((c) => c.path === '/publications/update-expiration')?.body).toEqual({
      id: request.id,
      expirationDate: new Date('2031-05-06T09:30').toISOString(),
    });
  });
});
