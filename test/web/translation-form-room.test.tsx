// An article translation's co-editing room (decision 051) where the room cannot be reached (the web tests' WebSocket
// never connects, test/web/unreachable-websocket.ts): the form of an existing translation dials the room of its
// language beside the article's own, says it is reconnecting and edits alone meanwhile (Save sends the versioned
// PUT); a translation still to be created dials nothing.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Article } from '#schema/entities';
import type { WorkspaceArticle } from '#schema/workspace';
import { draftArticle, workspaceArticle } from './content-fixtures';
import { fakeApi, type ApiCall } from './fake-api';
import { renderApp, userOf } from './shell-kit';
import { dialled } from './unreachable-websocket';

afterEach(() => vi.restoreAllMocks());
vi.setConfig({ testTimeout: 60_000 });

const NOW = '2026-03-01T10:00:00.000Z';
const editor = userOf('CLIENT');
const LONG = { timeout: 20_000 };

function serve(stored: Article, row: WorkspaceArticle, handle: (c: ApiCall) => unknown) {
  return fakeApi((c) => {
    const own = handle(c);
    if (own) return own as { code: number; result?: unknown };
    if (c.path === `/articles/${stored.id}` && c.method === 'GET') return { code: 200, result: stored };
    if (c.path.startsWith('/workspace/articles')) return { code: 200, result: { items: [row], nextCursor: null } };
    if (c.path === '/categories' || c.path === '/uploads') return { code: 200, result: [] };
    if (c.path === `/channels/${editor.id}/channels`) return { code: 200, result: [] };
    if (c.path.startsWith('/revisions/') || c.path.startsWith('/audit-log')) return { code: 200, result: [] };
    return undefined;
  });
}

const german = (over: Record<string, unknown> = {}) => ({
  language: 'de-DE',
  slug: 'hafenlichter',
  title: 'Hafenlichter',
  teaser: 'Alter Anreißer',
  description: 'Erster Absatz.',
  body: { version: 1, children: [{ type: 'paragraph', children: [{ type: 'text', text: 'Erster Absatz.' }] }] },
  mediaTitles: {},
  state: 'draft',
  outdated: false,
  version: 3,
  ...over,
});

describe("an article translation's room, out of reach", () => {
  it("dials the translation's room, says it is reconnecting, and saves alone with the version", async () => {
    const stored = draftArticle(editor.id, NOW, { title: 'Harbour lights' });
    const row = workspaceArticle(editor, NOW, {
      id: stored.id,
      title: stored.title,
      sourceLanguage: 'en-US',
      translations: [{ language: 'de-DE', slug: 'hafenlichter', state: 'draft', outdated: false }],
    });
    const path = `/articles/${stored.id}/translations/de-DE`;
    const { calls } = serve(stored, row, (c) => {
      if (c.path === path && c.method === 'GET') return { code: 200, result: german() };
      if (c.path === path && c.method === 'PUT')
        return { code: 200, result: german({ ...(c.body as object), version: 4 }) };
      return undefined;
    });
    await renderApp(`/myaccount/articles/${stored.id}?translate=de-DE`, editor);
    const form = await screen.findByRole('form', { name: 'Translation: German' }, LONG);
    const room = `ws://${location.host}/api/articles/${stored.id}/collab?lang=de-DE`;
    await waitFor(() => expect(dialled).toContain(room), LONG);
    const box = form.closest('section')!;
    await waitFor(
      () =>
        expect(box.querySelector('.ws-collab-status')?.textContent ?? '').toMatch(
          /^Reconnecting… the shared text is not reached yet: you edit alone/,
        ),
      LONG,
    );
    const text = () => within(form).getByRole('textbox', { name: 'Text' });
    await waitFor(() => expect(text().textContent).toBe('Erster Absatz.'), LONG);
    expect(text().getAttribute('contenteditable')).toBe('true');

    fireEvent.change(within(form).getByRole('textbox', { name: 'Teaser' }), { target: { value: 'Neuer Anreißer' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save translation' })));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT' && c.path === path)).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT' && c.path === path)!.body).toMatchObject({
      version: 3,
      teaser: 'Neuer Anreißer',
    });
  });

  it('dials no room for a translation its first save will create', async () => {
    const stored = draftArticle(editor.id, NOW, { title: 'Harbour lights' });
    const row = workspaceArticle(editor, NOW, {
      id: stored.id,
      title: stored.title,
      sourceLanguage: 'en-US',
      translations: [],
    });
    serve(stored, row, () => undefined);
    await renderApp(`/myaccount/articles/${stored.id}`, editor);
    const bar = await screen.findByRole('navigation', { name: 'Languages' }, LONG);
    await act(async () => fireEvent.click(within(bar).getByRole('button', { name: 'Add translation: German' })));
    const form = await screen.findByRole('form', { name: 'Translation: German' }, LONG);
    await waitFor(() => expect(dialled.some((u) => u.includes(`/api/articles/${stored.id}/collab`))).toBe(true), LONG);
    expect(dialled.filter((u) => u.includes(stored.id) && u.includes('lang='))).toEqual([]);
    expect(form.closest('section')!.querySelector('.ws-collab')).toBeNull();
  });
});
