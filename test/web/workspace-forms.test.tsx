// The editor workspace through the real app (route map, guards, providers, data cache) on a stubbed /api:
// lists with status badges and filters, the article and news forms (validation next to the fields with the shared
// schemas, only changes sent, confirm before delete, ask before leaving), reordering a gallery, requesting publication.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Article } from '#schema/entities';
import type { WorkspaceArticle } from '#schema/workspace';
import { statusesOf } from '#web/components/workspace/status';
import { setQueryData } from '#web/data/cache';
import { keys } from '#web/data/keys';
import { findHeading, renderApp, userOf, uuid } from './shell-kit';
import { draftArticle, workspaceArticle } from './content-fixtures';
import { fakeApi, type ApiCall } from './fake-api';

afterEach(() => vi.unstubAllGlobals());

const NOW = '2026-03-01T10:00:00.000Z';
const editor = userOf('CLIENT');

const row = (over: Partial<WorkspaceArticle> = {}): WorkspaceArticle =>
  workspaceArticle(editor, NOW, { slug: 'a', title: 'An article', ...over });
const articleOf = (over: Partial<Article> = {}): Article => draftArticle(editor.id, NOW, over);
const page = <T,>(items: T[]) => ({ items, nextCursor: null });
const byPath = (calls: ApiCall[], method: string, path: string | RegExp) =>
  calls.filter((c) => c.method === method && (typeof path === 'string' ? c.path === path : path.test(c.path)));

/** Answers what every workspace form loads besides its own data. */
function common(c: ApiCall) {
  if (c.path === '/categories') return { code: 200, result: [] };
  if (c.path === `/channels/${editor.id}/channels`) return { code: 200, result: [] };
  if (c.path.startsWith('/workspace/')) return { code: 200, result: page([]) };
  if (c.path === '/uploads') return { code: 200, result: [] };
  return undefined;
}

describe('status badges', () => {
  it('say Draft, Published, Publication pending, Expires {date}, Hidden, Restricted, Private', () => {
    const kinds = (r: Parameters<typeof statusesOf>[0]) => statusesOf(r).map((b) => b.kind);
    const base = { published: false, hidden: false, restricted: false, publication: null };
    expect(kinds(base)).toEqual(['draft']);
    expect(
      kinds({ ...base, publication: { id: uuid(), status: 'PENDING', expirationDate: null, createdAt: NOW } }),
    ).toEqual(['pending']);
    expect(
      kinds({ ...base, publication: { id: uuid(), status: 'REJECTED', expirationDate: null, createdAt: NOW } }),
    ).toEqual(['draft']);
    expect(
      statusesOf({
        ...base,
        published: true,
        publication: { id: uuid(), status: 'APPROVED', expirationDate: '2026-12-31T22:59:59.000Z', createdAt: NOW },
      }),
    ).toEqual([{ kind: 'published' }, { kind: 'expires', date: '2026-12-31T22:59:59.000Z' }]);
    expect(kinds({ ...base, published: true, hidden: true, restricted: true, private: true })).toEqual([
      'published',
      'hidden',
      'restricted',
      'private',
    ]);
  });
});

describe('the articles section', () => {
  it("lists the editor's articles with their badges and links, filters by text, and names its sections", async () => {
    const pending = row({
      title: 'Waiting one',
      publication: { id: uuid(), status: 'PENDING', expirationDate: null, createdAt: NOW },
    });
    const live = row({
      title: 'Live one',
      slug: 'live-one',
      published: true,
      channelId: uuid(),
      channelName: 'Harbour',
      publication: { id: uuid(), status: 'APPROVED', expirationDate: '2026-12-31T12:00:00.000Z', createdAt: NOW },
    });
    const { calls } = fakeApi((c) => {
      if (c.path.startsWith('/workspace/articles'))
        return { code: 200, result: page(c.path.includes('q=live') ? [live] : [pending, live]) };
      return undefined;
    });
    await renderApp('/myaccount/articles', editor);
    await findHeading('Articles');
    await waitFor(() => expect(document.title).toBe('Articles · SO Portal'));
    const nav = screen.getByRole('navigation', { name: 'Workspace' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Articles', 'Channels', 'News', 'Publications', 'Account']);
    expect(within(nav).getByRole('link', { name: 'Articles' }).getAttribute('aria-current')).toBe('page');
    const table = await screen.findByRole('table', { name: 'Articles' });
    const waiting = within(table).getByRole('link', { name: 'Waiting one' }).closest('tr')!;
    expect(within(waiting).getByText('Publication pending')).toBeTruthy();
    expect(within(waiting).getByRole('link', { name: 'Waiting one' }).getAttribute('href')).toBe(
      `/myaccount/articles/${pending.id}`,
    );
    const liveRow = within(table).getByRole('link', { name: 'Live one' }).closest('tr')!;
    expect(within(liveRow).getByText('Published')).toBeTruthy();
    expect(within(liveRow).getByText('Expires Dec 31, 2026')).toBeTruthy();
    // The public page names the article by its slug, in its channel (docs/decisions/041-pages-and-urls.md).
    expect(within(liveRow).getByRole('link', { name: 'View “Live one” on the site' }).getAttribute('href')).toBe(
      `/chan/${live.channelId}/a/live-one`,
    );
    expect(screen.getByRole('link', { name: 'New article' }).getAttribute('href')).toBe('/myaccount/articles/new');
    expect(screen.queryByRole('combobox', { name: 'Owner' })).toBeNull();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter by title' }), { target: { value: 'live' } });
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Articles' })).queryByText('Waiting one')).toBeNull(),
    );
    expect(byPath(calls, 'GET', /^\/workspace\/articles\?q=live/)).toHaveLength(1);
  });

  it('offers ADMIN the owner filter over the editors', async () => {
    const admin = userOf('ADMIN');
    const other = { id: uuid(), name: 'elena', email: null, firstName: '', lastName: '', role: 'CLIENT', active: true };
    const reader = { ...other, id: uuid(), name: 'rita', role: 'REGULAR_USER' };
    const { calls } = fakeApi((c) => {
      if (c.path.startsWith('/users?')) {
        const role = new URLSearchParams(c.path.split('?')[1]).get('role');
        return { code: 200, result: page([other, reader].filter((u) => u.role === role)) };
      }
      if (c.path.startsWith('/workspace/articles')) return { code: 200, result: page([row({ userName: 'elena' })]) };
      return undefined;
    });
    await renderApp('/myaccount/articles', admin);
    const owner = await screen.findByRole('combobox', { name: 'Owner' });
    await waitFor(() =>
      expect(
        within(owner)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Everyone', 'elena']),
    );
    await act(async () => fireEvent.change(owner, { target: { value: other.id } }));
    await waitFor(() => expect(byPath(calls, 'GET', `/workspace/articles?owner=${other.id}`)).toHaveLength(1));
    expect(await screen.findByRole('columnheader', { name: 'Owner' })).toBeTruthy();
  });
});

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

describe('the news item form', () => {
  it('needs a reference, chosen with the search type-ahead, and sends it with the item', async () => {
    const target = uuid();
    const { calls } = fakeApi((c) => {
      if (c.path === '/search/search') {
        return {
          code: 200,
          result: [
            { value: target, label: 'Harbour lights', kind: 'article', thumbnailHref: null },
            { value: uuid(), label: 'Harbour category', kind: 'category', thumbnailHref: null },
          ],
        };
      }
      if (c.path === '/news' && c.method === 'POST') {
        return {
          code: 201,
          result: {
            id: uuid(),
            title: 'Lights on',
            description: '',
            teaser: '',
            thumbnailHref: null,
            publishedAt: NOW,
            userId: editor.id,
            ref: {
              kind: 'article',
              id: target,
              slug: 'harbour-lights',
              restricted: false,
              isAd: false,
              isEditorial: false,
            },
          },
        };
      }
      return common(c);
    });
    await renderApp('/myaccount/news/new', editor);
    await findHeading('New news item');
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Lights on' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create news item' })));
    expect(screen.getByText('Choose the article or channel this news item points at.')).toBeTruthy();
    expect(byPath(calls, 'POST', '/news')).toHaveLength(0);

    const search = screen.getByRole('combobox', { name: 'Find the article or channel it points at' });
    fireEvent.focus(search);
    fireEvent.change(search, { target: { value: 'harbour' } });
    const option = await screen.findByRole('option', { name: /Harbour lights/ }, { timeout: 3000 });
    expect(screen.queryByRole('option', { name: /Harbour category/ })).toBeNull();
    await act(async () => fireEvent.click(option));
    expect(screen.getByText('Article: Harbour lights')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create news item' })));
    await waitFor(() => expect(byPath(calls, 'POST', '/news')).toHaveLength(1));
    expect(byPath(calls, 'POST', '/news')[0]!.body).toEqual({
      title: 'Lights on',
      description: '',
      teaser: '',
      ref: { kind: 'article', id: target },
    });
  });
});

describe('the news item form, stored', () => {
  it('previews the unsaved title and text, and saves with the version the form started from', async () => {
    const target = uuid();
    const item = {
      id: uuid(),
      title: 'Lights on',
      description: 'First line.',
      teaser: '',
      thumbnailHref: null,
      publishedAt: NOW,
      userId: editor.id,
      ref: { kind: 'article', id: target, slug: 'harbour-lights', restricted: false, isAd: false, isEditorial: false },
      userName: editor.name,
      refTitle: 'Harbour lights',
      createdAt: NOW,
      version: 7,
    };
    const { calls } = fakeApi((c) => {
      if (c.path.startsWith('/workspace/news')) return { code: 200, result: page([item]) };
      if (c.path === `/news/${item.id}` && c.method === 'PUT') return { code: 200, result: item };
      if (c.path.startsWith('/revisions') || c.path.startsWith('/previews')) return { code: 200, result: [] };
      return common(c);
    });
    await renderApp(`/myaccount/news/${item.id}`, editor);
    await findHeading('Edit “Lights on”');
    fireEvent.change(screen.getByRole('textbox', { name: 'Text' }), {
      target: { value: 'First line.\n\nA second paragraph.' },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Preview' })));
    const preview = screen.getByRole('dialog');
    expect(within(preview).getByRole('heading', { name: 'Lights on' })).toBeTruthy();
    expect(within(preview).getByText('A second paragraph.')).toBeTruthy();
    await act(async () => fireEvent.click(within(preview).getByRole('button', { name: 'Close preview' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })));
    await waitFor(() => expect(byPath(calls, 'PUT', `/news/${item.id}`)).toHaveLength(1));
    expect(byPath(calls, 'PUT', `/news/${item.id}`)[0]!.body).toMatchObject({
      description: 'First line.\n\nA second paragraph.',
      version: 7,
    });
  });
});

describe('the channel form', () => {
  const channelOf = (over: Record<string, unknown> = {}) => ({
    id: uuid(),
    slug: 'harbour',
    name: 'Harbour',
    categoryIds: [],
    userId: editor.id,
    infoText: '',
    portraitHref: null,
    bannerHref: null,
    hidden: false,
    private: false,
    published: false,
    restricted: false,
    isAd: false,
    articleOrdinals: {},
    coverMedia: null,
    locked: false,
    body: { version: 1, children: [] },
    version: 1,
    createdAt: NOW,
    ...over,
  });

  it('needs a name and, for a picture cover, the picture; then creates the channel', async () => {
    const created = channelOf();
    const { calls } = fakeApi((c) => {
      if (c.path === '/channels' && c.method === 'POST') return { code: 201, result: created };
      if (c.path === `/channels/${created.id}`) return { code: 200, result: created };
      return common(c);
    });
    const { router } = await renderApp('/myaccount/channels/new', editor);
    await findHeading('New channel');
    fireEvent.click(screen.getByRole('radio', { name: 'A picture' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create channel' })));
    expect(screen.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Choose the cover picture, or no cover.')).toBeTruthy();
    expect(byPath(calls, 'POST', '/channels')).toHaveLength(0);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Harbour' } });
    fireEvent.click(screen.getByRole('radio', { name: 'No cover' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Private' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create channel' })));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/myaccount/channels/${created.id}`));
    expect(byPath(calls, 'POST', '/channels')[0]!.body).toEqual({
      name: 'Harbour',
      infoText: '',
      categoryIds: [],
      hidden: false,
      private: true,
      restricted: false,
      isAd: false,
      articleOrdinals: {},
    });
  });

  it("arranges the channel's articles with the buttons: the new order goes into articleOrdinals.main", async () => {
    const articles = ['First', 'Second', 'Third'].map((title) => row({ title }));
    const stored = channelOf({ articleOrdinals: { main: articles.map((a) => a.id), featured: [articles[2]!.id] } });
    const { calls } = fakeApi((c) => {
      if (c.path === `/channels/${stored.id}` && c.method === 'GET') return { code: 200, result: stored };
      if (c.path.startsWith(`/workspace/channels/${stored.id}/articles`)) return { code: 200, result: page(articles) };
      if (c.path === `/channels/${stored.id}` && c.method === 'PUT')
        return { code: 200, result: { ...stored, ...(c.body as object) } };
      return common(c);
    });
    await renderApp(`/myaccount/channels/${stored.id}`, editor);
    const list = await screen.findByRole('list', { name: 'Order of the articles' });
    await act(async () => fireEvent.click(within(list).getByRole('button', { name: 'Move Third up' })));
    await waitFor(() => expect(byPath(calls, 'PUT', `/channels/${stored.id}`)).toHaveLength(1));
    expect(byPath(calls, 'PUT', `/channels/${stored.id}`)[0]!.body).toEqual({
      articleOrdinals: { main: [articles[0]!.id, articles[2]!.id, articles[1]!.id], featured: [articles[2]!.id] },
    });
    expect(screen.getByText('Third moved to position 2 of 3.')).toBeTruthy();
  });
});
