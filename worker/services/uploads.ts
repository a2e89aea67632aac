// The one helper for every route that stores files: reads JSON or a streamed multipart body, sniffs each
// file against the allowlist, streams it to R2 under a server-made key, and cleans up whatever a failed
// request stored. Why it looks like this: docs/decisions/004-uploads-and-files.md.
import type { Context, MiddlewareHandler } from 'hono';
import { inArray } from 'drizzle-orm';
import * as z from 'zod/mini';
import { fileTag } from '#schema/requests';
import { blobs } from '#schema/tables';
import type { AppEnv, Db, Env } from '../env';
import { BadRequest, PayloadTooLarge, UnsupportedMediaType } from '../lib/errors';
import { UPLOAD_LIMITS } from '#schema/limits';
import { currentUser } from '../lib/access';
import { MultipartError, multipartBoundary, readMultipart } from '../lib/multipart';
import { claimUpload, settleClaims } from './resumable-uploads';
import { documented, type Schema } from '../lib/route-doc';
import { decodeUtf8, invalidInput, mediaType } from '../lib/input';
import { VARIANT_PART, variantKey, withVariants } from '../lib/files';

import type { FileKind, StoredFile } from '../lib/files';
import { blobLedger, copiesOf, type BlobLedger } from './upload-ledger';
import { readText, removeObjects, shown, storeFile, variantMismatch } from './upload-store';

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

export { UPLOAD_LIMITS };

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/;

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
