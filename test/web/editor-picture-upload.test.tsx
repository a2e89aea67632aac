// Insert picture with a new upload from inside the editor: the picture goes up through the form's upload queue into
// the article's gallery (POST /articles/{id}/media/images, with progress), and the text places it by the media id
// the server answered, with its alt text and caption; the file and the alt text are checked first, a failed upload
// says why and keeps the form, Cancel upload stops it. XMLHttpRequest (the upload's transport) is the faked outside.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Article } from '#schema/entities';
import { fakeApi, type ApiCall } from './fake-api';
import { addedOf, fakeXhr } from './fake-xhr';
import { findHeading, renderApp, userOf, uuid } from './shell-kit';
import { draftArticle } from './content-fixtures';

afterEach(() => vi.unstubAllGlobals());

const NOW = '2026-03-01T10:00:00.000Z';
const editor = userOf('CLIENT');
const articleOf = (over: Partial<Article> = {}): Article =>
  draftArticle(editor.id, NOW, {
    description: 'The lights are back.',
    body: {
      version: 1,
      children: [{ type: 'paragraph', children: [{ type: 'text', text: 'The lights are back.' }] }],
    },
    version: 2,
    ...over,
  });

/** The article form on a server holding `stored`; PUTs answer what was sent. */
function articleServer(stored: Article) {
  let current = stored;
  const api = fakeApi((c: ApiCall) => {
    if (c.path === `/articles/${stored.id}` && c.method === 'GET') return { code: 200, result: current };
    if (c.path === `/articles/${stored.id}` && c.method === 'PUT') {
      current = { ...current, ...(c.body as object), version: current.version + 1 };
      return { code: 200, result: current };
    }
    if (c.path === '/categories') return { code: 200, result: [] };
    if (c.path.startsWith('/channels/')) return { code: 200, result: [] };
    if (c.path.startsWith('/workspace/') || c.path.startsWith('/revisions') || c.path.startsWith('/previews'))
      return { code: 200, result: c.path.startsWith('/workspace/') ? { items: [], nextCursor: null } : [] };
    return undefined;
  });
  return { ...api, setCurrent: (a: Article) => (current = a) };
}

async function openPictureForm(article: Article) {
  await renderApp(`/myaccount/articles/${article.id}`, editor);
  await findHeading('Edit “Harbour lights”');
  const toolbar = await screen.findByRole('toolbar', { name: 'Text formatting' }, { timeout: 5000 });
  fireEvent.click(within(toolbar).getByRole('button', { name: 'Insert picture' }));
  return screen.getByRole('group', { name: 'Insert picture' });
}

const png = (name = 'harbour_at-dawn.png') =>
  new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

describe('Insert picture with a new upload', () => {
  it('uploads the picture into the gallery, places it by its new media id with alt text and caption, and saves it', async () => {
    const stored = articleOf();
    const newId = uuid();
    const server = articleServer(stored);
    const xhr = fakeXhr((req) => {
      const uploaded = {
        ...stored,
        media: {
          kind: 'gallery' as const,
          images: [{ id: newId, ordinal: 0, title: 'harbour at dawn', href: `/api/files/image/${uuid()}.png` }],
        },
      };
      server.setCurrent(uploaded);
      expect(req.path).toBe(`/api/articles/${stored.id}/media/images`);
      return { status: 201, result: { ...uploaded, added: addedOf(req, newId) } };
    });
    const panel = await openPictureForm(stored);

    // No gallery yet: the form asks for the new picture's file at once (no choice to make); the file and the alt
    // text are checked before anything goes.
    expect(within(panel).queryByRole('radio')).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: 'Upload and insert' }));
    expect(within(panel).getByText("Choose the picture's file.")).toBeTruthy();
    expect(within(panel).getByText('Describe the picture for those who cannot see it.')).toBeTruthy();
    const file = within(panel).getByLabelText('Picture file');
    fireEvent.change(file, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Upload and insert' }));
    expect(within(panel).getByText('Choose a JPEG, PNG, WebP, GIF or AVIF picture.')).toBeTruthy();
    expect(xhr.sent).toHaveLength(0);

    fireEvent.change(file, { target: { files: [png()] } });
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Alternative text (what the picture shows)' }), {
      target: { value: 'The harbour at dawn' },
    });
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Caption (optional)' }), {
      target: { value: 'Seen from the pier' },
    });
    await act(async () => fireEvent.click(within(panel).getByRole('button', { name: 'Upload and insert' })));
    // Its progress shows in the form, and in the upload list of the form.
    await waitFor(() => expect(within(panel).getByText('Uploading harbour_at-dawn.png: 40 %')).toBeTruthy());
    expect(within(panel).getByRole('progressbar', { name: 'Upload of harbour_at-dawn.png' })).toBeTruthy();
    // No title made from the file's name (issue 27 §6.11): the text has its own alt text and caption.
    expect(xhr.sent[0]!.json).toEqual({ images: [{ imageFileTag: expect.any(String), title: '' }] });
    expect(xhr.sent[0]!.files).toHaveLength(1);

    await act(async () => xhr.release());
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Insert picture' })).toBeNull());
    // The gallery below the form now shows it (a text article shows the gallery its pictures made).
    expect(await screen.findByRole('heading', { name: 'Gallery' })).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));
    await screen.findByText('Saved.');
    const put = server.calls.find((c) => c.method === 'PUT' && c.path === `/articles/${stored.id}`)!;
    expect(put.body).toMatchObject({ version: 2 });
    expect((put.body as { body: { children: unknown[] } }).body.children).toContainEqual({
      type: 'image',
      mediaId: newId,
      alt: 'The harbour at dawn',
      caption: 'Seen from the pier',
    });
  });

  it('places the picture the answer names as its own, though another of the same name landed beside it', async () => {
    const existing = { id: uuid(), ordinal: 0, title: 'Quay', href: `/api/files/image/${uuid()}.png` };
    const stored = articleOf({ media: { kind: 'gallery', images: [existing] } });
    const mine = uuid();
    const server = articleServer(stored);
    const xhr = fakeXhr((req) => {
      const images = [
        existing,
        { id: mine, ordinal: 1, title: 'harbour at dawn', href: `/api/files/image/${uuid()}.png` },
        // Another tab's upload of a file of the same name landed after it, at the same moment.
        { id: uuid(), ordinal: 2, title: 'harbour at dawn', href: `/api/files/image/${uuid()}.png` },
      ];
      const uploaded = { ...stored, media: { kind: 'gallery' as const, images } };
      server.setCurrent(uploaded);
      return { status: 201, result: { ...uploaded, added: addedOf(req, mine) } };
    });
    const panel = await openPictureForm(stored);
    expect(within(panel).getByRole<HTMLInputElement>('radio', { name: 'Quay' }).checked).toBe(true);
    fireEvent.click(within(panel).getByRole('radio', { name: 'A new picture from this device' }));
    fireEvent.change(within(panel).getByLabelText('Picture file'), { target: { files: [png()] } });
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Alternative text (what the picture shows)' }), {
      target: { value: 'Dawn' },
    });
    await act(async () => fireEvent.click(within(panel).getByRole('button', { name: 'Upload and insert' })));
    await act(async () => xhr.release());
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Insert picture' })).toBeNull());
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));
    await screen.findByText('Saved.');
    const put = server.calls.find((c) => c.method === 'PUT' && c.path === `/articles/${stored.id}`)!;
    expect(JSON.stringify(put.body)).toContain(`"mediaId":"${mine}"`);
  });

  it('a refused upload says why and keeps the form; Cancel upload stops one on its way', async () => {
    const stored = articleOf();
    articleServer(stored);
    const xhr = fakeXhr(() => ({ status: 413, message: 'The picture has more than 40 megapixels' }));
    const panel = await openPictureForm(stored);
    fireEvent.change(within(panel).getByLabelText('Picture file'), { target: { files: [png()] } });
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Alternative text (what the picture shows)' }), {
      target: { value: 'Dawn' },
    });
    await act(async () => fireEvent.click(within(panel).getByRole('button', { name: 'Upload and insert' })));
    await act(async () => xhr.release());
    // Beside the file field, in the editor's words: another file helps, sending this one again would not.
    expect(await within(panel).findByText('This file is too large.')).toBeTruthy();
    expect(within(panel).getByLabelText('Picture file').getAttribute('aria-invalid')).toBe('true');
    expect(panel.textContent).not.toContain('40 megapixels');
    expect(within(panel).getByRole<HTMLInputElement>('textbox', { name: 'Caption (optional)' })).toBeTruthy();

    // Again, and cancelled while it travels: nothing placed, no failure shown, the form stays open.
    const second = fakeXhr(() => ({ status: 201, result: { ...stored, added: [] } }));
    await act(async () => fireEvent.click(within(panel).getByRole('button', { name: 'Upload and insert' })));
    await waitFor(() => expect(second.sent).toHaveLength(1));
    await act(async () => fireEvent.click(within(panel).getByRole('button', { name: 'Cancel upload' })));
    expect(within(panel).queryByRole('alert')).toBeNull();
    expect(within(panel).queryByRole('status')).toBeNull();
    expect(screen.getByText('Cancelled')).toBeTruthy();
  });

  it('a new article takes a picture too: the upload saves its draft first, and the form goes on with it', async () => {
    // Issue 27 §6.5: "Save the article first" is gone; the first upload makes the draft.
    const newId = uuid();
    const pictureId = uuid();
    let current: Article | null = null;
    const server = fakeApi((c: ApiCall) => {
      if (c.path === '/articles' && c.method === 'POST') {
        const body = c.body as Partial<Article>;
        current = articleOf({
          id: newId,
          title: body.title!,
          teaser: body.teaser ?? '',
          body: body.body ?? { version: 1, children: [] },
          description: '',
          version: 1,
        });
        return { code: 201, result: current };
      }
      if (c.path === `/articles/${newId}` && c.method === 'GET') return { code: 200, result: current };
      if (c.path === `/articles/${newId}` && c.method === 'PUT') {
        current = { ...current!, ...(c.body as object), version: current!.version + 1 };
        return { code: 200, result: current };
      }
      if (c.path === '/categories' || c.path.startsWith('/channels/')) return { code: 200, result: [] };
      if (c.path.startsWith('/workspace/') || c.path.startsWith('/revisions') || c.path.startsWith('/previews'))
        return { code: 200, result: c.path.startsWith('/workspace/') ? { items: [], nextCursor: null } : [] };
      return undefined;
    });
    const xhr = fakeXhr((req) => {
      expect(req.path).toBe(`/api/articles/${newId}/media/images`);
      const image = { id: pictureId, ordinal: 0, title: '', href: `/api/files/image/${uuid()}.png` };
      current = { ...current!, media: { kind: 'gallery', images: [image] } };
      return { status: 201, result: { ...current, added: addedOf(req, pictureId) } };
    });
    const { router } = await renderApp('/myaccount/articles/new', editor);
    await screen.findByRole('heading', { level: 1, name: 'New article' }, { timeout: 10_000 });
    const toolbar = await screen.findByRole('toolbar', { name: 'Text formatting' }, { timeout: 5000 });
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Insert picture' }));
    let panel = screen.getByRole('group', { name: 'Insert picture' });
    expect(within(panel).queryByText(/Save the article first/)).toBeNull();
    // Its gallery is empty: the form asks for the new picture's file at once, with no lone choice over it.
    expect(within(panel).queryByRole('radio')).toBeNull();
    expect(within(panel).getByLabelText('Picture file')).toBeTruthy();

    // Without a title there is no draft to put the picture in: the field says so, nothing is sent.
    fireEvent.change(within(panel).getByLabelText('Picture file'), { target: { files: [png()] } });
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Alternative text (what the picture shows)' }), {
      target: { value: 'The harbour at dawn' },
    });
    await act(async () => fireEvent.click(within(panel).getByRole('button', { name: 'Upload and insert' })));
    await within(panel).findByText(/needs its fields first/);
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);
    expect(xhr.sent).toHaveLength(0);

    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Harbour lights' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Teaser' }), { target: { value: 'Back on' } });
    panel = screen.getByRole('group', { name: 'Insert picture' });
    await act(async () => fireEvent.click(within(panel).getByRole('button', { name: 'Upload and insert' })));
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    expect(server.calls.find((c) => c.method === 'POST' && c.path === '/articles')?.body).toMatchObject({
      title: 'Harbour lights',
      teaser: 'Back on',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/myaccount/articles/${newId}`));
    // Typed while the draft was being made: kept, in the same form.
    fireEvent.change(screen.getByRole('textbox', { name: 'Teaser' }), { target: { value: 'Back on tonight' } });

    await act(async () => xhr.release());
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Insert picture' })).toBeNull());
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Title' }).value).toBe('Harbour lights');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Teaser' }).value).toBe('Back on tonight');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));
    await screen.findByText('Saved.');
    const put = server.calls.find((c) => c.method === 'PUT' && c.path === `/articles/${newId}`)!;
    expect(put.body).toMatchObject({ version: 1, teaser: 'Back on tonight' });
    expect((put.body as { body: { children: unknown[] } }).body.children).toContainEqual({
      type: 'image',
      mediaId: pictureId,
      alt: 'The harbour at dawn',
    });
  }, 30_000);
});
