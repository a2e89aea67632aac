// The translation form's media titles and revisions (issue 29, decision 054) through the real app on a stubbed /api:
// a gallery article's picture titles beside the source's, sent with the save; the translation's own revisions
// (`?language=`) and a restore that answers the translation and refills the form.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Article } from '#schema/entities';
import type { WorkspaceArticle } from '#schema/workspace';
import { draftArticle, workspaceArticle } from './content-fixtures';
import { fakeApi, type ApiCall } from './fake-api';
import { renderApp, userOf } from './shell-kit';

afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 30_000 });

const NOW = '2026-03-01T10:00:00.000Z';
const editor = userOf('CLIENT');
const page = <T,>(items: T[]) => ({ items, nextCursor: null });
const byPath = (calls: ApiCall[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.path === path);
const digger = crypto.randomUUID();
const cone = crypto.randomUUID();

function galleryArticle(): { stored: Article; row: WorkspaceArticle } {
  const stored = draftArticle(editor.id, NOW, {
    title: 'Road works',
    type: 'gallery',
    media: {
      kind: 'gallery',
      images: [
        { id: digger, ordinal: 0, title: 'Digger', href: '/files/a.png' },
        { id: cone, ordinal: 1, title: 'Cone', href: '/files/b.png' },
      ],
    },
  });
  const row = workspaceArticle(editor, NOW, {
    id: stored.id,
    title: stored.title,
    sourceLanguage: 'en-US',
    translations: [{ language: 'de-DE', slug: 'baustelle', state: 'draft', outdated: false }],
  });
  return { stored, row };
}

const translationOf = (over: Record<string, unknown> = {}) => ({
  language: 'de-DE',
  slug: 'baustelle',
  title: 'Baustelle',
  teaser: '',
  body: { version: 1, children: [] },
  mediaTitles: { [digger]: 'Bagger' },
  state: 'draft',
  outdated: false,
  version: 3,
  ...over,
});

function api(stored: Article, row: WorkspaceArticle, handle: (c: ApiCall) => unknown) {
  return fakeApi((c) => {
    const own = handle(c);
    if (own) return own as { code: number; result?: unknown };
    if (c.path === `/articles/${stored.id}` && c.method === 'GET') return { code: 200, result: stored };
    if (c.path.startsWith('/workspace/articles')) return { code: 200, result: page([row]) };
    if (c.path === '/categories' || c.path === '/uploads') return { code: 200, result: [] };
    if (c.path.startsWith('/revisions/') || c.path.startsWith('/audit-log')) return { code: 200, result: [] };
    if (c.path.startsWith('/channels/')) return { code: 200, result: [] };
    return undefined;
  });
}

describe('the translation form of a gallery article', () => {
  it('edits the pictures’ titles beside the source’s and sends them with the save', async () => {
    const { stored, row } = galleryArticle();
    const path = `/articles/${stored.id}/translations/de-DE`;
    const { calls } = api(stored, row, (c) => {
      if (c.path === path && c.method === 'GET') return { code: 200, result: translationOf() };
      if (c.path === path && c.method === 'PUT')
        return { code: 200, result: translationOf({ ...(c.body as object), version: 4 }) };
      return undefined;
    });
    await renderApp(`/myaccount/articles/${stored.id}?translate=de-DE`, editor);
    const form = await screen.findByRole('form', { name: 'Translation: German' }, { timeout: 20_000 });
    const titles = within(form).getByRole('group', { name: 'Titles of the pictures and videos' });
    const first = within(titles).getByRole<HTMLInputElement>('textbox', { name: 'Title of picture 1' });
    const second = within(titles).getByRole<HTMLInputElement>('textbox', { name: 'Title of picture 2' });
    expect(first.value).toBe('Bagger');
    expect(second.value).toBe('');
    expect(within(titles).getByText('Source: Digger')).toBeTruthy();
    expect(within(titles).getByText('Source: Cone')).toBeTruthy();
    fireEvent.change(second, { target: { value: 'Leitkegel' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save translation' })));
    await waitFor(() => expect(byPath(calls, 'PUT', path)).toHaveLength(1));
    expect(byPath(calls, 'PUT', path)[0]!.body).toMatchObject({
      version: 3,
      mediaTitles: { [digger]: 'Bagger', [cone]: 'Leitkegel' },
    });
  });

  it('lists the translation’s own revisions and restores one into the form', async () => {
    const { stored, row } = galleryArticle();
    const path = `/articles/${stored.id}/translations/de-DE`;
    const older = crypto.randomUUID();
    const list = `/revisions/article/${stored.id}?language=de-DE`;
    const restore = `/revisions/article/${stored.id}/${older}/restore?language=de-DE`;
    const { calls } = api(stored, row, (c) => {
      if (c.path === path && c.method === 'GET') return { code: 200, result: translationOf() };
      if (c.path === list)
        return {
          code: 200,
          result: [
            { id: crypto.randomUUID(), version: 3, userId: editor.id, userName: editor.name, createdAt: NOW },
            { id: older, version: 2, userId: editor.id, userName: editor.name, createdAt: NOW },
          ],
        };
      if (c.path === restore && c.method === 'POST')
        return {
          code: 200,
          result: translationOf({ title: 'Alte Baustelle', mediaTitles: { [digger]: 'Alter Bagger' }, version: 4 }),
        };
      return undefined;
    });
    await renderApp(`/myaccount/articles/${stored.id}?translate=de-DE`, editor);
    const form = await screen.findByRole('form', { name: 'Translation: German' }, { timeout: 20_000 });
    const box = (await screen.findAllByRole('region', { name: 'Revisions' })).find((r) =>
      within(r).queryByText(/Version 2/),
    );
    await waitFor(() => expect(box).toBeTruthy());
    await act(async () =>
      fireEvent.click(within(box!).getByRole('button', { name: /^Restore this revision: Version 2/ })),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Restore revision 2?' });
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Restore this revision' })));
    await waitFor(() => expect(byPath(calls, 'POST', restore)).toHaveLength(1));
    expect(byPath(calls, 'POST', restore)[0]!.body).toEqual({ version: 3 });
    await waitFor(() =>
      expect(within(form).getByRole<HTMLInputElement>('textbox', { name: 'Title' }).value).toBe('Alte Baustelle'),
    );
    expect(within(form).getByRole<HTMLInputElement>('textbox', { name: 'Title of picture 1' }).value).toBe(
      'Alter Bagger',
    );
  });
});
