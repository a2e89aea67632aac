// The channel and category views show the first page of articles and a "Show more" button that follows
// nextCursor (GET /channels/{id}/articles, GET /categories/{id}/articles).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Category } from '#schema';
import CategoryView from '#web/routes/category/$categoryId';
import ChannelView from '#web/routes/chan/$channelId';
import { renderScreen } from './screens-render';
import { articleSummary, channelSummary } from './content-fixtures';
import { fail, fakeApi, ok } from './fake-api';

const CHANNEL_ID = 'c1000000-0000-4000-8000-000000000001';
const CATEGORY_ID = 'ca000000-0000-4000-8000-000000000001';
const OWNER_ID = 'e1000000-0000-4000-8000-000000000001';

const summary = (n: number) => articleSummary(n, CHANNEL_ID, OWNER_ID);

const channel = channelSummary(CHANNEL_ID, OWNER_ID);

/**
 * The screens' messages plus the shell's error sentences (web/i18n/en-US.json `error.*`), which the app always has
 * loaded: a failure reads as one of them (web/components/error-text.ts), never as the server's message.
 */
const catalogue = (name: string) =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../web/i18n/${name}`), 'utf8')) as Record<
    string,
    string
  >;
const shellEn = catalogue('en-US.json');
const withErrors = {
  ...catalogue('screens.en-US.json'),
  ...Object.fromEntries(Object.entries(shellEn).filter(([id]) => id.startsWith('error.'))),
};

const category: Category = {
  id: CATEGORY_ID,
  parentId: null,
  title: 'Harbours',
  imageHref: null,
  slug: 'harbours',
  ordinal: 0,
};

/** The article card links in the main list, in order. */
const articleTitles = () =>
  screen
    .getAllByRole('link')
    .map((l) => l.textContent ?? '')
    .filter((t) => t.startsWith('Article '));

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('channel view', () => {
  const renderChannel = () =>
    renderScreen({
      path: `/chan/${CHANNEL_ID}`,
      routes: [
        {
          path: '/chan/:channelId',
          element: (
            <IntlProvider locale="en-US" messages={withErrors}>
              <ChannelView />
            </IntlProvider>
          ),
        },
      ],
    });

  it('shows the first page and appends the next on "Show more" until there is none', async () => {
    const { calls } = fakeApi((call) => {
      if (call.path === `/channels/${CHANNEL_ID}/summary`) return ok(channel);
      if (call.path === `/channels/${CHANNEL_ID}/articles`)
        return ok({ items: [summary(1), summary(2)], nextCursor: '2' });
      if (call.path === `/channels/${CHANNEL_ID}/articles?cursor=2`)
        return ok({ items: [summary(3)], nextCursor: null });
      return undefined;
    });
    renderChannel();
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour notes' })).toBeTruthy();
    await screen.findByRole('link', { name: /Article 2/ });
    expect(articleTitles()).toEqual(['Article 1', 'Article 2']);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show more' })));
    await screen.findByRole('link', { name: /Article 3/ });
    expect(articleTitles()).toEqual(['Article 1', 'Article 2', 'Article 3']);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(calls.filter((c) => c.path.startsWith(`/channels/${CHANNEL_ID}/articles`)).map((c) => c.path)).toEqual([
      `/channels/${CHANNEL_ID}/articles`,
      `/channels/${CHANNEL_ID}/articles?cursor=2`,
    ]);
  });

  it('keeps the list and the button when the next page fails, and says why', async () => {
    fakeApi((call) => {
      if (call.path === `/channels/${CHANNEL_ID}/summary`) return ok(channel);
      if (call.path === `/channels/${CHANNEL_ID}/articles`) return ok({ items: [summary(1)], nextCursor: '1' });
      if (call.path.startsWith(`/channels/${CHANNEL_ID}/articles?cursor=`))
        return { ...fail(400, 'Invalid cursor'), result: { issues: [] } };
      return undefined;
    });
    renderChannel();
    await screen.findByRole('link', { name: /Article 1/ });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show more' })));
    // A 400 without a field at fault reads as error.badRequest, not as the server's English message.
    expect(await screen.findByText(shellEn['error.badRequest']!)).toBeTruthy();
    expect(screen.queryByText('Invalid cursor')).toBeNull();
    expect(articleTitles()).toEqual(['Article 1']);
    expect(screen.getByRole('button', { name: 'Show more' })).toBeTruthy();
  });

  it('shows no button when the first page is the only one', async () => {
    fakeApi((call) => {
      if (call.path === `/channels/${CHANNEL_ID}/summary`) return ok(channel);
      if (call.path === `/channels/${CHANNEL_ID}/articles`) return ok({ items: [], nextCursor: null });
      return undefined;
    });
    renderChannel();
    expect(await screen.findByText('This channel has no articles yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});

describe('category view', () => {
  it('shows the articles that came with the children and loads the rest from articlesCursor', async () => {
    const { calls } = fakeApi((call) => {
      if (call.path === `/categories/${CATEGORY_ID}`) return ok(category);
      if (call.path === `/categories/${CATEGORY_ID}/children`) {
        return ok({ categories: [], channels: [], articles: [summary(1), summary(2)], articlesCursor: '2' });
      }
      if (call.path === `/categories/${CATEGORY_ID}/articles?cursor=2`)
        return ok({ items: [summary(3), summary(4)], nextCursor: '4' });
      if (call.path === `/categories/${CATEGORY_ID}/articles?cursor=4`)
        return ok({ items: [summary(5)], nextCursor: null });
      return undefined;
    });
    renderScreen({
      path: `/category/${CATEGORY_ID}`,
      routes: [{ path: '/category/:categoryId', element: <CategoryView /> }],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbours' })).toBeTruthy();
    expect(articleTitles()).toEqual(['Article 1', 'Article 2']);
    expect(screen.getByRole('link', { name: /Article 1/ }).getAttribute('href')).toBe(
      `/category/harbours/a/${summary(1).slug}`,
    );
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Show more' })));
    await screen.findByRole('link', { name: /Article 4/ });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show more' })));
    await screen.findByRole('link', { name: /Article 5/ });
    expect(articleTitles()).toEqual(['Article 1', 'Article 2', 'Article 3', 'Article 4', 'Article 5']);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull());
    // The first page came with the children: the articles route is only asked for what follows.
    expect(calls.filter((c) => c.path.startsWith(`/categories/${CATEGORY_ID}/articles`)).map((c) => c.path)).toEqual([
      `/categories/${CATEGORY_ID}/articles?cursor=2`,
      `/categories/${CATEGORY_ID}/articles?cursor=4`,
    ]);
  });
});

describe('category reached by an old slug', () => {
  it('moves to the current slug’s address, replacing the old one', async () => {
    fakeApi((call) => {
      if (call.path === '/slugs/old-harbours')
        return ok({ slug: 'old-harbours', entityId: CATEGORY_ID, currentSlug: 'harbours' });
      if (call.path === '/slugs/harbours')
        return ok({ slug: 'harbours', entityId: CATEGORY_ID, currentSlug: 'harbours' });
      if (call.path === `/categories/${CATEGORY_ID}`) return ok(category);
      if (call.path === `/categories/${CATEGORY_ID}/children`)
        return ok({ categories: [], channels: [], articles: [], articlesCursor: null });
      return undefined;
    });
    const { router } = renderScreen({
      path: '/category/old-harbours',
      routes: [{ path: '/category/:categoryId', element: <CategoryView /> }],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbours' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/category/harbours');
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
