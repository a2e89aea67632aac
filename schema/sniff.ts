// Tells a stored file's type from its first bytes, against the allowlist of media the portal serves.
// The client's declared Content-Type and file name are never trusted.

export type SniffedKind = 'image' | 'video';

export interface Sniffed {
  kind: SniffedKind;
  contentType: string;
  /** File name extension for the R2 key, without the dot. */
  ext: string;
}

/** How many leading bytes sniff() wants to see (fewer only when the file is shorter). */
export const SNIFF_BYTES = 64;

const JPEG: Sniffed = { kind: 'image', contentType: 'image/jpeg', ext: 'jpg' };
const PNG: Sniffed = { kind: 'image', contentType: 'image/png', ext: 'png' };
const GIF: Sniffed = { kind: 'image', contentType: 'image/gif', ext: 'gif' };
const WEBP: Sniffed = { kind: 'image', contentType: 'image/webp', ext: 'webp' };
const AVIF: Sniffed = { kind: 'image', contentType: 'image/avif', ext: 'avif' };
const MP4: Sniffed = { kind: 'video', contentType: 'video/mp4', ext: 'mp4' };
const WEBM: Sniffed = { kind: 'video', contentType: 'video/webm', ext: 'webm' };

/** Every extension an uploaded file can have; the file route only serves keys with one of these. */
export const ALLOWED_EXTENSIONS = [JPEG, PNG, GIF, WEBP, AVIF, MP4, WEBM].map((s) => s.ext);

const ascii = (bytes: Uint8Array, from: number, length: number) =>
  from + length <= bytes.length ? String.fromCharCode(...bytes.subarray(from, from + length)) : '';

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);

// ISO base media brands (ftyp box) that mean a plain MP4 video; QuickTime ('qt  ') and HEIF stills are not on the list.
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'dash',
  'mmp4',
  'MSNV',
]);
const AVIF_BRANDS = new Set(['avif', 'avis']);

/** An ISO BMFF file (`....ftyp`): AVIF when an AVIF brand is named, MP4 for a video brand, otherwise not allowed. */
function sniffFtyp(bytes: Uint8Array): Sniffed | null {
  if (ascii(bytes, 4, 4) !== 'ftyp') return null;
  const boxSize = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  if (boxSize < 16) return null;
  const major = ascii(bytes, 8, 4);
  const brands = [major];
  for (let at = 16; at + 4 <= Math.min(boxSize, bytes.length); at += 4) brands.push(ascii(bytes, at, 4));
  if (brands.some((b) => AVIF_BRANDS.has(b))) return AVIF;
  if (MP4_BRANDS.has(major)) return MP4;
  return null;
}

/** A Matroska EBML header whose DocType element (0x4282) says "webm"; other Matroska files are not allowed. */
function sniffWebm(bytes: Uint8Array): Sniffed | null {
  if (!startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return null;
  for (let i = 4; i + 7 <= bytes.length; i++) {
    if (bytes[i] === 0x42 && bytes[i + 1] === 0x82 && bytes[i + 2] === 0x84 && ascii(bytes, i + 3, 4) === 'webm')
      return WEBM;
  }
  return null;
}

/** The allowed type of a file starting with `bytes`, or null when it is none of them. */
export function sniff(bytes: Uint8Array): Sniffed | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return JPEG;
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return PNG;
  const head = ascii(bytes, 0, 6);
  if (head === 'GIF87a' || head === 'GIF89a') return GIF;
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return WEBP;
  return sniffFtyp(bytes) ?? sniffWebm(bytes);
}

// ---- pixel size, from the header of an allowed picture ----

/** A picture's size in pixels as its header declares it. */
export interface Dimensions {
  width: number;
  height: number;
}

/** The most pixels a picture may have (width × height from its header): 40 megapixels. */
export const MAX_PIXELS = 40_000_000;

/**
 * How far into a picture its size is looked for: JPEG puts it after the metadata segments (EXIF, ICC profiles),
 * which can take a few hundred KB; the others have it in their first bytes. A picture whose header is longer is refused.
 */
export const DIMENSION_BYTES = 1024 * 1024;

/** The size, 'more' when the bytes end before the header says it, 'invalid' when the header is broken. */
export type DimensionsResult = Dimensions | 'more' | 'invalid';

const be16 = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const be32 = (b: Uint8Array, at: number) =>
  ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
const le16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const le24 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);

const sized = (width: number, height: number): DimensionsResult =>
  width > 0 && height > 0 ? { width, height } : 'invalid';

/** PNG: the IHDR chunk comes first, right after the signature. */
function pngDimensions(b: Uint8Array): DimensionsResult {
  if (b.length < 24) return 'more';
  if (ascii(b, 12, 4) !== 'IHDR') return 'invalid';
  return sized(be32(b, 16), be32(b, 20));
}

/** GIF: the logical screen's size, bytes 6 to 9. */
function gifDimensions(b: Uint8Array): DimensionsResult {
  return b.length < 10 ? 'more' : sized(le16(b, 6), le16(b, 8));
}

/** WebP: the first chunk is VP8X (canvas size), VP8L (lossless bitstream header) or 'VP8 ' (key frame header). */
function webpDimensions(b: Uint8Array): DimensionsResult {
  if (b.length < 30) return 'more';
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8X') return sized(le24(b, 24) + 1, le24(b, 27) + 1);
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return 'invalid';
    return sized(1 + (b[21]! | ((b[22]! & 0x3f) << 8)), 1 + ((b[22]! >> 6) | (b[23]! << 2) | ((b[24]! & 0x0f) << 10)));
  }
  if (chunk === 'VP8 ') {
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return 'invalid';
    return sized(le16(b, 26) & 0x3fff, le16(b, 28) & 0x3fff);
  }
  return 'invalid';
}

/** JPEG: walks the segments to the first start-of-frame marker, which holds height and width. */
function jpegDimensions(b: Uint8Array): DimensionsResult {
  let at = 2;
  for (;;) {
    while (at < b.length && b[at] === 0xff && b[at + 1] === 0xff) at++; // fill bytes
    if (at + 4 > b.length) return 'more';
    if (b[at] !== 0xff) return 'invalid';
    const marker = b[at + 1]!;
    // SOF0-3, 5-7, 9-11, 13-15: DHT (C4), JPG (C8) and DAC (CC) share the range but are no frames.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (at + 9 > b.length) return 'more';
      return sized(be16(b, at + 7), be16(b, at + 5));
    }
    if (marker === 0xd9 || marker === 0xda) return 'invalid'; // image data or the end before any frame header
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2;
      continue;
    }
    at += 2 + be16(b, at + 2);
  }
}

/**
 * AVIF: the `ispe` (image spatial extents) properties inside the top-level `meta` box; the largest one counts (a grid
 * picture has one per tile and one for the whole, an alpha plane one of its own).
 */
function avifDimensions(b: Uint8Array): DimensionsResult {
  let at = 0;
  for (;;) {
    if (at + 8 > b.length) return 'more';
    let size = be32(b, at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > b.length) return 'more';
      if (be32(b, at + 8) !== 0) return 'invalid'; // a box over 4 GB before the meta box
      size = be32(b, at + 12);
      header = 16;
    }
    if (size < header) return 'invalid';
    const type = ascii(b, at + 4, 4);
    if (type === 'meta') {
      if (at + size > b.length) return 'more';
      let best: Dimensions | null = null;
      for (let p = at + header; p + 16 <= at + size; p++) {
        if (b[p] !== 0x69 || ascii(b, p, 4) !== 'ispe') continue; // 'i'
        const width = be32(b, p + 8);
        const height = be32(b, p + 12);
        if (!best || width * height > best.width * best.height) best = { width, height };
      }
      return best ? sized(best.width, best.height) : 'invalid';
    }
    if (type === 'mdat') return 'invalid'; // the pixels before their description: not something browsers make
    at += size;
  }
}

/** The pixel size a picture's first bytes declare; `type` is what sniff() said of them. */
export function imageDimensions(bytes: Uint8Array, type: Sniffed): DimensionsResult {
  switch (type.contentType) {
    case 'image/png':
      return pngDimensions(bytes);
    case 'image/gif':
      return gifDimensions(bytes);
    case 'image/webp':
      return webpDimensions(bytes);
    case 'image/jpeg':
      return jpegDimensions(bytes);
    case 'image/avif':
      return avifDimensions(bytes);
    default:
      return 'invalid';
  }
}
