import type { DrizzleD1Database } from 'drizzle-orm/d1';
import type * as tables from '../schema/tables';
import type { SessionUser } from '../schema/entities';

/** Bindings from wrangler.toml. */
export interface Env {
  DB: D1Database;
  KV: KVNamespace;
  FILES: R2Bucket;
  MAIL: SendEmail;
  ASSETS: Fetcher;
  MAIL_FROM: string;
  SITE_MAIL: string;
  /** "1" adds the Server-Timing counts of D1 and KV calls to every /api answer (npm run bench); unset in production. */
  BENCH_TIMING?: string;
}

export type Db = DrizzleD1Database<typeof tables>;

/** The Hono environment of every route: bindings plus what middleware puts on the context. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    db: Db;
    /** The signed-in user, read fresh from D1 on every request; null when signed out. */
    user: SessionUser | null;
  };
}
