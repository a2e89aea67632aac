// The header search box: a debounced ARIA combobox with keyboard selection.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SearchBox from '#web/components/search-box';
import SearchView from '#web/routes/search';
import { renderScreen } from './screens-render';
import { fakeApi, ok, type ApiCall } from './fake-api';

const hits = [
  {
    value: 'a1b2c3d4-0000-4000-8000-000000000001',
    label: 'Harbour walk',
    kind: 'article',
    thumbnailHref: '/api/files/t/harbour.jpg',
  },
  { value: 'a1b2c3d4-0000-4000-8000-000000000002', label: 'Harbour channel', kind: 'channel', thumbnailHref: null },
  { value: 'a1b2c3d4-0000-4000-8000-000000000003', label: 'Harbours', kind: 'category', thumbnailHref: null },
];

let calls: ApiCall[];
const searches = () => calls.filter((c) => c.path === '/search/search');

function setup() {
  const view = renderScreen({
    path: '/',
    routes: [
      {
        path: '/',
        element: (
          <>
            <SearchBox />
            <Outlet />
          </>
        ),
        children: [
          { path: 'search', element: <SearchView /> },
          { path: '*', element: <p>a page</p> },
        ],
      },
    ],
  });
  const input = screen.getByRole('combobox', { name: 'Search articles, channels and categories' });
  act(() => input.focus());
  return { ...view, input };
}

async function typeAndWaitForList(input: HTMLElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
  await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'));
  return screen.getByRole('listbox');
}

describe('SearchBox', () => {
  beforeEach(() => {
    ({ calls } = fakeApi((call) => {
      if (call.path === '/search/search') {
        const text = (call.body as { searchText: string }).searchText.toLowerCase();
        return ok(hits.filter((h) => h.label.toLowerCase().includes(text)));
      }
      return undefined;
    }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is a collapsed combobox wired to its listbox', () => {
    const { input } = setup();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '');
    expect(listbox?.getAttribute('role')).toBe('listbox');
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
  });

  it('waits ~250 ms after the last keystroke and sends one search for the final text', async () => {
    const { input } = setup();
    for (const text of ['h', 'ha', 'har', 'harb']) fireEvent.change(input, { target: { value: text } });
    await new Promise((r) => setTimeout(r, 150));
    expect(searches()).toHaveLength(0);
    await waitFor(() => expect(searches()).toHaveLength(1));
    expect(searches()[0]!.body).toEqual({ searchText: 'harb' });
    await new Promise((r) => setTimeout(r, 300));
    expect(searches()).toHaveLength(1);
  });

  it('does not search for a single character', async () => {
    const { input } = setup();
    fireEvent.change(input, { target: { value: 'h' } });
    await new Promise((r) => setTimeout(r, 400));
    expect(searches()).toHaveLength(0);
  });

  it('lists hits with thumbnails and kind labels', async () => {
    const { input } = setup();
    const listbox = await typeAndWaitForList(input, 'harb');
    const options = within(listbox).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Harbour walkArticle',
      'Harbour channelChannel',
      'HarboursCategory',
    ]);
    expect(options[0]!.querySelector('img')?.getAttribute('src')).toBe('/api/files/t/harbour.jpg');
    expect(options.every((o) => o.getAttribute('aria-selected') === 'false')).toBe(true);
  });

  it('moves the active option with ↑/↓, wrapping, and points aria-activedescendant at it', async () => {
    const { input } = setup();
    const listbox = await typeAndWaitForList(input, 'harb');
    const options = within(listbox).getAllByRole('option');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[2]!.id);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[2]!.id);
    expect(document.activeElement).toBe(input);
  });

  it('opens the active hit on Enter (a channel goes to /chan/{id})', async () => {
    const { input, router } = setup();
    await typeAndWaitForList(input, 'harb');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(router.state.location.pathname).toBe(`/chan/${hits[1]!.value}`);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('routes articles and categories to their pages', async () => {
    const { input, router } = setup();
    await typeAndWaitForList(input, 'harb');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(router.state.location.pathname).toBe(`/category/${hits[2]!.value}`);
    await typeAndWaitForList(input, 'walk');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(router.state.location.pathname).toBe(`/article/${hits[0]!.value}`);
  });

  it('opens the results view on Enter without an active hit', async () => {
    const { input, router } = setup();
    await typeAndWaitForList(input, 'harb');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe('?q=harb');
    expect(await screen.findByRole('heading', { level: 1, name: 'Search results for “harb”' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Harbour channel' })).toBeTruthy();
  });

  it('closes on Esc, then clears the text on a second Esc', async () => {
    const { input } = setup();
    await typeAndWaitForList(input, 'harb');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
    expect((input as HTMLInputElement).value).toBe('harb');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('navigates on a click on an option', async () => {
    const { input, router } = setup();
    const listbox = await typeAndWaitForList(input, 'harb');
    fireEvent.click(within(listbox).getByRole('option', { name: /Harbour walk/ }));
    expect(router.state.location.pathname).toBe(`/article/${hits[0]!.value}`);
  });
});
