// Breadcrumbs: route → crumbs (web/navigation.ts), upper-case titles, category ancestors, slug resolution,
// and the rendered trail (nav with aria-label, ordered list, current page).
import { render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '#web/app';
import { routeHandle } from '#web/components/layout';
import { Breadcrumbs } from '#web/components/breadcrumbs';
import enUS from '#web/i18n/en-US.json';
import type { CrumbDef, RouteHandle } from '#web/navigation';
import { renderApp, uuid } from './shell-kit';
import { fakeApi, type ApiAnswer, type ApiCall } from './fake-api';

const ARTICLE = uuid();
const CHANNEL = uuid();
const ROOT = uuid();
const MIDDLE = uuid();
const LEAF = uuid();
const now = new Date().toISOString();

const article = {
  id: ARTICLE,
  slug: 'harbour-festival',
  title: 'Harbour festival',
  teaser: '',
  type: 'text',
  channelId: CHANNEL,
  userId: uuid(),
  thumbnailHref: null,
  published: true,
  hidden: false,
  restricted: false,
  isAd: false,
  isEditorial: false,
  createdAt: now,
  description: '',
  categoryIds: [],
  channel: null,
  author: null,
  categories: [],
  publishedAtCategory: false,
  media: null,
  locked: false,
  body: { version: 1, children: [] },
  version: 1,
  updatedAt: now,
};
const channel = {
  id: CHANNEL,
  slug: 'city-life',
  name: 'City life',
  categoryIds: [],
  userId: uuid(),
  infoText: '',
  portraitHref: null,
  bannerHref: null,
  hidden: false,
  private: false,
  published: true,
  restricted: false,
  isAd: false,
  coverMedia: null,
  locked: false,
  body: { version: 1, children: [] },
  version: 1,
  createdAt: now,
};
const chain = [
  { id: ROOT, title: 'Sports' },
  { id: MIDDLE, title: 'Ball games' },
  { id: LEAF, title: 'Straße & Fußball' },
];

function api(call: ApiCall): ApiAnswer | undefined {
  if (call.path === `/articles/${ARTICLE}`) return { code: 200, result: article };
  if (call.path === `/channels/${CHANNEL}/summary`) return { code: 200, result: channel };
  if (call.path === '/slugs/street-football') return { code: 200, result: { slug: 'street-football', entityId: LEAF } };
  if (call.path === `/categories/${LEAF}/route`) return { code: 200, result: chain };
  return undefined;
}

afterEach(() => vi.unstubAllGlobals());

function renderTrail(defs: CrumbDef[]) {
  const router = createMemoryRouter([{ path: '*', element: <Breadcrumbs defs={defs} /> }]);
  return render(
    <IntlProvider locale="en-US" messages={enUS}>
      <RouterProvider router={router} />
    </IntlProvider>,
  );
}

type Shown = { text: string; to: string | null; current: boolean };

/** The trail the route map gives `path`, rendered, once every look-up has answered. */
async function crumbsOf(path: string): Promise<Shown[]> {
  const matches = matchRoutes(routes, path) ?? [];
  const match = [...matches].reverse().find((m) => (m.route.handle as RouteHandle | undefined)?.crumbs);
  const defs: CrumbDef[] = (match?.route.handle as RouteHandle).crumbs!(match!.params);
  const { container } = renderTrail(defs);
  await waitFor(() => expect(container.querySelector('li[aria-busy]')).toBeNull());
  return [...container.querySelectorAll('nav li')].map((li) => ({
    text: li.textContent ?? '',
    to: li.querySelector('a')?.getAttribute('href') ?? null,
    current: li.querySelector('[aria-current="page"]') !== null,
  }));
}
/** A label crumb as the English catalogue shows it. */
const label = (key: string) => `#${(enUS as Record<string, string>)[key] ?? key}`;
const shown = (crumbs: Shown[]) => crumbs.map((c) => (Object.values(enUS).includes(c.text) ? `#${c.text}` : c.text));
const links = (crumbs: Shown[]) => crumbs.map((c) => c.to);

describe('route → crumbs', () => {
  it.each([
    ['/', [label('homeAndNews')]],
    ['/about', [label('homeAndNews'), label('about')]],
    ['/orderChannel', [label('homeAndNews'), label('orderChannel')]],
    ['/contact', [label('homeAndNews'), label('contact')]],
    ['/imprint', [label('homeAndNews'), label('imprint')]],
    ['/mySO', [label('homeAndNews'), label('mySO')]],
    ['/article', [label('homeAndNews'), label('articles')]],
    ['/channels', [label('homeAndNews'), label('channels')]],
    ['/category', [label('homeAndNews'), label('categories')]],
  ])('%s has the labels %j', async (path, expected) => {
    fakeApi(api);
    const crumbs = await crumbsOf(path);
    expect(shown(crumbs)).toEqual(expected);
    expect(crumbs.at(-1)).toMatchObject({ to: null, current: true });
    if (crumbs.length > 1) expect(crumbs[0]?.to).toBe('/');
  });

  it('/article/{id}: Articles, then the article title in upper case', async () => {
    fakeApi(api);
    const crumbs = await crumbsOf(`/article/${ARTICLE}`);
    expect(shown(crumbs)).toEqual([label('homeAndNews'), label('articles'), 'HARBOUR FESTIVAL']);
    expect(links(crumbs)).toEqual(['/', '/article', null]);
  });

  it('/chan/{id}/a/{articleId}: channel name and article title, fetched by id', async () => {
    const { calls } = fakeApi(api);
    const crumbs = await crumbsOf(`/chan/${CHANNEL}/a/${ARTICLE}`);
    expect(shown(crumbs)).toEqual([label('homeAndNews'), label('channels'), 'CITY LIFE', 'HARBOUR FESTIVAL']);
    expect(links(crumbs)).toEqual(['/', '/channels', `/chan/${CHANNEL}`, null]);
    expect(calls.map((c) => c.path).sort()).toEqual([`/articles/${ARTICLE}`, `/channels/${CHANNEL}/summary`].sort());
  });

  it('/category/{slug}/c/{id}/a/{id}: every ancestor and the category itself, upper case, slug resolved', async () => {
    const { calls } = fakeApi(api);
    const crumbs = await crumbsOf(`/category/street-football/c/${CHANNEL}/a/${ARTICLE}`);
    expect(shown(crumbs)).toEqual([
      label('homeAndNews'),
      label('categories'),
      'SPORTS',
      'BALL GAMES',
      'STRASSE & FUSSBALL',
      'CITY LIFE',
      'HARBOUR FESTIVAL',
    ]);
    expect(links(crumbs)).toEqual([
      '/',
      '/category',
      `/category/${ROOT}`,
      `/category/${MIDDLE}`,
      `/category/${LEAF}`,
      `/category/street-football/c/${CHANNEL}`,
      null,
    ]);
    expect(calls.map((c) => c.path)).toContain('/slugs/street-football');
    expect(calls.map((c) => c.path)).toContain(`/categories/${LEAF}/route`);
  });

  it('/category/{id}: the category is the current page', async () => {
    fakeApi(api);
    const crumbs = await crumbsOf(`/category/${LEAF}`);
    expect(shown(crumbs).slice(2)).toEqual(['SPORTS', 'BALL GAMES', 'STRASSE & FUSSBALL']);
    expect(crumbs.at(-1)).toMatchObject({ to: null, current: true });
  });

  it('uses the slug itself as the id when the slug look-up finds nothing', async () => {
    const { calls } = fakeApi((c) => {
      if (c.path.startsWith('/slugs/')) return { code: 404, message: 'Slug not found' };
      if (c.path === '/categories/old-name/route')
        return {
          code: 200,
          result: [
            { id: MIDDLE, title: 'Ball games' },
            { id: LEAF, title: 'Handball' },
          ],
        };
      if (c.path === '/categories/old-name')
        return {
          code: 200,
          result: { id: LEAF, parentId: MIDDLE, title: 'Handball', imageHref: null, slug: 'handball', ordinal: 0 },
        };
      return undefined;
    });
    const crumbs = await crumbsOf('/category/old-name');
    expect(calls[0]?.path).toBe('/slugs/old-name');
    expect(calls.map((c) => c.path)).toContain('/categories/old-name/route');
    // The route's last entry is not the slug (an id was expected), so the category itself is looked up and added.
    expect(shown(crumbs).slice(2)).toEqual(['BALL GAMES', 'HANDBALL', 'HANDBALL']);
  });

  it('adds the category itself when the route lists only its ancestors', async () => {
    fakeApi((c) => {
      if (c.path === `/categories/${LEAF}/route`) return { code: 200, result: chain.slice(0, 2) };
      if (c.path === `/categories/${LEAF}`)
        return {
          code: 200,
          result: { id: LEAF, parentId: MIDDLE, title: 'Beach volleyball', imageHref: null, slug: 'bv', ordinal: 1 },
        };
      return undefined;
    });
    const crumbs = await crumbsOf(`/category/${LEAF}`);
    expect(shown(crumbs).slice(2)).toEqual(['SPORTS', 'BALL GAMES', 'BEACH VOLLEYBALL']);
  });

  it('shows "Category not found" and fallback labels when look-ups fail', async () => {
    fakeApi(() => ({ code: 404, message: 'Not found' }));
    const crumbs = await crumbsOf(`/category/${LEAF}/c/${CHANNEL}/a/${ARTICLE}`);
    expect(shown(crumbs)).toEqual([
      label('homeAndNews'),
      label('categories'),
      label('shell.crumb.categoryNotFound'),
      label('chan'),
      label('shell.crumb.article'),
    ]);
  });
});

describe('<Breadcrumbs>', () => {
  it('renders a labelled nav with an ordered list, links, and the current page last', async () => {
    fakeApi(api);
    renderTrail([
      { kind: 'label', key: 'homeAndNews', to: '/' },
      { kind: 'label', key: 'articles', to: '/article' },
      { kind: 'article', id: ARTICLE },
    ]);
    const nav = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    const list = within(nav).getByRole('list');
    expect(list.tagName).toBe('OL');
    await waitFor(() => expect(within(nav).getByText('HARBOUR FESTIVAL')).toBeTruthy());
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Home & News', 'Articles', 'HARBOUR FESTIVAL']);
    expect(within(nav).getByRole('link', { name: 'Articles' }).getAttribute('href')).toBe('/article');
    expect(within(nav).getByText('HARBOUR FESTIVAL').getAttribute('aria-current')).toBe('page');
  });
});

describe('menu highlight from the route handle', () => {
  it.each([
    ['/about', 'About'],
    ['/contact', 'Contact'],
    ['/imprint', 'Imprint'],
    ['/orderChannel', 'Order a channel'],
  ])('%s highlights %s', async (path, label) => {
    fakeApi(() => ({ code: 401, message: 'Unauthorized' }));
    await renderApp(path);
    const menu = await screen.findByRole('navigation', { name: 'Main menu' }, { timeout: 3000 });
    await waitFor(() =>
      expect(within(menu).getByRole('link', { name: label }).getAttribute('aria-current')).toBe('page'),
    );
    expect(
      within(menu)
        .getAllByRole('link')
        .filter((a) => a.getAttribute('aria-current') === 'page'),
    ).toHaveLength(1);
  });

  it.each([
    ['/', 'homeAndNews'],
    [`/article/${ARTICLE}`, 'homeAndNews'],
    ['/channels', 'soChannels'],
    [`/chan/${CHANNEL}`, 'soChannels'],
    [`/chan/${CHANNEL}/a/${ARTICLE}`, 'soChannels'],
    ['/category', 'categories'],
    [`/category/x/c/${CHANNEL}/a/${ARTICLE}`, 'categories'],
    ['/mySO', 'mySO'],
  ])('%s sets the menu item %s', (path, menu) => {
    const matches = matchRoutes(routes, path) ?? [];
    const handle = matches.at(-1)?.route.handle as RouteHandle | undefined;
    expect(handle?.menu).toBe(menu);
  });
});

/** Every route of the map with a path: its full pattern and its handle. */
function flatRoutes(list: RouteObject[], prefix = ''): { pattern: string; handle: unknown }[] {
  return list.flatMap((route) => {
    const pattern = route.index ? prefix || '/' : route.path ? `${prefix.replace(/\/$/, '')}/${route.path}` : prefix;
    const own = route.index || route.path ? [{ pattern, handle: route.handle }] : [];
    return [...own, ...flatRoutes(route.children ?? [], pattern)];
  });
}

describe('the layout reads the handle of the route the location matches', () => {
  const withHandles = flatRoutes(routes).filter((r) => r.handle);

  it('covers every route of the map that has a handle', () => {
    expect(withHandles.length).toBeGreaterThanOrEqual(19);
  });

  it.each(withHandles.map((r) => [r.pattern, r.handle] as const))('%s', (pattern, handle) => {
    const path = pattern.replace(/:(\w+)/g, (_, name: string) => `${name}-value`);
    const expected = handle as RouteHandle;
    const params = matchRoutes(routes, path)!.at(-1)!.params;
    expect(routeHandle(path)).toEqual({ menu: expected.menu, crumbs: expected.crumbs?.(params) ?? [] });
  });

  it('gives no menu item and no crumbs outside the layout', () => {
    expect(routeHandle('/login')).toEqual({ menu: undefined, crumbs: [] });
    expect(routeHandle('/no/such/page')).toEqual({ menu: undefined, crumbs: [] });
  });
});

describe('the look of the trail', () => {
  it('shows every crumb in the same case: static labels upper case like the fetched titles (styles.css)', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const css = fs.readFileSync(path.resolve(import.meta.dirname, '../../web/styles.css'), 'utf8').replace(/\s+/g, ' ');
    const rule = /\.breadcrumbs li \{([^}]*)\}/.exec(css);
    expect(rule?.[1]).toMatch(/text-transform: uppercase;/);
  });
});
