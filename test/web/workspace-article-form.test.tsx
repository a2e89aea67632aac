// The editor workspace through the real app (route map, guards, providers, data cache) on a stubbed /api:
// lists with status badges and filters, the article and news forms (validation next to the fields with the shared
// schemas, only changes sent, confirm before delete, ask before leaving), reordering a gallery, requesting publication.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Article } from '#schema/entities';
import { setQueryData } from '#web/data/cache';
import { keys } from '#web/data/keys';
import { findHeading, renderApp, uuid } from './shell-kit';
import { draftArticle } from './content-fixtures';
import { fakeApi } from './fake-api';
import { NOW, editor, row, page, byPath, common } from './workspace-forms-kit';

afterEach(() => vi.unstubAllGlobals());
const articleOf = (over: Partial<Article> = {}): Article => draftArticle(editor.id, NOW, over);

describe('the article form', () => {
  it('checks the fields with the shared schema before sending, then creates the draft and opens it', async () => {
    const created = articleOf({ title: 'Harbour lights', type: 'gallery', media: { kind: 'gallery', images: [] } });
    const { calls } = fakeApi((c) => {
      if (c.path === '/articles' && c.method === 'POST') return { code: 201, result: created };
      if (c.path === `/articles/${created.id}`) return { code: 200, result: created };
      return common(c);
    });
    const { router } = await renderApp('/myaccount/articles/new', editor);
    await findHeading('New article');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create draft' })));
    const title = screen.getByRole('textbox', { name: 'Title' });
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(title.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Please fill in this field.',
    );
    expect(byPath(calls, 'POST', '/articles')).toHaveLength(0);

    fireEvent.change(title, { target: { value: 'Harbour lights' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Type' }), { target: { value: 'gallery' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Restricted' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create draft' })));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/myaccount/articles/${created.id}`));
    expect(byPath(calls, 'POST', '/articles')[0]!.body).toEqual({
      title: 'Harbour lights',
      description: '',
      body: { version: 1, children: [] },
      teaser: '',
      type: 'gallery',
      channelId: null,
      categoryIds: [],
      hidden: false,
      restricted: true,
      isAd: false,
      isEditorial: false,
      publishedAtCategory: false,
    });
    await findHeading('Edit “Harbour lights”');
    expect(await screen.findByRole('heading', { name: 'Gallery' })).toBeTruthy();
  });

  it('sends only what changed, asks before leaving with unsaved changes, and confirms before deleting', async () => {
    const stored = articleOf({ title: 'Harbour lights', teaser: 'Old teaser' });
    const { calls } = fakeApi((c) => {
      if (c.path === `/articles/${stored.id}` && c.method === 'GET') return { code: 200, result: stored };
      if (c.path === `/articles/${stored.id}` && c.method === 'PUT')
        return { code: 200, result: { ...stored, ...(c.body as object) } };
      if (c.path === `/articles/${stored.id}` && c.method === 'DELETE') return { code: 200, result: { id: stored.id } };
      return common(c);
    });
    const { router } = await renderApp(`/myaccount/articles/${stored.id}`, editor);
    await findHeading('Edit “Harbour lights”');
    fireEvent.change(screen.getByRole('textbox', { name: 'Teaser' }), { target: { value: 'New teaser' } });

    // Unsaved: following a link asks in the kit's dialog (Cancel focused), and staying keeps the page.
    const channels = () =>
      within(screen.getByRole('navigation', { name: 'Workspace' })).getByRole('link', { name: 'Channels' });
    await act(async () => fireEvent.click(channels()));
    const leave = screen.getByRole('alertdialog', {
      name: 'You have unsaved changes or uploads in progress. Leave this page anyway?',
    });
    expect(document.activeElement).toBe(within(leave).getByRole('button', { name: 'Cancel' }));
    await act(async () => fireEvent.click(within(leave).getByRole('button', { name: 'Cancel' })));
    expect(router.state.location.pathname).toBe(`/myaccount/articles/${stored.id}`);
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Teaser' }).value).toBe('New teaser');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));
    await waitFor(() => expect(byPath(calls, 'PUT', `/articles/${stored.id}`)).toHaveLength(1));
    // The save names the version the form started from (a stale one is 409).
    expect(byPath(calls, 'PUT', `/articles/${stored.id}`)[0]!.body).toEqual({ teaser: 'New teaser', version: 1 });
    await screen.findByText('Saved.');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete' })));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this article?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' })));
    expect(byPath(calls, 'DELETE', `/articles/${stored.id}`)).toHaveLength(0);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete' })));
    await act(async () =>
      fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' })),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/myaccount/articles'));
    expect(byPath(calls, 'DELETE', `/articles/${stored.id}`)).toHaveLength(1);
  });

  it('leaves unsaved changes when the dialog says so, to the link that was followed', async () => {
    const stored = articleOf({ title: 'Harbour lights', teaser: 'Old teaser' });
    fakeApi((c) => (c.path === `/articles/${stored.id}` ? { code: 200, result: stored } : common(c)));
    const { router } = await renderApp(`/myaccount/articles/${stored.id}`, editor);
    await findHeading('Edit “Harbour lights”');
    fireEvent.change(screen.getByRole('textbox', { name: 'Teaser' }), { target: { value: 'New teaser' } });
    await act(async () =>
      fireEvent.click(
        within(screen.getByRole('navigation', { name: 'Workspace' })).getByRole('link', { name: 'Channels' }),
      ),
    );
    expect(router.state.location.pathname).toBe(`/myaccount/articles/${stored.id}`);
    await act(async () =>
      fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Leave this page' })),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/myaccount/channels'));
  });

  it('a stale save opens the conflict dialog with their change; saving over theirs names their version', async () => {
    const stored = articleOf({ title: 'Harbour lights', teaser: 'Old teaser', version: 3 });
    const theirs = { ...stored, teaser: 'Their teaser', version: 4 };
    let gets = 0;
    const { calls } = fakeApi((c) => {
      if (c.path === `/articles/${stored.id}` && c.method === 'GET')
        return { code: 200, result: gets++ ? theirs : stored };
      if (c.path === `/articles/${stored.id}` && c.method === 'PUT') {
        const body = c.body as { version: number };
        if (body.version !== theirs.version) return { code: 409, message: 'The article has changed meanwhile' };
        return { code: 200, result: { ...theirs, ...(c.body as object), version: 5 } };
      }
      return common(c);
    });
    await renderApp(`/myaccount/articles/${stored.id}`, editor);
    await findHeading('Edit “Harbour lights”');
    fireEvent.change(screen.getByRole('textbox', { name: 'Teaser' }), { target: { value: 'My teaser' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));
    const dialog = await screen.findByRole('alertdialog', { name: 'Someone else saved this meanwhile' });
    expect(within(dialog).getAllByText(/Their teaser/).length).toBeGreaterThan(0);
    expect(byPath(calls, 'PUT', `/articles/${stored.id}`)[0]!.body).toEqual({ teaser: 'My teaser', version: 3 });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save mine over theirs' })));
    await waitFor(() => expect(byPath(calls, 'PUT', `/articles/${stored.id}`)).toHaveLength(2));
    expect(byPath(calls, 'PUT', `/articles/${stored.id}`)[1]!.body).toEqual({ teaser: 'My teaser', version: 4 });
    await screen.findByText('Saved.');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('a newer article read while the form holds changes is not what its save starts from: no silent revert', async () => {
    const stored = articleOf({ title: 'Harbour lights', teaser: 'Old teaser', version: 3 });
    // Someone else's save of the title, read again while the form holds a new teaser (the window got the focus back,
    // or a gallery upload answered the whole article).
    const theirs = { ...stored, title: 'Harbour lights at night', version: 4 };
    let current = stored;
    const { calls } = fakeApi((c) => {
      if (c.path === `/articles/${stored.id}` && c.method === 'GET') return { code: 200, result: current };
      if (c.path === `/articles/${stored.id}` && c.method === 'PUT') {
        const body = c.body as { version: number };
        if (body.version !== theirs.version) return { code: 409, message: 'The article has changed meanwhile' };
        return { code: 200, result: { ...theirs, ...(c.body as object), version: 5 } };
      }
      return common(c);
    });
    await renderApp(`/myaccount/articles/${stored.id}`, editor);
    await findHeading('Edit “Harbour lights”');
    fireEvent.change(screen.getByRole('textbox', { name: 'Teaser' }), { target: { value: 'My teaser' } });
    current = theirs;
    await act(async () => {
      await setQueryData(keys.article(stored.id), () => theirs);
    });
    // The form keeps what it started from (their title is not put back to the old one by a save naming theirs).
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Title' }).value).toBe('Harbour lights');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));
    expect(byPath(calls, 'PUT', `/articles/${stored.id}`)[0]!.body).toEqual({ teaser: 'My teaser', version: 3 });
    await screen.findByRole('alertdialog', { name: 'Someone else saved this meanwhile' });
  });

  it('moves a gallery picture with its buttons: PUT .../media/images/{n} with the new ordinal, announced', async () => {
    const images = ['Dawn', 'Noon', 'Dusk'].map((title, ordinal) => ({
      id: uuid(),
      ordinal,
      title,
      href: `/api/files/image/${uuid()}.jpg`,
    }));
    const stored = articleOf({ type: 'gallery', media: { kind: 'gallery', images } });
    const { calls } = fakeApi((c) => {
      if (c.path === `/articles/${stored.id}` && c.method === 'GET') return { code: 200, result: stored };
      if (c.path === `/articles/${stored.id}/media/images/0` && c.method === 'PUT') {
        const moved = [images[1]!, images[0]!, images[2]!].map((i, ordinal) => ({ ...i, ordinal }));
        return { code: 200, result: { ...stored, media: { kind: 'gallery', images: moved } } };
      }
      if (c.path.startsWith('/imageOptions')) return { code: 200, result: [] };
      return common(c);
    });
    await renderApp(`/myaccount/articles/${stored.id}`, editor);
    const list = await screen.findByRole('list', { name: 'Pictures of the gallery' });
    expect(within(list).getByRole('button', { name: 'Move Dawn up' }).hasAttribute('disabled')).toBe(true);
    await act(async () => fireEvent.click(within(list).getByRole('button', { name: 'Move Dawn down' })));
    await waitFor(() => expect(byPath(calls, 'PUT', `/articles/${stored.id}/media/images/0`)).toHaveLength(1));
    expect(byPath(calls, 'PUT', `/articles/${stored.id}/media/images/0`)[0]!.body).toEqual({ ordinal: 1 });
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Pictures of the gallery' }))
          .getAllByRole('textbox')
          .map((t) => (t as HTMLInputElement).value),
      ).toEqual(['Noon', 'Dawn', 'Dusk']),
    );
    expect(screen.getByText('Dawn moved to position 2 of 3.')).toBeTruthy();
  });

  it('retitles a video when its field is left, and removes one after asking: the writes by ordinal, the answer shown', async () => {
    const videos = ['Departure', 'Ferry'].map((title, ordinal) => ({
      id: uuid(),
      ordinal,
      title,
      href: `/api/files/video/${uuid()}.mp4`,
      thumbnailMillis: 0,
      thumbnailHref: null,
    }));
    const stored = articleOf({ type: 'video', media: { kind: 'video', videos } });
    const retitled = {
      ...stored,
      media: { kind: 'video' as const, videos: [{ ...videos[0]!, title: 'Harbour at night' }, videos[1]!] },
    };
    const { calls } = fakeApi((c) => {
      if (c.path === `/articles/${stored.id}` && c.method === 'GET') return { code: 200, result: stored };
      if (c.path === `/articles/${stored.id}/media/video/0` && c.method === 'PUT')
        return { code: 200, result: retitled };
      if (c.path === `/articles/${stored.id}/media/1` && c.method === 'DELETE') {
        return { code: 200, result: { ...retitled, media: { kind: 'video', videos: [retitled.media.videos[0]!] } } };
      }
      return common(c);
    });
    await renderApp(`/myaccount/articles/${stored.id}`, editor);
    const title = await screen.findByRole('textbox', { name: 'Title of video 1' });
    fireEvent.change(title, { target: { value: 'Harbour at night' } });
    await act(async () => fireEvent.blur(title));
    await waitFor(() => expect(byPath(calls, 'PUT', `/articles/${stored.id}/media/video/0`)).toHaveLength(1));
    expect(byPath(calls, 'PUT', `/articles/${stored.id}/media/video/0`)[0]!.body).toEqual({
      title: 'Harbour at night',
    });

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Remove Ferry' })));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove this video?' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' })));
    await waitFor(() => expect(screen.getByText('Ferry has been removed.')).toBeTruthy());
    expect(byPath(calls, 'DELETE', `/articles/${stored.id}/media/1`)).toHaveLength(1);
    expect(
      within(screen.getByRole('list', { name: 'Videos of the article' }))
        .getAllByRole('textbox')
        .map((t) => (t as HTMLInputElement).value),
    ).toEqual(['Harbour at night']);
  });

  it("changes the address only to a valid slug: PUT /slugs/{id} with the kind, the field's problem said otherwise", async () => {
    const stored = articleOf();
    const { calls } = fakeApi((c) => {
      if (c.path === `/articles/${stored.id}` && c.method === 'GET') return { code: 200, result: stored };
      if (c.path === `/slugs/${stored.id}` && c.method === 'PUT')
        return { code: 200, result: { slug: 'harbour-at-night', entityId: stored.id } };
      return common(c);
    });
    await renderApp(`/myaccount/articles/${stored.id}`, editor);
    const address = await screen.findByRole('textbox', { name: 'Address' });
    fireEvent.change(address, { target: { value: 'Harbour at Night!' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Change address' })));
    expect(screen.getByText('Use lower-case letters and digits joined by “-”.')).toBeTruthy();
    expect(byPath(calls, 'PUT', `/slugs/${stored.id}`)).toHaveLength(0);
    fireEvent.change(address, { target: { value: 'harbour-at-night' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Change address' })));
    await waitFor(() => expect(screen.getByText('The address has been changed.')).toBeTruthy());
    expect(byPath(calls, 'PUT', `/slugs/${stored.id}`).map((c) => c.body)).toEqual([
      { slug: 'harbour-at-night', kind: 'article' },
    ]);
  });

  it('requests publication with the wished expiry date, to the end of that day', async () => {
    const stored = articleOf();
    const { calls } = fakeApi((c) => {
      if (c.path === `/articles/${stored.id}`) return { code: 200, result: stored };
      if (c.path === `/workspace/articles?id=${stored.id}`)
        return { code: 200, result: page([row({ id: stored.id })]) };
      if (c.path === '/publications' && c.method === 'POST') {
        return {
          code: 201,
          result: {
            id: uuid(),
            userId: editor.id,
            contentId: stored.id,
            status: 'PENDING',
            type: 'article',
            expirationDate: null,
            createdAt: NOW,
          },
        };
      }
      return common(c);
    });
    await renderApp(`/myaccount/articles/${stored.id}`, editor);
    const box = (await screen.findByRole('heading', { name: 'Publication' })).closest('section')!;
    await within(box).findByText('Draft');
    fireEvent.change(within(box).getByLabelText('Wished expiry date (optional)'), { target: { value: '2031-05-31' } });
    await act(async () => fireEvent.click(within(box).getByRole('button', { name: 'Request publication' })));
    await waitFor(() => expect(byPath(calls, 'POST', '/publications')).toHaveLength(1));
    expect(byPath(calls, 'POST', '/publications')[0]!.body).toEqual({
      contentId: stored.id,
      type: 'article',
      expirationDate: new Date(2031, 4, 31, 23, 59, 59).toISOString(),
    });
    await screen.findByText('Publication requested. An admin decides.');
  });
});
