// Pixel sizes of stored pictures and of their smaller copies (migration 0015), for link previews: a page's
// og:image names its width and height (worker/pages/head.ts). Uploads record them as they read each header
// (worker/services/uploads.ts); pictures stored before are read here, a few per Cron Trigger run, from the first
// bytes of each object in R2.
import { and, eq, gt, gte, isNull, lt } from 'drizzle-orm';
import { IMAGE_VARIANT_WIDTHS } from '#schema/enums';
import { blobs, type PictureCopy } from '#schema/tables';
import type { Db, Env } from '../env';
import { variantKey } from '../lib/files';
import { DIMENSION_BYTES, imageDimensions, sniff, type Dimensions } from '#schema/sniff';

/** What the first read of a header asks R2 for; a JPEG with long metadata is read again up to DIMENSION_BYTES. */
const FIRST_READ_BYTES = 64 * 1024;

/** How many pictures one Cron Trigger run reads (each one to four small R2 reads). */
export const SIZE_BACKFILL_BATCH = 25;

/** A stored picture's size and its copies', as a page's head needs them; null when unknown. */
export interface StoredPictureSize extends Dimensions {
  copies: PictureCopy[];
}

/** The recorded size of the picture stored at `key`, or null (no such row, no picture, not read yet, unreadable). */
export async function storedPictureSize(db: Db, key: string): Promise<StoredPictureSize | null> {
  return toPictureSize(await pictureSizeQuery(db, key).get());
}

/** storedPictureSize's statement, for a batch (a rendered page's: worker/pages/render.tsx); its row via toPictureSize. */
export const pictureSizeQuery = (db: Db, key: string) =>
  db.select({ width: blobs.width, height: blobs.height, copies: blobs.copies }).from(blobs).where(eq(blobs.key, key));

export function toPictureSize(
  row: { width: number | null; height: number | null; copies: PictureCopy[] | null } | undefined,
): StoredPictureSize | null {
  if (!row || !row.width || !row.height) return null;
  return { width: row.width, height: row.height, copies: row.copies ?? [] };
}

/** The size an R2 object's header declares, or null when it is missing or no picture with a readable header. */
export async function readPictureSize(bucket: R2Bucket, key: string): Promise<Dimensions | null> {
  for (const length of [FIRST_READ_BYTES, DIMENSION_BYTES]) {
    const object = await bucket.get(key, { range: { offset: 0, length } });
    if (!object) return null;
    const bytes = new Uint8Array(await object.arrayBuffer());
    const type = sniff(bytes);
    if (!type || type.kind !== 'image') return null;
    const found = imageDimensions(bytes, type);
    if (found === 'invalid') return null;
    if (found !== 'more') return found;
    if (bytes.length < length) return null; // the whole file, and still no size
  }
  return null;
}

/** The copies R2 holds beside the picture stored at `key` (only widths narrower than the picture are ever made). */
async function readCopies(bucket: R2Bucket, key: string, size: Dimensions): Promise<PictureCopy[]> {
  const copies: PictureCopy[] = [];
  for (const w of IMAGE_VARIANT_WIDTHS.filter((w) => w < Math.max(size.width, size.height))) {
    const found = await readPictureSize(bucket, variantKey(key, w));
    if (found) copies.push({ w, ...found });
  }
  return copies;
}

/**
 * One run's share of the pictures stored before their sizes were recorded: the oldest `batch` of them read from R2
 * and written back (0 × 0 when the header cannot be read, so a broken file is not read again every minute).
 */
export async function backfillPictureSizes(
  env: Pick<Env, 'FILES'>,
  db: Db,
  batch = SIZE_BACKFILL_BATCH,
): Promise<{ pictures: number }> {
  const rows = await db
    .select({ key: blobs.key })
    .from(blobs)
    // Keys of pictures are `image/{uuid}.{ext}`: a range of the primary key.
    .where(and(gte(blobs.key, 'image/'), lt(blobs.key, 'image0'), isNull(blobs.width), gt(blobs.size, 0)))
    .limit(batch)
    .all();
  for (const { key } of rows) {
    const size = await readPictureSize(env.FILES, key);
    const copies = size ? await readCopies(env.FILES, key, size) : [];
    await db
      .update(blobs)
      .set({ width: size?.width ?? 0, height: size?.height ?? 0, copies })
      .where(and(eq(blobs.key, key), isNull(blobs.width)));
  }
  return { pictures: rows.length };
}
