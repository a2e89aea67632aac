// Drizzle tables for D1: the single source of truth for what is stored, one file per area under schema/tables/,
// all of them exported from here (drizzle-kit reads this file: schema/drizzle.config.ts). Booleans are SQLite
// integers; times are epoch milliseconds; ids are uuids.
export * from './enums';
export * from './tables/accounts';
export * from './tables/files';
export * from './tables/content';
export * from './tables/readers';
export * from './tables/history';
export * from './tables/integrations';
