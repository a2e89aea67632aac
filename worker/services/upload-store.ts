// One file part streamed into R2: sniffed against the allowlist, its size and a variant's dimensions checked, held
// at most one R2 part (5 MiB) at a time; and the clean-up of what a failed request stored.
import { BadRequest, PayloadTooLarge, UnsupportedMediaType } from '../lib/errors';
import { UPLOAD_LIMITS } from '#schema/limits';
import {
  DIMENSION_BYTES,
  imageDimensions,
  MAX_PIXELS,
  sniff,
  SNIFF_BYTES,
  type Dimensions,
  type Sniffed,
} from '#schema/sniff';
import { decodeUtf8 } from '../lib/input';

import type { FileKind, StoredFile } from '../lib/files';
import type { BlobLedger } from './upload-ledger';

const MiB = 1024 * 1024;
const ALLOWED_TYPES = 'jpeg, png, webp, gif, avif, mp4, webm';
const mib = (bytes: number) => `${Math.round(bytes / MiB)} MiB`;
/** A part name as it may appear in a message: bounded, so a hostile name cannot flood the answer. */
export const shown = (name: string) => JSON.stringify(name.length > 80 ? name.slice(0, 80) + '…' : name);

export async function readText(chunks: AsyncIterable<Uint8Array>, limit: number, label: string): Promise<string> {
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
export async function storeFile(
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
export async function removeObjects(bucket: R2Bucket, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  try {
    await bucket.delete(keys);
  } catch (err) {
    console.error('Removing uploaded files failed', keys, err);
  }
}
