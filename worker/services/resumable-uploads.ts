// Resumable uploads of big videos: an R2 multipart upload the browser fills part by part through the worker
// (create, put part N, complete, cancel), each part streamed to R2 and never held whole, the first one sniffed
// before anything else is stored. A complete upload is attached to an entity by its id (withUpload's
// `uploaded()`); the Cron Trigger clears what is left alone for a day. docs/decisions/017-resumable-uploads.md.
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { SessionUser } from '#schema/entities';
import type { ResumableUpload } from '#schema/workspace';
import { RESUMABLE_LIMITS } from '#schema/limits';
import { resumableType } from '#schema/requests';
import { blobs, uploadParts, uploads, users } from '#schema/tables';
import type { Db, Env } from '../env';
import { iso } from './db';
import { BadRequest, Conflict, Forbidden, NotFound, PayloadTooLarge, UnsupportedMediaType } from '../lib/errors';
import { IMPORT_UPLOAD_TYPE } from '#schema/enums';
import type { StoredFile } from '../lib/files';

export type UploadRow = typeof uploads.$inferSelect;

export const UPLOAD_NOT_FOUND = 'Upload not found';
const EXTENSIONS: Record<string, string> = { 'video/mp4': 'mp4', 'video/webm': 'webm' };

/** How many parts an upload of `size` bytes has. */
export const partCountOf = (size: number, partSize: number) => Math.max(1, Math.ceil(size / partSize));

/** The exact length of part `n` (from 1): `partSize`, the last one what is left. */
export function partLength(row: Pick<UploadRow, 'size' | 'partSize'>, n: number): number {
  const count = partCountOf(row.size, row.partSize);
  return n < count ? row.partSize : row.size - (count - 1) * row.partSize;
}

function toResumableUpload(row: UploadRow, parts: readonly number[]): ResumableUpload {
  return {
    id: row.id,
    name: row.name,
    contentType: row.contentType,
    size: row.size,
    partSize: row.partSize,
    partCount: partCountOf(row.size, row.partSize),
    parts: [...parts].sort((a, b) => a - b),
    status: row.status === 'complete' ? 'complete' : 'open',
    fingerprint: row.fingerprint,
    createdAt: iso(row.createdAt),
    expiresAt: iso(row.updatedAt + RESUMABLE_LIMITS.idleMillis),
  };
}

async function partNumbers(db: Db, uploadId: string): Promise<number[]> {
  const rows = await db
    .select({ n: uploadParts.partNumber })
    .from(uploadParts)
    .where(eq(uploadParts.uploadId, uploadId))
    .orderBy(asc(uploadParts.partNumber))
    .all();
  return rows.map((r) => r.n);
}

/** The caller's upload, open or complete; 404 for anyone else's (uploads are private to their owner). */
export async function ownUpload(db: Db, user: SessionUser, id: string): Promise<UploadRow> {
  const row = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.userId, user.id)))
    .get();
  if (!row || row.status === 'attached') throw new NotFound(UPLOAD_NOT_FOUND);
  return row;
}

export async function getUpload(db: Db, user: SessionUser, id: string): Promise<ResumableUpload> {
  const row = await ownUpload(db, user, id);
  return toResumableUpload(row, await partNumbers(db, row.id));
}

/** GET /uploads: the caller's unfinished and unattached uploads, newest first. */
export async function listUploads(db: Db, user: SessionUser): Promise<ResumableUpload[]> {
  const rows = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.userId, user.id), inArray(uploads.status, ['open', 'complete'])))
    .orderBy(sql`${uploads.createdAt} desc`)
    .all();
  const parts = rows.length
    ? await db
        .select({ uploadId: uploadParts.uploadId, n: uploadParts.partNumber })
        .from(uploadParts)
        .where(
          inArray(
            uploadParts.uploadId,
            rows.map((r) => r.id),
          ),
        )
        .all()
    : [];
  return rows.map((row) =>
    toResumableUpload(
      row,
      parts.filter((p) => p.uploadId === row.id).map((p) => p.n),
    ),
  );
}

/**
 * POST /uploads. The caller's open (or complete, unattached) upload with the same fingerprint, size and type is
 * answered as it is (200), so a browser that lost the page resumes where it stopped; otherwise a new R2
 * multipart upload under a server-made key (201). 415 for a type other than MP4 or WebM, 400 for an empty file,
 * 413 over the size limit, 409 when the caller already holds the most unfinished uploads allowed, in count or in
 * bytes (RESUMABLE_LIMITS). The row is written before R2's multipart upload is made, so nothing in R2 is ever without one.
 */
export async function createUpload(
  env: Pick<Env, 'FILES'>,
  db: Db,
  user: SessionUser,
  input: { size: number; contentType: string; name: string; fingerprint: string },
): Promise<{ upload: ResumableUpload; created: boolean }> {
  const type = resumableType.safeParse(input.contentType);
  if (!type.success)
    throw new UnsupportedMediaType(
      `Resumable uploads take MP4 or WebM videos, not ${JSON.stringify(input.contentType.slice(0, 40))}`,
    );
  if (input.size === 0) throw new BadRequest('The file is empty');
  const forImport = type.data === IMPORT_UPLOAD_TYPE;
  // An import's file: only an admin imports (POST /imports), so only an admin sends one in parts.
  if (forImport && user.role !== 'ADMIN') throw new Forbidden('Only an admin uploads an import file');
  if (forImport && input.size > RESUMABLE_LIMITS.importFile)
    throw new PayloadTooLarge(`An import file may be at most ${RESUMABLE_LIMITS.importFile / 1e9} GB`);
  if (!forImport && input.size > RESUMABLE_LIMITS.video)
    throw new PayloadTooLarge(`Videos may be at most ${RESUMABLE_LIMITS.video / 1e9} GB`);
  const held = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.userId, user.id), inArray(uploads.status, ['open', 'complete'])))
    .all();
  const same = held.find(
    (r) => r.fingerprint === input.fingerprint && r.size === input.size && r.contentType === type.data,
  );
  if (same) return { upload: toResumableUpload(same, await partNumbers(db, same.id)), created: false };
  const refusal = overQuota(
    held.length,
    held.reduce((sum, r) => sum + r.size, 0),
    input.size,
  );
  if (refusal) throw new Conflict(refusal);
  const now = Date.now();
  const row: UploadRow = {
    id: crypto.randomUUID(),
    userId: user.id,
    key: forImport ? `import-upload/${crypto.randomUUID()}` : `video/${crypto.randomUUID()}.${EXTENSIONS[type.data]}`,
    // Known once R2 made the multipart upload, right after the row exists (so a crash between leaves a row to sweep).
    r2UploadId: '',
    contentType: type.data,
    size: input.size,
    partSize: RESUMABLE_LIMITS.partSize,
    name: input.name,
    fingerprint: input.fingerprint,
    status: 'open',
    createdAt: now,
    updatedAt: now,
  };
  // The quotas are conditions of the insert itself, so two uploads started at once cannot both squeeze in.
  const inserted = await db
    .insert(uploads)
    .select(
      db
        .select({
          id: sql`${row.id}`.as('id'),
          userId: sql`${row.userId}`.as('user_id'),
          key: sql`${row.key}`.as('key'),
          r2UploadId: sql`${row.r2UploadId}`.as('r2_upload_id'),
          contentType: sql`${row.contentType}`.as('content_type'),
          size: sql`${row.size}`.as('size'),
          partSize: sql`${row.partSize}`.as('part_size'),
          name: sql`${row.name}`.as('name'),
          fingerprint: sql`${row.fingerprint}`.as('fingerprint'),
          status: sql`${row.status}`.as('status'),
          createdAt: sql`${row.createdAt}`.as('created_at'),
          updatedAt: sql`${row.updatedAt}`.as('updated_at'),
        })
        .from(users)
        .where(
          and(
            eq(users.id, user.id),
            sql`(select count(*) from ${uploads} where ${uploads.userId} = ${user.id} and ${uploads.status} in ('open', 'complete')) < ${RESUMABLE_LIMITS.perUser}`,
            sql`(select coalesce(sum(${uploads.size}), 0) from ${uploads} where ${uploads.userId} = ${user.id} and ${uploads.status} in ('open', 'complete')) + ${row.size} <= ${RESUMABLE_LIMITS.bytesPerUser}`,
          ),
        ),
    )
    .returning({ id: uploads.id });
  if (inserted.length === 0) {
    const holding = await db
      .select({ n: sql<number>`count(*)`, bytes: sql<number>`coalesce(sum(${uploads.size}), 0)` })
      .from(uploads)
      .where(and(eq(uploads.userId, user.id), inArray(uploads.status, ['open', 'complete'])))
      .get();
    throw new Conflict(
      overQuota(holding?.n ?? 0, holding?.bytes ?? 0, input.size) ?? 'Another upload started meanwhile',
    );
  }
  try {
    const multipart = await env.FILES.createMultipartUpload(row.key, { httpMetadata: { contentType: type.data } });
    row.r2UploadId = multipart.uploadId;
    await db.update(uploads).set({ r2UploadId: row.r2UploadId }).where(eq(uploads.id, row.id));
  } catch (err) {
    await db.delete(uploads).where(eq(uploads.id, row.id));
    throw err;
  }
  return { upload: toResumableUpload(row, []), created: true };
}

const gb = (bytes: number) => `${Number((bytes / 1e9).toFixed(2))} GB`;

/** Why one more upload of `size` bytes does not fit beside `count` held ones of `bytes` in all, or null when it does. */
function overQuota(count: number, bytes: number, size: number): string | null {
  if (count >= RESUMABLE_LIMITS.perUser)
    return `At most ${RESUMABLE_LIMITS.perUser} unfinished uploads at a time: finish or cancel one first`;
  if (bytes + size > RESUMABLE_LIMITS.bytesPerUser)
    return (
      `Unfinished uploads may hold at most ${gb(RESUMABLE_LIMITS.bytesPerUser)} at a time: ` +
      `yours hold ${gb(bytes)}, this one would add ${gb(size)}; finish or cancel one first`
    );
  return null;
}

/**
 * Aborts the upload's R2 multipart upload, if R2 made one (a row whose request died before R2 answered has no id) and
 * still knows it; never throws.
 */
async function abortR2Upload(env: Pick<Env, 'FILES'>, row: Pick<UploadRow, 'key' | 'r2UploadId'>): Promise<void> {
  if (!row.r2UploadId) return;
  try {
    await env.FILES.resumeMultipartUpload(row.key, row.r2UploadId).abort();
  } catch {
    // Aborted before, completed, or expired by R2's lifecycle: nothing left to abort.
  }
}

/** Aborts the R2 multipart upload and forgets the upload: what a refused first part or a cancel leaves. */
export async function dropOpenUpload(env: Pick<Env, 'FILES'>, db: Db, row: UploadRow): Promise<void> {
  // An upload R2 no longer knows (aborted before, or expired by its lifecycle) is already gone.
  await abortR2Upload(env, row);
  await db.delete(uploads).where(eq(uploads.id, row.id));
}

/**
 * POST /uploads/{id}/complete: every part there, R2 joins them into the file and it is recorded in `blobs` as
 * the caller's. Completing a complete upload answers it again (a retry after a lost answer).
 */
export async function completeUpload(
  env: Pick<Env, 'FILES'>,
  db: Db,
  user: SessionUser,
  id: string,
): Promise<ResumableUpload> {
  const row = await ownUpload(db, user, id);
  const parts = await db
    .select()
    .from(uploadParts)
    .where(eq(uploadParts.uploadId, row.id))
    .orderBy(asc(uploadParts.partNumber))
    .all();
  if (row.status === 'complete')
    return toResumableUpload(
      row,
      parts.map((p) => p.partNumber),
    );
  const count = partCountOf(row.size, row.partSize);
  const have = new Set(parts.map((p) => p.partNumber));
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((n) => !have.has(n));
  if (missing.length > 0) {
    const shown = missing.slice(0, 10).join(', ') + (missing.length > 10 ? ', …' : '');
    throw new Conflict(`Parts missing: ${shown} (of ${count})`);
  }
  try {
    await env.FILES.resumeMultipartUpload(row.key, row.r2UploadId).complete(
      parts.map((p) => ({ partNumber: p.partNumber, etag: p.etag })),
    );
  } catch (err) {
    // A retry after R2 completed but D1 did not record it: the object is there, whole.
    const stored = await env.FILES.head(row.key);
    if (stored?.size !== row.size) throw err;
  }
  const now = Date.now();
  const complete = db.update(uploads).set({ status: 'complete', updatedAt: now }).where(eq(uploads.id, row.id));
  // An import file is no entity's file (no `blobs` row): POST /imports takes it, or the idle clean-up drops it.
  if (row.contentType === IMPORT_UPLOAD_TYPE) await complete;
  else
    await db.batch([
      complete,
      db
        .insert(blobs)
        .values({ key: row.key, contentType: row.contentType, size: row.size, userId: user.id })
        .onConflictDoNothing(),
    ]);
  return toResumableUpload(
    { ...row, status: 'complete', updatedAt: now },
    parts.map((p) => p.partNumber),
  );
}

/** DELETE /uploads/{id}: aborts an unfinished upload, or deletes the file of a complete, unattached one. */
export async function cancelUpload(env: Pick<Env, 'FILES'>, db: Db, user: SessionUser, id: string): Promise<void> {
  const row = await ownUpload(db, user, id);
  if (row.status === 'open') return dropOpenUpload(env, db, row);
  await env.FILES.delete(row.key);
  await db.batch([db.delete(blobs).where(eq(blobs.key, row.key)), db.delete(uploads).where(eq(uploads.id, row.id))]);
}

/**
 * Takes the caller's complete upload for an entity write (status `attached`, so no second write takes it too).
 * 400 for an id that is not the caller's upload, 409 for one still receiving parts.
 */
export async function claimUpload(db: Db, user: SessionUser, id: string): Promise<StoredFile> {
  const [claimed] = await db
    .update(uploads)
    .set({ status: 'attached' })
    .where(and(eq(uploads.id, id), eq(uploads.userId, user.id), eq(uploads.status, 'complete')))
    .returning({ key: uploads.key, contentType: uploads.contentType, size: uploads.size });
  if (claimed) return { ...claimed, kind: 'video' };
  const row = await db
    .select({ status: uploads.status })
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.userId, user.id)))
    .get();
  if (row?.status === 'open') throw new Conflict(`Upload ${id} is not complete yet`);
  if (row?.status === 'attached') throw new Conflict(`Upload ${id} is already being attached`);
  throw new BadRequest(`Unknown upload ${id}: expected a complete upload of yours`);
}

/** After the entity write: on success the upload row goes (the file now belongs to the entity), else it is complete again. */
export async function settleClaims(db: Db, ids: readonly string[], succeeded: boolean): Promise<void> {
  if (ids.length === 0) return;
  if (succeeded) await db.delete(uploads).where(inArray(uploads.id, [...ids]));
  else
    await db
      .update(uploads)
      .set({ status: 'complete' })
      .where(and(inArray(uploads.id, [...ids]), eq(uploads.status, 'attached')));
}

/**
 * The Cron Trigger's part: uploads untouched for a day go. Unfinished ones are aborted in R2; complete ones never
 * attached lose their file; an `attached` row left by a write that died midway is dropped without its file (the
 * entity may name it). At most `batch` a run; the next run takes the rest.
 */
export async function clearIdleUploads(
  env: Pick<Env, 'FILES'>,
  db: Db,
  now: number,
  batch = 100,
): Promise<{ aborted: number; deleted: number; dropped: number }> {
  const rows = await db
    .select()
    .from(uploads)
    .where(lte(uploads.updatedAt, now - RESUMABLE_LIMITS.idleMillis))
    .limit(batch)
    .all();
  const open = rows.filter((r) => r.status === 'open');
  const complete = rows.filter((r) => r.status === 'complete');
  for (const row of open) await abortR2Upload(env, row);
  if (complete.length) await env.FILES.delete(complete.map((r) => r.key));
  const ids = rows.map((r) => r.id);
  for (let i = 0; i < ids.length; i += 90) {
    const part = ids.slice(i, i + 90);
    const keys = complete.filter((r) => part.includes(r.id)).map((r) => r.key);
    await db.batch([
      db.delete(uploads).where(inArray(uploads.id, part)),
      ...(keys.length ? [db.delete(blobs).where(inArray(blobs.key, keys))] : []),
    ]);
  }
  return { aborted: open.length, deleted: complete.length, dropped: rows.length - open.length - complete.length };
}
