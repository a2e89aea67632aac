// The one helper for every route that stores files: reads JSON or a streamed multipart body, sniffs each
// file against the allowlist, streams it to R2 under a server-made key, and cleans up whatever a failed
// request stored. Why it looks like this: docs/decisions/004-uploads-and-files.md.
import type { Context, MiddlewareHandler } from 'hono';
import { eq, inArray } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import * as z from 'zod/mini';
import { fileTag } from '#schema/requests';
import { blobs, type PictureCopy } from '#schema/tables';
import type { AppEnv, Db, Env } from '../env';
import { BadRequest, PayloadTooLarge, UnsupportedMediaType } from '../lib/errors';
import { UPLOAD_LIMITS } from '#schema/limits';
import { currentUser } from '../lib/access';
import { MultipartError, multipartBoundary, readMultipart } from '../lib/multipart';
import { claimUpload, settleClaims } from './resumable-uploads';
import {
  DIMENSION_BYTES,
  imageDimensions,
  MAX_PIXELS,
  sniff,
  SNIFF_BYTES,
  type Dimensions,
  type Sniffed,
} from '#schema/sniff';
import { documented, type Schema } from '../lib/route-doc';
import { decodeUtf8, invalidInput, mediaType } from '../lib/input';
import { VARIANT_PART, variantKey, withVariants } from '../lib/files';

import type { FileKind, StoredFile } from '../lib/files';

export type { FileKind, StoredFile } from '../lib/files';

export interface Upload<T> {
  /** The validated JSON: the whole body of a JSON request, or the `body` part of a multipart one. */
  body: T;
  /** The stored file of part `blob:{tag}`; 400 when missing or not of `kind`. Marks it used. */
  file(tag: string, kind?: FileKind): StoredFile;
  /** Like file(), but a missing tag (undefined or null) gives undefined. */
  optionalFile(tag: string | null | undefined, kind?: FileKind): StoredFile | undefined;
  /**
   * The file of the caller's complete resumable upload `id` (worker/services/resumable-uploads.ts), taken for this
   * write: kept by the entity if the handler succeeds, left to its owner again if it fails.
   */
  uploaded(id: string): Promise<StoredFile>;
}

type UploadEnv = AppEnv & { Variables: { upload: Upload<unknown> } };

const MiB = 1024 * 1024;

export { UPLOAD_LIMITS };

const ALLOWED_TYPES = 'jpeg, png, webp, gif, avif, mp4, webm';
const JSON_TYPE = /^application\/([\w.-]+\+)?json$/;
const mib = (bytes: number) => `${Math.round(bytes / MiB)} MiB`;
/** A part name as it may appear in a message: bounded, so a hostile name cannot flood the answer. */
const shown = (name: string) => JSON.stringify(name.length > 80 ? name.slice(0, 80) + '…' : name);

/**
 * Accepts JSON, or multipart with a `body` part (JSON text or a JSON file) and `blob:{tag}` file parts.
 * Validates the body with `schema` (400 in the shared format). Files go to R2 under server-made keys.
 * If the handler throws or answers >= 400, every stored file is deleted again; on success unused files
 * are deleted and used ones recorded in the `blobs` table with the uploader.
 */
export function withUpload<T extends Schema>(
  schema: T,
): MiddlewareHandler<UploadEnv, string, { in: { json: z.input<T> }; out: { json: z.output<T> } }> {
  return documented({ upload: schema, errors: [400, 413, 415] }, async (c, next) => {
    const bucket = c.env.FILES;
    const type = mediaType(c.req.header('Content-Type'));
    const files = new Map<string, StoredFile>();
    const ledger = blobLedger(c.get('db'), c.get('user')?.id ?? null);
    let body: z.infer<T>;
    if (type === 'multipart/form-data') {
      body = await receiveMultipart(c.req.raw, bucket, schema, files, ledger);
    } else if (JSON_TYPE.test(type)) {
      const text = decodeUtf8(await c.req.arrayBuffer());
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch {
        throw new BadRequest('Malformed JSON in request body');
      }
      body = validateBody(schema, raw);
    } else {
      throw new UnsupportedMediaType('Expected application/json or multipart/form-data');
    }

    const allKeys = () => [...files.values()].map((f) => f.key);
    // A variant goes with its original: kept when the original is used, removed when it is not.
    const isUsed = (tag: string) => used.has(files.get(tag)?.variantOf ?? tag);
    const used = new Set<string>();
    const file = (tag: string, kind?: FileKind) => {
      const f = files.get(tag);
      if (f?.variantOf) throw new BadRequest(`Missing file part "blob:${tag}"`);
      if (!f) throw new BadRequest(`Missing file part "blob:${tag}"`);
      if (kind && f.kind !== kind)
        throw new BadRequest(`File part "blob:${tag}" must be ${kind === 'image' ? 'an image' : 'a video'}`);
      used.add(tag);
      return f;
    };
    const claims: string[] = [];
    const uploaded = async (id: string) => {
      const stored = await claimUpload(c.get('db'), currentUser(c), id);
      claims.push(id);
      return stored;
    };
    c.set('upload', { body, file, optionalFile: (tag, kind) => (tag == null ? undefined : file(tag, kind)), uploaded });
    // Typed as a JSON validator (the shape the typed client and the OpenAPI document see); multipart
    // requests carry the same JSON in their `body` part.
    c.req.addValidatedData('json', body as object);
    try {
      await next();
    } catch (err) {
      await removeObjects(bucket, allKeys());
      await ledger.forget([...ledger.keys]);
      await settleClaims(c.get('db'), claims, false);
      throw err;
    }
    if (c.error || c.res.status >= 400) {
      await removeObjects(bucket, allKeys());
      await ledger.forget([...ledger.keys]);
      await settleClaims(c.get('db'), claims, false);
      return;
    }
    await settleClaims(c.get('db'), claims, true);
    const unused = [...files.entries()].filter(([tag]) => !isUsed(tag)).map(([, f]) => f);
    await removeObjects(
      bucket,
      unused.map((f) => f.key),
    );
    await ledger.settle(
      [...used].map((tag) => ({ file: files.get(tag)!, copies: copiesOf(files, tag) })),
      unused.filter((f) => !f.variantOf).map((f) => f.key),
    );
  });
}

/**
 * The `blobs` rows of one request's files. Each original is recorded (with its uploader) before any of its content
 * goes to R2, and an R2 multipart upload's id as soon as it exists, so a request that dies anywhere leaves rows the
 * Cron Trigger finds (sweepUnreferencedFiles); the request itself settles them: used files get their size, unused
 * and failed ones lose their row. Variants have no row: they go with their original's key (decision 018).
 */
interface BlobLedger {
  /** Keys recorded by this request. */
  keys: Set<string>;
  start(key: string, contentType: string): Promise<void>;
  multipart(key: string, uploadId: string): Promise<void>;
  settle(used: { file: StoredFile; copies: PictureCopy[] }[], unusedKeys: string[]): Promise<void>;
  forget(keys: string[]): Promise<void>;
}

function blobLedger(db: Db, userId: string | null): BlobLedger {
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
function copiesOf(files: Map<string, StoredFile>, tag: string): PictureCopy[] {
  return [...files.entries()]
    .filter(([, f]) => f.variantOf === tag && f.dimensions)
    .map(([internal, f]) => ({ w: Number(internal.slice(internal.lastIndexOf('@') + 1)), ...f.dimensions! }))
    .sort((a, b) => a.w - b.w);
}

/** The typed upload of a handler behind withUpload(schema). */
export function upload<T extends Schema>(c: Context, _schema: T): Upload<z.infer<T>> {
  return (c as Context<UploadEnv>).get('upload') as Upload<z.infer<T>>;
}

/** Removes files that an entity no longer names: R2 objects and their `blobs` rows. Call after the D1 write succeeded. */
export async function deleteFiles(
  env: Pick<Env, 'FILES'>,
  db: Db,
  keys: readonly (string | null | undefined)[],
): Promise<void> {
  const present = keys.filter((k): k is string => !!k);
  if (present.length === 0) return;
  // R2 deletes at most 1,000 keys a call; an image takes its variants along (absent ones cost nothing).
  const objects = present.flatMap(withVariants);
  for (let i = 0; i < objects.length; i += 1000) await env.FILES.delete(objects.slice(i, i + 1000));
  for (let i = 0; i < present.length; i += 90)
    await db.delete(blobs).where(inArray(blobs.key, present.slice(i, i + 90)));
}

function validateBody<T extends Schema>(schema: T, raw: unknown): z.infer<T> {
  const parsed = z.safeParse(schema, raw);
  if (!parsed.success) throw invalidInput(parsed.error.issues);
  return parsed.data;
}

/**
 * Reads the multipart body part by part, storing each file as it streams past. The `body` part is
 * validated as soon as it arrives, so a bad body sent first stops the request before any file is stored.
 * On any failure every file stored so far (and a half-done multipart upload) is removed before rethrowing.
 */
async function receiveMultipart<T extends Schema>(
  request: Request,
  bucket: R2Bucket,
  schema: T,
  files: Map<string, StoredFile>,
  ledger: BlobLedger,
): Promise<z.infer<T>> {
  const boundary = multipartBoundary(request.headers.get('Content-Type') ?? undefined);
  if (!boundary) throw new BadRequest('Multipart request without a boundary');
  const tooLarge = () => new PayloadTooLarge(`Request body exceeds ${Math.round(UPLOAD_LIMITS.request / 1e6)} MB`);
  if (Number(request.headers.get('Content-Length') ?? 0) > UPLOAD_LIMITS.request) throw tooLarge();
  if (!request.body) throw new BadRequest('Missing multipart part "body"');

  let body: { data: z.infer<T> } | undefined;
  try {
    const parts = readMultipart(request.body as ReadableStream<Uint8Array>, boundary, {
      onBytes: (total) => {
        if (total > UPLOAD_LIMITS.request) throw tooLarge();
      },
    });
    for await (const part of parts) {
      if (part.name === 'body') {
        if (body) throw new BadRequest('Duplicate multipart part "body"');
        const text = await readText(part.body, UPLOAD_LIMITS.body, 'Part "body"');
        let raw: unknown;
        try {
          raw = JSON.parse(text);
        } catch {
          throw new BadRequest('Malformed JSON in part "body"');
        }
        body = { data: validateBody(schema, raw) };
      } else if (part.name.startsWith('blob:') && fileTag.safeParse(part.name.slice('blob:'.length)).success) {
        const tag = part.name.slice('blob:'.length);
        if (files.has(tag)) throw new BadRequest(`Duplicate file part ${shown(part.name)}`);
        if ([...files.values()].filter((f) => !f.variantOf).length >= UPLOAD_LIMITS.files) {
          throw new BadRequest(`At most ${UPLOAD_LIMITS.files} files per request`);
        }
        files.set(tag, await storeFile(bucket, part.name, part.body, undefined, ledger));
      } else if (VARIANT_PART.test(part.name)) {
        const [, tag, width] = VARIANT_PART.exec(part.name)!;
        const original = files.get(tag!);
        if (!original || original.variantOf) {
          throw new BadRequest(
            `Variant part ${shown(part.name)} must follow its original "blob:${tag}" in the same request`,
          );
        }
        if (original.kind !== 'image')
          throw new BadRequest(`Variant part ${shown(part.name)}: only images have variants`);
        const internal = `${tag}@${width}`;
        if (files.has(internal)) throw new BadRequest(`Duplicate file part ${shown(part.name)}`);
        const stored = await storeFile(bucket, part.name, part.body, {
          key: variantKey(original.key, Number(width)),
          kind: 'image',
          fits: (size) => variantMismatch(size, Number(width), original.dimensions),
        });
        files.set(internal, { ...stored, variantOf: tag });
      } else {
        throw new BadRequest(
          `Unknown multipart part ${shown(part.name)}: expected "body", "blob:{tag}" or "variant:{tag}:{width}"`,
        );
      }
    }
    if (!body) throw new BadRequest('Missing multipart part "body"');
    return body.data;
  } catch (err) {
    await removeObjects(
      bucket,
      [...files.values()].map((f) => f.key),
    );
    await ledger.forget([...ledger.keys]);
    files.clear();
    if (err instanceof MultipartError) throw new BadRequest(`Malformed multipart body: ${err.message}`);
    throw err;
  }
}

async function readText(chunks: AsyncIterable<Uint8Array>, limit: number, label: string): Promise<string> {
  const received: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.length;
    if (size > limit) throw new PayloadTooLarge(`${label} exceeds ${mib(limit)}`);
    received.push(chunk);
  }
  return decodeUtf8(takeBytes(received, size), label);
}

/** Copies the first `n` bytes out of a queue of chunks, leaving the rest in it. */
function takeBytes(queue: Uint8Array[], n: number): Uint8Array {
  const out = new Uint8Array(n);
  let filled = 0;
  while (filled < n) {
    const head = queue[0]!;
    const count = Math.min(head.length, n - filled);
    out.set(head.subarray(0, count), filled);
    filled += count;
    if (count === head.length) queue.shift();
    else queue[0] = head.subarray(count);
  }
  return out;
}

function peekBytes(queue: readonly Uint8Array[], n: number): Uint8Array {
  return takeBytes([...queue], n);
}

/**
 * Why a picture of `size` is not a copy at `width` of an original of `original`'s size, or null when it is one: at most
 * `width` and the original's width, and the original's aspect ratio within 1 % (or within the pixel that rounding the
 * height to a whole number may cost). A copy the browser made passes; another picture sent as one does not. The
 * original may also be taken turned by 90°: a phone's photo is stored landscape with an orientation tag that the
 * browser applies when it draws the copy (createImageBitmap), so the copy has the shape the picture is shown in.
 */
export function variantMismatch(size: Dimensions, width: number, original: Dimensions | undefined): string | null {
  if (!original) return 'its original has no known size';
  if (size.width > width) return `it is ${size.width} px wide, more than ${width}`;
  const shown = [original, { width: original.height, height: original.width }];
  const fits = (o: Dimensions) => {
    const expected = (size.width * o.height) / o.width;
    return size.width <= o.width && Math.abs(size.height - expected) <= Math.max(expected * 0.01, 1);
  };
  if (shown.some(fits)) return null;
  if (size.width > Math.max(original.width, original.height))
    return `it is wider than its original (${original.width} px)`;
  return `its aspect ratio (${size.width} × ${size.height}) is not its original's (${original.width} × ${original.height})`;
}

/**
 * Streams one file part into R2. At most one R2 part (5 MiB) is held at a time: a file that fits in one
 * goes up with a single put(); a longer one becomes an R2 multipart upload of equal 5 MiB parts plus
 * the remainder, aborted if anything goes wrong on the way.
 */
async function storeFile(
  bucket: R2Bucket,
  partName: string,
  chunks: AsyncIterable<Uint8Array>,
  as?: { key: string; kind: FileKind; fits?: (size: Dimensions) => string | null },
  ledger?: BlobLedger,
): Promise<StoredFile> {
  const label = `File part ${shown(partName)}`;
  const queue: Uint8Array[] = [];
  let queued = 0;
  let size = 0;
  let type: Sniffed | undefined;
  let key = '';
  let multipart: R2MultipartUpload | undefined;
  const uploaded: R2UploadedPart[] = [];
  let dimensions: Dimensions | undefined;
  let readDimensionsAt = SNIFF_BYTES;

  const identify = () => {
    const found = sniff(peekBytes(queue, Math.min(queued, SNIFF_BYTES)));
    if (!found) throw new UnsupportedMediaType(`${label} is not an allowed image or video (${ALLOWED_TYPES})`);
    if (as && found.kind !== as.kind) throw new UnsupportedMediaType(`${label} is not an allowed ${as.kind}`);
    key = as?.key ?? `${found.kind}/${crypto.randomUUID()}.${found.ext}`;
    return found;
  };
  // An image's size comes from its header, read from the bytes held before the first R2 part goes up (a bomb of
  // 30,000 × 30,000 px is a few hundred KB of PNG): over MAX_PIXELS is 413, a header that says no size 400.
  const checkDimensions = (ended: boolean) => {
    if (!type || type.kind !== 'image' || dimensions || (!ended && queued < readDimensionsAt)) return;
    const found = imageDimensions(peekBytes(queue, Math.min(queued, DIMENSION_BYTES)), type);
    if (found === 'more' && !ended && queued < DIMENSION_BYTES) {
      readDimensionsAt = queued * 2;
      return;
    }
    if (found === 'more' || found === 'invalid') {
      throw new BadRequest(`${label}: its size in pixels cannot be read from its ${type.ext.toUpperCase()} header`);
    }
    if (found.width * found.height > MAX_PIXELS) {
      throw new PayloadTooLarge(
        `${label} is ${found.width} × ${found.height} px: pictures may have at most ${MAX_PIXELS / 1e6} megapixels`,
      );
    }
    const mismatch = as?.fits?.(found);
    if (mismatch) throw new BadRequest(`${label} is no copy of its original: ${mismatch}`);
    dimensions = found;
  };
  const checkSize = () => {
    if (type && size > UPLOAD_LIMITS[type.kind]) {
      throw new PayloadTooLarge(`${label} exceeds the ${mib(UPLOAD_LIMITS[type.kind])} limit for ${type.kind}s`);
    }
  };

  try {
    for await (const chunk of chunks) {
      if (chunk.length === 0) continue;
      queue.push(chunk);
      queued += chunk.length;
      size += chunk.length;
      if (!type) {
        if (queued < SNIFF_BYTES) continue;
        type = identify();
      }
      checkSize();
      checkDimensions(false);
      while (queued >= UPLOAD_LIMITS.partSize) {
        const part = takeBytes(queue, UPLOAD_LIMITS.partSize);
        queued -= part.length;
        if (!multipart) {
          await ledger?.start(key, type.contentType);
          multipart = await bucket.createMultipartUpload(key, { httpMetadata: { contentType: type.contentType } });
          await ledger?.multipart(key, multipart.uploadId);
        }
        uploaded.push(await multipart.uploadPart(uploaded.length + 1, part));
      }
    }
    type ??= identify();
    checkSize();
    checkDimensions(true);
    const rest = takeBytes(queue, queued);
    if (multipart) {
      if (rest.length > 0) uploaded.push(await multipart.uploadPart(uploaded.length + 1, rest));
      await multipart.complete(uploaded);
    } else {
      await ledger?.start(key, type.contentType);
      await bucket.put(key, rest, { httpMetadata: { contentType: type.contentType } });
    }
    return { key, contentType: type.contentType, size, kind: type.kind, ...(dimensions ? { dimensions } : {}) };
  } catch (err) {
    if (multipart)
      await multipart
        .abort()
        .catch((abortErr: unknown) => console.error('Aborting R2 multipart upload failed', key, abortErr));
    throw err;
  }
}

/** Deletes R2 objects during cleanup; a failure is logged, never allowed to hide the answer being given. */
async function removeObjects(bucket: R2Bucket, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  try {
    await bucket.delete(keys);
  } catch (err) {
    console.error('Removing uploaded files failed', keys, err);
  }
}
