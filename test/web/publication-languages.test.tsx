// A publication request naming translations (issue 29, decision 054) says so in the admin's publications list: the
// item is public already, so "Approve Old bridge" alone would not tell the admin what goes online.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminCounts } from '#schema/entities';
import { answer, fakeApi, type ApiCall } from './fake-api';
import { renderApp, userOf, uuid } from './shell-kit';

const NOW = '2026-03-01T10:00:00.000Z';
const editor = userOf('CLIENT');
const pathOf = (c: ApiCall) => c.path.split('?')[0];
const request = (over: Record<string, unknown> = {}) => ({
  id: uuid(),
  userId: editor.id,
  contentId: uuid(),
  status: 'PENDING',
  type: 'article',
  expirationDate: null,
  publishAt: null,
  createdAt: NOW,
  updatedAt: NOW,
  userName: editor.name,
  contentTitle: 'Old bridge',
  ...over,
});

describe("the admin's publications list", () => {
  it(
    'names the languages of a request for translations, in its link and its actions',
    { timeout: 30_000 },
    async () => {
      fakeApi((c) => {
        if (pathOf(c) === '/admin/counts')
          return answer(adminCounts, { pendingAccessRequests: 0, pendingPublications: 2, unreadMessages: 0 });
        if (pathOf(c) === '/publications/requests')
          return {
            code: 200,
            result: {
              items: [request({ languages: ['de-DE'] }), request({ contentTitle: 'New harbour', languages: null })],
              nextCursor: null,
            },
          };
        return undefined;
      });
      await renderApp('/appManagement/publications', userOf('ADMIN'));
      expect(
        await screen.findByRole('link', { name: 'Old bridge (translation: German)' }, { timeout: 15_000 }),
      ).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Approve Old bridge (translation: German)' })).toBeTruthy();
      // A request for the item itself keeps its plain title.
      expect(screen.getByRole('link', { name: 'New harbour' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Approve New harbour' })).toBeTruthy();
    },
  );
});

describe("the workspace's publications list", () => {
  it('names the languages of a request for translations', { timeout: 30_000 }, async () => {
    fakeApi((c) =>
      pathOf(c) === '/publications/requests'
        ? { code: 200, result: { items: [request({ languages: ['de-DE'] })], nextCursor: null } }
        : undefined,
    );
    await renderApp('/myaccount/publications', editor);
    expect(
      await screen.findByRole('link', { name: 'Old bridge (translation: German)' }, { timeout: 15_000 }),
    ).toBeTruthy();
  });
});
