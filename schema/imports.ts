// Imports (issue 30, decisions 046 and 047): what /api/imports answers, and the limits of what it takes. The SPA's
// import screen parses the answers with these.
import * as z from 'zod/mini';
import { IMPORT_SOURCE_KINDS, IMPORT_STATES } from './enums';
import { nonnegativeInt } from './mini';

const MiB = 1024 * 1024;

/** What POST /imports takes: the file in one multipart request (Workers refuse larger requests). */
export const IMPORT_LIMITS = {
  /** The export file. */
  file: 95 * MiB,
  /** The `authors` part: JSON mapping the source's author logins to portal user ids. */
  authors: 64 * 1024,
  /** Open (queued or running) imports at once. */
  open: 3,
} as const;

const count = z.object({
  created: nonnegativeInt(),
  updated: nonnegativeInt(),
  skipped: nonnegativeInt(),
  failed: nonnegativeInt(),
});

/** POST /imports: `authors` maps source author logins to existing users' ids. */
export const importAuthors = z.record(z.string().check(z.minLength(1), z.maxLength(200)), z.uuid());

/**
 * POST /imports/{id}/start: the admin's mapping of the authors the file named (`report.authors`) to existing users;
 * an author left out is created inactive with no password (or is the user of the same e-mail address).
 */
export const importStart = z.object({ authors: z.optional(importAuthors) });
export type ImportStart = z.infer<typeof importStart>;

/** POST /imports/{id}/media/retry: the missing pictures to fetch again (their source addresses); all when absent. */
export const importMediaRetry = z.object({
  urls: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(2000))).check(z.maxLength(200))),
  /**
   * A Markdown import's old site (https): a picture its archive lacks (`https://archive.invalid/<path>`) is fetched
   * from `<site>/<path>`; without it the archive is read again.
   */
  site: z.optional(z.url({ protocol: /^https?$/ }).check(z.maxLength(500))),
});
export type ImportMediaRetry = z.infer<typeof importMediaRetry>;

/** Pictures fetched again per call of POST /imports/{id}/media/retry (each a fetch, an R2 write and a D1 batch). */
export const MEDIA_RETRY_PER_CALL = 20;

export const importSummary = z.object({
  id: z.uuid(),
  state: z.enum(IMPORT_STATES),
  sourceKind: z.enum(IMPORT_SOURCE_KINDS),
  fileName: z.string(),
  fileSize: nonnegativeInt(),
  /** Per kind of record (articles, pages, categories, tags, users, media). */
  counts: z.record(z.string(), count),
  /** Posts and pages worked through of those the file holds (known once the file was read through). */
  progress: z.object({ total: nonnegativeInt(), done: nonnegativeInt() }),
  /** Why it failed, with the line of the file where reading broke; null otherwise. */
  error: z.nullable(z.string()),
  createdBy: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.nullable(z.string()),
});
export type ImportSummary = z.infer<typeof importSummary>;

const reportNote = z.object({
  sourceId: z.string(),
  title: z.string(),
  line: z.nullable(z.number()),
  note: z.string(),
});

export const importReport = z.object({
  site: z.optional(z.string()),
  /**
   * The authors the file names (at most 500), with the user each would be taken for unless the admin maps it: a
   * user of the same e-mail address or the one an earlier import created (`match`), else null (created inactive).
   */
  authors: z.optional(
    z.array(z.object({ key: z.string(), name: z.string(), email: z.string(), match: z.nullable(z.string()) })),
  ),
  /** What the file holds, by kind (posts, pages, attachments, comments, authors, categories, tags, other). */
  detected: z.optional(z.record(z.string(), z.number())),
  /** The items written, with the new article's id (at most 500). */
  items: z.optional(
    z.array(z.object({ sourceId: z.string(), title: z.string(), articleId: z.string(), created: z.boolean() })),
  ),
  /** What could not be held as it was, per item (at most 1,000). */
  notes: z.optional(z.array(reportNote)),
  /** Pictures that could not be had, with their source address (at most 2,000). */
  missingMedia: z.optional(
    z.array(z.object({ url: z.string(), articleId: z.string(), title: z.string(), reason: z.string() })),
  ),
  /** How many entries each list left out past its bound. */
  leftOut: z.optional(z.record(z.string(), z.number())),
  /** With BENCH_TIMING only (npm run bench:import): D1 statements run and steps taken. */
  statements: z.optional(z.number()),
  steps: z.optional(z.number()),
});

export const importDetail = z.object({
  ...importSummary.shape,
  report: importReport,
  /** The source's author logins and the portal user each was mapped to. */
  authorMap: z.record(z.string(), z.string()),
});
export type ImportDetail = z.infer<typeof importDetail>;
