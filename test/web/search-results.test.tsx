// The results page shows each hit with its picture and a line of context; the header's box keeps the query it
// led to (after Enter, and when the page is opened or reloaded at /search?q=...).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SearchBox from '#web/components/search-box';
import SearchView from '#web/routes/search';
import { renderScreen } from './screens-render';
import { fakeApi, ok, type ApiCall } from './fake-api';

const hits = [
  {
    value: 'a1b2c3d4-0000-4000-8000-000000000011',
    label: 'Harbour walk',
    kind: 'article',
    thumbnailHref: '/api/files/t/harbour.jpg',
    context: 'From the lighthouse to the fish market in an hour',
  },
  {
    value: 'a1b2c3d4-0000-4000-8000-000000000012',
    label: 'Harbours',
    kind: 'category',
    thumbnailHref: null,
    context: null,
  },
];

function setup(path: string) {
  fakeApi((call) => {
    if (call.path === '/search/search') return ok(hits);
    if (call.path.startsWith('/imageOptions?')) return ok([]);
    return undefined;
  });
  return renderScreen({
    path,
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
}
const box = () => screen.getByRole<HTMLInputElement>('combobox', { name: 'Search articles, channels and categories' });

afterEach(() => vi.unstubAllGlobals());

describe('search results', () => {
  it('shows each hit with its picture, its title and a line of context', async () => {
    setup('/search?q=harb');
    const results = await screen.findByRole('list', { name: 'Results' });
    const first = within(results).getAllByRole('listitem')[0]!;
    expect(within(first).getByRole('link', { name: 'Harbour walk' })).toBeTruthy();
    expect(within(first).getByText('From the lighthouse to the fish market in an hour')).toBeTruthy();
    expect(first.querySelector('img')?.getAttribute('src')).toBe('/api/files/t/harbour.jpg');
  });

  it('the header box keeps the query after Enter and shows it when the results page is opened directly', async () => {
    setup('/search?q=harbour');
    await screen.findByRole('heading', { level: 1, name: 'Search results for “harbour”' });
    expect(box().value).toBe('harbour');

    act(() => box().focus());
    fireEvent.change(box(), { target: { value: 'walk' } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    await screen.findByRole('heading', { level: 1, name: 'Search results for “walk”' });
    expect(box().value).toBe('walk');
  });

  it('choosing a hit still clears the box', async () => {
    const { router } = setup('/');
    act(() => box().focus());
    fireEvent.change(box(), { target: { value: 'harb' } });
    await waitFor(() => expect(box().getAttribute('aria-expanded')).toBe('true'));
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(router.state.location.pathname).toBe(`/article/${hits[0]!.value}`);
    expect(box().value).toBe('');
  });
});

describe('search results in German', () => {
  const screensDe = JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, '../../web/i18n/screens.de-DE.json'), 'utf8'),
  ) as Record<string, string>;
  const german = {
    value: 'a1b2c3d4-0000-4000-8000-000000000021',
    label: 'Die Große Straße',
    kind: 'article',
    thumbnailHref: null,
    context: 'Eine Straße am Hafen',
    slug: 'die-grosse-strasse',
    language: 'de-DE',
  };

  it('/de/search asks in German and links each hit to its German slug under /de/', async () => {
    const asked: string[] = [];
    fakeApi((call: ApiCall) => {
      if (call.path !== '/search/search') return undefined;
      const language = new Headers(call.init?.headers).get('Accept-Language') ?? '';
      asked.push(language);
      return ok(language === 'de-DE' ? [german] : hits);
    });
    const router = createMemoryRouter([{ path: '/search', element: <SearchView /> }], {
      basename: '/de',
      initialEntries: ['/de/search?q=strasse'],
    });
    render(
      <IntlProvider locale="de-DE" messages={screensDe}>
        <RouterProvider router={router} />
      </IntlProvider>,
    );
    const results = await screen.findByRole('list', { name: 'Ergebnisse' });
    const link = within(results).getByRole('link', { name: 'Die Große Straße' });
    expect(link.getAttribute('href')).toBe('/de/article/die-grosse-strasse');
    expect(within(results).getByText('Eine Straße am Hafen')).toBeTruthy();
    expect(asked).toEqual(['de-DE']);
  });
});
