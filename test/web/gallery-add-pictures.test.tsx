// Add pictures to a gallery (issue 27 §6.11, §6.12): picked pictures go up at once, no second "Upload N pictures"
// step, each shown as a thumbnail beside its progress before the server has it; and a picture starts without a
// title, so a file name ("p1") never becomes its public caption. XMLHttpRequest (the upload's transport) is faked.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Article } from '#schema/entities';
import { draftArticle } from './content-fixtures';
import { fakeApi, type ApiCall } from './fake-api';
import { addedOf, fakeXhr } from './fake-xhr';
import { renderApp, userOf, uuid } from './shell-kit';

afterEach(() => vi.unstubAllGlobals());

const NOW = '2026-03-01T10:00:00.000Z';
const editor = userOf('CLIENT');
const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

function articleServer(stored: Article) {
  return fakeApi((c: ApiCall) => {
    if (c.path === `/articles/${stored.id}` && c.method === 'GET') return { code: 200, result: stored };
    if (c.path === '/categories') return { code: 200, result: [] };
    if (c.path.startsWith('/channels/')) return { code: 200, result: [] };
    if (c.path.startsWith('/workspace/') || c.path.startsWith('/revisions') || c.path.startsWith('/previews'))
      return { code: 200, result: c.path.startsWith('/workspace/') ? { items: [], nextCursor: null } : [] };
    return undefined;
  });
}

describe('Add pictures', () => {
  it('uploads the picked pictures at once, untitled, with a thumbnail each while they travel', async () => {
    const stored = draftArticle(editor.id, NOW, { type: 'gallery', media: { kind: 'gallery', images: [] } });
    articleServer(stored);
    const images: { id: string; ordinal: number; title: string; href: string }[] = [];
    const xhr = fakeXhr((req) => {
      const id = uuid();
      images.push({ id, ordinal: images.length, title: req.json.images[0]!.title, href: `/api/files/i/${id}.png` });
      return {
        status: 201,
        result: { ...stored, media: { kind: 'gallery', images: [...images] }, added: addedOf(req, id) },
      };
    });
    await renderApp(`/myaccount/articles/${stored.id}`, editor);
    const input = await screen.findByLabelText<HTMLInputElement>('Add pictures', undefined, { timeout: 10_000 });
    await act(async () => fireEvent.change(input, { target: { files: [png('p1.png'), png('p2.png')] } }));

    // No step between picking and sending: the first is on its way (one at a time, in the order picked).
    expect(screen.queryByRole('button', { name: /^Upload \d+ pictures?$/ })).toBeNull();
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    const uploads = screen.getByRole('region', { name: 'Uploads' });
    for (const name of ['p1.png', 'p2.png']) {
      const item = within(uploads).getByText(name).closest('li')!;
      const thumb = item.querySelector('img');
      expect(thumb?.getAttribute('src')).toMatch(/^blob:/);
      expect(thumb?.getAttribute('alt')).toBe('');
    }

    await act(async () => xhr.release());
    await waitFor(() => expect(xhr.sent).toHaveLength(2));
    // Neither file name became a title: the caption stays empty until the editor writes one.
    expect(xhr.sent.map((s) => s.json.images.map((i) => i.title))).toEqual([[''], ['']]);
    const list = await screen.findByRole('list', { name: 'Pictures of the gallery' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole<HTMLInputElement>('textbox')
          .map((t) => t.value),
      ).toEqual(['', '']),
    );
  }, 30_000);
});
