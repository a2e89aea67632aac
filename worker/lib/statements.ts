// Statements of the hot reads, built once. Drizzle builds a query's SQL by walking its expression tree on every
// call, and for a read that walk (the visibility conditions are big trees) costs more of the worker's CPU than
// anything else it does. A reusable statement is built once per isolate and SQL shape, with placeholders for
// everything that varies per request (ids, cursors, limits, the viewer's id), and each request binds its values.
//
// The shape of a visibility condition depends on the viewer's role (anonymous, ADMIN, other roles), never on
// who they are: `reusable` keys every statement by its name and the viewer's role, and hands the builder a viewer
// whose id is the placeholder VIEWER_ID, so no statement can be built for one role and run for another.
import { fillPlaceholders, sql, type Placeholder, type Query } from 'drizzle-orm';
import type { Db } from './db';
import type { ViewerLike, Viewer } from './visibility';

/** The viewer id of a reusable statement, bound per request. */
export const VIEWER_ID: Placeholder<'viewerId'> = sql.placeholder('viewerId');

/** What a built drizzle query keeps: its SQL with parameter slots, and how it maps raw rows to its result. */
interface Built<R> {
  getQuery(): Query;
  mapAllResult(rows: unknown, isFromBatch?: boolean): unknown;
  /** Only for the row type. */
  all(placeholderValues?: Record<string, unknown>): Promise<R[]>;
}

type Row<B> = B extends Built<infer R> ? R : never;

const built = new Map<string, Built<unknown>>();

/** A reusable statement bound to one request's values: run it alone (`rows`) or in a batch (`batchRows`). */
export interface Bound<R> {
  statement: D1PreparedStatement;
  fromBatch(result: D1Result): R[];
  fromRaw(rows: unknown[][]): R[];
}

/**
 * The statement `name` for the viewer's role, built by `build` on first use in this isolate (with a viewer whose
 * id is VIEWER_ID), bound to `values` and the viewer's id. `name` must name every other choice the builder makes
 * (a first page or a later one, say): the role is added here.
 */
export function reusable<B extends Built<unknown>>(
  db: Db,
  viewer: Viewer,
  name: string,
  build: (viewer: ViewerLike) => { prepare(): B },
  values: Record<string, unknown> = {},
): Bound<Row<B>> {
  const key = `${name}|${viewer?.role ?? 'anonymous'}`;
  let statement = built.get(key) as B | undefined;
  if (!statement) {
    statement = build(viewer ? { role: viewer.role, id: VIEWER_ID } : null).prepare();
    built.set(key, statement);
  }
  const query = statement.getQuery();
  const params = fillPlaceholders(query.params, { ...values, viewerId: viewer?.id ?? '' });
  const prepared = statement;
  return {
    statement: db.$client.prepare(query.sql).bind(...params),
    fromBatch: (result) => prepared.mapAllResult(result, true) as Row<B>[],
    fromRaw: (rows) => prepared.mapAllResult(rows) as Row<B>[],
  };
}

/** Runs one bound statement: its rows, mapped as drizzle would. */
export async function rows<R>(bound: Bound<R>): Promise<R[]> {
  return bound.fromRaw(await bound.statement.raw());
}

type Rows<T extends readonly Bound<unknown>[]> = { [K in keyof T]: T[K] extends Bound<infer R> ? R[] : never };

/** Runs bound statements in one D1 batch: one round trip, one transaction. */
export async function batchRows<const T extends readonly Bound<unknown>[]>(db: Db, bounds: T): Promise<Rows<T>> {
  const results = await db.$client.batch(bounds.map((b) => b.statement));
  return bounds.map((b, i) => b.fromBatch(results[i]!)) as Rows<T>;
}
