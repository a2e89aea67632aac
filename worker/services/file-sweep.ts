// Files that nothing refers to: `blobs` rows older than a grace period whose key no entity shows and no resumable
// upload holds. Every stored file gets its row before its content is written (worker/services/uploads.ts), so a request
// that died midway (killed isolate, lost connection to D1) leaves such a row, and maybe an R2 multipart upload it had
// begun. The Cron Trigger sweeps them (object, variants, unfinished upload, row and focal point); the health check
// counts them. docs/decisions/004-uploads-and-files.md, "Crashes".
import { and, asc, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { articleMedia, articles, blobs, categories, channels, imageOptions, news, uploads } from '#schema/tables';
import type { Db, Env } from '../env';
import { withVariants } from '../lib/files';

/** How long a file may stay unreferenced: longer than any request that stores one and then writes its entity. */
export const UNREFERENCED_GRACE_MILLIS = 24 * 3600 * 1000;

/** The condition of a `blobs` row whose key nothing refers to (each column it looks in is indexed). */
export function unreferencedWhere(): SQL {
  const key = sql`${blobs.key}`;
  const refs: SQL[] = [
    sql`select 1 from ${articles} where ${articles.thumbnailKey} = ${key}`,
    sql`select 1 from ${articleMedia} where ${articleMedia.blobKey} = ${key}`,
    sql`select 1 from ${articleMedia} where ${articleMedia.thumbnailKey} = ${key}`,
    sql`select 1 from ${channels} where ${channels.portraitKey} = ${key}`,
    sql`select 1 from ${channels} where ${channels.bannerKey} = ${key}`,
    sql`select 1 from ${channels} where ${channels.coverKey} = ${key}`,
    sql`select 1 from ${categories} where ${categories.imageKey} = ${key}`,
    sql`select 1 from ${news} where ${news.thumbnailKey} = ${key}`,
    sql`select 1 from ${uploads} where ${uploads.key} = ${key}`,
  ];
  return sql.join(
    refs.map((r) => sql`not exists (${r})`),
    sql` and `,
  );
}

const staleAt = (now: number, grace: number) => lte(blobs.createdAt, now - grace);

/** What the health check reports: unreferenced files past the grace period, and how many have an R2 upload unfinished. */
export async function unreferencedFileCounts(
  db: Db,
  now = Date.now(),
  grace = UNREFERENCED_GRACE_MILLIS,
): Promise<{ files: number; unfinishedUploads: number }> {
  const row = await db
    .select({
      files: sql<number>`count(*)`,
      unfinishedUploads: sql<number>`count(${blobs.r2UploadId})`,
    })
    .from(blobs)
    .where(and(staleAt(now, grace), unreferencedWhere()))
    .get();
  return { files: row?.files ?? 0, unfinishedUploads: row?.unfinishedUploads ?? 0 };
}

/**
 * One sweep of at most `batch` files, oldest first: their rows go first, each only while still unreferenced (an entity
 * that names the file meanwhile keeps it), then whatever R2 holds of the rows that went: an unfinished multipart
 * upload is aborted, the object and its variants deleted. Returns what was removed.
 */
export async function sweepUnreferencedFiles(
  env: Pick<Env, 'FILES'>,
  db: Db,
  now = Date.now(),
  { grace = UNREFERENCED_GRACE_MILLIS, batch = 100 } = {},
): Promise<{ files: number; abortedUploads: number }> {
  const candidates = await db
    .select({ key: blobs.key })
    .from(blobs)
    .where(and(staleAt(now, grace), unreferencedWhere()))
    .orderBy(asc(blobs.createdAt))
    .limit(batch)
    .all();
  if (candidates.length === 0) return { files: 0, abortedUploads: 0 };
  const removed: { key: string; r2UploadId: string | null }[] = [];
  for (let i = 0; i < candidates.length; i += 90) {
    const keys = candidates.slice(i, i + 90).map((c) => c.key);
    const [gone] = await db.batch([
      db
        .delete(blobs)
        .where(and(inArray(blobs.key, keys), staleAt(now, grace), unreferencedWhere()))
        .returning({ key: blobs.key, r2UploadId: blobs.r2UploadId }),
      db.delete(imageOptions).where(inArray(imageOptions.blobKey, keys)),
    ]);
    removed.push(...gone);
  }
  let abortedUploads = 0;
  for (const row of removed) {
    if (!row.r2UploadId) continue;
    try {
      await env.FILES.resumeMultipartUpload(row.key, row.r2UploadId).abort();
      abortedUploads++;
    } catch {
      // An upload R2 no longer knows (completed, or already expired by its lifecycle) is fine to miss.
    }
  }
  const objects = removed.flatMap((r) => withVariants(r.key));
  for (let i = 0; i < objects.length; i += 1000) await env.FILES.delete(objects.slice(i, i + 1000));
  return { files: removed.length, abortedUploads };
}
