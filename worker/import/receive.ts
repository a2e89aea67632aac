// POST /api/imports: the file streamed into R2 (never held whole), its kind detected from its first bytes, then the
// import queued (decision 047). A file of no known kind is 415, one over the limit 413, XML with a DOCTYPE 400: each
// before anything is kept.
import { and, count, eq, inArray } from 'drizzle-orm';
import { IMPORT_LIMITS, importAuthors } from '#schema/imports';
import type { ImportSourceKind } from '#schema/enums';
import { IMPORT_UPLOAD_TYPE } from '#schema/enums';
import { imports, uploads, users } from '#schema/tables';
import type { Db, Env } from '../env';
import { BadRequest, Conflict, PayloadTooLarge, UnsupportedMediaType } from '../lib/errors';
import { MultipartError, multipartBoundary, readMultipart } from '../lib/multipart';
import { GHOST_LIMIT, looksLikeGhost } from './ghost';
import { looksLikeZip } from './markdown';
import { looksLikePortalExport } from './portal';
import { declaresDoctype, looksLikeWxr } from './wxr';

/** How much of the file's start decides its kind. */
const HEAD_BYTES = 64 * 1024;
/** R2 multipart parts: all but the last at least 5 MiB and of one size. */
const PART_BYTES = 8 * 1024 * 1024;
const MiB = 1024 * 1024;

/** The kind of an export file from its start, or null for none the importer reads. */
export function detectKind(head: Uint8Array): ImportSourceKind | null {
  if (looksLikePortalExport(head)) return 'portal';
  if (looksLikeZip(head)) return 'markdown';
  const text = new TextDecoder('utf-8', { fatal: false, ignoreBOM: false }).decode(head).replace(/^\uFEFF/, '');
  const start = text.trimStart();
  if (start.startsWith('<')) {
    if (declaresDoctype(text)) throw new BadRequest('XML with a DOCTYPE or entity declarations is refused');
    if (looksLikeWxr(text)) return 'wordpress';
  }
  if (start.startsWith('{') && looksLikeGhost(start)) return 'ghost';
  return null;
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

interface StoredImportFile {
  kind: ImportSourceKind;
  size: number;
}

/** Streams the part into R2 at `key`: the head decides the kind first (415 before anything is written). */
async function storeImportFile(
  bucket: R2Bucket,
  key: string,
  body: AsyncIterable<Uint8Array>,
  detect: (head: Uint8Array) => ImportSourceKind = detectOrRefuse,
): Promise<StoredImportFile> {
  let pending: Uint8Array[] = [];
  let pendingSize = 0;
  let size = 0;
  let kind: ImportSourceKind | null = null;
  let upload: R2MultipartUpload | null = null;
  const parts: R2UploadedPart[] = [];
  const flushPart = async (final: boolean) => {
    while (pendingSize >= PART_BYTES || (final && pendingSize > 0)) {
      const all = concat(pending, pendingSize);
      const take = final ? all.length : PART_BYTES;
      upload ??= await bucket.createMultipartUpload(key);
      parts.push(await upload.uploadPart(parts.length + 1, all.subarray(0, take)));
      pending = take < all.length ? [all.slice(take)] : [];
      pendingSize = all.length - take;
    }
  };
  try {
    for await (const chunk of body) {
      size += chunk.length;
      if (size > IMPORT_LIMITS.file) throw new PayloadTooLarge(`The file exceeds ${IMPORT_LIMITS.file / MiB} MiB`);
      pending.push(chunk.slice());
      pendingSize += chunk.length;
      if (!kind && pendingSize >= HEAD_BYTES) kind = detect(concat(pending, pendingSize).subarray(0, HEAD_BYTES));
      if (kind === 'ghost' && size > GHOST_LIMIT)
        throw new PayloadTooLarge(`A Ghost export is read whole: at most ${GHOST_LIMIT / MiB} MiB`);
      if (kind) await flushPart(false);
    }
    if (size === 0) throw new BadRequest('The file is empty');
    kind ??= detect(concat(pending, pendingSize));
    if (kind === 'ghost' && size > GHOST_LIMIT)
      throw new PayloadTooLarge(`A Ghost export is read whole: at most ${GHOST_LIMIT / MiB} MiB`);
    if (!upload) {
      await bucket.put(key, concat(pending, pendingSize));
    } else {
      await flushPart(true);
      await (upload as R2MultipartUpload).complete(parts);
    }
    return { kind, size };
  } catch (err) {
    if (upload) await (upload as R2MultipartUpload).abort().catch(() => undefined);
    throw err;
  }
}

function detectOrRefuse(head: Uint8Array): ImportSourceKind {
  const kind = detectKind(head);
  if (!kind)
    throw new UnsupportedMediaType(
      'Not a file the importer reads: expected a WordPress export (WXR), a Ghost export (JSON), a ZIP of Markdown files or the portal’s own export (ZIP)',
    );
  return kind;
}

/**
 * Takes the admin's complete resumable upload of an import file (status `attached`, so a second request cannot take it
 * too) and detects its kind from its first 64 KiB, read from R2. 400 for an id that is not such an upload of the
 * caller's, 409 for one still receiving parts, 415 / 413 as for a part `file`. The caller gives it back on a refusal.
 */
async function takeImportUpload(
  env: Env,
  db: Db,
  userId: string,
  uploadId: string,
  detect: (head: Uint8Array) => ImportSourceKind = detectOrRefuse,
): Promise<StoredImportFile & { key: string; name: string }> {
  const [taken] = await db
    .update(uploads)
    .set({ status: 'attached' })
    .where(
      and(
        eq(uploads.id, uploadId),
        eq(uploads.userId, userId),
        eq(uploads.contentType, IMPORT_UPLOAD_TYPE),
        eq(uploads.status, 'complete'),
      ),
    )
    .returning();
  if (!taken) {
    const row = await db
      .select({ status: uploads.status, contentType: uploads.contentType })
      .from(uploads)
      .where(and(eq(uploads.id, uploadId), eq(uploads.userId, userId)))
      .get();
    if (row?.contentType === IMPORT_UPLOAD_TYPE && row.status !== 'complete')
      throw new Conflict(`Upload ${uploadId} is ${row.status === 'open' ? 'not complete yet' : 'being taken'}`);
    throw new BadRequest(`Unknown upload ${uploadId.slice(0, 40)}: expected a complete import upload of yours`);
  }
  try {
    const head = await env.FILES.get(taken.key, { range: { offset: 0, length: HEAD_BYTES } });
    if (!head) throw new BadRequest(`The file of upload ${uploadId} is gone`);
    const kind = detect(new Uint8Array(await head.arrayBuffer()));
    if (kind === 'ghost' && taken.size > GHOST_LIMIT)
      throw new PayloadTooLarge(`A Ghost export is read whole: at most ${GHOST_LIMIT / MiB} MiB`);
    return { kind, size: taken.size, key: taken.key, name: taken.name };
  } catch (err) {
    await db.update(uploads).set({ status: 'complete' }).where(eq(uploads.id, uploadId));
    throw err;
  }
}

/** The `media` part must be a ZIP (its kind is recorded as `markdown`: what a ZIP that is no export is read as). */
function mediaZipOrRefuse(head: Uint8Array): ImportSourceKind {
  if (!looksLikeZip(head))
    throw new UnsupportedMediaType('The part "media" must be a ZIP (wp-content/uploads or content/images)');
  return 'markdown';
}

async function readSmallPart(body: AsyncIterable<Uint8Array>, limit: number, label: string): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > limit) throw new PayloadTooLarge(`${label} exceeds ${limit / 1024} KiB`);
    chunks.push(chunk.slice());
  }
  return new TextDecoder().decode(concat(chunks, size));
}

/** The `site` part: the source site's address (what Ghost's `__GHOST_URL__` stands for), http(s). */
function siteOf(text: string): string {
  const value = text.trim();
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new BadRequest('The part "site" must be the address of the source site');
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password)
    throw new BadRequest('The part "site" must be an http or https address');
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** Receives the request's file (and author map), keeps it in R2 and records the import, queued. */
export async function receiveImport(env: Env, db: Db, request: Request, userId: string): Promise<string> {
  const boundary = multipartBoundary(request.headers.get('Content-Type') ?? undefined);
  if (!boundary || !request.body) throw new UnsupportedMediaType('Expected multipart/form-data with a part "file"');
  const open = await db
    .select({ n: count() })
    .from(imports)
    .where(inArray(imports.state, ['queued', 'review', 'running']))
    .get();
  if ((open?.n ?? 0) >= IMPORT_LIMITS.open) throw new Conflict(`At most ${IMPORT_LIMITS.open} imports may run at once`);

  const id = crypto.randomUUID();
  let fileKey = `import/${id}/source`;
  /** The resumable upload the file came by (part `upload`): taken for the import, given back on a refusal. */
  let fromUpload: string | null = null;
  let stored: StoredImportFile | null = null;
  let fileName = '';
  let authorMap: Record<string, string> = {};
  let site = '';
  let review = false;
  let mediaKey: string | null = null;
  /** The resumable upload the media ZIP came by (part `mediaUpload`): as `fromUpload`. */
  let mediaFromUpload: string | null = null;
  try {
    try {
      for await (const part of readMultipart(request.body as ReadableStream<Uint8Array>, boundary)) {
        if (part.name === 'file') {
          if (stored) throw new BadRequest('Send the file once: a part "file" or a part "upload"');
          fileName = (part.filename ?? '').slice(0, 200);
          stored = await storeImportFile(env.FILES, fileKey, part.body);
        } else if (part.name === 'upload') {
          // A file larger than one request, sent before through the resumable upload (decision 017): its id.
          if (stored) throw new BadRequest('Send the file once: a part "file" or a part "upload"');
          const uploadId = (await readSmallPart(part.body, 64, 'The part "upload"')).trim();
          const taken = await takeImportUpload(env, db, userId, uploadId);
          fromUpload = uploadId;
          fileKey = taken.key;
          fileName = taken.name.slice(0, 200);
          stored = taken;
        } else if (part.name === 'media') {
          // The uploads ZIP beside the file: its pictures are taken from it before any fetch (media-zip.ts).
          if (mediaKey) throw new BadRequest('Only one part "media" or "mediaUpload" per request');
          mediaKey = `import/${id}/media`;
          await storeImportFile(env.FILES, mediaKey, part.body, mediaZipOrRefuse);
        } else if (part.name === 'mediaUpload') {
          // A media ZIP sent before through the resumable upload (as `upload` for the file): taken where it lies.
          if (mediaKey) throw new BadRequest('Only one part "media" or "mediaUpload" per request');
          const uploadId = (await readSmallPart(part.body, 64, 'The part "mediaUpload"')).trim();
          const taken = await takeImportUpload(env, db, userId, uploadId, mediaZipOrRefuse);
          mediaFromUpload = uploadId;
          mediaKey = taken.key;
        } else if (part.name === 'authors') {
          const text = await readSmallPart(part.body, IMPORT_LIMITS.authors, 'The part "authors"');
          let raw: unknown;
          try {
            raw = JSON.parse(text);
          } catch {
            throw new BadRequest('The part "authors" is not JSON');
          }
          const parsed = importAuthors.safeParse(raw);
          if (!parsed.success) throw new BadRequest('The part "authors" must map author logins to user ids');
          authorMap = parsed.data;
        } else if (part.name === 'review') {
          // The screen's way: read the file, then wait in `review` for the admin to map its authors.
          review = (await readSmallPart(part.body, 16, 'The part "review"')).trim() === '1';
        } else if (part.name === 'site') {
          site = siteOf(await readSmallPart(part.body, 1024, 'The part "site"'));
        } else {
          throw new BadRequest(
            `Unknown multipart part "${part.name.slice(0, 40)}": expected "file", "upload", "media", "mediaUpload", "authors", "site" or "review"`,
          );
        }
      }
    } catch (err) {
      if (err instanceof MultipartError) throw new BadRequest(`Malformed multipart body: ${err.message}`);
      throw err;
    }
    if (!stored) throw new BadRequest('Missing multipart part "file"');
    if (mediaKey && (stored.kind === 'markdown' || stored.kind === 'portal'))
      throw new BadRequest('A media ZIP goes with a WordPress or Ghost export (a ZIP holds its own pictures)');
    const ids = [...new Set(Object.values(authorMap))];
    for (let i = 0; i < ids.length; i += 90) {
      const found = await db
        .select({ id: users.id })
        .from(users)
        .where(inArray(users.id, ids.slice(i, i + 90)));
      if (found.length !== ids.slice(i, i + 90).length)
        throw new BadRequest('The part "authors" names a user that does not exist');
    }
    const now = Date.now();
    const record = db.insert(imports).values({
      id,
      state: 'queued',
      sourceKind: stored.kind,
      fileKey,
      fileName,
      fileSize: stored.size,
      mediaKey,
      authorMap,
      ...(review ? { cursor: { review: true } } : {}),
      ...(site ? { report: { site } } : {}),
      createdBy: userId,
      createdAt: now,
      updatedAt: now,
    });
    // The uploads' rows go with the import's insert: the files are the import's now (no idle clean-up drops them).
    const taken = [fromUpload, mediaFromUpload].filter((u): u is string => u !== null);
    if (taken.length > 0) await db.batch([record, db.delete(uploads).where(inArray(uploads.id, taken))]);
    else await record;
  } catch (err) {
    const giveBack = (uploadId: string) =>
      db
        .update(uploads)
        .set({ status: 'complete' })
        .where(and(eq(uploads.id, uploadId), eq(uploads.status, 'attached')));
    if (fromUpload) await giveBack(fromUpload);
    else await env.FILES.delete(fileKey).catch(() => undefined);
    if (mediaFromUpload) await giveBack(mediaFromUpload);
    else if (mediaKey) await env.FILES.delete(mediaKey).catch(() => undefined);
    throw err;
  }
  await env.IMPORTS.send({ importId: id });
  return id;
}
