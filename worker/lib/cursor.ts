// Keyset paging: a page's cursor is the (time, id) of its last row, so the next page starts strictly after it
// whatever was inserted meanwhile. Lists order newest first with the id breaking ties (or, with 'asc', soonest
// first: the publications expiring next).
import { and, eq, gt, lt, or, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type * as z from 'zod/mini';
import { BadRequest } from './errors';

const INVALID_CURSOR = 'Invalid cursor';

export interface CursorKey {
  time: number;
  id: string;
}

export function encodeCursor(key: CursorKey): string {
  return `${key.time}.${key.id}`;
}

export function decodeCursor(cursor: string): CursorKey {
  const m = /^(\d{1,16})\.([0-9a-f-]{36})$/.exec(cursor);
  if (!m) throw new BadRequest(INVALID_CURSOR);
  return { time: Number(m[1]), id: m[2]! };
}

/** Rows after the cursor in (time desc, id desc) order, or (time asc, id asc); no condition without a cursor. */
export function afterCursor(
  cursor: string | undefined,
  time: SQLiteColumn,
  id: SQLiteColumn,
  order: 'desc' | 'asc' = 'desc',
): SQL | undefined {
  if (!cursor) return undefined;
  const after = decodeCursor(cursor);
  const beyond = order === 'desc' ? lt : gt;
  return or(beyond(time, after.time), and(eq(time, after.time), beyond(id, after.id)));
}

/** Splits the `limit + 1` rows a page query fetched into the page and the next cursor. */
export function toPage<R, T>(
  rows: readonly R[],
  limit: number,
  key: (row: R) => CursorKey,
  map: (row: R) => T,
): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items: items.map(map), nextCursor: rows.length > limit && last ? encodeCursor(key(last)) : null };
}

// Keyset paging in an editorial order (a channel's page, a category's articles): the cursor is the whole sort key
// of the page's last row, opaque to clients (base64url of its JSON), so the next page starts strictly after that
// row whatever was inserted, deleted or moved elsewhere meanwhile. Only a row whose own key changed between two
// pages (reordered by its editor, retitled) can show twice or not at all (docs/decisions/020-read-paths.md).

export function encodeKeyCursor(key: readonly (string | number)[]): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(JSON.stringify(key))) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** The sort key a cursor carries, checked against `schema`; 400 'Invalid cursor' for anything else. */
export function decodeKeyCursor<T>(cursor: string, schema: z.ZodMiniType<T>): T {
  let parsed: unknown;
  try {
    const bytes = Uint8Array.from(atob(cursor.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0));
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes));
  } catch {
    throw new BadRequest(INVALID_CURSOR);
  }
  const result = schema.safeParse(parsed);
  if (!result.success) throw new BadRequest(INVALID_CURSOR);
  return result.data;
}

/** Splits the `limit + 1` rows a page query fetched into the page and the cursor of its last row. */
export function toKeyPage<R, T>(
  rows: readonly R[],
  limit: number,
  key: (row: R) => readonly (string | number)[],
  map: (row: R) => T,
): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items: items.map(map), nextCursor: rows.length > limit && last ? encodeKeyCursor(key(last)) : null };
}

// Offset paging, for lists whose order is no keyset (users by name): the cursor is the offset of the next page's
// first row, opaque to clients. A row inserted or removed between two pages shifts the rest by one.

/** Offsets above this are refused: no list the portal pages is that long. */
const MAX_OFFSET = 1_000_000;

export function decodeOffsetCursor(cursor: string | undefined): number {
  if (!cursor) return 0;
  const offset = /^\d{1,7}$/.test(cursor) ? Number(cursor) : NaN;
  if (!(offset >= 0 && offset <= MAX_OFFSET)) throw new BadRequest(INVALID_CURSOR);
  return offset;
}

/** Splits the `limit + 1` rows a page query fetched at `offset` into the page and the next cursor. */
export function toOffsetPage<R, T>(
  rows: readonly R[],
  offset: number,
  limit: number,
  map: (row: R) => T,
): { items: T[]; nextCursor: string | null } {
  return { items: rows.slice(0, limit).map(map), nextCursor: rows.length > limit ? String(offset + limit) : null };
}
