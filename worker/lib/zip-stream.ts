// A ZIP archive written as a stream (fflate's streaming Zip, entries stored uncompressed): each entry's content is
// an async iterable of chunks, read only when the response's reader pulls, so the worker holds one chunk at a time
// and a slow client slows the reading of D1 and R2 instead of filling memory. Stored, not deflated: CRC-32 is the
// only work per byte (decision 036). fflate writes no ZIP64, so an archive stops with an error before 4 GiB rather
// than wrap its offsets into a corrupt file.
import { Zip, ZipPassThrough } from 'fflate';

export interface ZipEntry {
  /** The path in the archive, `/` between folders. */
  name: string;
  content: AsyncIterable<Uint8Array>;
}

/** The ZIP format's 32-bit offsets and sizes, less room for the central directory. */
export const ZIP_MAX_BYTES = 0xffffffff - 64 * 1024 * 1024;

export class ZipTooLarge extends Error {
  constructor() {
    super(`The archive would pass ${ZIP_MAX_BYTES} bytes, the most a ZIP without ZIP64 holds`);
    this.name = 'ZipTooLarge';
  }
}

/** The archive's bytes, chunk by chunk, as the entries' contents are read. */
async function* zipChunks(entries: AsyncIterable<ZipEntry>, modified: Date): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  let written = 0;
  const zip = new Zip((err, chunk) => {
    if (err) failure = err;
    else if (chunk.length) out.push(chunk);
  });
  function* drain(): Generator<Uint8Array> {
    if (failure) throw failure;
    while (out.length) {
      const chunk = out.shift()!;
      written += chunk.length;
      if (written > ZIP_MAX_BYTES) throw new ZipTooLarge();
      yield chunk;
    }
  }
  for await (const entry of entries) {
    const file = new ZipPassThrough(entry.name);
    file.mtime = modified;
    zip.add(file);
    yield* drain();
    for await (const chunk of entry.content) {
      if (!chunk.length) continue;
      file.push(chunk);
      yield* drain();
    }
    file.push(new Uint8Array(0), true);
    yield* drain();
  }
  zip.end();
  yield* drain();
}

/**
 * The archive as a byte stream. `onError` hears a failure midway (the client then gets a cut-off download, which no
 * unzip accepts: the central directory comes last).
 */
export function zipStream(
  entries: AsyncIterable<ZipEntry>,
  options: { modified: Date; onError?: (err: unknown) => void },
): ReadableStream<Uint8Array> {
  const chunks = zipChunks(entries, options.modified);
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await chunks.next();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        } catch (err) {
          options.onError?.(err);
          controller.error(err);
        }
      },
      async cancel() {
        await chunks.return(undefined);
      },
    },
    // Nothing read ahead of the client: a chunk is made when the reader asks for one.
    { highWaterMark: 0 },
  );
}

/** An NDJSON file's content: one JSON line per record, a page of records per chunk. */
export async function* ndjsonChunks<T>(pages: AsyncIterable<readonly T[]>): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  for await (const page of pages) {
    if (page.length) yield encoder.encode(page.map((record) => JSON.stringify(record) + '\n').join(''));
  }
}

/** A single JSON document's content. */
export async function* jsonChunks(value: unknown): AsyncGenerator<Uint8Array> {
  await Promise.resolve();
  yield new TextEncoder().encode(JSON.stringify(value, null, 2) + '\n');
}
