// The `blobs` rows of one request's files (docs/decisions/004-uploads-and-files.md): recorded before the bytes go
// to R2, settled by the request that stored them.
import { eq, inArray } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { blobs, type PictureCopy } from '#schema/tables';
import type { Db } from '../env';

import type { StoredFile } from '../lib/files';

/**
 * The `blobs` rows of one request's files. Each original is recorded (with its uploader) before any of its content
 * goes to R2, and an R2 multipart upload's id as soon as it exists, so a request that dies anywhere leaves rows the
 * Cron Trigger finds (sweepUnreferencedFiles); the request itself settles them: used files get their size, unused
 * and failed ones lose their row. Variants have no row: they go with their original's key (decision 018).
 */
export interface BlobLedger {
  /** Keys recorded by this request. */
  keys: Set<string>;
  start(key: string, contentType: string): Promise<void>;
  multipart(key: string, uploadId: string): Promise<void>;
  settle(used: { file: StoredFile; copies: PictureCopy[] }[], unusedKeys: string[]): Promise<void>;
  forget(keys: string[]): Promise<void>;
}

export function blobLedger(db: Db, userId: string | null): BlobLedger {
  const keys = new Set<string>();
  return {
    keys,
    async start(key, contentType) {
      await db.insert(blobs).values({ key, contentType, size: 0, userId });
      keys.add(key);
    },
    async multipart(key, uploadId) {
      await db.update(blobs).set({ r2UploadId: uploadId }).where(eq(blobs.key, key));
    },
    async settle(used, unusedKeys) {
      const statements: BatchItem<'sqlite'>[] = used
        .filter(({ file }) => keys.has(file.key))
        .map(({ file, copies }) =>
          db
            .update(blobs)
            .set({
              size: file.size,
              r2UploadId: null,
              // A picture's size and its copies' (link previews name them: worker/pages/head.ts).
              ...(file.dimensions ? { width: file.dimensions.width, height: file.dimensions.height, copies } : {}),
            })
            .where(eq(blobs.key, file.key)),
        );
      for (let i = 0; i < unusedKeys.length; i += 90)
        statements.push(db.delete(blobs).where(inArray(blobs.key, unusedKeys.slice(i, i + 90))));
      const [first, ...rest] = statements;
      if (first) await db.batch([first, ...rest]);
    },
    async forget(forgotten) {
      try {
        for (let i = 0; i < forgotten.length; i += 90)
          await db.delete(blobs).where(inArray(blobs.key, forgotten.slice(i, i + 90)));
      } catch (err) {
        // The rows stay for the Cron Trigger's sweep; the answer being given is not hidden.
        console.error('Forgetting uploaded files failed', forgotten, err);
      }
    },
  };
}

/** The copies of the picture sent as `blob:{tag}` in this request, narrowest first. */
export function copiesOf(files: Map<string, StoredFile>, tag: string): PictureCopy[] {
  return [...files.entries()]
    .filter(([, f]) => f.variantOf === tag && f.dimensions)
    .map(([internal, f]) => ({ w: Number(internal.slice(internal.lastIndexOf('@') + 1)), ...f.dimensions! }))
    .sort((a, b) => a.w - b.w);
}
