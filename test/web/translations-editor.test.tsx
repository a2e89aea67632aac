// Editing translations (issue 29) through the real app on a stubbed /api: the language bar's states, a
// translation side by side with its source (created by its first save, saved with its version after), the
// conflict dialog of a stale translation save, and the workspace list's language marks and filter.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { IntlProvider } from 'react-intl';
import type { Article, Category } from '#schema/entities';
import { NotificationsProvider } from '#web/components/notifications';
import { I18nProvider } from '#web/i18n';
import { CategoryTitles } from '#web/routes/appManagement/categories/category-titles';
import type { WorkspaceArticle } from '#schema/workspace';
import { draftArticle, workspaceArticle } from './content-fixtures';
import { fakeApi, type ApiCall } from './fake-api';
import { renderApp, userOf } from './shell-kit';

afterEach(() => vi.unstubAllGlobals());
// Each test loads a workspace screen and its catalogue; on a busy machine that takes seconds.
vi.setConfig({ testTimeout: 30_000 });

const NOW = '2026-03-01T10:00:00.000Z';
const editor = userOf('CLIENT');
const page = <T,>(items: T[]) => ({ items, nextCursor: null });
const byPath = (calls: ApiCall[], method: string, path: string | RegExp) =>
  calls.filter((c) => c.method === method && (typeof path === 'string' ? c.path === path : path.test(c.path)));

function common(c: ApiCall) {
  if (c.path === '/categories') return { code: 200, result: [] };
  if (c.path === `/channels/${editor.id}/channels`) return { code: 200, result: [] };
  if (c.path === '/uploads') return { code: 200, result: [] };
  if (c.path.startsWith('/revisions/') || c.path.startsWith('/audit-log')) return { code: 200, result: [] };
  return undefined;
}

const translationOf = (over: Record<string, unknown> = {}) => ({
  language: 'de-DE',
  slug: 'hafenlichter',
  title: 'Hafenlichter',
  teaser: 'Alter Anreißer',
  body: { version: 1, children: [] },
  state: 'draft',
  outdated: true,
  version: 3,
  ...over,
});

function articleApi(stored: Article, row: WorkspaceArticle, handle: (c: ApiCall) => unknown) {
  return fakeApi((c) => {
    const own = handle(c);
    if (own) return own as { code: number; result?: unknown };
    if (c.path === `/articles/${stored.id}` && c.method === 'GET') return { code: 200, result: stored };
    if (c.path.startsWith('/workspace/articles')) return { code: 200, result: page([row]) };
    return common(c);
  });
}

describe('the article form in other languages', () => {
  it('shows each language with its state and creates a missing translation beside the read-only source', async () => {
    const stored = draftArticle(editor.id, NOW, { title: 'Harbour lights', teaser: 'Boats at night' });
    const row = workspaceArticle(editor, NOW, {
      id: stored.id,
      title: stored.title,
      sourceLanguage: 'en-US',
      translations: [],
    });
    const { calls } = articleApi(stored, row, (c) =>
      c.method === 'POST' && c.path === `/articles/${stored.id}/translations`
        ? { code: 201, result: translationOf({ ...(c.body as object), outdated: false, version: 1 }) }
        : undefined,
    );
    const { router } = await renderApp(`/myaccount/articles/${stored.id}`, editor);
    // The first test loads the form's module and its catalogue cold.
    await screen.findByRole('heading', { level: 1, name: 'Edit “Harbour lights”' }, { timeout: 20_000 });
    // The bar is a lazy module of its own: it may come a while after the heading on a busy machine.
    const bar = await screen.findByRole('navigation', { name: 'Languages' }, { timeout: 10_000 });
    await waitFor(() => expect(within(bar).getByText('Missing')).toBeTruthy());
    expect(within(bar).getByText('Source')).toBeTruthy();
    expect(within(bar).queryByRole('button', { name: 'Add translation: English' })).toBeNull();

    await act(async () => fireEvent.click(within(bar).getByRole('button', { name: 'Add translation: German' })));
    expect(router.state.location.search).toBe('?translate=de-DE');
    const form = await screen.findByRole('form', { name: 'Translation: German' }, { timeout: 10_000 });
    expect(form.getAttribute('lang')).toBe('de-DE');
    const source = screen.getByRole('region', { name: 'Source (English)' });
    expect(within(source).getByText('Harbour lights')).toBeTruthy();
    expect(within(source).queryByRole('textbox')).toBeNull();

    fireEvent.change(within(form).getByRole('textbox', { name: 'Title' }), { target: { value: 'Hafenlichter' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Teaser' }), { target: { value: 'Boote bei Nacht' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save translation' })));
    await waitFor(() => expect(byPath(calls, 'POST', `/articles/${stored.id}/translations`)).toHaveLength(1));
    expect(byPath(calls, 'POST', `/articles/${stored.id}/translations`)[0]!.body).toEqual({
      language: 'de-DE',
      title: 'Hafenlichter',
      teaser: 'Boote bei Nacht',
      body: { version: 1, children: [] },
    });
    expect(await screen.findByText('Translation saved (German).')).toBeTruthy();
  }, 30_000);

  it('saves an existing translation with its version, and a stale save opens the conflict dialog', async () => {
    const stored = draftArticle(editor.id, NOW, { title: 'Harbour lights' });
    const row = workspaceArticle(editor, NOW, {
      id: stored.id,
      title: stored.title,
      sourceLanguage: 'en-US',
      translations: [{ language: 'de-DE', slug: 'hafenlichter', state: 'draft', outdated: true }],
    });
    const path = `/articles/${stored.id}/translations/de-DE`;
    let theirs = translationOf();
    const { calls } = articleApi(stored, row, (c) => {
      if (c.path === path && c.method === 'GET') return { code: 200, result: theirs };
      if (c.path === path && c.method === 'PUT') {
        const body = c.body as { version: number };
        if (body.version !== theirs.version) return { code: 409, message: 'Conflict' };
        theirs = translationOf({ ...body, version: body.version + 1, outdated: false });
        return { code: 200, result: theirs };
      }
      return undefined;
    });
    await renderApp(`/myaccount/articles/${stored.id}?translate=de-DE`, editor);
    const bar = await screen.findByRole('navigation', { name: 'Languages' }, { timeout: 10_000 });
    await waitFor(() => expect(within(bar).getByText('Outdated')).toBeTruthy());
    const form = await screen.findByRole('form', { name: 'Translation: German' });
    const teaser = within(form).getByRole<HTMLTextAreaElement>('textbox', { name: 'Teaser' });
    expect(teaser.value).toBe('Alter Anreißer');

    // Someone else saved meanwhile: the server is at version 4, the form started from 3.
    theirs = translationOf({ version: 4, teaser: 'Ihr Anreißer' });
    fireEvent.change(teaser, { target: { value: 'Neuer Anreißer' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save translation' })));
    const dialog = await screen.findByRole('alertdialog', { name: 'Someone else saved this meanwhile' });
    expect(byPath(calls, 'PUT', path)[0]!.body).toMatchObject({ version: 3, teaser: 'Neuer Anreißer' });
    expect([...dialog.querySelectorAll('ins')].map((i) => i.textContent).join()).toContain('Ihr Anreißer');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save mine over theirs' })));
    await waitFor(() => expect(byPath(calls, 'PUT', path)).toHaveLength(2));
    expect(byPath(calls, 'PUT', path)[1]!.body).toMatchObject({ version: 4, teaser: 'Neuer Anreißer' });
    expect(await screen.findByText('Translation saved (German).')).toBeTruthy();
  });
});

describe('a publication request for translations', () => {
  it('names the draft translations of a published article that the editor ticks', async () => {
    const stored = draftArticle(editor.id, NOW, { title: 'Harbour lights', published: true });
    const row = workspaceArticle(editor, NOW, {
      id: stored.id,
      title: stored.title,
      published: true,
      sourceLanguage: 'en-US',
      translations: [{ language: 'de-DE', slug: 'hafenlichter', state: 'draft', outdated: false }],
    });
    const { calls } = articleApi(stored, row, (c) =>
      c.method === 'POST' && c.path === '/publications'
        ? {
            code: 201,
            result: {
              id: crypto.randomUUID(),
              contentId: stored.id,
              type: 'article',
              userId: editor.id,
              status: 'PENDING',
              expirationDate: null,
              languages: ['de-DE'],
              createdAt: NOW,
            },
          }
        : undefined,
    );
    await renderApp(`/myaccount/articles/${stored.id}`, editor);
    const group = await screen.findByRole('group', { name: 'Translations to publish' }, { timeout: 10_000 });
    const request = group.closest('form')!;
    const send = within(request).getByRole<HTMLButtonElement>('button', { name: 'Request publication' });
    expect(send.disabled).toBe(true);
    fireEvent.click(within(group).getByRole('checkbox', { name: 'German' }));
    await act(async () => fireEvent.click(send));
    await waitFor(() => expect(byPath(calls, 'POST', '/publications')).toHaveLength(1));
    expect(byPath(calls, 'POST', '/publications')[0]!.body).toEqual({
      contentId: stored.id,
      type: 'article',
      languages: ['de-DE'],
    });
  }, 30_000);
});

describe('the workspace list in other languages', () => {
  it("marks each row's missing and outdated languages and filters by them", async () => {
    const missing = workspaceArticle(editor, NOW, {
      title: 'Untranslated',
      sourceLanguage: 'en-US',
      translations: [],
    });
    const stale = workspaceArticle(editor, NOW, {
      title: 'Stale one',
      sourceLanguage: 'en-US',
      translations: [{ language: 'de-DE', slug: 'alt', state: 'published', outdated: true }],
    });
    const { calls } = fakeApi((c) => {
      if (c.path.startsWith('/workspace/articles'))
        return { code: 200, result: page(c.path.includes('outdated=de-DE') ? [stale] : [missing, stale]) };
      return undefined;
    });
    await renderApp('/myaccount/articles', editor);
    const table = await screen.findByRole('table', { name: 'Articles' }, { timeout: 10_000 });
    const rowOf = (title: string) => within(table).getByRole('link', { name: title }).closest('tr')!;
    expect(within(rowOf('Untranslated')).getByText('Missing in German')).toBeTruthy();
    expect(within(rowOf('Stale one')).getByText('Outdated in German')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Languages' }), { target: { value: 'outdated:de-DE' } });
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Articles' })).queryByText('Untranslated')).toBeNull(),
    );
    expect(byPath(calls, 'GET', /^\/workspace\/articles\?.*outdated=de-DE/)).toHaveLength(1);
  });
});

describe('category titles per language', () => {
  it('lets ADMIN give a category its German title, then save it over the version read', async () => {
    const travel: Category = {
      id: crypto.randomUUID(),
      parentId: null,
      title: 'Travel',
      imageHref: null,
      slug: 'travel',
      ordinal: 0,
    };
    const path = `/categories/${travel.id}/translations`;
    let stored: Record<string, unknown> | null = null;
    const { calls } = fakeApi((c) => {
      if (c.path === `${path}/de-DE` && c.method === 'GET')
        return stored ? { code: 200, result: stored } : { code: 404, message: 'Not found' };
      if (c.path === path && c.method === 'POST') {
        stored = {
          language: 'de-DE',
          slug: 'reisen',
          state: 'draft',
          outdated: false,
          version: 1,
          ...(c.body as object),
        };
        return { code: 201, result: stored };
      }
      if (c.path === `${path}/de-DE` && c.method === 'PUT') {
        stored = { ...stored, ...(c.body as object), version: 2 };
        return { code: 200, result: stored };
      }
      return undefined;
    });
    // The tree's section of the admin workspace, with the admin catalogue as its screen loads it.
    const messages = JSON.parse(
      readFileSync(resolve(import.meta.dirname, '../../web/i18n/admin.en-US.json'), 'utf8'),
    ) as Record<string, string>;
    // The configured languages come from the locale state (the page's bootstrap data; here the default pair).
    render(
      <I18nProvider>
        <IntlProvider
          locale="en-US"
          messages={{
            ...messages,
            'shell.notification.success': 'Success',
            'shell.notification.error': 'Error',
            'shell.notification.dismiss': 'Dismiss',
          }}
        >
          <NotificationsProvider>
            <CategoryTitles category={travel} />
          </NotificationsProvider>
        </IntlProvider>
      </I18nProvider>,
    );
    const field = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Title (German)' });
    await waitFor(() => expect(field.disabled).toBe(false));
    const form = field.closest('form')!;
    expect(form.getAttribute('lang')).toBe('de-DE');
    fireEvent.change(field, { target: { value: 'Reisen' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(byPath(calls, 'POST', path)).toHaveLength(1));
    expect(byPath(calls, 'POST', path)[0]!.body).toEqual({ language: 'de-DE', title: 'Reisen' });
    expect(await screen.findByText('Title saved (German).')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'Reisen & Ferien' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(byPath(calls, 'PUT', `${path}/de-DE`)).toHaveLength(1));
    expect(byPath(calls, 'PUT', `${path}/de-DE`)[0]!.body).toEqual({ version: 1, title: 'Reisen & Ferien' });
  });
});
