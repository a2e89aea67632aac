// The data cache (web/data): one request per key however many components ask, writes that bring every
// screen up to date, the paged list, errors and retries, and a fresh cache for a new user.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MysoView as MysoData } from '#schema';
import ArticleView from '#web/routes/article/$articleId';
import MysoView from '#web/routes/mySO';
import { fakeApi } from './fake-api';
import { NOW, OWNER, ARTICLE_ID, summary, article, emptyView, ok, count, renderWithApp } from './data-cache-kit';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
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
