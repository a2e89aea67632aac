// No lost work in the channel and news item forms (decision 029), through the real app on a stubbed /api: a stale
// save (409) opens the conflict dialog with their change, loads theirs or saves over theirs naming their version;
// the draft is kept in this browser per user and item and offered back; a save while offline (or one the server
// never answered) says so, keeps the changes and goes again when the connection is back.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkspaceNewsItem } from '#schema/workspace';
import { setQueryData } from '#web/data/cache';
import { keys } from '#web/data/keys';
import { fakeApi, type ApiCall } from './fake-api';
import { findHeading, renderApp, userOf, uuid } from './shell-kit';
import { NOW, editor, page, puts, common, channelOf, channelRow } from './no-lost-work-forms-kit';

let online = true;
Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
afterEach(() => {
  online = true;
  vi.unstubAllGlobals();
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
