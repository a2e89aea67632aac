// Request accounting for `npm run bench`: with the var BENCH_TIMING = "1" (`wrangler dev --var BENCH_TIMING:1`)
// every /api answer carries `Server-Timing: d1;desc="2 round trips, 3 statements", kv;desc="1 read, 0 writes"`.
// The D1 and KV bindings are wrapped once per request, before anything uses them, so the counts are what
// went over the wire: a batch is one round trip. Unset (production), the middleware is one comparison.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';

export interface BindingCounts {
  d1RoundTrips: number;
  d1Statements: number;
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

export function countingD1(d1: D1Database, counts: BindingCounts): D1Database {
  const real = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, prop) {
        if (prop === 'bind') return (...values: unknown[]) => wrap(target.bind(...values));
        return own(
          target,
          prop,
          D1_EXECUTE.has(prop)
            ? () => {
                counts.d1RoundTrips++;
                counts.d1Statements++;
              }
            : undefined,
        );
      },
    });
    real.set(proxy, statement);
    return proxy;
  };
  return new Proxy(d1, {
    get(target, prop) {
      if (prop === 'prepare') return (query: string) => wrap(target.prepare(query));
      if (prop === 'batch') {
        return (statements: D1PreparedStatement[]) => {
          counts.d1RoundTrips++;
          counts.d1Statements += statements.length;
          return target.batch(statements.map((s) => real.get(s) ?? s));
        };
      }
      // A D1 session (read replicas) counts like the binding it came from.
      if (prop === 'withSession') {
        return (constraint?: string) => countingD1(target.withSession(constraint) as unknown as D1Database, counts);
      }
      return own(target, prop, prop === 'exec' ? () => counts.d1RoundTrips++ : undefined);
    },
  });
}

export function countingKv(kv: KVNamespace, counts: BindingCounts): KVNamespace {
  return new Proxy(kv, {
    get(target, prop) {
      if (KV_READS.has(prop)) return own(target, prop, () => counts.kvReads++);
      if (KV_WRITES.has(prop)) return own(target, prop, () => counts.kvWrites++);
      return own(target, prop);
    },
  });
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function serverTiming(counts: BindingCounts): string {
  return (
    `d1;desc="${plural(counts.d1RoundTrips, 'round trip')}, ${plural(counts.d1Statements, 'statement')}", ` +
    `kv;desc="${plural(counts.kvReads, 'read')}, ${plural(counts.kvWrites, 'write')}"`
  );
}

/** First middleware of the app: swaps in counting bindings when BENCH_TIMING is "1". */
export const benchTiming: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.env.BENCH_TIMING !== '1') return next();
  const counts: BindingCounts = { d1RoundTrips: 0, d1Statements: 0, kvReads: 0, kvWrites: 0 };
  c.env = { ...c.env, DB: countingD1(c.env.DB, counts), KV: countingKv(c.env.KV, counts) };
  await next();
  c.res.headers.append('Server-Timing', serverTiming(counts));
};
