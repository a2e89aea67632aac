// Issue 27 §5 in the components: the article page says where it belongs (channel, byline, categories, date, each
// a link), a picture its text places is not also its lead picture, and a lead news card without a picture is laid
// out without one.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Article, NewsItem } from '#schema';
import NewsCard from '#web/components/news-card';
import ArticleView from '#web/routes/article/$articleId';
import { renderScreen } from './screens-render';
import { fail, fakeApi, ok } from './fake-api';

const ARTICLE_ID = 'b1000000-0000-4000-8000-0000000000a1';
const NOW = '2025-03-04T09:30:00.000Z';
const quay = {
  id: 'b1000000-0000-4000-8000-0000000000b1',
  ordinal: 0,
  title: 'Quay',
  href: '/api/files/image/quay.jpg',
};

function article(over: Partial<Article> = {}): Article {
  return {
    id: ARTICLE_ID,
    slug: 'harbour-at-dawn',
    title: 'Harbour at dawn',
    teaser: 'Boats leave before light.',
    type: 'text',
    channelId: 'b2000000-0000-4000-8000-000000000001',
    channel: { id: 'b2000000-0000-4000-8000-000000000001', slug: 'harbour-notes', name: 'Harbour notes' },
    author: { username: 'alma', displayName: 'Alma Berg' },
    categories: [{ id: 'b3000000-0000-4000-8000-000000000001', slug: 'coast', title: 'Coast' }],
    userId: 'b4000000-0000-4000-8000-000000000001',
    thumbnailHref: null,
    published: true,
    hidden: false,
    restricted: false,
    isAd: false,
    isEditorial: false,
    description: 'The harbour at dawn.',
    body: { version: 1, children: [{ type: 'paragraph', children: [{ type: 'text', text: 'The harbour at dawn.' }] }] },
    version: 1,
    categoryIds: ['b3000000-0000-4000-8000-000000000001'],
    publishedAtCategory: false,
    media: null,
    locked: false,
    updatedAt: NOW,
    createdAt: NOW,
    ...over,
  };
}

function show(a: Article) {
  fakeApi((call) => {
    if (call.method === 'GET' && call.path === `/articles/${ARTICLE_ID}`) return ok(a);
    if (call.path === '/users/auth-validate') return fail(401, 'Unauthorized');
    return undefined;
  });
  return renderScreen({
    path: `/article/${ARTICLE_ID}`,
    routes: [{ path: '/article/:articleId', element: <ArticleView /> }],
  });
}

describe('the article page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names its channel, author, categories and date, each linked to its page', async () => {
    show(article());
    await screen.findByRole('heading', { level: 1, name: 'Harbour at dawn' });
    expect(screen.getByRole('link', { name: 'Harbour notes' }).getAttribute('href')).toBe('/chan/harbour-notes');
    expect(screen.getByRole('link', { name: 'Alma Berg' }).getAttribute('href')).toBe('/author/alma');
    expect(screen.getByRole('link', { name: 'Coast' }).getAttribute('href')).toBe('/category/coast');
    expect(document.querySelector('time')?.getAttribute('datetime')).toBe(NOW);
    // The head carries the one description (worker/pages/head.ts): none in the body.
    expect(document.querySelector('meta[name="description"]')).toBeNull();
  });

  it('without an author (a deactivated account) it shows the date, no byline', async () => {
    show(article({ author: null }));
    await screen.findByRole('heading', { level: 1, name: 'Harbour at dawn' });
    expect(screen.queryByText(/^By /)).toBeNull();
    expect(document.querySelector('a[href^="/author/"]')).toBeNull();
  });

  it('a picture its text places shows once, not also as the large lead picture', async () => {
    show(
      article({
        thumbnailHref: quay.href,
        media: { kind: 'gallery', images: [quay] },
        body: {
          version: 1,
          children: [
            { type: 'paragraph', children: [{ type: 'text', text: 'The harbour at dawn.' }] },
            { type: 'image', mediaId: quay.id, alt: 'The quay' },
          ],
        },
      }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Harbour at dawn' });
    const shown = [...document.querySelectorAll('img')].filter((img) => img.getAttribute('src')?.startsWith(quay.href));
    expect(shown).toHaveLength(1);
  });

  it('a thumbnail of its own, not placed in the text, still leads', async () => {
    show(article({ thumbnailHref: '/api/files/image/own.jpg' }));
    await screen.findByRole('heading', { level: 1, name: 'Harbour at dawn' });
    expect(document.querySelector('img[src^="/api/files/image/own.jpg"]')).not.toBeNull();
  });
});

describe('the lead news card', () => {
  const item = (thumbnailHref: string | null): NewsItem => ({
    id: 'b5000000-0000-4000-8000-000000000001',
    title: 'Harbour reopens',
    description: '',
    teaser: 'The quay is open again.',
    ref: {
      kind: 'article',
      id: ARTICLE_ID,
      slug: 'harbour-at-dawn',
      restricted: false,
      isAd: false,
      isEditorial: false,
    },
    thumbnailHref,
    publishedAt: NOW,
    userId: 'b4000000-0000-4000-8000-000000000001',
  });

  it('without a picture is laid out without one (no empty grey box); it links the slug form', async () => {
    renderScreen({ path: '/', routes: [{ path: '/', element: <NewsCard item={item(null)} lead priority /> }] });
    const link = await screen.findByRole('link', { name: 'Harbour reopens' });
    expect(link.getAttribute('href')).toBe('/article/harbour-at-dawn');
    expect(document.querySelector('.picture-empty')).toBeNull();
    expect(document.querySelector('.card-without-picture')).not.toBeNull();
  });

  it('with a picture shows it', async () => {
    renderScreen({
      path: '/',
      routes: [{ path: '/', element: <NewsCard item={item('/api/files/image/quay.jpg')} lead priority /> }],
    });
    await screen.findByRole('link', { name: 'Harbour reopens' });
    expect(document.querySelector('img[src^="/api/files/image/quay.jpg"]')).not.toBeNull();
  });
});
