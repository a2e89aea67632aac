// The document renderer: React elements for every node, anchors on headings, pictures as the gallery shows them,
// and nothing a hostile document could turn into markup or a script link.
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { ArticleDocument } from '#schema/document';
import type { Article } from '#schema/entities';
import ArticlePreview from '#web/components/rich-text/article-preview';
import DocumentRenderer, { galleryAbove } from '#web/components/rich-text/document-renderer';
import { renderScreen } from './screens-render';
import { fakeApi, ok } from './fake-api';

const IMAGE = 'c1000000-0000-4000-8000-000000000001';
const VIDEO = 'c1000000-0000-4000-8000-000000000002';
const t = (text: string, marks: Record<string, true> = {}) => ({ type: 'text' as const, text, ...marks });

function show(document: ArticleDocument, media: Parameters<typeof DocumentRenderer>[0]['media'] = null) {
  fakeApi((call) => (call.path.startsWith('/imageOptions') ? ok([]) : undefined));
  return renderScreen({
    path: '/a',
    routes: [{ path: '/a', element: <DocumentRenderer document={document} media={media} articleTitle="Harbour" /> }],
  });
}

// Once for the file: a picture's look-up of its framing may still be on its way when one describe ends.
afterAll(() => vi.unstubAllGlobals());

describe('DocumentRenderer', () => {
  it('renders headings with anchors, marks, links, lists, quotes and rules', async () => {
    const { container } = show({
      version: 1,
      children: [
        { type: 'heading', level: 2, children: [t('Über uns')] },
        { type: 'heading', level: 3, children: [t('Über uns')] },
        {
          type: 'paragraph',
          children: [t('A '), t('bold', { bold: true }), t(' '), t('x', { italic: true, code: true })],
        },
        { type: 'paragraph', children: [{ type: 'link', href: 'https://example.com', children: [t('site')] }] },
        {
          type: 'list',
          ordered: true,
          items: [
            {
              type: 'listItem',
              children: [
                { type: 'paragraph', children: [t('one')] },
                {
                  type: 'list',
                  ordered: false,
                  items: [{ type: 'listItem', children: [{ type: 'paragraph', children: [t('inner')] }] }],
                },
              ],
            },
          ],
        },
        { type: 'quote', children: [t('Said')] },
        { type: 'rule' },
      ],
    });
    const h2 = await screen.findByRole('heading', { level: 2 });
    expect(h2.id).toBe('uber-uns');
    expect(screen.getByRole('heading', { level: 3 }).id).toBe('uber-uns-2');
    expect(h2.querySelector('a')!.getAttribute('href')).toBe('#uber-uns');
    expect(container.querySelector('strong')!.textContent).toBe('bold');
    expect(container.querySelector('em > code')!.textContent).toBe('x');
    const link = screen.getByRole('link', { name: 'site' });
    expect(link.getAttribute('href')).toBe('https://example.com');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(container.querySelector('ol > li > ul > li')!.textContent).toBe('inner');
    expect(container.querySelector('blockquote')!.textContent).toBe('Said');
    expect(container.querySelector('hr')).not.toBeNull();
  });

  it('places pictures with srcset, lazy loading and caption, and the videos of the article', async () => {
    const { container } = show(
      {
        version: 1,
        children: [
          { type: 'image', mediaId: IMAGE, alt: 'The quay', caption: 'At dawn' },
          { type: 'image', mediaId: 'c1000000-0000-4000-8000-00000000dead', alt: 'gone' },
        ],
      },
      { kind: 'gallery', images: [{ id: IMAGE, ordinal: 0, title: 'Quay', href: '/api/files/image/quay.jpg' }] },
    );
    const img = await screen.findByRole('img', { name: 'The quay' });
    expect(img.getAttribute('srcset')).toContain('/api/files/image/quay.jpg?w=960 960w');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(screen.getByText('At dawn').tagName).toBe('FIGCAPTION');
    expect(screen.queryByRole('img', { name: 'gone' })).toBeNull();
    expect(container.querySelectorAll('img')).toHaveLength(1);
    show(
      { version: 1, children: [{ type: 'video', mediaId: VIDEO }] },
      {
        kind: 'video',
        videos: [
          { id: VIDEO, ordinal: 0, title: '', href: '/api/files/v/c.mp4', thumbnailMillis: 0, thumbnailHref: null },
        ],
      },
    );
    expect((await screen.findByLabelText('Harbour, video 1')).getAttribute('src')).toBe('/api/files/v/c.mp4');
  });

  it('shows hostile text as text and drops a script address that slipped past the schema', async () => {
    const { container } = show({
      version: 1,
      children: [
        {
          type: 'paragraph',
          children: [
            t('<img src=x onerror=alert(1)><script>alert(1)</script>'),
            { type: 'link', href: 'javascript:alert(1)', children: [t('click')] },
          ],
        },
      ],
    });
    expect(await screen.findByText(/<script>alert\(1\)<\/script>/)).toBeTruthy();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('click').closest('a')!.hasAttribute('href')).toBe(false);
  });
});

describe('pictures placed in the text and the gallery above it', () => {
  const image = (n: number, title: string) => ({
    id: `c2000000-0000-4000-8000-00000000000${n}`,
    ordinal: n,
    title,
    href: `/api/files/image/${title.toLowerCase()}.jpg`,
  });
  const [quay, pier] = [image(1, 'Quay'), image(2, 'Pier')];
  const body: ArticleDocument = {
    version: 1,
    children: [
      { type: 'paragraph', children: [t('The harbour at dawn.')] },
      { type: 'image', mediaId: quay.id, alt: 'The quay at dawn' },
    ],
  };

  it("a text article's gallery shows only what its text does not place: an uploaded picture shows once", async () => {
    const article: Article = {
      id: 'c2000000-0000-4000-8000-0000000000aa',
      slug: 'harbour',
      title: 'Harbour at dawn',
      teaser: '',
      type: 'text',
      channelId: null,
      channel: null,
      author: null,
      categories: [],
      userId: 'c2000000-0000-4000-8000-0000000000bb',
      thumbnailHref: null,
      published: true,
      hidden: false,
      restricted: false,
      isAd: false,
      isEditorial: false,
      createdAt: '2026-03-01T10:00:00.000Z',
      description: 'The harbour at dawn.',
      body,
      version: 3,
      categoryIds: [],
      publishedAtCategory: false,
      media: { kind: 'gallery', images: [quay, pier] },
      locked: false,
      updatedAt: '2026-03-01T10:00:00.000Z',
    };
    const { calls } = fakeApi((call) => (call.path.startsWith('/imageOptions') ? ok([]) : undefined));
    // The form's Preview and the reviewers' preview; the article page decides the same way (galleryAbove).
    renderScreen({ path: '/a', routes: [{ path: '/a', element: <ArticlePreview article={article} /> }] });
    await screen.findByRole('heading', { level: 1, name: 'Harbour at dawn' });
    const gallery = screen.getByRole('region', { name: 'Gallery' });
    expect(within(gallery).queryByRole('button', { name: /Quay/ })).toBeNull();
    expect(within(gallery).getByRole('button', { name: /Pier/ })).toBeTruthy();
    expect(screen.getAllByRole('img', { name: 'The quay at dawn' })).toHaveLength(1);
    // The pictures' framing look-up is answered before the test ends (it would reach the network after).
    await waitFor(() => expect(calls.some((c) => c.path.startsWith('/imageOptions'))).toBe(true));
  });

  it('a gallery article shows its whole gallery; with every picture placed, a text article shows none above', () => {
    const media = { kind: 'gallery' as const, images: [quay, pier] };
    expect(galleryAbove('gallery', media, body)).toEqual([quay, pier]);
    expect(galleryAbove('text', media, body)).toEqual([pier]);
    expect(galleryAbove('text', { kind: 'gallery', images: [quay] }, body)).toEqual([]);
    expect(galleryAbove('text', null, body)).toEqual([]);
  });
});
