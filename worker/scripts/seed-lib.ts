// What the seeds share: the local bindings (through wrangler's platform proxy, on the same state
// `wrangler dev` uses), chunked inserts within D1's 100-parameter limit, and demo files stored in R2.
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { count, getTableColumns, getTableName, type Table } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { getPlatformProxy } from 'wrangler';
import * as tables from '#schema/tables';
import { createDb } from '../services/db';
import { imageDimensions, sniff } from '#schema/sniff';
import type { Db, Env } from '../env';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const MEDIA_DIR = path.join(import.meta.dirname, 'demo-media');

export interface LocalBindings {
  env: Env;
  db: Db;
  dispose: () => Promise<void>;
}

/**
 * Opens the local D1/KV/R2 of wrangler.toml. `persistTo` means what it means to `wrangler dev --persist-to`
 * (default `.wrangler/state`); wrangler keeps the data in its `v3` folder, which is the folder the platform
 * proxy wants, so both sides see the same database.
 */
export async function openLocalBindings(persistTo?: string): Promise<LocalBindings> {
  const state = path.resolve(persistTo ?? path.join(ROOT, '.wrangler/state'));
  // The proxy reads wrangler.toml whole and fails when [assets].directory is missing (a fresh clone
  // before its first build); an empty one is enough, the build fills it later.
  mkdirSync(path.join(ROOT, 'web/dist'), { recursive: true });
  const proxy = await getPlatformProxy<Env>({
    configPath: path.join(ROOT, 'wrangler.toml'),
    persist: { path: path.join(state, 'v3') },
    remoteBindings: false,
  });
  return { env: proxy.env, db: createDb(proxy.env.DB), dispose: proxy.dispose };
}

/** Fails with a hint when the migrations have not been applied to this state yet. */
export async function assertMigrated(env: Env): Promise<void> {
  const row = await env.DB.prepare(
    "select count(*) as n from sqlite_master where type = 'table' and name = 'users'",
  ).first<{ n: number }>();
  if (!row || row.n === 0) {
    throw new Error(
      'The local database has no tables yet: run `npm start` once, or `wrangler d1 migrations apply DB --local`.',
    );
  }
}

export async function countUsers(db: Db): Promise<number> {
  return (await db.select({ n: count() }).from(tables.users).get())?.n ?? 0;
}

const MAX_PARAMS = 100;
const STATEMENTS_PER_BATCH = 200;

/**
 * Multi-row inserts of at most 100 bound parameters each (drizzle binds every column it has a value or
 * default for, so columns per row bound the parameters), sent as batches: each batch is atomic in D1.
 */
export function chunkedInserts<T extends Table>(db: Db, table: T, rows: T['$inferInsert'][]): BatchItem<'sqlite'>[] {
  const perRow = Object.keys(getTableColumns(table)).length;
  const rowsPerStatement = Math.max(1, Math.floor(MAX_PARAMS / perRow));
  const statements: BatchItem<'sqlite'>[] = [];
  for (let i = 0; i < rows.length; i += rowsPerStatement) {
    // drizzle's insert() overloads do not resolve for a generic table; the rows are typed by the signature above.
    statements.push(db.insert(table as never).values(rows.slice(i, i + rowsPerStatement)));
  }
  return statements;
}

/**
 * One statement for many rows: the rows travel as a single JSON parameter that SQLite unpacks with
 * json_each, so neither the 100-parameter limit nor a statement per handful of rows slows a big seed
 * (about ten times faster than multi-row VALUES here). Every row must set the same columns; columns left
 * out get their defaults. Booleans arrive as JSON true/false, which `->>` turns into 1/0.
 */
export function jsonInsert<T extends Table>(d1: D1Database, table: T, rows: T['$inferInsert'][]): D1PreparedStatement {
  const first = rows[0];
  if (!first) throw new Error('jsonInsert needs at least one row');
  const columns = getTableColumns(table);
  const keys = Object.keys(first).filter((k) => first[k as keyof typeof first] !== undefined);
  for (const row of rows) {
    const rowKeys = Object.keys(row).filter((k) => row[k as keyof typeof row] !== undefined);
    if (rowKeys.length !== keys.length || rowKeys.some((k) => !keys.includes(k)))
      throw new Error('jsonInsert rows must set the same columns');
  }
  const names = keys.map((k) => {
    const column = columns[k];
    if (!column) throw new Error(`${getTableName(table)} has no column ${k}`);
    return column.name;
  });
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const json = JSON.stringify(
    rows.map((row) =>
      Object.fromEntries(keys.map((k, i): [string, unknown] => [names[i]!, row[k as keyof typeof row]])),
    ),
  );
  const text =
    `insert into ${quote(getTableName(table))} (${names.map(quote).join(', ')}) ` +
    `select ${names.map((n) => `value ->> '$.${n}'`).join(', ')} from json_each(?1)`;
  return d1.prepare(text).bind(json);
}

/** One D1 batch: all statements or none. */
export async function runAtomically(db: Db, statements: BatchItem<'sqlite'>[]): Promise<void> {
  if (statements.length === 0) return;
  await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
}

/** Batches of a few hundred statements: each batch is atomic, the whole run is not. */
export async function runBatches(db: Db, statements: BatchItem<'sqlite'>[]): Promise<void> {
  for (let i = 0; i < statements.length; i += STATEMENTS_PER_BATCH) {
    const slice = statements.slice(i, i + STATEMENTS_PER_BATCH);
    await db.batch(slice as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  }
}

const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

export interface DemoFile {
  key: string;
  contentType: string;
  size: number;
  /** A picture's size from its header, as an upload records it (no copies: the demo pictures have none). */
  pixels: { width?: number; height?: number; copies?: tables.PictureCopy[] };
}

/** Stores one demo file under a fresh key `image/{uuid}.{ext}` or `video/{uuid}.{ext}`, as uploads do. */
export async function storeDemoFile(env: Env, name: string): Promise<DemoFile> {
  const ext = path.extname(name);
  const contentType = CONTENT_TYPES[ext];
  if (!contentType) throw new Error(`Unknown demo media type: ${name}`);
  const bytes = await readFile(path.join(MEDIA_DIR, name));
  const key = `${contentType.split('/')[0]}/${crypto.randomUUID()}${ext}`;
  await env.FILES.put(key, bytes, { httpMetadata: { contentType } });
  const type = sniff(bytes);
  const dimensions = type?.kind === 'image' ? imageDimensions(bytes, type) : null;
  const pixels = dimensions && typeof dimensions === 'object' ? { ...dimensions, copies: [] } : {};
  return { key, contentType, size: bytes.byteLength, pixels };
}
