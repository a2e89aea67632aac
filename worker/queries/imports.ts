// Imports as the admin reads them (GET /api/imports, GET /api/imports/{id}) and their cancel (decision 047).
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { ImportDetail, ImportSummary } from '#schema/imports';
import { imports } from '#schema/tables';
import type { Db } from '../env';
import { Conflict, NotFound } from '../lib/errors';
import { iso } from '../services/db';

type Row = typeof imports.$inferSelect;

/** Imports the list shows: the newest. */
export const IMPORT_LIST_LIMIT = 50;

function toSummary(row: Row): ImportSummary {
  const progress = (row.report as { progress?: { total: number; done: number } }).progress;
  return {
    id: row.id,
    state: row.state,
    sourceKind: row.sourceKind,
    fileName: row.fileName,
    fileSize: row.fileSize,
    counts: Object.fromEntries(
      Object.entries(row.counts).filter(([, c]) => c !== undefined),
    ) as ImportSummary['counts'],
    progress: { total: progress?.total ?? 0, done: progress?.done ?? 0 },
    error: row.error,
    createdBy: row.createdBy,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    finishedAt: row.finishedAt === null ? null : iso(row.finishedAt),
  };
}

export async function listImports(db: Db): Promise<ImportSummary[]> {
  const rows = await db
    .select()
    .from(imports)
    .orderBy(desc(imports.createdAt), desc(imports.id))
    .limit(IMPORT_LIST_LIMIT);
  return rows.map(toSummary);
}

export async function getImport(db: Db, id: string): Promise<ImportDetail> {
  const row = await db.select().from(imports).where(eq(imports.id, id)).get();
  if (!row) throw new NotFound('Import not found');
  const { site, detected, items, notes, missingMedia, leftOut, statements, steps } = row.report as Record<
    string,
    never
  >;
  return {
    ...toSummary(row),
    report: { site, detected, items, notes, missingMedia, leftOut, statements, steps },
    authorMap: row.authorMap,
  };
}

/** Stops a queued or running import: what it wrote stays (whole items); 409 once it has ended. */
export async function cancelImport(db: Db, id: string): Promise<ImportDetail> {
  const now = Date.now();
  const [row] = await db
    .update(imports)
    .set({ state: 'cancelled', updatedAt: now, finishedAt: now })
    .where(and(eq(imports.id, id), inArray(imports.state, ['queued', 'running'])))
    .returning({ id: imports.id });
  if (!row) {
    await getImport(db, id);
    throw new Conflict('The import has already ended');
  }
  return getImport(db, id);
}
