// Shared helpers of the admin workspace API tests (admin-workspace*.test.ts).
import { expect } from 'vitest';
import { as } from './helpers';

export type Caller = Awaited<ReturnType<typeof as>>;
export const MINUTE = 60_000;

/** Follows `nextCursor` from the first page to the end; returns every page's ids. */
export async function allPages(who: Caller, path: string): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const res: {
      status: number;
      body: { message: string; result: { items: { id: string }[]; nextCursor: string | null } };
    } = await who.call(`${path}${cursor ? `${sep}cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status, res.body.message).toBe(200);
    pages.push(res.body.result.items.map((i) => i.id));
    cursor = res.body.result.nextCursor;
  } while (cursor && pages.length < 50);
  return pages;
}
