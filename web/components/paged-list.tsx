// The public lists that grow a page at a time (home's news, the newest articles, an author's, a category's and a
// channel's articles): loading, a failure with 'Try again', an empty sentence, the items, and the 'Load more' /
// 'Show more' button while the server has more (web/data/cache.ts usePagedQuery follows the cursor). A failed
// next page is said in a toast and the items shown stay; once it is in, focus goes to the first new item.
import { useEffect, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { usePagedQuery } from '../data/cache';
import { errorText } from './error-text';
import { useNotify } from './notifications';
import { LoadError, Loading } from './view-state';
import { BusyButton } from '#web/components/screen-kit/busy-button';

export type PagedQuery<T extends { id: string }> = ReturnType<typeof usePagedQuery<T>>;

export interface PagedListProps<T extends { id: string }> {
  list: PagedQuery<T>;
  /** An <ol> where the order is the author's (a channel's arrangement); an <ul> by default. */
  ordered?: boolean;
  /** The list's accessible name. */
  label?: string;
  /** Said (in a paragraph) when the server has no items. */
  empty?: ReactNode;
  /** The failed first load; by default the error with 'Try again', and this text for a 404. */
  notFound?: string;
  failed?: (error: unknown) => ReactNode;
  /** The button's words ('Load more', 'Show more'). */
  more: ReactNode;
  item: (item: T, index: number) => ReactNode;
  itemClassName?: (index: number) => string | undefined;
}

export function PagedList<T extends { id: string }>({
  list,
  ordered = false,
  label,
  empty,
  notFound = '',
  failed,
  more,
  item,
  itemClassName,
}: PagedListProps<T>) {
  const intl = useIntl();
  const notify = useNotify();
  const { items, cursor, busy } = list;
  const { listRef, beforeLoad } = useFocusNewItems(items.length);
  const loadMore = () => {
    beforeLoad();
    return list.loadMore().catch((error: unknown) => notify({ kind: 'error', message: errorText(error, intl) }));
  };
  const List = ordered ? 'ol' : 'ul';
  return (
    <>
      {list.status === 'loading' && <Loading />}
      {list.status === 'error' &&
        (failed ? failed(list.error) : <LoadError error={list.error} notFound={notFound} onRetry={list.reload} />)}
      {list.status === 'ok' && items.length === 0 && empty && <p>{empty}</p>}
      {items.length > 0 && (
        <List ref={listRef} className="card-grid" aria-label={label}>
          {items.map((entry, index) => (
            <li key={entry.id} className={itemClassName?.(index)}>
              {item(entry, index)}
            </li>
          ))}
        </List>
      )}
      {cursor && (
        <BusyButton className="button-primary load-more" busy={busy} onClick={loadMore}>
          {more}
        </BusyButton>
      )}
    </>
  );
}

/**
 * Keeps the keyboard where the reader is: once the next page is in, focus goes to the first new item's link (the
 * button may be gone by then, which would drop focus on <body>).
 */
function useFocusNewItems(count: number) {
  const list = useRef<HTMLOListElement>(null);
  const from = useRef<number | null>(null);
  useEffect(() => {
    const start = from.current;
    if (start === null || count <= start) return;
    from.current = null;
    const item = list.current?.children[start];
    item?.querySelector<HTMLElement>('a[href], button:not([disabled])')?.focus();
  }, [count]);
  return {
    listRef: list,
    /** Call before loading the next page: the items from here on are the new ones. */
    beforeLoad: () => {
      from.current = count;
    },
  };
}
