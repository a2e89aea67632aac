// A list in the order the editor is making (a channel's articles, an article's pictures or videos): the server's
// order again whenever its source changes (a new answer, a refetch), each move shown at once and written, one at a
// time (the next one's positions are those the previous one leaves), and undone when its write fails.
import { useState } from 'react';

export function useListOrder<T>(
  items: T[],
  /** What the items came from: a new one (by identity) is the server's order again. */
  source: unknown,
  save: (next: T[], from: number, to: number) => Promise<unknown>,
  failed: (err: unknown) => void,
) {
  const [order, setOrder] = useState<T[]>(items);
  const [orderOf, setOrderOf] = useState(source);
  if (orderOf !== source) {
    setOrderOf(source);
    setOrder(items);
  }
  const [moving, setMoving] = useState(false);

  const move = async (from: number, to: number) => {
    const before = order;
    const next = [...order];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    setOrder(next);
    setMoving(true);
    try {
      await save(next, from, to);
    } catch (err) {
      setOrder(before);
      failed(err);
    } finally {
      setMoving(false);
    }
  };

  return { order, moving, move };
}
