// Revisions › Compare with current (issue 27 §6.1): the comparison is a dialog over the page (its backdrop is a
// styled, fixed layer, not a block drawn after the footer), and the newest revision, which is the current state,
// offers no comparison with itself.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { revisionList, revisionWithFields } from '#schema/entities';
import type { WorkspaceNewsItem } from '#schema/workspace';
import { declarationsAnywhere } from './css-rules';
import { answer, fakeApi } from './fake-api';
import { renderApp, userOf, uuid } from './shell-kit';

const NOW = '2026-03-01T10:00:00.000Z';
const editor = userOf('CLIENT');
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const news: WorkspaceNewsItem = {
  id: uuid(),
  title: 'Lights on',
  description: 'The harbour lights are back.',
  teaser: '',
  thumbnailHref: null,
  publishedAt: NOW,
  userId: editor.id,
  ref: { kind: 'article', id: uuid(), slug: 'harbour-lights', restricted: false, isAd: false, isEditorial: false },
  userName: editor.name,
  refTitle: 'Harbour lights',
  createdAt: NOW,
  version: 3,
};
const revisionOf = (version: number) => ({
  id: uuid(),
  version,
  userId: editor.id,
  userName: editor.name,
  createdAt: NOW,
});
const older = revisionOf(2);
const newest = revisionOf(3);

function server() {
  return fakeApi((c) => {
    if (c.path.startsWith('/workspace/news?')) return { code: 200, result: { items: [news], nextCursor: null } };
    if (c.path === `/revisions/news/${news.id}`) return answer(revisionList, [newest, older]);
    if (c.path === `/revisions/news/${news.id}/${older.id}`)
      return answer(revisionWithFields, { ...older, fields: { ...news, title: 'Lights off' } });
    if (c.path === '/categories') return { code: 200, result: [] };
    if (c.path.startsWith('/previews')) return { code: 200, result: [] };
    if (c.path.startsWith('/workspace/')) return { code: 200, result: { items: [], nextCursor: null } };
    return undefined;
  });
}

describe('Revisions › Compare with current', () => {
  it('offers the comparison for older revisions only, and shows it as a dialog over the page', async () => {
    server();
    await renderApp(`/myaccount/news/${news.id}`, editor);
    // The form's first visit loads the workspace's catalogue and views: time for a busy machine.
    await screen.findByRole('heading', { level: 1, name: 'Edit “Lights on”' }, { timeout: 10_000 });
    const box = screen.getByRole('region', { name: 'Revisions' });
    await within(box).findByText(/^Version 2/);
    const compares = within(box).getAllByRole('button', { name: /^Compare with current/ });
    expect(compares).toHaveLength(1);
    expect(compares[0]!.getAttribute('aria-label')).toMatch(/Version 2/);

    await act(async () => fireEvent.click(compares[0]!));
    const dialog = await screen.findByRole('dialog', { name: 'Changes from version 2 to version 3' });
    expect(dialog.querySelector('del')?.textContent).toContain('off');
    // The layer around the dialog covers the screen: a class with a rule that fixes it, not an unstyled block.
    const layer = dialog.parentElement!;
    const rules = [...layer.classList].flatMap((c) => declarationsAnywhere(c)).join(';');
    expect(rules).toMatch(/position:\s*fixed/);
    const box2 = [...dialog.classList].flatMap((c) => declarationsAnywhere(c)).join(';');
    expect(box2).toMatch(/background/);

    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Close comparison' })));
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 30_000);
});
