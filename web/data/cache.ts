// The SPA's one data cache, on SWR (docs/decisions/011-data-cache.md). Every screen reads, pages and writes
// through these few functions; the keys live in ./keys.ts.
//
// Read: one hook per query; components asking for the same key share one request and one answer.
//     const article = useQuery(keys.article(id), () => getArticle(id));
//     article.status: 'loading' | 'ok' | 'error'; article.data once 'ok'; article.error is the ApiError
//     (web/api/errors.ts: the server's code and message); article.reload() asks again.
//     A null key waits (until the session knows the user, until a slug is resolved, ...).
//     Answers are kept for the page's life and refreshed in the background as the key's refresh policy says
//     (keys.ts: on mount, on focus, on reconnect; immutable kinds only when invalidated).
//
// Page: cursor lists ({items, nextCursor} pages, 'Show more').
//     const list = usePagedQuery(keys.channelArticles(id), (cursor) => listChannelArticles(id, cursor));
//     list.items (each id once, even when an item moved to the next page meanwhile), list.cursor (null at
//     the end), list.loadMore() (rejects with the ApiError and leaves the list as it was), list.busy.
//
// Write, then bring every screen up to date: run the call, patch what the answer tells for certain, and
// invalidate every family of keys the write may have changed (mounted queries refetch, the rest on next use).
//     const saved = await write(() => updateArticle(id, body), {
//       update: (saved) => setQueryData(keys.article(id), () => saved),
//       invalidate: [keys.channelArticles(saved.channelId), ['articles']],
//     });
//     write() resolves when the write is done and the invalidated queries on screen have their new answers;
//     it rejects (with the ApiError) only when the write itself failed, and then changes nothing.
import { use, useCallback, useEffect, useRef, useState } from 'react';
import useSWR, { mutate, unstable_serialize, useSWRConfig, type SWRConfiguration } from 'swr';
import { ApiError } from '../api/errors';
import { onSessionChange } from '../session/session';
import { hasPrefix, refreshPolicy, type QueryKey, type RefreshPolicy } from './keys';
import { useHydrated, useSeed } from './seed';

export type { QueryKey } from './keys';

/** Server errors (5xx) are retried twice, a few seconds apart; refusals (4xx) never: asking again changes nothing. */
export const RETRIES = 2;
export function shouldRetry(error: unknown): boolean {
  return error instanceof ApiError && error.code >= 500;
}

const CONFIG: SWRConfiguration = {
  // One request per key for 2 s however many components ask (SWR's default, stated here because we rely on it).
  dedupingInterval: 2000,
  revalidateOnFocus: true,
  revalidateOnReconnect: true,
  shouldRetryOnError: shouldRetry,
  errorRetryCount: RETRIES,
  errorRetryInterval: 2000,
};
const POLICIES: Record<RefreshPolicy, SWRConfiguration> = {
  shared: CONFIG,
  own: { ...CONFIG, revalidateIfStale: false },
  typed: { ...CONFIG, revalidateOnFocus: false, revalidateOnReconnect: false },
  immutable: { ...CONFIG, revalidateIfStale: false, revalidateOnFocus: false, revalidateOnReconnect: false },
};
const configFor = (key: QueryKey | null) => POLICIES[key ? refreshPolicy(key) : 'shared'];

// Keys some component shows now (with how many components): an invalidation refetches these and forgets the rest.
const onScreen = new Map<string, number>();
const screenId = (key: QueryKey) => JSON.stringify(key);

function useOnScreen(key: QueryKey | null): void {
  const id = key ? screenId(key) : null;
  useEffect(() => {
    if (id === null) return;
    onScreen.set(id, (onScreen.get(id) ?? 0) + 1);
    return () => {
      const left = (onScreen.get(id) ?? 1) - 1;
      if (left > 0) onScreen.set(id, left);
      else onScreen.delete(id);
    };
  }, [id]);
}

export type QueryState<T> =
  | { status: 'loading'; data: undefined; error: undefined }
  | { status: 'ok'; data: T; error: undefined }
  | { status: 'error'; data: undefined; error: unknown };
export type Query<T> = QueryState<T> & {
  /** Asks the server again (a Retry button). */
  reload: () => void;
  /** A request for this key is under way (the first load, a refresh, a retry). */
  validating: boolean;
};

/**
 * The answers already here, without asking for any: SWR's cache, else the server-rendered page's (the seed). For a
 * control that acts on what the page shows (the language switch leads to the shown item's other versions).
 */
export function useAnswers(): (key: QueryKey) => unknown {
  const { cache } = useSWRConfig();
  const seed = useSeed();
  return useCallback(
    (key: QueryKey) => (cache.get(unstable_serialize(key)) as { data?: unknown } | undefined)?.data ?? seed?.data(key),
    [cache, seed],
  );
}

/**
 * The answer of `fetcher` for `key`, shared with every other component asking for the same key. Data once
 * shown stays shown when a background refresh fails (the next focus or mount tries again).
 */
export function useQuery<T>(
  key: QueryKey | null,
  fetcher: () => Promise<T>,
  options: { fallbackData?: T } = {},
): Query<T> {
  const config = configFor(key);
  // A server-rendered page's answer for this key (web/data/seed.tsx); on the server, loaded here first.
  const seed = useSeed();
  // React's use() gives back, at the same position in a render retried after a suspension, the promise that
  // position had before: a view whose second query starts after its first came (the category page: category, then
  // children) would take the first one's settled promise for the second's and render without its data. So
  // use() again until this key's answer is in: each retry position holds a settled promise, the first new one waits.
  // An answer the view already has (a list's first page that came with another answer) is not asked for again.
  for (
    let tries = 0;
    key &&
    seed?.load &&
    options.fallbackData === undefined &&
    seed.data(key) === undefined &&
    !seed.error(key) &&
    tries < 32;
    tries++
  ) {
    const loading = seed.load(key, fetcher);
    if (!loading) break;
    use(loading);
  }
  const seeded = key ? (seed?.data(key) as T | undefined) : undefined;
  const refused = key && seeded === undefined ? seed?.error(key) : undefined;
  const fallbackData = options.fallbackData ?? seeded;
  // Mounted by the hydration of the page that carries the answer, or the server's refusal (an unknown article's
  // 404): it is as new as the page, so not asked for again (a later mount asks as its refresh policy says).
  const hydrating = !useHydrated();
  const {
    data,
    error,
    isValidating,
    mutate: revalidate,
  } = useSWR<T, unknown, QueryKey | null>(key, () => fetcher(), {
    ...config,
    ...(fallbackData === undefined ? {} : { fallbackData }),
    ...((seeded !== undefined || refused) && hydrating ? { revalidateOnMount: false } : {}),
  });
  useOnScreen(key);
  const reload = useCallback(() => void revalidate(), [revalidate]);
  const failed = error ?? (refused ? new ApiError(refused.code, refused.message) : undefined);
  const state: QueryState<T> =
    data !== undefined
      ? { status: 'ok', data, error: undefined }
      : failed !== undefined
        ? { status: 'error', data: undefined, error: failed }
        : { status: 'loading', data: undefined, error: undefined };
  return { ...state, reload, validating: isValidating };
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * A cursor-paged list under one key: the cache holds the pages loaded so far. A refresh (focus, mount,
 * invalidation) asks for as many pages as are shown, each from the fresh page before it, so nothing is skipped
 * when items moved. `firstPage` seeds page one when another answer brought it (the category's children): it is
 * never fetched then.
 */
export function usePagedQuery<T extends { id: string }>(
  key: QueryKey | null,
  fetchPage: (cursor: string | undefined) => Promise<Page<T>>,
  options: { firstPage?: Page<T> } = {},
) {
  const { firstPage } = options;
  const pagesShown = useRef(1);
  const firstPageRef = useRef(firstPage);
  firstPageRef.current = firstPage;
  const query = useQuery<Page<T>[]>(
    key,
    async () => {
      const pages: Page<T>[] = [];
      let cursor: string | undefined;
      do {
        const page = pages.length === 0 && firstPageRef.current ? firstPageRef.current : await fetchPage(cursor);
        pages.push(page);
        cursor = page.nextCursor ?? undefined;
      } while (cursor && pages.length < pagesShown.current);
      return pages;
    },
    firstPage ? { fallbackData: [firstPage] } : {},
  );
  const [busy, setBusy] = useState(false);
  // 'Show more' of a server-rendered list waits for the script that serves it.
  const hydrated = useHydrated();

  const cached = query.data ?? [];
  const pages = firstPage ? [firstPage, ...cached.slice(1)] : cached;
  pagesShown.current = Math.max(1, pages.length);
  const seen = new Set<string>();
  const items = pages.flatMap((page) => page.items).filter((item) => !seen.has(item.id) && seen.add(item.id));
  const cursor = pages.at(-1)?.nextCursor ?? null;

  const loadMore = async () => {
    if (!key || !cursor || busy) return;
    setBusy(true);
    try {
      const page = await fetchPage(cursor);
      await mutate<Page<T>[]>(key, (current) => [...(current ?? pages), page], { revalidate: false });
    } finally {
      setBusy(false);
    }
  };
  return {
    status: query.status,
    error: query.error,
    reload: query.reload,
    items,
    cursor,
    busy: busy || !hydrated,
    loadMore,
  };
}

/** Replaces the cached data of exactly `key` (no request); `update` gets undefined when nothing is cached. */
export async function setQueryData<T>(key: QueryKey, update: (current: T | undefined) => T | undefined): Promise<void> {
  await mutate<T>(key, (current) => update(current), { revalidate: false });
}

/** Patches the cached data of every key starting with `prefix` (no request); keys without data are left alone. */
export async function updateQueries<T>(prefix: QueryKey, update: (current: T) => T): Promise<void> {
  await mutate<T>(
    (key) => hasPrefix(key, prefix),
    (current) => (current === undefined ? current : update(current)),
    {
      revalidate: false,
    },
  );
}

/**
 * Marks every query whose key starts with one of `prefixes` as stale: the ones on screen refetch now (and keep
 * showing their data meanwhile), the others are forgotten and fetched when next used, whatever their refresh policy.
 */
export async function invalidate(...prefixes: QueryKey[]): Promise<void> {
  const matches = (key: unknown) => prefixes.some((prefix) => hasPrefix(key, prefix));
  const shown = (key: unknown) => onScreen.has(screenId(key as QueryKey));
  await Promise.all([
    mutate((key) => matches(key) && shown(key)),
    // Without data and without the finished request SWR keeps for deduplication.
    mutate((key) => matches(key) && !shown(key), undefined, { revalidate: true }),
  ]);
}

export interface WriteEffects<R> {
  /** Puts what the answer tells for certain into the cache at once (no request). */
  update?: (result: R) => unknown;
  /** Key prefixes the write may have changed. */
  invalidate?: QueryKey[];
}

/** Runs a write, then updates and invalidates the queries it affects (see the top of this file). */
export async function write<R>(run: () => Promise<R>, effects: WriteEffects<R> = {}): Promise<R> {
  const result = await run();
  await effects.update?.(result);
  if (effects.invalidate?.length) await invalidate(...effects.invalidate);
  return result;
}

/** Forgets every answer; queries on screen ask again. */
export async function clearQueries(): Promise<void> {
  await mutate(() => true, undefined, { revalidate: true });
}

// Everything cached was fetched for the user who was signed in: a new user starts from nothing.
onSessionChange(() => void clearQueries());
