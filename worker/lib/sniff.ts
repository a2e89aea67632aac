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
