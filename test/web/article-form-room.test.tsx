// The article form's co-editing room (decision 051) where the room cannot be reached: the web tests' WebSocket never
// connects (test/web/unreachable-websocket.ts), the case of a browser offline or a host without rooms. Every
// existing article's form dials its room; meanwhile, and for as long as the room stays out of reach, the form edits
// alone exactly as before rooms (the article's text in the editor, editable; Save sends the versioned PUT), and says
// that it is reconnecting or offline. A new article's form opens no room.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Article } from '#schema/entities';
import { renderApp, userOf } from './shell-kit';
import { draftArticle } from './content-fixtures';
import { fakeApi, type ApiCall } from './fake-api';
import { dialled } from './unreachable-websocket';

afterEach(() => vi.restoreAllMocks());

const NOW = '2026-03-01T10:00:00.000Z';
const editor = userOf('CLIENT');
const paragraph = (text: string) => ({ type: 'paragraph' as const, children: [{ type: 'text' as const, text }] });

function serve(stored: Article) {
  return fakeApi((c: ApiCall) => {
    if (c.path === `/articles/${stored.id}` && c.method === 'GET') return { code: 200, result: stored };
    if (c.path === `/articles/${stored.id}` && c.method === 'PUT')
      return { code: 200, result: { ...stored, ...(c.body as object), version: stored.version + 1 } };
    if (c.path === '/categories') return { code: 200, result: [] };
    if (c.path === `/channels/${editor.id}/channels`) return { code: 200, result: [] };
    if (c.path.startsWith('/workspace/')) return { code: 200, result: { items: [], nextCursor: null } };
    if (c.path === '/uploads') return { code: 200, result: [] };
    return undefined;
  });
}

/** The form's heading (the editor's chunks load on first use: slower than the kit's 3 s on a busy machine). */
const findHeading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 20_000 });
/** The room's code (Yjs) loads on demand too. */
const LONG = { timeout: 20_000 };
const status = () => document.querySelector('.ws-collab-status')?.textContent ?? '';
const text = () => screen.getByRole('textbox', { name: 'Text' });

describe("the article form's room, out of reach", { timeout: 60_000 }, () => {
  it('dials the room, edits alone with the article’s text, says it is reconnecting, and saves as before', async () => {
    const stored = draftArticle(editor.id, NOW, {
      teaser: 'Old teaser',
      description: 'The first paragraph.',
      body: { version: 1, children: [paragraph('The first paragraph.')] },
    });
    const { calls } = serve(stored);
    await renderApp(`/myaccount/articles/${stored.id}`, editor);
    await findHeading('Edit “Harbour lights”');
    await waitFor(() => expect(dialled).toContain(`ws://${location.host}/api/articles/${stored.id}/collab`), LONG);
    await waitFor(
      () => expect(status()).toMatch(/^Reconnecting… the shared text is not reached yet: you edit alone/),
      LONG,
    );
    // It keeps trying (the backoff's next attempts), and the form is the form of before rooms meanwhile.
    await waitFor(() => expect(dialled.length).toBeGreaterThan(1), LONG);
    await waitFor(() => expect(text().textContent).toBe('The first paragraph.'), LONG);
    expect(text().getAttribute('contenteditable')).toBe('true');

    fireEvent.change(screen.getByRole('textbox', { name: 'Teaser' }), { target: { value: 'New teaser' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT' && c.path === `/articles/${stored.id}`)).toHaveLength(1),
    );
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ teaser: 'New teaser', version: 1 });
    await screen.findByText('Saved.');
  });

  it('offline at load: dials nothing, says so, and dials the room once the browser is back online', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const stored = draftArticle(editor.id, NOW);
    serve(stored);
    await renderApp(`/myaccount/articles/${stored.id}`, editor);
    await findHeading('Edit “Harbour lights”');
    await waitFor(() => expect(status()).toMatch(/^Offline: you edit alone/), LONG);
    expect(dialled).toEqual([]);
    expect(text().getAttribute('contenteditable')).toBe('true');

    online.mockReturnValue(true);
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(dialled).toContain(`ws://${location.host}/api/articles/${stored.id}/collab`), LONG);
    await waitFor(() => expect(status()).toMatch(/^Reconnecting/), LONG);
  });

  it('a new article’s form opens no room', async () => {
    serve(draftArticle(editor.id, NOW));
    await renderApp('/myaccount/articles/new', editor);
    await findHeading('New article');
    await new Promise((r) => setTimeout(r, 100));
    expect(dialled).toEqual([]);
    expect(document.querySelector('.ws-collab')).toBeNull();
  });
});
