// Image options: the focal point (CSS object-position) and scale that pictures of a stored file use.
import { eq, inArray, sql } from 'drizzle-orm';
import type { ImageOption, SessionUser } from '#schema/entities';
import { articleMedia, articles, blobs, channels, imageOptions, news } from '#schema/tables';
import type { Db } from '../env';
import { Conflict, Forbidden, NotFound } from '../lib/errors';

export const IMAGE_OPTIONS_NOT_FOUND = 'Image options not found';

type OptionRow = typeof imageOptions.$inferSelect;
const toImageOption = (row: OptionRow): ImageOption => ({
  blobKey: row.blobKey,
  position: row.position,
  scale: row.scale,
});

export async function getImageOption(db: Db, blobKey: string): Promise<ImageOption> {
  const row = await db.select().from(imageOptions).where(eq(imageOptions.blobKey, blobKey)).get();
  if (!row) throw new NotFound(IMAGE_OPTIONS_NOT_FOUND);
  return toImageOption(row);
}

/** The options of those files that have any; files without options are left out (callers use the defaults). */
export async function listImageOptions(db: Db, blobKeys: readonly string[]): Promise<ImageOption[]> {
  const rows = await imageOptionsQuery(db, blobKeys).all();
  return rows.map(toImageOption);
}

/** listImageOptions's statement, for a batch (a rendered page's: worker/pages/render.tsx); its rows via toImageOption. */
export const imageOptionsQuery = (db: Db, blobKeys: readonly string[]) =>
  db
    .select()
    .from(imageOptions)
    .where(inArray(imageOptions.blobKey, [...new Set(blobKeys)]));
export { toImageOption };

/**
 * Who may set a file's options: ADMIN, the user who uploaded it, and the owner of an article, channel or
 * news item that shows it (the uploader may have been someone else, e.g. an admin editing for them).
 * Throws `missing` when no such file is stored, except that ADMIN may clean up the options of a file
 * that is gone when `adminMayCleanUp` is set.
 */
export async function assertMayEditImage(
  db: Db,
  user: SessionUser,
  blobKey: string,
  missing: () => Error,
  adminMayCleanUp = false,
): Promise<void> {
  const blob = await db.select({ userId: blobs.userId }).from(blobs).where(eq(blobs.key, blobKey)).get();
  if (!blob) {
    if (adminMayCleanUp && user.role === 'ADMIN') return;
    throw missing();
  }
  if (user.role === 'ADMIN' || blob.userId === user.id) return;
  const row = await db.get<{ owns: number }>(sql`select (
      exists (select 1 from ${articles} where ${articles.userId} = ${user.id} and ${articles.thumbnailKey} = ${blobKey})
      or exists (select 1 from ${articleMedia} m join ${articles} a on a.id = m.article_id
                 where a.user_id = ${user.id} and (m.blob_key = ${blobKey} or m.thumbnail_key = ${blobKey}))
      or exists (select 1 from ${channels} where ${channels.userId} = ${user.id}
                 and ${blobKey} in (${channels.portraitKey}, ${channels.bannerKey}, ${channels.coverKey}))
      or exists (select 1 from ${news} where ${news.userId} = ${user.id} and ${news.thumbnailKey} = ${blobKey})
    ) as owns`);
  if (!row?.owns)
    throw new Forbidden('Only the uploader, the owner of what shows the file, or an admin may change its options');
}

export async function createImageOption(db: Db, option: ImageOption): Promise<ImageOption> {
  const inserted = await db.insert(imageOptions).values(option).onConflictDoNothing().returning().all();
  if (inserted.length === 0) throw new Conflict('Image options for this file already exist');
  return toImageOption(inserted[0]!);
}

export async function updateImageOption(
  db: Db,
  blobKey: string,
  changes: { position: string; scale: number },
): Promise<ImageOption> {
  const updated = await db.update(imageOptions).set(changes).where(eq(imageOptions.blobKey, blobKey)).returning().all();
  if (updated.length === 0) throw new NotFound(IMAGE_OPTIONS_NOT_FOUND);
  return toImageOption(updated[0]!);
}

export async function deleteImageOption(db: Db, blobKey: string): Promise<void> {
  const deleted = await db
    .delete(imageOptions)
    .where(eq(imageOptions.blobKey, blobKey))
    .returning({ blobKey: imageOptions.blobKey })
    .all();
  if (deleted.length === 0) throw new NotFound(IMAGE_OPTIONS_NOT_FOUND);
}
