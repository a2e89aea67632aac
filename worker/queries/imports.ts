// Imports as the admin reads them (GET /api/imports, GET /api/imports/{id}) and their cancel (decision 047).
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ImportDetail, ImportStart, ImportSummary } from '#schema/imports';
import type { ImportedFrom } from '#schema/entities';
import { imports, importSources, redirects, users } from '#schema/tables';
import type { Db } from '../env';
import { Conflict, InvalidInput, issue, NotFound, type FieldIssue } from '../lib/errors';
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
  const { site, authors, detected, items, notes, missingMedia, leftOut, statements, steps } = row.report as Record<
    string,
    never
  >;
  return {
    ...toSummary(row),
    report: { site, authors, detected, items, notes, missingMedia, leftOut, statements, steps },
    authorMap: row.authorMap,
  };
}

/**
 * Starts an import waiting in `review` with the admin's author mapping. Every key must be an author the file names and
 * every user must exist (400 naming the entry, nothing written); 409 unless the import waits in `review`.
 */
export async function startReviewedImport(db: Db, id: string, input: ImportStart): Promise<void> {
  const row = await db.select().from(imports).where(eq(imports.id, id)).get();
  if (!row) throw new NotFound('Import not found');
  if (row.state !== 'review') throw new Conflict('The import is not waiting for its authors to be mapped');
  const authors = input.authors ?? {};
  const named = new Set(((row.report as { authors?: { key: string }[] }).authors ?? []).map((a) => a.key));
  const problems: FieldIssue[] = [];
  for (const key of Object.keys(authors))
    if (!named.has(key)) problems.push(issue(['authors', key], 'unknown_author', 'The file names no such author'));
  const ids = [...new Set(Object.values(authors))];
  const found = new Set<string>();
  for (let i = 0; i < ids.length; i += 90) {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, ids.slice(i, i + 90)));
    for (const r of rows) found.add(r.id);
  }
  for (const [key, userId] of Object.entries(authors))
    if (!found.has(userId)) problems.push(issue(['authors', key], 'unknown_user', 'No such user'));
  if (problems.length > 0) throw new InvalidInput(problems);
  const [started] = await db
    .update(imports)
    .set({ state: 'queued', authorMap: { ...row.authorMap, ...authors }, updatedAt: Date.now() })
    .where(and(eq(imports.id, id), eq(imports.state, 'review')))
    .returning({ id: imports.id });
  if (!started) throw new Conflict('The import is not waiting for its authors to be mapped');
}

/** Stops a queued, reviewed or running import: what it wrote stays (whole items); 409 once it has ended. */
export async function cancelImport(db: Db, id: string): Promise<ImportDetail> {
  const now = Date.now();
  const [row] = await db
    .update(imports)
    .set({ state: 'cancelled', updatedAt: now, finishedAt: now })
    .where(and(eq(imports.id, id), inArray(imports.state, ['queued', 'review', 'running'])))
    .returning({ id: imports.id });
  if (!row) {
    await getImport(db, id);
    throw new Conflict('The import has already ended');
  }
  return getImport(db, id);
}

/**
 * Where an imported article came from (GET /articles/{id} for those who may edit it): its source key, the old address
 * (the site and the first old path the import pointed at it, the WordPress `<link>` or Ghost's `/{slug}/`), or
 * undefined for an article no import wrote. One statement (the redirect by a correlated subquery).
 */
export async function importedFromOf(db: Db, articleId: string): Promise<ImportedFrom | undefined> {
  const row = await db
    .select({
      kind: importSources.sourceKind,
      site: importSources.sourceSite,
      sourceId: importSources.sourceId,
      importId: importSources.importId,
      updatedAt: importSources.updatedAt,
      oldPath: sql<
        string | null
      >`(select ${redirects.path} from ${redirects} where ${redirects.entityId} = ${importSources.entityId} and substr(${redirects.path}, 1, 2) <> '/?' order by ${redirects.createdAt}, ${redirects.path} limit 1)`,
    })
    .from(importSources)
    .where(and(eq(importSources.entityId, articleId), eq(importSources.entityType, 'article')))
    .orderBy(desc(importSources.updatedAt))
    .get();
  if (!row) return undefined;
  const site = row.site.replace(/\/+$/, '');
  // A Markdown ZIP's and a Ghost export's without its site are placeholders (`*.invalid`): no address to show.
  const url = /^https?:\/\/[^/]+(?<!\.invalid)(\/|$)/.test(site) ? `${site}${row.oldPath ?? ''}` : null;
  return {
    kind: row.kind,
    site: row.site,
    sourceId: row.sourceId,
    url,
    importId: row.importId,
    importedAt: iso(row.updatedAt),
  };
}
