// 'Load more' keeps the keyboard where the reader is: once the next page is in, focus goes to the first new
// item's link (the button may be gone by then, which would drop focus on <body>).
import { useEffect, useRef } from 'react';

export function useFocusNewItems<T extends HTMLElement = HTMLUListElement>(count: number) {
  const list = useRef<T>(null);
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
