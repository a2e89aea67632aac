// One part of a resumable upload (docs/decisions/017-resumable-uploads.md): the request body streamed into R2 as
// part N, never held whole; part 1 sniffed before anything else is stored.
import { and, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '#schema/entities';
import { uploadParts, uploads } from '#schema/tables';
import type { Db, Env } from '../env';
import { BadRequest, Conflict, UnsupportedMediaType } from '../lib/errors';
import { sniff, SNIFF_BYTES } from '#schema/sniff';
import { IMPORT_UPLOAD_TYPE } from '#schema/enums';

/**
 * Whether part 1 of an import file starts as an export does (XML, JSON or a ZIP): the first check; POST /imports reads
 * the first 64 KiB again and detects the kind (415 there for any other).
 */
function looksLikeExport(head: Uint8Array): boolean {
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 3 && head[3] === 4) return true;
  const text = new TextDecoder('utf-8', { fatal: false, ignoreBOM: false })
    .decode(head)
    .replace(/^\uFEFF/, '')
    .trimStart();
  return text.startsWith('<') || text.startsWith('{');
}
import { dropOpenUpload, ownUpload, partCountOf, partLength } from './resumable-uploads';

/** Reads until `n` bytes (or the end) are in hand; returns them and the reader to continue from. */
async function readHead(body: ReadableStream<Uint8Array>, n: number) {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let have = 0;
  while (have < n) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    have += value.length;
  }
  const head = new Uint8Array(have);
  let at = 0;
  for (const c of chunks) {
    head.set(c, at);
    at += c.length;
  }
  return { head, reader };
}

/** The head already read, then the rest of the reader, as one stream. */
function rejoin(head: Uint8Array, reader: ReadableStreamDefaultReader<Uint8Array>): ReadableStream<Uint8Array> {
  let sentHead = head.length === 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!sentHead) {
        sentHead = true;
        controller.enqueue(head);
        return;
      }
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/**
 * PUT /uploads/{id}/parts/{n}: streams the request body into R2 as part n. The body must be exactly the part's
 * length (Content-Length up front, bytes as they arrive: FixedLengthStream refuses anything else). Part 1 is
 * sniffed first: not the declared type, and the whole upload is dropped (415). Other parts wait for part 1
 * (409), so nothing unchecked is ever stored. Sending a part again replaces it.
 */
export async function receivePart(
  env: Pick<Env, 'FILES'>,
  db: Db,
  user: SessionUser,
  id: string,
  partNumber: number,
  request: Request,
): Promise<{ partNumber: number; size: number }> {
  const row = await ownUpload(db, user, id);
  if (row.status !== 'open') throw new Conflict('The upload is complete: it takes no more parts');
  const count = partCountOf(row.size, row.partSize);
  if (partNumber > count) throw new BadRequest(`Part ${partNumber} is out of range: this upload has ${count} parts`);
  const expected = partLength(row, partNumber);
  const declared = request.headers.get('Content-Length');
  if (declared === null) throw new BadRequest('Content-Length required: each part is sent with its length');
  if (Number(declared) !== expected)
    throw new BadRequest(`Part ${partNumber} must be ${expected} bytes, not ${declared}`);
  if (partNumber > 1) {
    const first = await db
      .select({ n: uploadParts.partNumber })
      .from(uploadParts)
      .where(and(eq(uploadParts.uploadId, row.id), eq(uploadParts.partNumber, 1)))
      .get();
    if (!first) throw new Conflict('Send part 1 first: it is checked before anything else is stored');
  }
  if (!request.body) throw new BadRequest(`Part ${partNumber} must be ${expected} bytes, not 0`);

  let body = request.body as ReadableStream<Uint8Array>;
  if (partNumber === 1) {
    const { head, reader } = await readHead(body, Math.min(SNIFF_BYTES, expected));
    const fits =
      row.contentType === IMPORT_UPLOAD_TYPE ? looksLikeExport(head) : sniff(head)?.contentType === row.contentType;
    if (!fits) {
      await reader.cancel().catch(() => {});
      await dropOpenUpload(env, db, row);
      throw new UnsupportedMediaType(
        row.contentType === IMPORT_UPLOAD_TYPE
          ? 'The file is not an export (XML, JSON or ZIP): the upload was cancelled'
          : `The file is not ${row.contentType === 'video/mp4' ? 'an MP4' : 'a WebM'} video: the upload was cancelled`,
      );
    }
    body = rejoin(head, reader);
  }
  const fixed = new FixedLengthStream(expected);
  const piping = body.pipeTo(fixed.writable);
  let etag: string;
  try {
    [{ etag }] = await Promise.all([
      env.FILES.resumeMultipartUpload(row.key, row.r2UploadId).uploadPart(partNumber, fixed.readable),
      piping,
    ]);
  } catch {
    throw new BadRequest(`Part ${partNumber} was not received whole (${expected} bytes expected); send it again`);
  }
  // Recorded only while the upload is still open: a cancel that raced this part wins.
  const now = Date.now();
  const [recorded] = await db.batch([
    db
      .insert(uploadParts)
      .select(
        db
          .select({
            uploadId: sql`${row.id}`.as('upload_id'),
            partNumber: sql`${partNumber}`.as('part_number'),
            etag: sql`${etag}`.as('etag'),
            size: sql`${expected}`.as('size'),
          })
          .from(uploads)
          .where(and(eq(uploads.id, row.id), eq(uploads.status, 'open'))),
      )
      .onConflictDoUpdate({
        target: [uploadParts.uploadId, uploadParts.partNumber],
        set: { etag: sql`excluded.etag`, size: sql`excluded.size` },
      })
      .returning({ n: uploadParts.partNumber }),
    db
      .update(uploads)
      .set({ updatedAt: now })
      .where(and(eq(uploads.id, row.id), eq(uploads.status, 'open'))),
  ]);
  if (recorded.length === 0) throw new Conflict('The upload was cancelled or completed meanwhile');
  return { partNumber, size: expected };
}
