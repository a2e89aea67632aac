// Keyboard focus after what a reader did: 'Show more' leaves it on the first new item (the button may be gone);
// a navigation puts it on the new page's heading even when the old page stayed on screen while the new one
// loaded (its heading going away must not drop focus on <body>).
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusHeadingWhenReady } from '#web/components/layout';
import ChannelView from '#web/routes/chan/$channelId';
import { renderScreen } from './screens-render';
import { articleSummary, channelSummary } from './content-fixtures';
import { fakeApi, ok } from './fake-api';

const CHANNEL_ID = 'c1000000-0000-4000-8000-000000000002';
const OWNER_ID = 'e1000000-0000-4000-8000-000000000002';
const summary = (n: number) => articleSummary(n, CHANNEL_ID, OWNER_ID);
const channel = channelSummary(CHANNEL_ID, OWNER_ID);

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('keyboard focus', () => {
  it('after "Show more", focus is on the first new item, not on <body>', async () => {
    fakeApi((call) => {
      if (call.path === `/channels/${CHANNEL_ID}/summary`) return ok(channel);
      if (call.path === `/channels/${CHANNEL_ID}/articles`)
        return ok({ items: [summary(1), summary(2)], nextCursor: '2' });
      if (call.path === `/channels/${CHANNEL_ID}/articles?cursor=2`)
        return ok({ items: [summary(3), summary(4)], nextCursor: null });
      return undefined;
    });
    renderScreen({ path: `/chan/${CHANNEL_ID}`, routes: [{ path: '/chan/:channelId', element: <ChannelView /> }] });
    await screen.findByRole('link', { name: /Article 2/ });
    const more = screen.getByRole('button', { name: 'Show more' });
    more.focus();
    await act(async () => fireEvent.click(more));
    await screen.findByRole('link', { name: /Article 3/ });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: /Article 3/ })));
  });

  it('moves focus to the new heading when the old page’s heading goes away after it was focused', async () => {
    document.body.innerHTML = '<main><h1>Old page</h1></main>';
    const stop = focusHeadingWhenReady();
    // The old view was still there: its heading got focus first.
    expect(document.activeElement?.textContent).toBe('Old page');
    // Then the new view replaces it.
    document.querySelector('main')!.innerHTML = '<h1>New page</h1>';
    await waitFor(() => expect(document.activeElement?.textContent).toBe('New page'));
    // Once the reader put focus elsewhere, it stays there.
    document.querySelector('main')!.innerHTML = '<h1>New page</h1><button>Like</button>';
    const like = screen.getByRole('button', { name: 'Like' });
    like.focus();
    document.querySelector('main')!.insertAdjacentHTML('afterbegin', '<h1>Another</h1>');
    await new Promise((r) => setTimeout(r, 20));
    expect(document.activeElement).toBe(like);
    stop();
  });
});

describe('the article list', () => {
  it('appends the next page on "Show more" and focuses its first article', async () => {
    const { default: ArticleListView } = await import('#web/routes/article/list');
    fakeApi((call) => {
      if (call.path === '/articles?limit=24') return ok({ items: [summary(1), summary(2)], nextCursor: 'c2' });
      if (call.path === '/articles?cursor=c2&limit=24') return ok({ items: [summary(3)], nextCursor: null });
      return undefined;
    });
    renderScreen({ path: '/article', routes: [{ path: '/article', element: <ArticleListView /> }] });
    await screen.findByRole('link', { name: /Article 2/ });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show more' })));
    await screen.findByRole('link', { name: /Article 3/ });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: /Article 3/ })));
  });
});
