// Request accounting for `npm run bench`: with the var BENCH_TIMING = "1" (`wrangler dev --var BENCH_TIMING:1`)
// every /api answer carries
// `Server-Timing: d1;desc="2 round trips, 3 statements, 0 at the primary", kv;desc="1 read, 0 writes"`.
// The D1 and KV bindings are wrapped once per request, before anything uses them, so the counts are what
// went over the wire: a batch is one round trip. Unset (production), the middleware is one comparison.
//
// Where a round trip goes, with read replication on (local D1 has no replicas, so this is the model of the D1
// Sessions API, not an observation): a call on the binding itself goes to the primary; in a D1 session, the first
// call of a session started `first-primary` does, and so does any call that writes (a replica forwards writes to the
// primary); every other call of a session is answered by a replica. A round trip counted at the primary is one the
// request's answer can wait on; what runs in waitUntil after it is counted too.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { UNWRAPPED } from '../lib/unwrapped';

export interface BindingCounts {
  d1RoundTrips: number;
  d1Statements: number;
  /** Of the round trips, those the model above sends to the primary. */
  d1PrimaryTrips: number;
  kvReads: number;
  kvWrites: number;
}

const D1_EXECUTE = new Set<PropertyKey>(['first', 'all', 'run', 'raw']);
const KV_READS = new Set<PropertyKey>(['get', 'getWithMetadata', 'list']);
const KV_WRITES = new Set<PropertyKey>(['put', 'delete']);

/**
 * A property of the real binding object; methods keep their own receiver (the bindings' internals do not
 * expect a proxy) and run `count` on each call.
 */
function own(target: object, prop: PropertyKey, count?: () => void): unknown {
  const value: unknown = Reflect.get(target, prop, target);
  if (typeof value !== 'function') return value;
  const method = value as (...args: unknown[]) => unknown;
  return (...args: unknown[]) => {
    count?.();
    return method.apply(target, args);
  };
}

/** Statements that write: a replica forwards them to the primary. */
const WRITES = /^\s*(insert|update|delete|replace|create|drop|alter)\b/i;

/**
 * Where the round trips of one D1 handle go: `binding` (the binding itself: every call at the primary), or a session
 * with its first constraint (`first-primary`: its first call at the primary; else a replica, writes excepted).
 */
type Route = { kind: 'binding' } | { kind: 'session'; firstAtPrimary: boolean; calls: number };

function trip(counts: BindingCounts, route: Route, statements: number, writes: boolean): void {
  counts.d1RoundTrips++;
  counts.d1Statements += statements;
  const atPrimary = route.kind === 'binding' || writes || (route.firstAtPrimary && route.calls === 0);
  if (route.kind === 'session') route.calls++;
  if (atPrimary) counts.d1PrimaryTrips++;
}

export function countingD1(d1: D1Database, counts: BindingCounts, route: Route = { kind: 'binding' }): D1Database {
  const real = new WeakMap<object, D1PreparedStatement>();
  const sqlOf = new WeakMap<object, string>();
  const wrap = (statement: D1PreparedStatement, query: string): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, prop) {
        if (prop === 'bind') return (...values: unknown[]) => wrap(target.bind(...values), query);
        return own(target, prop, D1_EXECUTE.has(prop) ? () => trip(counts, route, 1, WRITES.test(query)) : undefined);
      },
    });
    real.set(proxy, statement);
    sqlOf.set(proxy, query);
    return proxy;
  };
  return new Proxy(d1, {
    get(target, prop) {
      if (prop === UNWRAPPED) return route.kind === 'binding' ? target : undefined;
      if (prop === 'prepare') return (query: string) => wrap(target.prepare(query), query);
      if (prop === 'batch') {
        return (statements: D1PreparedStatement[]) => {
          trip(
            counts,
            route,
            statements.length,
            statements.some((s) => WRITES.test(sqlOf.get(s) ?? '')),
          );
          return target.batch(statements.map((s) => real.get(s) ?? s));
        };
      }
      // A D1 session (read replicas) counts like the binding it came from, routed as the model above says.
      if (prop === 'withSession') {
        return (constraint?: string) =>
          countingD1(target.withSession(constraint) as unknown as D1Database, counts, {
            kind: 'session',
            firstAtPrimary: constraint === 'first-primary',
            calls: 0,
          });
      }
      return own(target, prop, prop === 'exec' ? () => trip(counts, route, 0, true) : undefined);
    },
  });
}

export function countingKv(kv: KVNamespace, counts: BindingCounts): KVNamespace {
  return new Proxy(kv, {
    get(target, prop) {
      if (prop === UNWRAPPED) return target;
      if (KV_READS.has(prop)) return own(target, prop, () => counts.kvReads++);
      if (KV_WRITES.has(prop)) return own(target, prop, () => counts.kvWrites++);
      return own(target, prop);
    },
  });
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function serverTiming(counts: BindingCounts): string {
  return (
    `d1;desc="${plural(counts.d1RoundTrips, 'round trip')}, ${plural(counts.d1Statements, 'statement')}, ` +
    `${counts.d1PrimaryTrips} at the primary", ` +
    `kv;desc="${plural(counts.kvReads, 'read')}, ${plural(counts.kvWrites, 'write')}"`
  );
}

/** First middleware of the app: swaps in counting bindings when BENCH_TIMING is "1". */
export const benchTiming: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.env.BENCH_TIMING !== '1') return next();
  const counts: BindingCounts = { d1RoundTrips: 0, d1Statements: 0, d1PrimaryTrips: 0, kvReads: 0, kvWrites: 0 };
  c.env = { ...c.env, DB: countingD1(c.env.DB, counts), KV: countingKv(c.env.KV, counts) };
  await next();
  c.res.headers.append('Server-Timing', serverTiming(counts));
};
