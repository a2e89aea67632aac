// Shared stubs and helpers of the data cache tests (data-cache*.test.tsx).
import { documentFromText } from '#schema/document-text';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { Article, ArticleSummary, MysoView as MysoData } from '#schema';
import { AppProviders } from '#web/app';
import { userOf } from './shell-kit';
import { type ApiAnswer, type ApiCall } from './fake-api';

export const NOW = '2025-05-06T07:08:09.000Z';
export const OWNER = 'f0000000-0000-4000-8000-000000000001';
export const ARTICLE_ID = 'f1000000-0000-4000-8000-000000000001';

export const summary = (n: number): ArticleSummary => ({
  id: `f2000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  slug: `note-${n}`,
  title: `Note ${n}`,
  teaser: '',
  type: 'text',
  channelId: null,
  userId: OWNER,
  thumbnailHref: null,
  published: true,
  hidden: false,
  restricted: false,
  isAd: false,
  isEditorial: false,
  createdAt: NOW,
});
export const article = (over: Partial<Article> = {}): Article => ({
  ...summary(0),
  id: ARTICLE_ID,
  title: 'Lighthouse keepers',
  channel: null,
  author: null,
  categories: [],
  description: 'A night on the rock.',
  categoryIds: [],
  publishedAtCategory: false,
  media: null,
  locked: false,
  body: documentFromText(over.description ?? 'A night on the rock.'),
  version: 1,
  updatedAt: NOW,
  ...over,
});
export const emptyView = (): MysoData => ({ channels: [], articles: [], requests: [], access: [] });
export const ok = (result: unknown, code = 200): ApiAnswer => ({ code, result });
export const count = (calls: ApiCall[], path: string, method = 'GET') =>
  calls.filter((c) => c.path === path && c.method === method).length;

/** Mounts `element` at `path` with the app's real providers (intl with every catalogue, session, notifications). */
export function renderWithApp(routes: RouteObject[], path: string, user = userOf('REGULAR_USER')) {
  sessionStorage.setItem('activeUser', JSON.stringify(user));
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return {
    user,
    ...render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    ),
  };
}
