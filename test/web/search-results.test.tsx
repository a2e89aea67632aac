// The results page shows each hit with its picture and a line of context; the header's box keeps the query it
// led to (after Enter, and when the page is opened or reloaded at /search?q=...).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SearchBox from '#web/components/search-box';
import SearchView from '#web/routes/search';
import { renderScreen } from './screens-render';
import { fakeApi, ok } from './fake-api';

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
