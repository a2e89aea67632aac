// The export archive (GET /api/export, decision 036): manifest.json, then categories, channels, articles and news as
// NDJSON read in keyset pages, then (with media=include) the files themselves streamed from R2, and last
// media.ndjson, the index of every file the records refer to, saying which are in the archive. Everything is read
// while the client downloads: nothing is held but the page or chunk being written.
import {
  EXPORT_FILES,
  EXPORT_FORMAT_VERSION,
  EXPORT_MEDIA_DIR,
  type ExportManifest,
  type ExportMediaFile,
  type ExportQuery,
} from '#schema/export';
import type { SessionUser } from '#schema/entities';
import type { Db } from '../env';
import type { WindowLimit } from '../services/rate-limit';
import { FILES_PATH } from '../lib/files';
import { jsonChunks, ndjsonChunks, zipStream, type ZipEntry } from '../lib/zip-stream';
import {
  exportArticlesPage,
  exportCategoriesPage,
  exportChannelsPage,
  exportMediaKeysPage,
  exportNewsPage,
  EXPORT_PAGE_SIZES,
  type ExportReadContext,
} from './export';

/**
 * Exports one user may start per hour: each reads all of their content (ADMIN's: everyone's), so a loop of them is
 * the cheapest way to keep D1 busy. The count is per user, whatever the scope.
 */
export const EXPORT_LIMIT: WindowLimit = {
  max: 20,
  windowMs: 60 * 60 * 1000,
  message: 'Too many exports in an hour; try again later',
};

/**
 * What media=include puts in one archive at most; the rest is listed by URL (`path: null`). Files: every one is an
 * R2 read, a subrequest (10,000 a request on the paid plan). Bytes: the ZIP's 4 GiB, less room for the records.
 */
export const EXPORT_MEDIA_LIMITS = { maxFiles: 5000, maxBytes: 3 * 1024 * 1024 * 1024 } as const;

export interface ExportOptions extends ExportQuery {
  viewer: SessionUser;
  /** The portal's address (SITE_URL, no trailing slash): every file's URL starts with it. */
  siteUrl: string;
  now: Date;
  /** EXPORT_MEDIA_LIMITS unless given (tests use small ones). */
  mediaLimits?: { maxFiles: number; maxBytes: number };
  /**
   * The configured content languages' tags, the default first (stated in the manifest). A page of articles comes
   * with its translations, so it holds about EXPORT_PAGE_SIZES.articles documents in all, sources and translations
   * together: 100 / the number of languages articles (at least 10).
   */
  languages?: readonly string[];
}

/** Pages of a keyset read until one comes back short. */
async function* keysetPages<T extends { id: string }>(
  read: (after: string) => Promise<T[]>,
  pageSize: number,
): AsyncGenerator<T[]> {
  let after = '';
  for (;;) {
    const page = await read(after);
    yield page;
    if (page.length < pageSize) return;
    after = page.at(-1)!.id;
  }
}

async function* mediaKeyPages(db: Db, ownerId: string | null) {
  let after = '';
  for (;;) {
    const page = await exportMediaKeysPage(db, ownerId, after);
    yield page;
    // Fewer keys than a page: every branch of the union ran out.
    if (page.length < EXPORT_PAGE_SIZES.mediaKeys) return;
    after = page.at(-1)!.key;
  }
}

/** An R2 object's body, chunk by chunk. */
async function* bodyChunks(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        return;
      }
      yield value;
    }
  } finally {
    // A download given up midway leaves R2's body unread: cancel it rather than leave the read open.
    if (!finished) await reader.cancel();
    reader.releaseLock();
  }
}

/** The archive's entries, each read only when the one before it is written. */
async function* exportEntries(db: Db, bucket: R2Bucket, options: ExportOptions): AsyncGenerator<ZipEntry> {
  const ownerId = options.scope === 'all' ? null : options.viewer.id;
  const fileUrl = (key: string) => options.siteUrl + FILES_PATH + key;
  const ctx: ExportReadContext = { ownerId, fileRef: (key) => ({ key, url: fileUrl(key) }) };
  const limits = options.mediaLimits ?? EXPORT_MEDIA_LIMITS;
  const manifest: ExportManifest = {
    formatVersion: EXPORT_FORMAT_VERSION,
    generator: 'so-portal',
    exportedAt: options.now.toISOString(),
    siteUrl: options.siteUrl,
    scope: options.scope,
    exportedBy: { id: options.viewer.id, name: options.viewer.name, role: options.viewer.role },
    media: options.media,
    files: {
      categories: EXPORT_FILES.categories,
      channels: EXPORT_FILES.channels,
      articles: EXPORT_FILES.articles,
      news: EXPORT_FILES.news,
      media: EXPORT_FILES.media,
    },
    mediaLimits: { maxFiles: limits.maxFiles, maxBytes: limits.maxBytes },
    ...(options.languages ? { languages: [...options.languages] } : {}),
  };
  yield { name: EXPORT_FILES.manifest, content: jsonChunks(manifest) };
  yield {
    name: EXPORT_FILES.categories,
    content: ndjsonChunks(keysetPages((after) => exportCategoriesPage(db, ctx, after), EXPORT_PAGE_SIZES.categories)),
  };
  yield {
    name: EXPORT_FILES.channels,
    content: ndjsonChunks(keysetPages((after) => exportChannelsPage(db, ctx, after), EXPORT_PAGE_SIZES.channels)),
  };
  const articlesPage = Math.max(
    10,
    Math.ceil(EXPORT_PAGE_SIZES.articles / Math.max(1, options.languages?.length ?? 1)),
  );
  yield {
    name: EXPORT_FILES.articles,
    content: ndjsonChunks(keysetPages((after) => exportArticlesPage(db, ctx, after, articlesPage), articlesPage)),
  };
  yield {
    name: EXPORT_FILES.news,
    content: ndjsonChunks(keysetPages((after) => exportNewsPage(db, ctx, after), EXPORT_PAGE_SIZES.news)),
  };

  // The files, in key order, until either limit: from the first file that does not fit on, none is included, so the
  // index below can tell which are in without remembering them (only the few missing from R2 are remembered).
  const missing = new Set<string>();
  let cutoff: string | null = null;
  let lastIncluded: string | null = null;
  if (options.media === 'include') {
    let files = 0;
    let bytes = 0;
    outer: for await (const page of mediaKeyPages(db, ownerId)) {
      for (const file of page) {
        const object = await bucket.get(file.key);
        if (!object) {
          missing.add(file.key);
          continue;
        }
        if (files + 1 > limits.maxFiles || bytes + object.size > limits.maxBytes) {
          await object.body.cancel();
          cutoff = file.key;
          break outer;
        }
        files += 1;
        bytes += object.size;
        lastIncluded = file.key;
        yield { name: EXPORT_MEDIA_DIR + file.key, content: bodyChunks(object.body as ReadableStream<Uint8Array>) };
      }
    }
  }
  const isIncluded = (key: string) =>
    lastIncluded !== null && key <= lastIncluded && (cutoff === null || key < cutoff) && !missing.has(key);

  async function* indexPages(): AsyncGenerator<ExportMediaFile[]> {
    for await (const page of mediaKeyPages(db, ownerId)) {
      yield page.map((file) => ({
        ...file,
        url: fileUrl(file.key),
        path: isIncluded(file.key) ? EXPORT_MEDIA_DIR + file.key : null,
      }));
    }
  }
  yield { name: EXPORT_FILES.media, content: ndjsonChunks(indexPages()) };
}

/** The archive as a stream; `onError` hears a failure after the answer has started. */
export function exportArchive(
  db: Db,
  bucket: R2Bucket,
  options: ExportOptions,
  onError: (err: unknown) => void,
): ReadableStream<Uint8Array> {
  return zipStream(exportEntries(db, bucket, options), { modified: options.now, onError });
}

/** The download's file name: `so-portal-export-{scope}-{date}.zip`. */
export const exportFileName = (scope: ExportQuery['scope'], now: Date) =>
  `so-portal-export-${scope}-${now.toISOString().slice(0, 10)}.zip`;
