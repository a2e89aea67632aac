import { IMAGE_VARIANT_WIDTHS } from '#schema/enums';
import { BadRequest } from './errors';
import type { Dimensions } from '#schema/sniff';

/** Where the worker serves a stored R2 object; every `*Href`/`href` in an entity is built here. */
export const FILES_PATH = '/api/files/';

export function fileHref(key: string | null | undefined): string | null {
  return key ? FILES_PATH + key : null;
}

// Image variants: smaller copies the browser makes at upload (docs/decisions/018-image-variants.md), sent as
// parts `variant:{tag}:{width}` after their original and stored beside it under a key derived from the
// original's, so `GET /api/files/{key}?w={width}` finds one without a look-up and falls back to the original.

/** The R2 key of the `width` px variant of the image stored at `key`. */
export const variantKey = (key: string, width: number) => `${key}@w${width}`;

/** The multipart part of a variant: `variant:{tag}:{width}`, width one of IMAGE_VARIANT_WIDTHS. */
export const VARIANT_PART = new RegExp(`^variant:([A-Za-z0-9_.-]{1,64}):(${IMAGE_VARIANT_WIDTHS.join('|')})$`);

/**
 * What `GET /files/{key}?w={width}` reads: the variant of that width when the image has one, else the image itself
 * (variants are made only narrower than the original, and never later, so the answer stays the same for good).
 * No `w`, or a file that is no image: the key itself; another width: 400.
 */
export async function keyToServe(bucket: R2Bucket, key: string, width: string | undefined): Promise<string> {
  if (width === undefined || !key.startsWith('image/')) return key;
  const wanted = (IMAGE_VARIANT_WIDTHS as readonly number[]).find((w) => String(w) === width);
  if (wanted === undefined) throw new BadRequest(`Unknown width: expected w=${IMAGE_VARIANT_WIDTHS.join(', ')}`);
  const variant = variantKey(key, wanted);
  return (await bucket.head(variant)) ? variant : key;
}

/** The key and, for an image, the keys its variants would have: what deleting the file deletes. */
export const withVariants = (key: string): string[] =>
  key.startsWith('image/') ? [key, ...IMAGE_VARIANT_WIDTHS.map((w) => variantKey(key, w))] : [key];

export type FileKind = 'image' | 'video';

/** A file stored in R2 by the upload helper (services/uploads.ts). */
export interface StoredFile {
  /** The R2 key, named by the server: `{kind}/{uuid}.{ext}`; never changes, so it is served as immutable. */
  key: string;
  contentType: string;
  size: number;
  kind: FileKind;
  /** A smaller copy of the image part with this tag (variantKey), not a file of its own. */
  variantOf?: string;
  /** An image's size in pixels, from its header. */
  dimensions?: Dimensions;
}
