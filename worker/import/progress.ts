// What one step of an import works with (the context) and writes back (the progress): counts per kind, the cursor
// where the next step starts, and the report an admin reads, whose lists are bounded (decision 047).
import type { ImportCountKind } from '#schema/enums';
import type { ImportCount, imports } from '#schema/tables';
import type { Db, Env } from '../env';
import type { AuditScope } from '../services/audit';
import type { SourceScope } from './write';

export type ImportRow = typeof imports.$inferSelect;

export interface ImportContext {
  env: Env;
  db: Db;
  row: ImportRow;
  scope: SourceScope;
  /** The admin who started the import: acts in its audit entries, owns what has no mapped author. */
  audit: AuditScope;
  adminId: string;
  /** The portal's address (SITE_URL, no trailing slash), for rewritten internal links. */
  siteUrl: string;
}

/** The longest each list of the report gets; past it only the number left out is kept. */
export const REPORT_LIMITS = { items: 500, notes: 1000, missingMedia: 2000 } as const;

export interface ReportItem {
  sourceId: string;
  title: string;
  articleId: string;
  created: boolean;
}
export interface ReportNote {
  sourceId: string;
  title: string;
  line: number | null;
  note: string;
}
export interface MissingMedia {
  url: string;
  articleId: string;
  title: string;
  reason: string;
}

/** An author the file names, shown for mapping with the user it would be taken for (`match`), else null. */
export interface ReviewAuthor {
  key: string;
  name: string;
  email: string;
  match: string | null;
}

export interface ImportReport {
  site?: string;
  authors?: ReviewAuthor[];
  detected?: Record<string, number>;
  progress?: { total: number; done: number };
  items?: ReportItem[];
  notes?: ReportNote[];
  missingMedia?: MissingMedia[];
  /** How many entries each list left out past its limit. */
  leftOut?: Partial<Record<keyof typeof REPORT_LIMITS, number>>;
  [key: string]: unknown;
}

export class ImportProgress {
  cursor: Record<string, unknown>;
  counts: Partial<Record<string, ImportCount>>;
  report: ImportReport;
  authorMap: Record<string, string>;
  /** Set by the step that read the file when the admin asked to map authors: the import waits in `review`. */
  pause = false;

  constructor(row: ImportRow) {
    this.cursor = { ...row.cursor };
    this.counts = structuredClone(row.counts);
    this.report = structuredClone(row.report);
    this.authorMap = { ...row.authorMap };
  }

  get total(): number {
    return this.report.progress?.total ?? 0;
  }
  set total(value: number) {
    this.report.progress = { total: value, done: this.report.progress?.done ?? 0 };
  }
  get done(): number {
    return this.report.progress?.done ?? 0;
  }
  set done(value: number) {
    this.report.progress = { total: this.total, done: value };
  }

  count(kind: ImportCountKind, outcome: keyof ImportCount, n = 1): void {
    const c = (this.counts[kind] ??= { created: 0, updated: 0, skipped: 0, failed: 0 });
    c[outcome] += n;
  }

  private add<K extends keyof typeof REPORT_LIMITS>(list: K, entry: NonNullable<ImportReport[K]>[number]): void {
    const entries = ((this.report[list] as unknown[] | undefined) ??= []);
    if (entries.length < REPORT_LIMITS[list]) entries.push(entry);
    else {
      const leftOut = (this.report.leftOut ??= {});
      leftOut[list] = (leftOut[list] ?? 0) + 1;
    }
  }

  item(entry: ReportItem): void {
    this.add('items', entry);
  }
  note(item: { postId?: string; title: string; line?: number | null }, note: string): void {
    this.add('notes', { sourceId: item.postId ?? '', title: item.title, line: item.line ?? null, note });
  }
  missing(entry: MissingMedia): void {
    this.add('missingMedia', entry);
  }
}
