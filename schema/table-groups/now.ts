import { sql } from 'drizzle-orm';

/** The default of a time column: now, in epoch milliseconds. */
export const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;
