// The one paged list of the public screens (web/components/paged-list.tsx): it loads the next page and puts the
// focus on its first item, shows the end by dropping its button, says a failed next page in a toast and keeps
// the items, and offers 'Try again' when the first page failed for a reason asking again may cure.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Link } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listAuthorArticles } from '#web/api/authors';
import { PagedList } from '#web/components/paged-list';
import { usePagedQuery } from '#web/data/cache';
import { keys } from '#web/data/keys';
import { articleSummary } from './content-fixtures';
import { fakeApi, ok } from './fake-api';
import { renderScreen } from './screens-render';

const CHANNEL_ID = 'c1000000-0000-4000-8000-000000000003';
const OWNER_ID = 'e1000000-0000-4000-8000-000000000003';
const summary = (n: number) => articleSummary(n, CHANNEL_ID, OWNER_ID);

const catalogue = (name: string) =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../web/i18n/${name}`), 'utf8')) as Record<
    string,
    string
  >;
const shellEn = catalogue('en-US.json');
const messages = {
  ...catalogue('screens.en-US.json'),
  ...Object.fromEntries(Object.entries(shellEn).filter(([id]) => id.startsWith('error.'))),
  'shell.notification.error': 'Error',
  'shell.notification.success': 'Success',
  'shell.notification.dismiss': 'Dismiss',
};

/** An author's articles, two a page, under a key of the test's own (the data cache outlives a test). */
function Articles({ author }: { author: string }) {
  const list = usePagedQuery(keys.authorArticles(author), (cursor) => listAuthorArticles(author, cursor, 2));
  return (
    <PagedList
      list={list}
      label="Articles"
      empty="Nothing yet."
      more="More"
      item={(article) => <Link to={`/a/${article.id}`}>{article.title}</Link>}
    />
  );
}

const show = (author: string) =>
  renderScreen({
    path: '/',
    routes: [
      {
        path: '/',
        element: (
          <IntlProvider locale="en-US" messages={messages}>
            <Articles author={author} />
          </IntlProvider>
        ),
      },
    ],
  });

const titles = () =>
  within(screen.getByRole('list', { name: 'Articles' }))
    .getAllByRole('link')
    .map((a) => a.textContent);

const base = (author: string) => `/authors/${author}/articles`;

afterEach(() => vi.unstubAllGlobals());

describe('the paged list', () => {
  it('loads the next page, puts the focus on its first item, and drops its button at the end', async () => {
    const author = 'pager';
    const { calls } = fakeApi((c) => {
      if (c.path === `${base(author)}?limit=2`) return ok({ items: [summary(1), summary(2)], nextCursor: 'c2' });
      if (c.path === `${base(author)}?cursor=c2&limit=2`) return ok({ items: [summary(3)], nextCursor: null });
      return undefined;
    });
    show(author);
    await waitFor(() => expect(titles()).toEqual(['Article 1', 'Article 2']));
    const more = screen.getByRole('button', { name: 'More' });
    expect(more.className).toBe('button-primary load-more');
    more.focus();
    await act(async () => fireEvent.click(more));
    await waitFor(() => expect(titles()).toEqual(['Article 1', 'Article 2', 'Article 3']));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Article 3' })));
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull();
    expect(calls.filter((c) => c.path.startsWith(base(author))).map((c) => c.path)).toEqual([
      `${base(author)}?limit=2`,
      `${base(author)}?cursor=c2&limit=2`,
    ]);
  });

  it('says when there is nothing, without a list or a button', async () => {
    const author = 'empty';
    fakeApi((c) => (c.path === `${base(author)}?limit=2` ? ok({ items: [], nextCursor: null }) : undefined));
    show(author);
    expect(await screen.findByText('Nothing yet.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('keeps the items and the button when the next page fails, and says why in a toast', async () => {
    const author = 'flaky';
    fakeApi((c) => {
      if (c.path === `${base(author)}?limit=2`) return ok({ items: [summary(1)], nextCursor: 'c1' });
      if (c.path === `${base(author)}?cursor=c1&limit=2`) return { code: 429, message: 'Too many requests' };
      return undefined;
    });
    show(author);
    await waitFor(() => expect(titles()).toEqual(['Article 1']));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'More' })));
    expect(await screen.findByText(shellEn['error.tooMany']!)).toBeTruthy();
    expect(titles()).toEqual(['Article 1']);
    expect(screen.getByRole('button', { name: 'More' })).toBeTruthy();
  });

  it('shows a failed first page with Try again, and the items once the retry answers', async () => {
    const author = 'retry';
    let refusals = 1;
    fakeApi((c) => {
      if (c.path !== `${base(author)}?limit=2`) return undefined;
      if (refusals-- > 0) return { code: 429, message: 'Too many requests' };
      return ok({ items: [summary(1)], nextCursor: null });
    });
    show(author);
    expect((await screen.findByRole('alert')).textContent).toBe(shellEn['error.tooMany']);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    await waitFor(() => expect(titles()).toEqual(['Article 1']));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
