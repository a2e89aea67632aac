// No lost work in the channel and news item forms (decision 029), through the real app on a stubbed /api: a stale
// save (409) opens the conflict dialog with their change, loads theirs or saves over theirs naming their version;
// the draft is kept in this browser per user and item and offered back; a save while offline (or one the server
// never answered) says so, keeps the changes and goes again when the connection is back.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setQueryData } from '#web/data/cache';
import { keys } from '#web/data/keys';
import { fakeApi, type ApiAnswer } from './fake-api';
import { findHeading, renderApp } from './shell-kit';
import { editor, page, puts, common, channelOf, channelRow, channelServer } from './no-lost-work-forms-kit';

let online = true;
Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
afterEach(() => {
  online = true;
  vi.unstubAllGlobals();
});

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
