// The small things a walk-through found (issue 27 §9), each checked where it shows: the phone menu's Esc and ✕,
// the editor toolbar's drawn icons, the Insert picture panel, the user name's length, the imprint's cookies, the
// 404 page's header, the header search as a form, no second fetch of a refused query, and mySO's navigation.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PictureForm } from '#web/components/rich-text/picture-form';
import RichTextEditor from '#web/components/rich-text/editor';
import { useQuery } from '#web/data/cache';
import { fixedSeed, SeedProvider } from '#web/data/seed';
import type { QueryKey } from '#web/data/keys';
import { fakeApi } from './fake-api';
import { findHeading, renderApp, userOf } from './shell-kit';

afterEach(() => vi.unstubAllGlobals());

const i18n = path.resolve(import.meta.dirname, '../../web/i18n');
const catalogue = (name: string) =>
  JSON.parse(readFileSync(path.join(i18n, `${name}.json`), 'utf8')) as Record<string, string>;
const editorMessages = { ...catalogue('en-US'), ...catalogue('workspace.en-US') };

describe('phone menu', () => {
  it('☰ opens it and becomes ✕; Esc closes it and gives focus back to the toggle', async () => {
    fakeApi(() => undefined);
    await renderApp('/about');
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    const toggle = within(nav).getByRole('button', { name: 'Menu' });
    const icon = () => toggle.querySelector('[aria-hidden="true"]')!.textContent;
    expect(icon()).toBe('☰');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(icon()).toBe('✕');
    within(nav).getAllByRole('link')[0]!.focus();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(icon()).toBe('☰');
    expect(document.activeElement).toBe(toggle);
  });
});

describe('editor toolbar', () => {
  it('draws its icons as SVG, with no emoji a font may lack, and names every button', async () => {
    render(
      <IntlProvider locale="en-US" messages={editorMessages}>
        <RichTextEditor
          id="text"
          label="Text"
          value={{ version: 1, children: [] }}
          onChange={() => {}}
          media={{ images: [], videos: [] }}
        />
      </IntlProvider>,
    );
    const toolbar = await screen.findByRole('toolbar', { name: 'Text formatting' });
    const buttons = within(toolbar).getAllByRole('button');
    for (const button of buttons) {
      expect(button.getAttribute('aria-label')).toBeTruthy();
      expect(button.textContent, button.getAttribute('aria-label')!).not.toMatch(/\p{Extended_Pictographic}/u);
    }
    for (const name of ['Link', 'Insert picture', 'Insert video', 'Quote', 'Undo', 'Redo']) {
      const svg = within(toolbar).getByRole('button', { name }).querySelector('svg');
      expect(svg, name).not.toBeNull();
      expect(svg!.getAttribute('aria-hidden')).toBe('true');
    }
  });
});

describe('Insert picture panel', () => {
  const upload = () => Promise.resolve('id');
  const renderPanel = (media: Parameters<typeof PictureForm>[0]['media']) =>
    render(
      <IntlProvider locale="en-US" messages={editorMessages}>
        <PictureForm media={media} onInsert={() => {}} onCancel={() => {}} />
      </IntlProvider>,
    );

  it('with an empty gallery asks for the file at once: no heading over a lone choice', () => {
    renderPanel({ images: [], videos: [], upload });
    const panel = screen.getByRole('group', { name: 'Insert picture' });
    expect(panel.querySelector('fieldset, legend')).toBeNull();
    expect(within(panel).queryByRole('radio')).toBeNull();
    expect(within(panel).getByLabelText('Picture file')).toBeTruthy();
  });

  it('names an untitled picture by its place in the gallery, never by its file; each radio sits in its label', () => {
    renderPanel({
      images: [
        { id: 'a', href: '/api/files/image/harbour.jpg', title: 'Harbour' },
        { id: 'b', href: '/api/files/image/3f9c2a7e-91b4.jpg', title: '' },
      ],
      videos: [],
      upload,
    });
    const choices = screen.getByRole('group', { name: 'Picture from the gallery' });
    expect(within(choices).getByRole('radio', { name: 'Harbour' })).toBeTruthy();
    expect(within(choices).getByRole('radio', { name: 'Picture 2' })).toBeTruthy();
    expect(choices.textContent).not.toContain('.jpg');
    for (const radio of within(choices).getAllByRole('radio'))
      expect(radio.closest('label')?.className).toBe('rte-choice');
  });
});

describe('user names', () => {
  it('registration refuses a name under 3 characters before sending, and says so beside the field', async () => {
    const { calls } = fakeApi(() => undefined);
    await renderApp('/register');
    await findHeading('Create an account');
    const name = screen.getByLabelText(/^Username/);
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe(
      'At least 3 characters; others see it beside what you write.',
    );
    fireEvent.change(name, { target: { value: 'a' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'long-enough-secret' } });
    fireEvent.change(screen.getByLabelText(/^Repeat the password/), { target: { value: 'long-enough-secret' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
      await new Promise((r) => setTimeout(r, 0));
    });
    await screen.findByText('Please use at least 3 characters.');
    expect(calls.some((c) => c.path === '/users')).toBe(false);
  });
});

describe('imprint', () => {
  it('names every cookie the portal sets and what it is for, in both languages', async () => {
    fakeApi(() => undefined);
    await renderApp('/imprint');
    const privacy = (await screen.findByRole('region', { name: 'Privacy' })).textContent;
    expect(privacy).not.toMatch(/one cookie/);
    for (const cookie of ['session', 'device', 'd1-bookmark', 'locale']) expect(privacy).toContain(`• ${cookie},`);
    expect(privacy).toContain('keeps you signed in');
    const german = catalogue('de-DE')['imprint.privacy.text']!;
    for (const cookie of ['session', 'device', 'd1-bookmark', 'locale']) expect(german).toContain(`• ${cookie},`);
    expect(german).not.toMatch(/ein Cookie für/);
  });
});

describe('not-found page', () => {
  it('keeps the whole header: menu, search and sign-in', async () => {
    fakeApi(() => undefined);
    await renderApp('/no/such/page');
    await findHeading('Page not found');
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
    expect(await screen.findByRole('search', { name: 'Site search' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
  });
});

describe('header search', () => {
  it('is a GET form of /search?q=, so it works before and without JavaScript', async () => {
    fakeApi(() => undefined);
    await renderApp('/about');
    const form = await screen.findByRole('search', { name: 'Site search' });
    expect(form.tagName).toBe('FORM');
    expect(form.getAttribute('action')).toBe('/search');
    expect(form.getAttribute('method')).toBe('get');
    expect(within(form).getByRole('combobox').getAttribute('name')).toBe('q');
  });
});

describe('a refusal the page was rendered with', () => {
  it('is not asked for again while the page hydrates (an unknown article: one 404, from the server)', async () => {
    const key = ['article', 'b0e75dd8-327d-4363-ab9c-cfc547b13d30'] as unknown as QueryKey;
    const fetcher = vi.fn(() => Promise.reject(new Error('asked again')));
    function View() {
      const query = useQuery(key, fetcher);
      return <p>{query.status === 'error' ? 'gone' : query.status}</p>;
    }
    const seed = fixedSeed([], [[key, { code: 404, message: 'Article not found' }]]);
    const app = (
      <SeedProvider seed={seed}>
        <View />
      </SeedProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(app);
    document.body.appendChild(container);
    expect(container.textContent).toBe('gone');
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, app);
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(container.textContent).toBe('gone');
    expect(fetcher).not.toHaveBeenCalled();
    act(() => root!.unmount());
    container.remove();
  });
});

describe('mySO navigation', () => {
  it('Overview and Account are the area’s own navigation, the current one marked', async () => {
    fakeApi((c) =>
      c.path === '/myso/vm'
        ? { code: 200, result: { channels: [], articles: [], requests: [], access: [] } }
        : undefined,
    );
    const { router } = await renderApp('/mySO', userOf('REGULAR_USER'));
    await findHeading('mySO');
    const nav = screen.getByRole('navigation', { name: 'mySO sections' });
    expect(within(nav).getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
    const account = within(nav).getByRole('link', { name: 'Account' });
    expect(account.getAttribute('aria-current')).toBeNull();
    await act(async () => {
      fireEvent.click(account);
      await new Promise((r) => setTimeout(r, 0));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/mySO/account'));
    await findHeading('Account');
    const there = screen.getByRole('navigation', { name: 'mySO sections' });
    expect(within(there).getByRole('link', { name: 'Account' }).getAttribute('aria-current')).toBe('page');
    expect(within(there).getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBeNull();
  });
});
