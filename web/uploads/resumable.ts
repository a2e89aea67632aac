// Sends a big video as a resumable upload (docs/decisions/017-resumable-uploads.md): part 1 first (the server
// sniffs it), then the rest with a bounded number in flight, each failed part sent again after a growing pause.
// The server keeps the parts it has, so after a dropped connection or a reload the same file (found again by
// its fingerprint) continues from the parts already there.
import { IMPORT_UPLOAD_TYPE, RESUMABLE_TYPES } from '#schema/enums';
import type { ResumableUpload } from '#schema/workspace';
import { uploadedPart } from '#schema/workspace';
import { sniff, SNIFF_BYTES } from '#schema/sniff';
import { ApiError } from '../api/errors';
import { cancelUpload, completeUpload, partUrl, startUpload } from '../api/uploads';
import { ABORTED, isTransportFailure, send } from './send';

export interface ResumableOptions {
  /** Bytes the server has of the file (parts received before included), and the file's size. */
  onProgress?: (sent: number, total: number) => void;
  /** Stops sending; the upload stays on the server, to be resumed. cancelResumable() drops it. */
  signal?: AbortSignal;
  /** Parts sent at once after the first. */
  inFlight?: number;
  /** How often one part is tried before the upload fails (a later retry resumes it). */
  attempts?: number;
  /** Pause before the first resend (doubling each time, at most 30 s). */
  backoffMs?: number;
  /** The server's upload, once known: what a cancel names. */
  onStarted?: (upload: ResumableUpload) => void;
  /** The declared type when it is not a video's: an export file to import (the server checks its first part). */
  contentType?: typeof IMPORT_UPLOAD_TYPE;
}

/** The type the server will accept, read from the file's first bytes with the server's own sniffer. */
export async function videoTypeOf(file: Blob): Promise<(typeof RESUMABLE_TYPES)[number] | null> {
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  const found = sniff(head)?.contentType;
  return (RESUMABLE_TYPES as readonly string[]).includes(found ?? '')
    ? (found as (typeof RESUMABLE_TYPES)[number])
    : null;
}

const SAMPLE = 1024 * 1024;
const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');

/**
 * Tells the same file again after a reload (the browser no longer has it): size and modification time, and a
 * SHA-256 of its first and last MiB, so a different file of the same size and time is not taken for it.
 */
export async function fingerprintOf(file: File): Promise<string> {
  const head = await file.slice(0, SAMPLE).arrayBuffer();
  const tail =
    file.size > SAMPLE ? await file.slice(Math.max(SAMPLE, file.size - SAMPLE)).arrayBuffer() : new ArrayBuffer(0);
  const sample = new Uint8Array(head.byteLength + tail.byteLength);
  sample.set(new Uint8Array(head), 0);
  sample.set(new Uint8Array(tail), head.byteLength);
  const digest = hex(await crypto.subtle.digest('SHA-256', sample)).slice(0, 32);
  return `v1:${file.size}:${file.lastModified}:${digest}`;
}

const partRange = (upload: ResumableUpload, n: number) =>
  [(n - 1) * upload.partSize, Math.min(n * upload.partSize, upload.size)] as const;
const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new ApiError(400, ABORTED, true));
      },
      { once: true },
    );
  });

/** Starts or resumes the upload of `file` and sends what the server lacks; resolves with the complete upload. */
export async function uploadResumable(file: File, options: ResumableOptions = {}): Promise<ResumableUpload> {
  const { signal, onProgress, inFlight = 3, attempts = 6, backoffMs = 1000 } = options;
  const contentType = options.contentType ?? (await videoTypeOf(file));
  if (!contentType) throw new ApiError(415, 'Only MP4 and WebM videos can be uploaded');
  const upload = await startUpload({
    size: file.size,
    contentType,
    name: file.name.slice(0, 200),
    fingerprint: await fingerprintOf(file),
  });
  const done = new Set(upload.parts);
  const sentOf = new Map<number, number>();
  const report = () => {
    let sent = 0;
    for (const n of done) sent += partRange(upload, n)[1] - partRange(upload, n)[0];
    for (const [n, bytes] of sentOf) if (!done.has(n)) sent += bytes;
    onProgress?.(Math.min(sent, upload.size), upload.size);
  };
  options.onStarted?.(upload);
  report();
  if (upload.status === 'complete') return upload;

  const sendPart = async (n: number) => {
    const [from, to] = partRange(upload, n);
    for (let attempt = 1; ; attempt++) {
      try {
        await send('PUT', partUrl(upload.id, n), file.slice(from, to), uploadedPart, {
          headers: { 'Content-Type': 'application/octet-stream' },
          onProgress: (sent) => {
            sentOf.set(n, sent);
            report();
          },
          ...(signal ? { signal } : {}),
        });
        done.add(n);
        sentOf.delete(n);
        report();
        return;
      } catch (err) {
        sentOf.delete(n);
        report();
        if (signal?.aborted || !isTransportFailure(err) || attempt >= attempts) throw err;
        await wait(Math.min(backoffMs * 2 ** (attempt - 1), 30_000), signal);
      }
    }
  };

  if (!done.has(1)) await sendPart(1);
  const rest = Array.from({ length: upload.partCount }, (_, i) => i + 1).filter((n) => !done.has(n));
  // A few workers take the next part as each finishes: at most `inFlight` parts travel at once, in order.
  let next = 0;
  let failed: Error | undefined;
  const worker = async () => {
    while (next < rest.length && failed === undefined) {
      const n = rest[next++]!;
      try {
        await sendPart(n);
      } catch (err) {
        failed ??= err instanceof Error ? err : new Error(String(err));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, rest.length) }, worker));
  if (failed !== undefined) throw failed;
  return completeUpload(upload.id);
}

/** Drops an upload on the server (the editor cancelled it): its parts, or its file if it was complete. */
export async function cancelResumable(uploadId: string): Promise<void> {
  await cancelUpload(uploadId);
}
