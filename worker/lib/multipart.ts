// A streaming multipart/form-data reader: yields one part at a time and hands out its body in chunks
// as they arrive, so a large file never sits whole in memory (request.formData() buffers everything,
// and the npm parsers we looked at buffer each part whole; see docs/decisions/004-uploads-and-files.md).

export class MultipartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MultipartError';
  }
}

export interface MultipartPart {
  /** The `name` of the part's Content-Disposition. */
  name: string;
  /** The `filename`, when the part was sent as a file. */
  filename: string | null;
  /** The part's declared Content-Type (informational only: file types are sniffed). */
  contentType: string | null;
  /** The body in chunks (views, valid until the next read). Read it at most once; unread bodies are skipped. */
  body: AsyncGenerator<Uint8Array, void, undefined>;
}

export interface MultipartOptions {
  /** Largest header block of one part. */
  maxHeaderBytes?: number;
  /** Called with the running count of request bytes read, to enforce a total limit. */
  onBytes?: (total: number) => void;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const CRLF = encoder.encode('\r\n');
const HEADER_END = encoder.encode('\r\n\r\n');

/** The boundary parameter of a multipart Content-Type header, or null. */
export function multipartBoundary(contentType: string | undefined): string | null {
  const m = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;,"]{1,70}))/i.exec(contentType ?? '');
  return m ? (m[1] ?? m[2])! : null;
}

/** First index of `needle` in `hay` at or after `from`, or -1. */
export function indexOfBytes(hay: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0]!;
  const last = hay.length - needle.length;
  for (let i = hay.indexOf(first, from); i !== -1 && i <= last; i = hay.indexOf(first, i + 1)) {
    let j = 1;
    while (j < needle.length && hay[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

/** The bytes read so far and not yet consumed, refilled from the stream on demand. */
class Source {
  buf: Uint8Array;
  private total = 0;
  private ended = false;

  constructor(
    private readonly reader: ReadableStreamDefaultReader<Uint8Array>,
    initial: Uint8Array,
    private readonly onBytes?: (total: number) => void,
  ) {
    this.buf = initial;
  }

  /** Appends the next chunk of the stream; false at its end. */
  async more(): Promise<boolean> {
    if (this.ended) return false;
    const { done, value } = await this.reader.read();
    if (done) {
      this.ended = true;
      return false;
    }
    this.total += value.byteLength;
    this.onBytes?.(this.total);
    if (this.buf.length === 0) this.buf = value;
    else {
      const joined = new Uint8Array(this.buf.length + value.length);
      joined.set(this.buf);
      joined.set(value, this.buf.length);
      this.buf = joined;
    }
    return true;
  }

  async ensure(n: number): Promise<void> {
    while (this.buf.length < n) if (!(await this.more())) throw new MultipartError('Unexpected end of multipart body');
  }

  take(n: number): Uint8Array {
    const out = this.buf.subarray(0, n);
    this.buf = this.buf.subarray(n);
    return out;
  }

  cancel(): void {
    this.reader.cancel().catch(() => {});
  }
}

function parseHeaders(block: string): Omit<MultipartPart, 'body'> {
  let disposition: string | null = null;
  let contentType: string | null = null;
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new MultipartError('Malformed multipart part header');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'content-disposition') disposition = value;
    else if (name === 'content-type') contentType = value;
  }
  if (!disposition || !/^form-data\s*(;|$)/i.test(disposition))
    throw new MultipartError('Multipart part without form-data Content-Disposition');
  const params = new Map<string, string>();
  const re = /;\s*([\w*-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/g;
  for (let m = re.exec(disposition); m; m = re.exec(disposition)) {
    params.set(m[1]!.toLowerCase(), m[2] !== undefined ? m[2].replace(/\\(.)/g, (_, ch: string) => ch) : m[3]!);
  }
  const partName = params.get('name');
  if (partName === undefined) throw new MultipartError('Multipart part without a name');
  return { name: partName, filename: params.get('filename') ?? null, contentType };
}

/**
 * Reads a multipart body part by part. Each part's body must be read (or is skipped) before the
 * next part is produced. Throws MultipartError on malformed input.
 */
export async function* readMultipart(
  stream: ReadableStream<Uint8Array>,
  boundary: string,
  options: MultipartOptions = {},
): AsyncGenerator<MultipartPart, void, undefined> {
  const maxHeaderBytes = options.maxHeaderBytes ?? 16 * 1024;
  const delimiter = encoder.encode('\r\n--' + boundary);
  // A leading CRLF lets the first boundary (which may open the body without one) match the same delimiter.
  const src = new Source(stream.getReader(), CRLF, options.onBytes);
  try {
    // Skip the preamble.
    for (;;) {
      const at = indexOfBytes(src.buf, delimiter);
      if (at !== -1) {
        src.take(at + delimiter.length);
        break;
      }
      src.take(Math.max(0, src.buf.length - delimiter.length + 1));
      if (!(await src.more())) throw new MultipartError('Multipart body without its boundary');
    }
    for (;;) {
      await src.ensure(2);
      if (src.buf[0] === 0x2d && src.buf[1] === 0x2d) return; // closing delimiter; the epilogue is ignored
      // Transport padding may follow a delimiter before its CRLF.
      for (;;) {
        await src.ensure(1);
        if (src.buf[0] !== 0x20 && src.buf[0] !== 0x09) break;
        src.take(1);
      }
      await src.ensure(2);
      if (src.buf[0] !== 0x0d || src.buf[1] !== 0x0a) throw new MultipartError('Malformed multipart boundary line');
      src.take(2);

      // The header block ends at an empty line (a part without headers starts with it).
      let headerText: string;
      await src.ensure(2);
      if (src.buf[0] === 0x0d && src.buf[1] === 0x0a) {
        src.take(2);
        headerText = '';
      } else {
        let end: number;
        while ((end = indexOfBytes(src.buf, HEADER_END)) === -1) {
          if (src.buf.length > maxHeaderBytes) throw new MultipartError('Multipart part headers too large');
          if (!(await src.more())) throw new MultipartError('Unexpected end of multipart body');
        }
        if (end > maxHeaderBytes) throw new MultipartError('Multipart part headers too large');
        headerText = decoder.decode(src.take(end));
        src.take(HEADER_END.length);
      }
      if (headerText === '') throw new MultipartError('Multipart part without form-data Content-Disposition');
      const headers = parseHeaders(headerText);

      let finished = false;
      const body = async function* (): AsyncGenerator<Uint8Array, void, undefined> {
        for (;;) {
          const at = indexOfBytes(src.buf, delimiter);
          if (at !== -1) {
            if (at > 0) yield src.take(at);
            src.take(delimiter.length);
            finished = true;
            return;
          }
          // Keep a tail that may be the start of the delimiter; hand out the rest.
          const safe = src.buf.length - delimiter.length + 1;
          if (safe > 0) yield src.take(safe);
          if (!(await src.more())) throw new MultipartError('Unexpected end of multipart body');
        }
      };
      const part: MultipartPart = { ...headers, body: body() };
      yield part;
      // Skip whatever the consumer left unread of this part (a fresh reader continues where it stopped).
      if (!finished) for await (const _ of body()) void _;
    }
  } finally {
    src.cancel();
  }
}
