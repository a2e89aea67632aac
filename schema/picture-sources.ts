// How a stored picture is asked for: the SPA's Picture (rendered by the worker too) and anything that names a
// picture ahead of its <img> use the same srcset and sizes, so the browser fetches each picture once.
import { IMAGE_VARIANT_WIDTHS } from './enums';

const FILES_PREFIX = '/api/files/';

/** The width, in CSS pixels, of the picture of a content card (the lists of news, articles and channels). */
export const CARD_PICTURE_WIDTH = 480;

/** The blob key of an href served by the file route, or null for anything else. */
export function blobKeyOf(href: string): string | null {
  const path = href.startsWith('http') ? new URL(href).pathname : (href.split(/[?#]/)[0] ?? href);
  if (!path.startsWith(FILES_PREFIX)) return null;
  const key = path.slice(FILES_PREFIX.length);
  return key ? decodeURIComponent(key) : null;
}

/**
 * The srcset of a stored picture: its copies 480, 960 and 1920 px wide, which the file route answers with the
 * original when the uploader sent no such copy (docs/decisions/018-image-variants.md). None for a GIF (kept whole,
 * it may move) or a file not served by the file route. Built from the href alone: no request to know the copies.
 */
export function srcSetOf(src: string): string | undefined {
  const key = blobKeyOf(src);
  if (!key?.startsWith('image/') || key.endsWith('.gif')) return undefined;
  return IMAGE_VARIANT_WIDTHS.map((w) => `${src}?w=${w} ${w}w`).join(', ');
}

/** The sizes of a picture shown `width` CSS pixels wide, the whole screen's width on a narrower one. */
export const sizesOf = (width: number) => `(max-width: ${width}px) 100vw, ${width}px`;
