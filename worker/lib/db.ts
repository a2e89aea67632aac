import type { DrizzleD1Database } from 'drizzle-orm/d1';

/**
 * Query builder only: the relational query API (`db.query`) is not used, so no schema is attached. `$client` is the
 * D1 binding, for the statements built once (worker/lib/statements.ts).
 */
export type Db = DrizzleD1Database & { $client: D1Database };
