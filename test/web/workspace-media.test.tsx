// The article form's media (issue 22, items 11 and 12): the gallery keeps the keyboard focus on the picture a
// button moved, and on the next picture after a removal; the video form lets go of its preview (no revoked object
// URL left on a <video>, also one taken out of the page), empties its file field once the upload is queued, and
// brings back the title typed for a file when the same file is picked again to resume its upload.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Article } from '#schema/entities';
import { useObjectUrl } from '#web/components/workspace/image-picker';
import { AUTO_SCROLL } from '#web/components/workspace/sortable-list';
import { VideoScrubber } from '#web/components/workspace/video-scrubber';
import workspaceEn from '#web/i18n/workspace.en-US.json';
import { fakeApi, type ApiCall } from './fake-api';
import { renderApp, userOf, uuid } from './shell-kit';

afterEach(() => vi.unstubAllGlobals());

// The form and its media sections load on demand; loaded here once, so a busy machine does not spend a test's
// time on the first import.
await Promise.all([
  import('#web/routes/myaccount/articles/$item/index'),
  import('#web/routes/myaccount/articles/$item/gallery'),
  import('#web/routes/myaccount/articles/$item/videos'),
]);

const NOW = '2026-03-01T10:00:00.000Z';
const editor = userOf('CLIENT');
const articleOf = (over: Partial<Article>): Article => ({
  id: uuid(),
  slug: 'harbour-lights',
  title: 'Harbour lights',
  channel: null,
  author: null,
  categories: [],
  teaser: '',
  type: 'gallery',
  channelId: null,
  userId: editor.id,
  thumbnailHref: null,
  published: false,
  hidden: false,
  restricted: false,
  isAd: false,
  isEditorial: false,
  createdAt: NOW,
  description: '',
  categoryIds: [],
  publishedAtCategory: false,
  media: null,
  locked: false,
  body: { version: 1, children: [] },
  version: 1,
  updatedAt: NOW,
  ...over,
});
const page = <T,>(items: T[]) => ({ items, nextCursor: null });
function common(c: ApiCall) {
  if (c.path === '/categories') return { code: 200, result: [] };
  if (c.path.startsWith('/channels/') && c.path.endsWith('/channels')) return { code: 200, result: [] };
  if (c.path.startsWith('/workspace/')) return { code: 200, result: page([]) };
  if (c.path === '/uploads' && c.method === 'GET') return { code: 200, result: [] };
  if (c.path.startsWith('/imageOptions') || c.path.startsWith('/revisions') || c.path.startsWith('/previews'))
    return { code: 200, result: [] };
  return undefined;
}

describe('the gallery keeps the keyboard focus', () => {
  const images = ['Dawn', 'Noon', 'Dusk'].map((title, ordinal) => ({
    id: uuid(),
    ordinal,
    title,
    href: `/api/files/image/${uuid()}.jpg`,
  }));
  const gallery = (list: typeof images) => ({
    kind: 'gallery' as const,
    images: list.map((i, ordinal) => ({ ...i, ordinal })),
  });

  it('on the picture a button moved, on its other arrow once it reaches the top', async () => {
    const stored = articleOf({ media: gallery(images) });
    fakeApi((c) => {
      if (c.path === `/articles/${stored.id}` && c.method === 'GET') return { code: 200, result: stored };
      if (c.path === `/articles/${stored.id}/media/images/1` && c.method === 'PUT')
        return { code: 200, result: { ...stored, media: gallery([images[1]!, images[0]!, images[2]!]) } };
      return common(c);
    });
    await renderApp(`/myaccount/articles/${stored.id}`, editor);
    const list = await screen.findByRole('list', { name: 'Pictures of the gallery' }, { timeout: 5000 });
    const up = within(list).getByRole('button', { name: 'Move Noon up' });
    act(() => up.focus());
    await act(async () => fireEvent.click(up));
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('textbox')
          .map((t) => (t as HTMLInputElement).value),
      ).toEqual(['Noon', 'Dawn', 'Dusk']),
    );
    // Noon is first now: its Move up is disabled, so the focus is on its Move down, not on the page.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(list).getByRole('button', { name: 'Move Noon down' })),
    );
  });

  it('on the same control of the next picture after a removal', async () => {
    const stored = articleOf({ media: gallery(images) });
    fakeApi((c) => {
      if (c.path === `/articles/${stored.id}` && c.method === 'GET') return { code: 200, result: stored };
      if (c.path === `/articles/${stored.id}/media/1` && c.method === 'DELETE')
        return { code: 200, result: { ...stored, media: gallery([images[0]!, images[2]!]) } };
      return common(c);
    });
    await renderApp(`/myaccount/articles/${stored.id}`, editor);
    const list = await screen.findByRole('list', { name: 'Pictures of the gallery' }, { timeout: 5000 });
    const remove = within(list).getByRole('button', { name: 'Remove Noon' });
    act(() => remove.focus());
    await act(async () => fireEvent.click(remove));
    await act(async () =>
      fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' })),
    );
    await screen.findByText('Noon has been removed.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove Dusk' })));
  });
});

describe('dragging near the window edge', () => {
  it('scrolls only in a narrow band and slowly enough to stop on the place meant', () => {
    // dnd-kit scrolls `acceleration` px every 5 ms at the very edge, less further in, within `threshold` of the
    // window's height (its defaults: 10 px and 20%, so 2,000 px/s over 160 px of an 800 px window).
    const { threshold, acceleration } = AUTO_SCROLL;
    expect(threshold!.x).toBe(0);
    expect(threshold!.y * 800).toBeLessThanOrEqual(64);
    expect(acceleration! * (1000 / 5)).toBeLessThanOrEqual(400);
  });
});

describe('the video form', () => {
  const mp4 = () => {
    const bytes = new Uint8Array(4096);
    bytes.set([
      0,
      0,
      0,
      0x18,
      ...new TextEncoder().encode('ftypisom'),
      0,
      0,
      2,
      0,
      ...new TextEncoder().encode('isomiso2'),
    ]);
    return new File([bytes], 'harbour-at-dusk.mp4', { type: 'video/mp4', lastModified: 1_700_000_000_000 });
  };

  it('empties the file field once the upload is queued, and brings the typed title back when the file is picked again', async () => {
    const stored = articleOf({ type: 'video', media: { kind: 'video', videos: [] } });
    fakeApi((c) => {
      if (c.path === `/articles/${stored.id}` && c.method === 'GET') return { code: 200, result: stored };
      // The upload itself is refused: this test is about the form, not the transfer.
      if (c.path === '/uploads' && c.method === 'POST') return { code: 503, message: 'Service unavailable' };
      return common(c);
    });
    const file = mp4();
    const first = await renderApp(`/myaccount/articles/${stored.id}`, editor);
    const input = await screen.findByLabelText<HTMLInputElement>('Add a video');
    await act(async () => fireEvent.change(input, { target: { files: [file] } }));
    const title = await screen.findByRole('textbox', { name: 'Title of the video' });
    // No title made from the file's name: it would be the video's public caption (issue 27 §6.11).
    expect((title as HTMLInputElement).value).toBe('');
    await act(async () => fireEvent.change(title, { target: { value: 'The harbour at dusk' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Upload video' })));
    await screen.findByText('harbour-at-dusk.mp4');
    // The field no longer holds the file (a new, empty one); the title field went with the file.
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Title of the video' })).toBeNull());
    const emptied = screen.getByLabelText<HTMLInputElement>('Add a video');
    expect(emptied).not.toBe(input);
    expect(emptied.files?.length ?? 0).toBe(0);
    first.unmount();

    // As after a reload: picking the same file to resume its upload brings back what was typed.
    await renderApp(`/myaccount/articles/${stored.id}`, editor);
    const again = await screen.findByLabelText<HTMLInputElement>('Add a video');
    await act(async () => fireEvent.change(again, { target: { files: [file] } }));
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Title of the video' }).value).toBe(
        'The harbour at dusk',
      ),
    );
  });

  it('a preview lets go of its source when it goes, and never shows a revoked object URL', async () => {
    const revoked = new Set<string>();
    const create = vi.spyOn(URL, 'createObjectURL');
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.add(url));
    const load = vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
    function Preview({ file }: { file: Blob }) {
      const src = useObjectUrl(file);
      return src ? <VideoScrubber src={src} millis={0} onMillis={() => {}} label="Preview" /> : null;
    }
    const view = render(
      <StrictMode>
        <IntlProvider locale="en-US" messages={workspaceEn}>
          <Preview file={new Blob(['x'], { type: 'video/mp4' })} />
        </IntlProvider>
      </StrictMode>,
    );
    await act(async () => new Promise((r) => setTimeout(r, 10)));
    const video = view.container.querySelector('video')!;
    const shown = video.getAttribute('src')!;
    expect(shown).toMatch(/^blob:/);
    expect(create).toHaveBeenCalled();
    // StrictMode ran the effects twice: the URL on the page is still a live one.
    expect(revoked.has(shown)).toBe(false);

    view.unmount();
    await act(async () => new Promise((r) => setTimeout(r, 10)));
    // Taken out of the page, the element no longer fetches its source; then the URL is revoked.
    expect(video.hasAttribute('src')).toBe(false);
    expect(load).toHaveBeenCalled();
    expect(revoked.has(shown)).toBe(true);
    revoke.mockRestore();
    create.mockRestore();
    load.mockRestore();
  });
});
