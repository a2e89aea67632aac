// Drizzle tables for D1: the single source of truth for what is stored, one file per area under schema/table-groups/,
// all of them exported from here (drizzle-kit reads this file: schema/drizzle.config.ts). Booleans are SQLite
// integers; times are epoch milliseconds; ids are uuids.
export * from './enums';
export * from './table-groups/accounts';
export * from './table-groups/files';
export * from './table-groups/content';
export * from './table-groups/readers';
export * from './table-groups/history';
export * from './table-groups/integrations';
export * from './table-groups/translations';
