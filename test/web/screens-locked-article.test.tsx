// The article view: locked (restricted) content offers 'Request access' to readers and 'Sign in' to
// visitors; unlocked content shows description and media; likes; not found.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Article } from '#schema';
import { documentFromText } from '#schema/document-text';
import ArticleView from '#web/routes/article/$articleId';
import { READER, renderScreen } from './screens-render';
import { fail, fakeApi, ok, type ApiAnswer, type ApiCall } from './fake-api';

const ARTICLE_ID = 'b1000000-0000-4000-8000-000000000001';
const CHANNEL_ID = 'b2000000-0000-4000-8000-000000000001';
const NOW = '2025-03-04T09:30:00.000Z';

function article(over: Partial<Article> = {}): Article {
  return {
    id: ARTICLE_ID,
    slug: 'night-ferry',
    title: 'The night ferry',
    channel: null,
    author: null,
    categories: [],
    teaser: 'Crossing the bay after dark.',
    type: 'gallery',
    channelId: CHANNEL_ID,
    userId: CHANNEL_ID,
    thumbnailHref: '/api/files/t/ferry.jpg',
    published: true,
    hidden: false,
    restricted: true,
    isAd: false,
    isEditorial: false,
    description: '',
    categoryIds: [],
    publishedAtCategory: false,
    media: null,
    locked: true,
    body: { version: 1, children: [] },
    version: 1,
    updatedAt: NOW,
    createdAt: NOW,
    ...over,
  };
}

const emptyView = { channels: [], articles: [], requests: [], access: [] };

function serve(a: Article, extra: (call: ApiCall) => ApiAnswer | undefined = () => undefined) {
  return fakeApi((call) => {
    if (call.method === 'GET' && call.path === `/articles/${ARTICLE_ID}`) return ok(a);
    return extra(call);
  });
}

const routes = [
  { path: '/article/:articleId', element: <ArticleView /> },
  { path: '/chan/:channelId/a/:articleId', element: <ArticleView /> },
];

describe('locked article', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a visitor the teaser and a Sign in link, no request button, no like', async () => {
    const { calls } = serve(article(), (call) =>
      call.path === '/users/auth-validate' ? fail(401, 'Unauthorized') : undefined,
    );
    renderScreen({ path: `/article/${ARTICLE_ID}`, routes });
    expect(await screen.findByRole('heading', { level: 1, name: 'The night ferry' })).toBeTruthy();
    expect(screen.getByText('Crossing the bay after dark.')).toBeTruthy();
    expect(screen.getByText('Restricted')).toBeTruthy();
    const signIn = await screen.findByRole('link', { name: 'Sign in' });
    expect(signIn.getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Request access' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Like/ })).toBeNull();
    expect(calls.some((c) => c.path === '/myso/vm')).toBe(false);
  });

  it('lets a reader request access and confirms it', async () => {
    const { calls } = serve(article(), (call) => {
      if (call.path === '/myso/vm') return ok(emptyView);
      if (call.method === 'POST' && call.path === '/userContent') {
        return ok(
          {
            id: 'b3000000-0000-4000-8000-000000000001',
            userId: READER.id,
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
    renderScreen({ path: `/chan/${CHANNEL_ID}/a/${ARTICLE_ID}`, routes, user: READER });
    const button = await screen.findByRole('button', { name: 'Request access' });
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
    fireEvent.click(button);
    expect(await screen.findByText('Your request for access has been sent.')).toBeTruthy();
    expect(calls.find((c) => c.path === '/userContent')?.body).toEqual({
      contentId: ARTICLE_ID,
      contentType: 'article',
    });
    expect(screen.getByText('Your request for access is waiting for approval.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request access' })).toBeNull();
  });

  it('tells a reader who already asked (409)', async () => {
    serve(article(), (call) => {
      if (call.path === '/myso/vm') return ok(emptyView);
      if (call.path === '/userContent') return fail(409, 'Access already requested');
      return undefined;
    });
    renderScreen({ path: `/article/${ARTICLE_ID}`, routes, user: READER });
    fireEvent.click(await screen.findByRole('button', { name: 'Request access' }));
    expect(await screen.findByText('You have already asked for access to this content.')).toBeTruthy();
  });

  it('shows a pending request from the mySO view instead of the button', async () => {
    serve(article(), (call) =>
      call.path === '/myso/vm'
        ? ok({
            ...emptyView,
            requests: [
              {
                id: 'b3000000-0000-4000-8000-000000000002',
                userId: READER.id,
                contentId: ARTICLE_ID,
                contentType: 'article',
                status: 'PENDING',
                createdAt: NOW,
                userName: 'reader',
                contentTitle: 'The night ferry',
              },
            ],
          })
        : undefined,
    );
    renderScreen({ path: `/article/${ARTICLE_ID}`, routes, user: READER });
    expect(await screen.findByText('Your request for access is waiting for approval.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request access' })).toBeNull();
  });

  it('shows the request for its channel as pending, as the server says (issue 27 §6.10)', async () => {
    // mySO lists the request under the channel's id, which is not the article's: only the server's word tells.
    serve(article({ accessRequested: true }), (call) => (call.path === '/myso/vm' ? ok(emptyView) : undefined));
    renderScreen({ path: `/article/${ARTICLE_ID}`, routes, user: READER });
    expect(await screen.findByText('Your request for access is waiting for approval.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request access' })).toBeNull();
  });
});

describe('unlocked article', () => {
  afterEach(() => vi.unstubAllGlobals());

  const video = {
    id: 'b4000000-0000-4000-8000-000000000001',
    ordinal: 0,
    title: 'Departure',
    href: '/api/files/v/ferry.mp4',
    thumbnailMillis: 1200,
    thumbnailHref: '/api/files/v/ferry-poster.jpg',
  };
  const open = article({
    locked: false,
    body: documentFromText('First paragraph.\n\nSecond paragraph.'),
    version: 1,
    description: 'First paragraph.\n\nSecond paragraph.',
    media: { kind: 'video', videos: [video] },
  });

  it('shows description, the video player and no access request', async () => {
    serve(open, (call) => (call.path === '/myso/vm' ? ok(emptyView) : undefined));
    const { container } = renderScreen({ path: `/article/${ARTICLE_ID}`, routes, user: READER });
    expect(await screen.findByText('Second paragraph.')).toBeTruthy();
    const video = container.querySelector('video')!;
    expect(video.getAttribute('src')).toBe('/api/files/v/ferry.mp4');
    expect(video.getAttribute('poster')).toBe('/api/files/v/ferry-poster.jpg');
    expect(video.getAttribute('preload')).toBe('metadata');
    expect(video.hasAttribute('controls')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Request access' })).toBeNull();
  });

  it("uses the article's thumbnail as poster for a video without its own", async () => {
    serve({ ...open, media: { kind: 'video', videos: [{ ...video, thumbnailHref: null }] } }, (call) =>
      call.path === '/myso/vm' ? ok(emptyView) : undefined,
    );
    const { container } = renderScreen({ path: `/article/${ARTICLE_ID}`, routes, user: READER });
    await screen.findByText('Second paragraph.');
    expect(container.querySelector('video')!.getAttribute('poster')).toBe('/api/files/t/ferry.jpg');
  });

  it('knows an already liked article and unlikes it', async () => {
    let liked = [
      {
        id: 'b5000000-0000-4000-8000-000000000001',
        userId: READER.id,
        contentId: ARTICLE_ID,
        createdAt: NOW,
        article: open,
      },
    ];
    const { calls } = serve(open, (call) => {
      if (call.path === '/myso/vm') return ok({ ...emptyView, articles: liked });
      if (call.path === '/myso/user-articles/remove') {
        liked = [];
        return ok({ contentId: ARTICLE_ID, removed: true });
      }
      return undefined;
    });
    renderScreen({ path: `/article/${ARTICLE_ID}`, routes, user: READER });
    const like = await screen.findByRole('button', { name: /Like/ });
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(like);
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('false'));
    expect(calls.find((c) => c.path === '/myso/user-articles/remove')?.body).toEqual({ contentId: ARTICLE_ID });
    expect(await screen.findByText('“The night ferry” removed from your likes')).toBeTruthy();
    // The mySO view was asked again after the write, and still says: not liked.
    expect(calls.filter((c) => c.path === '/myso/vm')).toHaveLength(2);
    expect(like.getAttribute('aria-pressed')).toBe('false');
  });
});

describe('missing article', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says the article was not found, in the one h1', async () => {
    fakeApi((call) => (call.path.startsWith('/articles/') ? fail(404, 'Article not found') : undefined));
    renderScreen({ path: `/article/${ARTICLE_ID}`, routes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Article not found' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('This article does not exist or is not visible to you.');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});
