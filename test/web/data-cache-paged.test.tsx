// The data cache (web/data): one request per key however many components ask, writes that bring every
// screen up to date, the paged list, errors and retries, and a fresh cache for a new user.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listArticles } from '#web/api/articles';
import { invalidate, usePagedQuery } from '#web/data/cache';
import { keys } from '#web/data/keys';
import { fakeApi } from './fake-api';
import { summary, ok, renderWithApp } from './data-cache-kit';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('usePagedQuery', () => {
  const PAGE = 2;
  function Newest() {
    const list = usePagedQuery(keys.newestArticles(), (cursor) => listArticles(cursor, PAGE));
    const [failure, setFailure] = useState<string | null>(null);
    return (
      <section>
        {list.status === 'error' && <p role="alert">{(list.error as Error).message}</p>}
        <ol aria-label="newest">
          {list.items.map((a) => (
            <li key={a.id}>{a.title}</li>
          ))}
        </ol>
        {failure && <p role="status">{failure}</p>}
        {list.cursor && (
          <button
            type="button"
            disabled={list.busy}
            onClick={() => void list.loadMore().catch((e: unknown) => setFailure((e as Error).message))}
          >
            Show more
          </button>
        )}
      </section>
    );
  }
  const titles = () =>
    within(screen.getByRole('list', { name: 'newest' }))
      .queryAllByRole('listitem')
      .map((li) => li.textContent);

  it('shows more, once each item that moved to the next page meanwhile, and keeps the list when a page fails', async () => {
    const { calls } = fakeApi((c) => {
      if (c.path === `/articles?limit=${PAGE}`) return ok({ items: [summary(1), summary(2)], nextCursor: 'c2' });
      // Note 2 moved down after a new one was published: the next page repeats it.
      if (c.path === `/articles?cursor=c2&limit=${PAGE}`)
        return ok({ items: [summary(2), summary(3)], nextCursor: 'c3' });
      if (c.path === `/articles?cursor=c3&limit=${PAGE}`) return { code: 400, message: 'Invalid cursor' };
      return undefined;
    });
    renderWithApp([{ path: '*', element: <Newest /> }], '/');
    await waitFor(() => expect(titles()).toEqual(['Note 1', 'Note 2']));

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show more' })));
    await waitFor(() => expect(titles()).toEqual(['Note 1', 'Note 2', 'Note 3']));

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show more' })));
    expect(await screen.findByText('Invalid cursor')).toBeTruthy();
    expect(titles()).toEqual(['Note 1', 'Note 2', 'Note 3']);
    expect(screen.getByRole('button', { name: 'Show more' })).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual([
      `/articles?limit=${PAGE}`,
      `/articles?cursor=c2&limit=${PAGE}`,
      `/articles?cursor=c3&limit=${PAGE}`,
    ]);
  });

  it('an invalidation refetches every page shown, each from the fresh page before it', async () => {
    let published = [summary(1), summary(2), summary(3)];
    const { calls } = fakeApi((c) => {
      const url = new URL(c.path, 'http://x');
      if (url.pathname !== '/articles') return undefined;
      const start = url.searchParams.get('cursor')
        ? published.findIndex((a) => a.id === url.searchParams.get('cursor')) + 1
        : 0;
      const items = published.slice(start, start + PAGE);
      return ok({ items, nextCursor: start + PAGE < published.length ? items.at(-1)!.id : null });
    });
    renderWithApp([{ path: '*', element: <Newest /> }], '/');
    await waitFor(() => expect(titles()).toEqual(['Note 1', 'Note 2']));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show more' })));
    await waitFor(() => expect(titles()).toEqual(['Note 1', 'Note 2', 'Note 3']));

    published = [summary(0), ...published];
    calls.length = 0;
    await act(() => invalidate(['articles']));
    await waitFor(() => expect(titles()).toEqual(['Note 0', 'Note 1', 'Note 2', 'Note 3']));
    expect(calls.map((c) => c.path)).toEqual([
      `/articles?limit=${PAGE}`,
      `/articles?cursor=${summary(1).id}&limit=${PAGE}`,
    ]);
  });
});
