// POST /api/imports: the file streamed into R2 (never held whole), its kind detected from its first bytes, then the
// import queued (decision 047). A file of no known kind is 415, one over the limit 413, XML with a DOCTYPE 400: each
// before anything is kept.
import { count, inArray } from 'drizzle-orm';
import { IMPORT_LIMITS, importAuthors } from '#schema/imports';
import type { ImportSourceKind } from '#schema/enums';
import { imports, users } from '#schema/tables';
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
      if (!kind && pendingSize >= HEAD_BYTES)
        kind = detectOrRefuse(concat(pending, pendingSize).subarray(0, HEAD_BYTES));
      if (kind === 'ghost' && size > GHOST_LIMIT)
        throw new PayloadTooLarge(`A Ghost export is read whole: at most ${GHOST_LIMIT / MiB} MiB`);
      if (kind) await flushPart(false);
    }
    if (size === 0) throw new BadRequest('The file is empty');
    kind ??= detectOrRefuse(concat(pending, pendingSize));
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
  const fileKey = `import/${id}/source`;
  let stored: StoredImportFile | null = null;
  let fileName = '';
  let authorMap: Record<string, string> = {};
  let site = '';
  let review = false;
  try {
    try {
      for await (const part of readMultipart(request.body as ReadableStream<Uint8Array>, boundary)) {
        if (part.name === 'file') {
          if (stored) throw new BadRequest('Only one part "file" per request');
          fileName = (part.filename ?? '').slice(0, 200);
          stored = await storeImportFile(env.FILES, fileKey, part.body);
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
            `Unknown multipart part "${part.name.slice(0, 40)}": expected "file", "authors", "site" or "review"`,
          );
        }
      }
    } catch (err) {
      if (err instanceof MultipartError) throw new BadRequest(`Malformed multipart body: ${err.message}`);
      throw err;
    }
    if (!stored) throw new BadRequest('Missing multipart part "file"');
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
    await db.insert(imports).values({
      id,
      state: 'queued',
      sourceKind: stored.kind,
      fileKey,
      fileName,
      fileSize: stored.size,
      authorMap,
      ...(review ? { cursor: { review: true } } : {}),
      ...(site ? { report: { site } } : {}),
      createdBy: userId,
      createdAt: now,
      updatedAt: now,
    });
  } catch (err) {
    await env.FILES.delete(fileKey).catch(() => undefined);
    throw err;
  }
  await env.IMPORTS.send({ importId: id });
  return id;
}
