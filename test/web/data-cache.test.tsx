// The data cache (web/data): one request per key however many components ask, writes that bring every
// screen up to date, the paged list, errors and retries, and a fresh cache for a new user.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#web/api/errors';
import { AppProviders, AppRoutes } from '#web/app';
import { invalidate, RETRIES, shouldRetry } from '#web/data/cache';
import { useMysoView } from '#web/data/myso';
import ArticleView from '#web/routes/article/$articleId';
import { useSession } from '#web/session/session';
import { renderApp, userOf } from './shell-kit';
import { fakeApi } from './fake-api';
import { NOW, OWNER, ARTICLE_ID, summary, article, emptyView, ok, count, renderWithApp } from './data-cache-kit';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('one request per key', () => {
  it('two components showing the mySO view make one request', async () => {
    const { calls } = fakeApi((c) => (c.path === '/myso/vm' ? ok(emptyView()) : undefined));
    function Likes({ label }: { label: string }) {
      const myso = useMysoView();
      return <p>{myso.status === 'ok' ? `${label}: ${myso.data.articles.length} liked` : `${label}: …`}</p>;
    }
    renderWithApp(
      [
        {
          path: '*',
          element: (
            <>
              <Likes label="first" />
              <Likes label="second" />
            </>
          ),
        },
      ],
      '/',
    );
    await screen.findByText('first: 0 liked');
    await screen.findByText('second: 0 liked');
    expect(count(calls, '/myso/vm')).toBe(1);
  });

  it('the article page and its breadcrumb share one GET /articles/{id}', async () => {
    const { calls } = fakeApi((c) => {
      if (c.path === `/articles/${ARTICLE_ID}`) return ok(article());
      if (c.path === '/myso/vm') return ok(emptyView());
      return undefined;
    });
    await renderApp(`/article/${ARTICLE_ID}`, userOf('REGULAR_USER'));
    await screen.findByRole('heading', { level: 1, name: 'Lighthouse keepers' }, { timeout: 3000 });
    const trail = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    await within(trail).findByText('LIGHTHOUSE KEEPERS');
    expect(count(calls, `/articles/${ARTICLE_ID}`)).toBe(1);
    expect(count(calls, '/myso/vm')).toBe(1);
  });
});

describe('the mySO view: fetched once, shared, refreshed when invalidated', () => {
  const CHANNEL_ID = 'f5000000-0000-4000-8000-000000000001';
  const channel = {
    id: CHANNEL_ID,
    slug: 'lighthouses',
    name: 'Lighthouses',
    categoryIds: [],
    userId: OWNER,
    infoText: '',
    portraitHref: null,
    bannerHref: null,
    hidden: false,
    private: false,
    published: true,
    restricted: false,
    isAd: false,
    coverMedia: null,
    locked: false,
    body: { version: 1, children: [] },
    version: 1,
    createdAt: NOW,
  };

  it('the article, channel and mySO pages make one GET /myso/vm between them', async () => {
    const { calls } = fakeApi((c) => {
      if (c.path === `/articles/${ARTICLE_ID}`) return ok(article());
      if (c.path === `/channels/${CHANNEL_ID}/summary`) return ok(channel);
      if (c.path.startsWith(`/channels/${CHANNEL_ID}/articles`)) return ok({ items: [], nextCursor: null });
      if (c.path === '/myso/vm') return ok(emptyView());
      return undefined;
    });
    // Each page is visited well after SWR's 2 s of deduplication, so only the refresh policy keeps requests away.
    // Under fake timers only timers and promises move: the views' chunks are loaded beforehand.
    await Promise.all([
      import('#web/routes/article/$articleId/index.tsx'),
      import('#web/routes/chan/$channelId/index.tsx'),
      import('#web/routes/mySO/index.tsx'),
    ]);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    const later = () => act(() => vi.advanceTimersByTimeAsync(3000));
    sessionStorage.setItem('activeUser', JSON.stringify(userOf('REGULAR_USER')));
    const router = createMemoryRouter([{ path: '*', element: <AppRoutes /> }], {
      initialEntries: [`/article/${ARTICLE_ID}`],
    });
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    await later();
    expect(screen.getByRole('heading', { level: 1, name: 'Lighthouse keepers' })).toBeTruthy();

    await act(() => router.navigate(`/chan/${CHANNEL_ID}`));
    await later();
    expect(screen.getByRole('heading', { level: 1, name: 'Lighthouses' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Like/ }).hasAttribute('disabled')).toBe(false);
    await act(() => router.navigate('/mySO'));
    await later();
    expect(screen.getByRole('region', { name: 'Liked articles' })).toBeTruthy();
    await act(() => router.navigate(`/article/${ARTICLE_ID}`));
    await later();
    expect(screen.getByRole('heading', { level: 1, name: 'Lighthouse keepers' })).toBeTruthy();
    expect(count(calls, '/myso/vm')).toBe(1);
    // The article is content others change: shown from the cache, and asked again behind it.
    expect(count(calls, `/articles/${ARTICLE_ID}`)).toBe(2);
  });

  it('an invalidation forgets the view while no screen shows it, so the next one asks again', async () => {
    let liked = 0;
    const { calls } = fakeApi((c) => {
      if (c.path !== '/myso/vm') return undefined;
      const articles = Array.from({ length: liked }, (_, i) => ({
        id: `f6000000-0000-4000-8000-00000000000${i}`,
        userId: OWNER,
        contentId: summary(i).id,
        createdAt: NOW,
        article: summary(i),
      }));
      return ok({ ...emptyView(), articles });
    });
    function Likes() {
      const myso = useMysoView();
      return <p>{myso.status === 'ok' ? `${myso.data.articles.length} liked` : 'waiting'}</p>;
    }
    function Toggle() {
      const [shown, setShown] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setShown((s) => !s)}>
            toggle
          </button>
          {shown && <Likes />}
        </>
      );
    }
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    // Past SWR's 2 s of deduplication, so only the refresh policy and the invalidation decide.
    const later = () => act(() => vi.advanceTimersByTimeAsync(3000));
    renderWithApp([{ path: '*', element: <Toggle /> }], '/');
    await later();
    expect(screen.getByText('0 liked')).toBeTruthy();
    const toggle = screen.getByRole('button', { name: 'toggle' });

    // Shown again without a write in between: the view is the user's own, the cached answer stands.
    fireEvent.click(toggle);
    await later();
    fireEvent.click(toggle);
    await later();
    expect(screen.getByText('0 liked')).toBeTruthy();
    expect(count(calls, '/myso/vm')).toBe(1);

    fireEvent.click(toggle);
    liked = 1;
    await act(() => invalidate(['myso']));
    expect(count(calls, '/myso/vm')).toBe(1);
    fireEvent.click(toggle);
    await later();
    expect(screen.getByText('1 liked')).toBeTruthy();
    expect(count(calls, '/myso/vm')).toBe(2);
  });
});

describe('errors', () => {
  it('shows the error, and "Try again" asks again', async () => {
    let fail = true;
    const { calls } = fakeApi((c) => {
      if (c.path === `/articles/${ARTICLE_ID}`)
        return fail ? { code: 503, message: 'Service unavailable' } : ok(article());
      if (c.path === '/myso/vm') return ok(emptyView());
      return undefined;
    });
    renderWithApp([{ path: '/article/:articleId', element: <ArticleView /> }], `/article/${ARTICLE_ID}`);
    // The sentence of a 5xx (error.server), never the server's English message.
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The portal could not do this just now. Please try again in a moment.',
    );
    fail = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lighthouse keepers' })).toBeTruthy();
    expect(count(calls, `/articles/${ARTICLE_ID}`)).toBe(2);
  });

  it('offers no retry for a missing article, and does not ask again by itself', async () => {
    const { calls } = fakeApi((c) =>
      c.path.startsWith('/articles/') ? { code: 404, message: 'Article not found' } : ok(emptyView()),
    );
    renderWithApp([{ path: '/article/:articleId', element: <ArticleView /> }], `/article/${ARTICLE_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Article not found' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    expect(count(calls, `/articles/${ARTICLE_ID}`)).toBe(1);
  });

  it('retries server errors a little, refusals never', () => {
    expect(RETRIES).toBe(2);
    expect(shouldRetry(new ApiError(500, 'Internal server error'))).toBe(true);
    expect(shouldRetry(new ApiError(503, 'Service unavailable'))).toBe(true);
    for (const code of [400, 401, 403, 404, 409, 429])
      expect(shouldRetry(new ApiError(code, 'refused')), String(code)).toBe(false);
    expect(shouldRetry(new Error('not from the API client'))).toBe(false);
  });

  it('retries a 5xx by itself, twice at most', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { calls } = fakeApi((c) =>
      c.path.startsWith('/articles/') ? { code: 502, message: 'Bad gateway' } : ok(emptyView()),
    );
    renderWithApp([{ path: '/article/:articleId', element: <ArticleView /> }], `/article/${ARTICLE_ID}`);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(count(calls, `/articles/${ARTICLE_ID}`)).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(count(calls, `/articles/${ARTICLE_ID}`)).toBe(1 + RETRIES);
    expect(screen.getByRole('alert').textContent).toBe(
      'The portal could not do this just now. Please try again in a moment.',
    );
  });
});

describe('a new user starts from an empty cache', () => {
  it('signing out refetches what is on screen as a visitor', async () => {
    const reader = userOf('REGULAR_USER');
    let signedIn = true;
    const { calls } = fakeApi((c) => {
      if (c.path === `/articles/${ARTICLE_ID}`)
        return ok(signedIn ? article() : article({ restricted: true, locked: true, description: '' }));
      if (c.path === '/myso/vm') return ok(emptyView());
      if (c.path === '/users/logout') {
        signedIn = false;
        return ok(null);
      }
      return undefined;
    });
    function SignOut() {
      const { logout } = useSession();
      return (
        <button type="button" onClick={() => void logout()}>
          Sign out
        </button>
      );
    }
    renderWithApp(
      [
        {
          path: '/article/:articleId',
          element: (
            <>
              <SignOut />
              <ArticleView />
            </>
          ),
        },
      ],
      `/article/${ARTICLE_ID}`,
      reader,
    );
    expect(await screen.findByText('A night on the rock.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Like/ })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign out' })));
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByText('A night on the rock.')).toBeNull();
    expect(screen.queryByRole('button', { name: /Like/ })).toBeNull();
    expect(count(calls, `/articles/${ARTICLE_ID}`)).toBe(2);
  });
});
