// Loading state for the screens: one hook that runs an async load when its inputs change and
// ignores answers that arrive after the inputs moved on, plus the status lines the views show meanwhile.
import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';
import { FormattedMessage } from 'react-intl';
import './view-state.css';

export type LoadState<T> =
  | { status: 'loading' }
  | { status: 'ok'; data: T }
  | { status: 'error'; error: unknown };

/** The HTTP-like code of an error thrown by the API client (ApiError.code), or 500. */
export function errorCode(error: unknown): number {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'number') return error.code;
  return 500;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function useLoad<T>(load: () => Promise<T>, deps: DependencyList): [LoadState<T>, () => void] {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  const [round, setRound] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    loadRef.current().then(
      (data) => current && setState({ status: 'ok', data }),
      (error: unknown) => current && setState({ status: 'error', error }),
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return [state, reload];
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * A keyset-paged list: the first page loads like useLoad, `loadMore` appends the next one. Items that
 * moved between pages while paging show once. A failed next page leaves the list as it was and rethrows.
 */
export function usePaged<T extends { id: string }>(fetchPage: (cursor?: string) => Promise<Page<T>>, deps: DependencyList) {
  const [first] = useLoad(() => fetchPage(), deps);
  const [more, setMore] = useState<Page<T> | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setMore(null), deps); // eslint-disable-line react-hooks/exhaustive-deps

  const seen = new Set<string>();
  const items = first.status === 'ok' ? [...first.data.items, ...(more?.items ?? [])].filter((i) => !seen.has(i.id) && seen.add(i.id)) : [];
  const cursor = more ? more.nextCursor : first.status === 'ok' ? first.data.nextCursor : null;

  const loadMore = async () => {
    if (!cursor) return;
    setBusy(true);
    try {
      const page = await fetchPage(cursor);
      setMore((previous) => ({ items: [...(previous?.items ?? []), ...page.items], nextCursor: page.nextCursor }));
    } finally {
      setBusy(false);
    }
  };
  return { first, items, cursor, busy, loadMore };
}

export function Loading() {
  return (
    <p role="status" className="view-loading">
      <FormattedMessage id="media.loading" defaultMessage="Loading…" />
    </p>
  );
}

/** Error paragraph for a failed load; 404 shows the view's own not-found text. */
export function LoadError({ error, notFound }: { error: unknown; notFound: string }) {
  const code = errorCode(error);
  return (
    <p role="alert" className="view-error">
      {code === 404 ? notFound : errorMessage(error)}
    </p>
  );
}
