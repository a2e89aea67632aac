// Reading a ZIP kept in R2 without holding it (decision 047): the end of central directory and the central directory
// are read by range, then each entry's bytes by range too. Stored entries stream as they are; deflated ones go through
// fflate's streaming inflate. The portal's own export writes stored entries with data descriptors (sizes after the
// data), which a front-to-back reader cannot delimit: the central directory can.
import { Inflate } from 'fflate';

export interface ZipEntryInfo {
  name: string;
  method: number;
  /** The CRC-32 of the content, as the central directory records it. */
  crc32: number;
  compressedSize: number;
  size: number;
  /** Where the entry's local header starts. */
  offset: number;
}

export class ZipFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipFormatError';
  }
}

const u16 = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u32 = (b: Uint8Array, i: number) => (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24)) >>> 0;

async function range(bucket: R2Bucket, key: string, offset: number, length: number): Promise<Uint8Array> {
  const object = await bucket.get(key, { range: { offset, length } });
  if (!object) throw new ZipFormatError('The archive is missing');
  return new Uint8Array(await object.arrayBuffer());
}

/** The archive's entries from its central directory (at most `maxEntries`). */
export async function zipEntries(bucket: R2Bucket, key: string, maxEntries = 200_000): Promise<ZipEntryInfo[]> {
  const head = await bucket.head(key);
  if (!head) throw new ZipFormatError('The archive is missing');
  const size = head.size;
  const tailLength = Math.min(size, 65_557);
  const tail = await range(bucket, key, size - tailLength, tailLength);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (u32(tail, i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipFormatError('Not a ZIP archive, or cut off: no end of central directory');
  const count = u16(tail, eocd + 10);
  const dirSize = u32(tail, eocd + 12);
  const dirOffset = u32(tail, eocd + 16);
  if (count > maxEntries) throw new ZipFormatError(`More than ${maxEntries} entries`);
  if (dirOffset + dirSize > size) throw new ZipFormatError('The central directory lies outside the archive');
  const dir = await range(bucket, key, dirOffset, dirSize);
  const entries: ZipEntryInfo[] = [];
  const decoder = new TextDecoder();
  let p = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > dir.length || u32(dir, p) !== 0x02014b50) throw new ZipFormatError('Malformed central directory');
    const nameLength = u16(dir, p + 28);
    const extraLength = u16(dir, p + 30);
    const commentLength = u16(dir, p + 32);
    entries.push({
      method: u16(dir, p + 10),
      crc32: u32(dir, p + 16),
      compressedSize: u32(dir, p + 20),
      size: u32(dir, p + 24),
      offset: u32(dir, p + 42),
      name: decoder.decode(dir.subarray(p + 46, p + 46 + nameLength)),
    });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** An entry's content, chunk by chunk (inflated when deflated). */
export async function* entryChunks(bucket: R2Bucket, key: string, entry: ZipEntryInfo): AsyncGenerator<Uint8Array> {
  const local = await range(bucket, key, entry.offset, 30);
  if (u32(local, 0) !== 0x04034b50) throw new ZipFormatError(`Malformed local header of ${entry.name}`);
  const start = entry.offset + 30 + u16(local, 26) + u16(local, 28);
  if (entry.compressedSize === 0) return;
  const object = await bucket.get(key, { range: { offset: start, length: entry.compressedSize } });
  if (!object) throw new ZipFormatError('The archive is missing');
  const reader = (object.body as ReadableStream<Uint8Array>).getReader();
  if (entry.method === 0) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  }
  if (entry.method !== 8) throw new ZipFormatError(`${entry.name}: compression method ${entry.method} is not read`);
  const out: Uint8Array[] = [];
  const inflate = new Inflate((chunk) => out.push(chunk));
  for (;;) {
    const { done, value } = await reader.read();
    inflate.push(done ? new Uint8Array(0) : value, done);
    yield* out.splice(0);
    if (done) return;
  }
}

/** An entry's text lines (NDJSON), each with its number from 1. */
export async function* entryLines(
  bucket: R2Bucket,
  key: string,
  entry: ZipEntryInfo,
): AsyncGenerator<{ line: number; text: string }> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  let rest = '';
  let line = 0;
  for await (const chunk of entryChunks(bucket, key, entry)) {
    rest += decoder.decode(chunk, { stream: true });
    let nl: number;
    while ((nl = rest.indexOf('\n')) >= 0) {
      const text = rest.slice(0, nl);
      rest = rest.slice(nl + 1);
      line += 1;
      if (text.trim()) yield { line, text };
    }
  }
  rest += decoder.decode();
  if (rest.trim()) yield { line: line + 1, text: rest };
}
