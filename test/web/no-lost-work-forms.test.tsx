// No lost work in the channel and news item forms (decision 029), through the real app on a stubbed /api: a stale
// save (409) opens the conflict dialog with their change, loads theirs or saves over theirs naming their version;
// the draft is kept in this browser per user and item and offered back; a save while offline (or one the server
// never answered) says so, keeps the changes and goes again when the connection is back.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Channel } from '#schema/entities';
import type { WorkspaceChannel, WorkspaceNewsItem } from '#schema/workspace';
import { setQueryData } from '#web/data/cache';
import { keys } from '#web/data/keys';
import { channelSummary } from './content-fixtures';
import { fakeApi, type ApiAnswer, type ApiCall } from './fake-api';
import { findHeading, renderApp, userOf, uuid } from './shell-kit';

const NOW = '2026-03-01T10:00:00.000Z';
const editor = userOf('CLIENT');
const page = <T,>(items: T[]) => ({ items, nextCursor: null });
const puts = (calls: ApiCall[], path: string) => calls.filter((c) => c.method === 'PUT' && c.path === path);

let online = true;
Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
afterEach(() => {
  online = true;
  vi.unstubAllGlobals();
});

/** What every workspace form loads besides its own item. */
function common(c: ApiCall) {
  if (c.path === '/categories') return { code: 200, result: [] };
  if (c.path.startsWith('/revisions') || c.path.startsWith('/previews')) return { code: 200, result: [] };
  if (c.path.startsWith('/workspace/')) return { code: 200, result: page([]) };
  return undefined;
}

const channelOf = (over: Partial<Channel> = {}): Channel => ({
  ...channelSummary(uuid(), editor.id),
  published: false,
  articleOrdinals: {},
  version: 3,
  ...over,
});
const channelRow = (c: Channel, version: number): WorkspaceChannel => ({
  id: c.id,
  slug: c.slug,
  name: c.name,
  userId: c.userId,
  userName: editor.name,
  portraitHref: null,
  published: c.published,
  hidden: c.hidden,
  private: c.private,
  restricted: c.restricted,
  isAd: c.isAd,
  createdAt: NOW,
  updatedAt: NOW,
  version,
  publication: null,
});
const newsOf = (over: Partial<WorkspaceNewsItem> = {}): WorkspaceNewsItem => ({
  id: uuid(),
  title: 'Lights on',
  description: 'The harbour lights are back.',
  teaser: '',
  thumbnailHref: null,
  publishedAt: NOW,
  userId: editor.id,
  ref: { kind: 'article', id: uuid(), slug: 'harbour-lights', restricted: false, isAd: false, isEditorial: false },
  userName: editor.name,
  refTitle: 'Harbour lights',
  createdAt: NOW,
  version: 3,
  ...over,
});

/**
 * A channel stored as its version (3) on the server; unless `theirs` is null, someone else saves it as `theirs`
 * (version 4) just before the form's first save arrives. `row` answers the channel's workspace row (default: the
 * row of the channel as stored now).
 */
function channelServer(stored: Channel, theirs: Channel | null, row?: () => Promise<ApiAnswer>) {
  let current = stored;
  let pending = theirs;
  const api = fakeApi((c) => {
    if (c.path === `/channels/${stored.id}` && c.method === 'GET') return { code: 200, result: current };
    if (c.path.startsWith('/workspace/channels?'))
      return row ? row() : { code: 200, result: page([channelRow(current, current.version)]) };
    if (c.path === `/channels/${stored.id}` && c.method === 'PUT') {
      if (pending) current = pending;
      pending = null;
      const body = c.body as { version?: number };
      // The server's contract: a save naming no version is not checked (API clients); the form always names one.
      if (body.version !== undefined && body.version !== current.version)
        return { code: 409, message: 'The channel was changed by someone else' };
      current = { ...current, ...(c.body as object), version: current.version + 1 };
      return { code: 200, result: current };
    }
    return common(c);
  });
  return api;
}

describe('the channel form against lost work', () => {
  it('a stale save opens the conflict dialog with their change; saving over theirs names their version', async () => {
    const stored = channelOf({ name: 'Harbour notes', infoText: 'Boats.' });
    const theirs = { ...stored, infoText: 'Boats and ferries.', version: 4 };
    const { calls } = channelServer(stored, theirs);
    await renderApp(`/myaccount/channels/${stored.id}`, editor);
    await findHeading('Edit “Harbour notes”');
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Harbour diary' } });
    await waitFor(() => expect(calls.some((c) => c.path.startsWith('/workspace/channels?'))).toBe(true));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));

    const dialog = await screen.findByRole('alertdialog', { name: 'Someone else saved this meanwhile' });
    expect([...dialog.querySelectorAll('ins')].map((i) => i.textContent).join()).toContain('Boats and ferries.');
    expect([...dialog.querySelectorAll('del')].map((d) => d.textContent).join()).toContain('Boats.');
    expect(puts(calls, `/channels/${stored.id}`)[0]!.body).toEqual({ name: 'Harbour diary', version: 3 });
    // The refusal is the dialog, not the form's alert.
    expect(screen.queryByText('The channel was changed by someone else')).toBeNull();

    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save mine over theirs' })));
    await waitFor(() => expect(puts(calls, `/channels/${stored.id}`)).toHaveLength(2));
    expect(puts(calls, `/channels/${stored.id}`)[1]!.body).toEqual({ name: 'Harbour diary', version: 4 });
    await screen.findByText('Saved.');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('"Discard mine and load theirs" shows their channel and saves nothing', async () => {
    const stored = channelOf({ name: 'Harbour notes', infoText: 'Boats.' });
    const theirs = { ...stored, name: 'Harbour news', infoText: 'Boats and ferries.', version: 4 };
    const { calls } = channelServer(stored, theirs);
    await renderApp(`/myaccount/channels/${stored.id}`, editor);
    await findHeading('Edit “Harbour notes”');
    fireEvent.change(screen.getByRole('textbox', { name: 'About the channel' }), { target: { value: 'Mine.' } });
    await waitFor(() => expect(calls.some((c) => c.path.startsWith('/workspace/channels?'))).toBe(true));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));
    const dialog = await screen.findByRole('alertdialog', { name: 'Someone else saved this meanwhile' });
    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'Discard mine and load theirs' })),
    );
    await waitFor(() =>
      expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'About the channel' }).value).toBe(
        'Boats and ferries.',
      ),
    );
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value).toBe('Harbour news');
    expect(puts(calls, `/channels/${stored.id}`)).toHaveLength(1);
  });

  it('names the version read with the channel, though its workspace row has not arrived', async () => {
    const stored = channelOf({ name: 'Harbour notes', infoText: 'Boats.' });
    const theirs = { ...stored, infoText: 'Boats and ferries.', version: 4 };
    // The workspace row (the publication box's) is slow to come: the save cannot wait for it, nor go without a version.
    const waiting: (() => void)[] = [];
    const { calls } = channelServer(
      stored,
      theirs,
      () =>
        new Promise<ApiAnswer>((resolve) => {
          waiting.push(() => resolve({ code: 200, result: page([channelRow(stored, 3)]) }));
        }),
    );
    await renderApp(`/myaccount/channels/${stored.id}`, editor);
    await findHeading('Edit “Harbour notes”');
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Harbour diary' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));

    // Someone else's save came first: the stale save is refused, not a silent overwrite of theirs.
    expect(puts(calls, `/channels/${stored.id}`)[0]!.body).toEqual({ name: 'Harbour diary', version: 3 });
    const dialog = await screen.findByRole('alertdialog', { name: 'Someone else saved this meanwhile' });
    expect([...dialog.querySelectorAll('ins')].map((i) => i.textContent).join()).toContain('Boats and ferries.');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save mine over theirs' })));
    await waitFor(() => expect(puts(calls, `/channels/${stored.id}`)).toHaveLength(2));
    expect(puts(calls, `/channels/${stored.id}`)[1]!.body).toEqual({ name: 'Harbour diary', version: 4 });
    // What follows a save waits for the screen's views to be read again, the row too.
    await act(async () => waiting.forEach((arrive) => arrive()));
    await screen.findByText('Saved.');
  });

  it('names the version its last save answered, at once', async () => {
    const stored = channelOf({ name: 'Harbour notes' });
    // The workspace row lags a save behind (a replica, a slow refetch): the next save must not name its version.
    const { calls } = channelServer(stored, null, async () => ({ code: 200, result: page([channelRow(stored, 3)]) }));
    await renderApp(`/myaccount/channels/${stored.id}`, editor);
    await findHeading('Edit “Harbour notes”');
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Harbour diary' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));
    await screen.findByText('Saved.');
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Harbour log' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));
    await waitFor(() => expect(puts(calls, `/channels/${stored.id}`)).toHaveLength(2));
    expect(puts(calls, `/channels/${stored.id}`)[1]!.body).toEqual({ name: 'Harbour log', version: 4 });
    await waitFor(() => expect(screen.getAllByText('Saved.').length).toBeGreaterThan(0));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('a newer channel read while the form holds changes (a refetch on focus) does not become what it started from', async () => {
    const stored = channelOf({ name: 'Harbour notes', infoText: 'Boats.' });
    const theirs = { ...stored, infoText: 'Boats and ferries.', version: 4 };
    const { calls } = channelServer(stored, null);
    await renderApp(`/myaccount/channels/${stored.id}`, editor);
    await findHeading('Edit “Harbour notes”');
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Harbour diary' } });
    // Someone else saves the info text; the form's channel is read again (the window got the focus back).
    await act(async () => {
      await setQueryData(keys.channel(stored.id), () => theirs);
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));
    // The save names what the form started from: their info text is not put back to "Boats." without a word.
    expect(puts(calls, `/channels/${stored.id}`)[0]!.body).toEqual({ name: 'Harbour diary', version: 3 });
  });

  it('starts from its own save though more was typed while it travelled; the next save names its version', async () => {
    const stored = channelOf({ name: 'Harbour notes', infoText: 'Boats.' });
    let current = stored;
    let answer = () => {};
    const { calls } = fakeApi((c) => {
      if (c.path === `/channels/${stored.id}` && c.method === 'GET') return { code: 200, result: current };
      if (c.path.startsWith('/workspace/channels?')) return { code: 200, result: page([channelRow(current, 3)]) };
      if (c.path === `/channels/${stored.id}` && c.method === 'PUT') {
        const body = c.body as { version: number };
        if (body.version !== current.version) return { code: 409, message: 'The channel was changed by someone else' };
        current = { ...current, ...(c.body as object), version: current.version + 1 };
        const result = current;
        return new Promise<ApiAnswer>((resolve) => (answer = () => resolve({ code: 200, result })));
      }
      return common(c);
    });
    await renderApp(`/myaccount/channels/${stored.id}`, editor);
    await findHeading('Edit “Harbour notes”');
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Harbour diary' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));
    fireEvent.change(screen.getByRole('textbox', { name: 'About the channel' }), {
      target: { value: 'Boats, ferries.' },
    });
    await act(async () => answer());
    await screen.findByText('Saved.');
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'About the channel' }).value).toBe(
      'Boats, ferries.',
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));
    await waitFor(() => expect(puts(calls, `/channels/${stored.id}`)).toHaveLength(2));
    expect(puts(calls, `/channels/${stored.id}`)[1]!.body).toEqual({ infoText: 'Boats, ferries.', version: 4 });
    await act(async () => answer());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('keeps the typed changes in this browser and offers them back when the form opens again', async () => {
    const stored = channelOf({ name: 'Harbour notes' });
    channelServer(stored, null);
    const first = await renderApp(`/myaccount/channels/${stored.id}`, editor);
    await findHeading('Edit “Harbour notes”');
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Typed, not saved' } });
    const key = `so-draft:${editor.id}:channel:${stored.id}`;
    await waitFor(() => expect(localStorage.getItem(key)).toContain('Typed, not saved'));
    first.unmount();

    await renderApp(`/myaccount/channels/${stored.id}`, editor);
    await findHeading('Edit “Harbour notes”');
    expect(screen.getByRole('heading', { name: 'Unsaved changes found' })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value).toBe('Harbour notes');
    fireEvent.click(screen.getByRole('button', { name: 'Restore them' }));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value).toBe('Typed, not saved');
    expect(screen.queryByRole('heading', { name: 'Unsaved changes found' })).toBeNull();
  });
});

describe('a save that gets no answer while the browser thinks it is online', () => {
  it('says so, keeps the changes and sends them again after a pause, once the server answers', async () => {
    const stored = channelOf({ name: 'Harbour notes' });
    let unreachable = true;
    const puts: ApiCall[] = [];
    const { calls } = fakeApi((c) => {
      if (c.path === `/channels/${stored.id}` && c.method === 'PUT') {
        puts.push(c);
        // The server cannot be reached: the request fails without an answer.
        if (unreachable) throw new TypeError('Failed to fetch');
        return { code: 200, result: { ...stored, ...(c.body as object) } };
      }
      if (c.path === `/channels/${stored.id}`) return { code: 200, result: stored };
      if (c.path.startsWith('/workspace/channels?')) return { code: 200, result: page([channelRow(stored, 3)]) };
      return common(c);
    });
    await renderApp(`/myaccount/channels/${stored.id}`, editor);
    await findHeading('Edit “Harbour notes”');
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Harbour diary' } });
    await waitFor(() => expect(calls.some((c) => c.path.startsWith('/workspace/channels?'))).toBe(true));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));
    await screen.findByText(
      'No connection: your changes are kept in this browser and will be saved when the connection is back.',
    );
    expect(screen.queryByText('Failed to fetch')).toBeNull();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value).toBe('Harbour diary');
    unreachable = false;
    await screen.findByText('Saved.', undefined, { timeout: 5000 });
    expect(puts).toHaveLength(2);
    expect(puts[1]!.body).toMatchObject({ name: 'Harbour diary' });
    expect(screen.queryByText(/No connection/)).toBeNull();
  });
});

describe('the news item form against lost work', () => {
  /** Like channelServer: `theirs` (unless null) is saved just before the form's first save arrives. */
  function newsServer(stored: WorkspaceNewsItem, theirs: WorkspaceNewsItem | null) {
    let current = stored;
    let pending = theirs;
    return fakeApi((c) => {
      if (c.path.startsWith('/workspace/news?')) return { code: 200, result: page([current]) };
      if (c.path === `/news/${stored.id}` && c.method === 'PUT') {
        if (pending) current = pending;
        pending = null;
        const body = c.body as { version?: number };
        if (body.version !== current.version) return { code: 409, message: 'The item was changed by someone else' };
        const { title, teaser, description } = c.body as WorkspaceNewsItem;
        current = { ...current, title, teaser, description, version: current.version + 1 };
        return { code: 200, result: current };
      }
      return common(c);
    });
  }

  it('a stale save opens the conflict dialog; "Discard mine and load theirs" shows theirs and saves nothing', async () => {
    const stored = newsOf();
    const theirs = { ...stored, title: 'Lights on again', version: 4 };
    const { calls } = newsServer(stored, theirs);
    await renderApp(`/myaccount/news/${stored.id}`, editor);
    await findHeading('Edit “Lights on”');
    fireEvent.change(screen.getByRole('textbox', { name: 'Teaser' }), { target: { value: 'My teaser' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));
    const dialog = await screen.findByRole('alertdialog', { name: 'Someone else saved this meanwhile' });
    expect(within(dialog).getByRole('heading', { name: 'Title' })).toBeTruthy();
    expect([...dialog.querySelectorAll('ins')].map((i) => i.textContent).join()).toContain('Lights on again');
    expect(puts(calls, `/news/${stored.id}`)[0]!.body).toMatchObject({ teaser: 'My teaser', version: 3 });

    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'Discard mine and load theirs' })),
    );
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Title' }).value).toBe('Lights on again'),
    );
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Teaser' }).value).toBe('');
    expect(puts(calls, `/news/${stored.id}`)).toHaveLength(1);
    // Theirs is what the form starts from now: its next save names their version.
    fireEvent.change(screen.getByRole('textbox', { name: 'Teaser' }), { target: { value: 'Second try' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));
    await waitFor(() => expect(puts(calls, `/news/${stored.id}`)).toHaveLength(2));
    expect(puts(calls, `/news/${stored.id}`)[1]!.body).toMatchObject({ teaser: 'Second try', version: 4 });
    await screen.findByText('Saved.');
  });

  it('a newer row read while the form holds changes is not what its save starts from', async () => {
    const stored = newsOf();
    const theirs = { ...stored, description: 'Changed elsewhere.', version: 4 };
    const { calls } = newsServer(stored, null);
    await renderApp(`/myaccount/news/${stored.id}`, editor);
    await findHeading('Edit “Lights on”');
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Lights out' } });
    await act(async () => {
      await setQueryData(keys.workspaceNewsItem(stored.id), () => theirs);
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));
    // The form sends all its fields: naming their version, it would have put their text back without a word.
    await waitFor(() => expect(puts(calls, `/news/${stored.id}`)).toHaveLength(1));
    expect(puts(calls, `/news/${stored.id}`)[0]!.body).toMatchObject({
      title: 'Lights out',
      description: 'The harbour lights are back.',
      version: 3,
    });
  });

  it('saving over theirs names their version', async () => {
    const stored = newsOf();
    const theirs = { ...stored, description: 'Changed elsewhere.', version: 4 };
    const { calls } = newsServer(stored, theirs);
    await renderApp(`/myaccount/news/${stored.id}`, editor);
    await findHeading('Edit “Lights on”');
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Lights out' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));
    const dialog = await screen.findByRole('alertdialog', { name: 'Someone else saved this meanwhile' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save mine over theirs' })));
    await waitFor(() => expect(puts(calls, `/news/${stored.id}`)).toHaveLength(2));
    expect(puts(calls, `/news/${stored.id}`)[1]!.body).toMatchObject({ title: 'Lights out', version: 4 });
    await screen.findByText('Saved.');
  });

  it('keeps the typed changes per user and item and offers them back; another user is not offered them', async () => {
    const stored = newsOf();
    newsServer(stored, null);
    const first = await renderApp(`/myaccount/news/${stored.id}`, editor);
    await findHeading('Edit “Lights on”');
    fireEvent.change(screen.getByRole('textbox', { name: 'Text' }), { target: { value: 'Typed before the crash' } });
    const key = `so-draft:${editor.id}:news:${stored.id}`;
    await waitFor(() => expect(localStorage.getItem(key)).toContain('Typed before the crash'));
    first.unmount();

    const other = await renderApp(`/myaccount/news/${stored.id}`, userOf('ADMIN'));
    await findHeading('Edit “Lights on”');
    expect(screen.queryByRole('heading', { name: 'Unsaved changes found' })).toBeNull();
    other.unmount();

    await renderApp(`/myaccount/news/${stored.id}`, editor);
    await findHeading('Edit “Lights on”');
    fireEvent.click(screen.getByRole('button', { name: 'Restore them' }));
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Text' }).value).toBe('Typed before the crash');
  });

  it('a save while offline says so, keeps the changes and saves them when the connection is back', async () => {
    const stored = newsOf();
    const { calls } = newsServer(stored, null);
    await renderApp(`/myaccount/news/${stored.id}`, editor);
    await findHeading('Edit “Lights on”');
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Written on the ferry' } });
    await waitFor(() =>
      expect(localStorage.getItem(`so-draft:${editor.id}:news:${stored.id}`)).toContain('Written on the ferry'),
    );

    // The connection drops: the request never reaches the server.
    online = false;
    const fetchWhenOnline = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));
    const notice = await screen.findByText(
      'No connection: your changes are kept in this browser and will be saved when the connection is back.',
    );
    expect(notice.getAttribute('role')).toBe('status');
    expect(screen.queryByRole('alert')?.textContent ?? '').not.toMatch(/fetch/i);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Title' }).value).toBe('Written on the ferry');
    expect(localStorage.getItem(`so-draft:${editor.id}:news:${stored.id}`)).toContain('Written on the ferry');
    // Pressing Save again meanwhile makes no second retry.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));

    // Back online: the save goes again, once, and the kept draft is cleared.
    vi.stubGlobal('fetch', fetchWhenOnline);
    online = true;
    await act(async () => window.dispatchEvent(new Event('online')));
    await screen.findByText('Saved.');
    expect(puts(calls, `/news/${stored.id}`)).toHaveLength(1);
    expect(puts(calls, `/news/${stored.id}`)[0]!.body).toMatchObject({ title: 'Written on the ferry', version: 3 });
    expect(screen.queryByText(/No connection/)).toBeNull();
    expect(localStorage.getItem(`so-draft:${editor.id}:news:${stored.id}`)).toBeNull();
  });
});
