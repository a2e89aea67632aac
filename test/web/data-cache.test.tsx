// The data cache (web/data): one request per key however many components ask, writes that bring every
// screen up to date, the paged list, errors and retries, and a fresh cache for a new user.
import { documentFromText } from '#schema/document-text';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Article, ArticleSummary, MysoView as MysoData } from '#schema';
import { ApiError } from '#web/api/errors';
import { listArticles } from '#web/api/articles';
import { AppProviders, AppRoutes } from '#web/app';
import { invalidate, RETRIES, shouldRetry, usePagedQuery } from '#web/data/cache';
import { keys } from '#web/data/keys';
import { useMysoView } from '#web/data/myso';
import ArticleView from '#web/routes/article/$articleId';
import MysoView from '#web/routes/mySO';
import { useSession } from '#web/session/session';
import { renderApp, userOf } from './shell-kit';
import { fakeApi, type ApiAnswer, type ApiCall } from './fake-api';

const NOW = '2025-05-06T07:08:09.000Z';
const OWNER = 'f0000000-0000-4000-8000-000000000001';
const ARTICLE_ID = 'f1000000-0000-4000-8000-000000000001';

const summary = (n: number): ArticleSummary => ({
  id: `f2000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  slug: `note-${n}`,
  title: `Note ${n}`,
  teaser: '',
  type: 'text',
  channelId: null,
  userId: OWNER,
  thumbnailHref: null,
  published: true,
  hidden: false,
  restricted: false,
  isAd: false,
  isEditorial: false,
  createdAt: NOW,
});
const article = (over: Partial<Article> = {}): Article => ({
  ...summary(0),
  id: ARTICLE_ID,
  title: 'Lighthouse keepers',
  channel: null,
  author: null,
  categories: [],
  description: 'A night on the rock.',
  categoryIds: [],
  publishedAtCategory: false,
  media: null,
  locked: false,
  body: documentFromText(over.description ?? 'A night on the rock.'),
  version: 1,
  updatedAt: NOW,
  ...over,
});
const emptyView = (): MysoData => ({ channels: [], articles: [], requests: [], access: [] });
const ok = (result: unknown, code = 200): ApiAnswer => ({ code, result });
const count = (calls: ApiCall[], path: string, method = 'GET') =>
  calls.filter((c) => c.path === path && c.method === method).length;

/** Mounts `element` at `path` with the app's real providers (intl with every catalogue, session, notifications). */
function renderWithApp(routes: RouteObject[], path: string, user = userOf('REGULAR_USER')) {
  sessionStorage.setItem('activeUser', JSON.stringify(user));
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return {
    user,
    ...render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    ),
  };
}

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

describe('writes update every screen that shows them', () => {
  it('a like on the article shows at once in the mySO lists on the same screen, then the view is asked again', async () => {
    const shown = article();
    let view = emptyView();
    // The refetch after the write is held until the test lets it answer: what shows before comes from the write.
    let answerRefetch = () => {};
    const refetchHeld = new Promise<void>((resolve) => (answerRefetch = resolve));
    const { calls } = fakeApi(async (c) => {
      if (c.path === `/articles/${ARTICLE_ID}`) return ok(shown);
      if (c.path === '/myso/vm') {
        if (count(calls, '/myso/vm') > 1) await refetchHeld;
        return ok(view);
      }
      if (c.path === '/myso/user-articles' && c.method === 'POST') {
        const link = {
          id: 'f3000000-0000-4000-8000-000000000001',
          userId: OWNER,
          contentId: ARTICLE_ID,
          createdAt: NOW,
        };
        view = { ...view, articles: [{ ...link, article: { ...summary(0), id: ARTICLE_ID, title: shown.title } }] };
        return ok(link, 201);
      }
      return undefined;
    });
    renderWithApp(
      [
        {
          path: '/article/:articleId',
          element: (
            <>
              <ArticleView />
              <MysoView />
            </>
          ),
        },
      ],
      `/article/${ARTICLE_ID}`,
    );
    const liked = within(await screen.findByRole('region', { name: 'Liked articles' }));
    expect(liked.getByText('You have not liked any article yet.')).toBeTruthy();
    const like = screen.getByRole('button', { name: /Like/ });
    await waitFor(() => expect(like.hasAttribute('disabled')).toBe(false));
    expect(count(calls, '/myso/vm')).toBe(1);

    fireEvent.click(like);
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('true'));
    expect(liked.getByRole('link', { name: 'Lighthouse keepers' }).getAttribute('href')).toBe(`/article/${ARTICLE_ID}`);
    expect(count(calls, '/myso/user-articles', 'POST')).toBe(1);
    // The view is being asked again (one request for both components), and the button waits for it.
    await waitFor(() => expect(count(calls, '/myso/vm')).toBe(2));
    expect(like.hasAttribute('disabled')).toBe(true);
    await act(async () => answerRefetch());
    expect(await screen.findByText('“Lighthouse keepers” added to your likes')).toBeTruthy();
    expect(liked.getByRole('link', { name: 'Lighthouse keepers' })).toBeTruthy();
    expect(like.getAttribute('aria-pressed')).toBe('true');
    expect(like.hasAttribute('disabled')).toBe(false);
  });

  it('an unlike on the mySO screen turns the like button on the same screen off', async () => {
    let view: MysoData = {
      ...emptyView(),
      articles: [
        {
          id: 'f3000000-0000-4000-8000-000000000002',
          userId: OWNER,
          contentId: ARTICLE_ID,
          createdAt: NOW,
          article: article(),
        },
      ],
    };
    fakeApi((c) => {
      if (c.path === `/articles/${ARTICLE_ID}`) return ok(article());
      if (c.path === '/myso/vm') return ok(view);
      if (c.path === '/myso/user-articles/remove') {
        view = emptyView();
        return ok({ contentId: ARTICLE_ID, removed: true });
      }
      return undefined;
    });
    renderWithApp(
      [
        {
          path: '/article/:articleId',
          element: (
            <>
              <ArticleView />
              <MysoView />
            </>
          ),
        },
      ],
      `/article/${ARTICLE_ID}`,
    );
    const like = await screen.findByRole('button', { name: /Like/ });
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('true'));
    const liked = within(screen.getByRole('region', { name: 'Liked articles' }));
    await act(async () => fireEvent.click(liked.getByRole('button', { name: /^Unlike/ })));
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('false'));
    expect(await liked.findByText('You have not liked any article yet.')).toBeTruthy();
  });

  it('an access request shows as pending in the mySO requests without a reload', async () => {
    const locked = article({ restricted: true, locked: true, description: '' });
    fakeApi((c) => {
      if (c.path === `/articles/${ARTICLE_ID}`) return ok(locked);
      if (c.path === '/myso/vm') return ok(emptyView());
      if (c.path === '/userContent' && c.method === 'POST') {
        return ok(
          {
            id: 'f4000000-0000-4000-8000-000000000001',
            userId: OWNER,
            contentId: ARTICLE_ID,
            contentType: 'article',
            status: 'PENDING',
            createdAt: NOW,
          },
          201,
        );
      }
      return undefined;
    });
    renderWithApp(
      [
        {
          path: '/article/:articleId',
          element: (
            <>
              <ArticleView />
              <MysoView />
            </>
          ),
        },
      ],
      `/article/${ARTICLE_ID}`,
    );
    const requests = within(await screen.findByRole('region', { name: 'Access requests' }));
    expect(requests.getByText('You have not asked for access to anything.')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Request access' })));
    // The patched view holds the request; the refetch that follows (the server's view here is still empty) may drop
    // it again, so the page's own note is checked too.
    await screen.findByText('Your request for access has been sent.');
    expect(screen.getByText('Your request for access is waiting for approval.')).toBeTruthy();
  });
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
