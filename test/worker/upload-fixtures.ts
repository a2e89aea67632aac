// Upload fixtures of the worker tests: tiny files with real signatures (content sniffing accepts them), the
// multipart body the SPA sends, and resumable uploads in a given state, made through the real calls as their owner.
import { exports } from 'cloudflare:workers';
import { BASE, call, sessionCookie, unique } from './helpers';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((ch) => ch.charCodeAt(0)) : p)));

const be32 = (n: number) => [n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];

/**
 * A whole 1x1 PNG (a real image, not only its signature) by default; with a size, the PNG signature and an IHDR
 * chunk declaring `width` × `height` pixels, which is all the worker reads of a picture's size.
 */
export const pngBytes = (width = 1, height = 1) =>
  width === 1 && height === 1
    ? Uint8Array.from(
        atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg=='),
        (ch) => ch.charCodeAt(0),
      )
    : bytes(
        [0x89],
        'PNG\r\n\x1a\n',
        [0, 0, 0, 13],
        'IHDR',
        [...be32(width), ...be32(height), 8, 6, 0, 0, 0],
        [0, 0, 0, 0],
      );
/** MP4: an `ftyp` box of brand isom. */
export const mp4Bytes = () => bytes([0, 0, 0, 0x18], 'ftypisom', [0, 0, 2, 0], 'isomiso2', [0, 0, 0, 8], 'free');
/** WebM: the EBML magic, then the DocType element (0x4282, length 4) saying "webm". */
export const webmBytes = () =>
  bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84], 'webm', [0x42, 0x87, 0x81, 0x02]);

export const pngFile = (name = 'picture.png', width = 1, height = 1) =>
  new File([pngBytes(width, height)], name, { type: 'image/png' });
export const mp4File = (name = 'clip.mp4') => new File([mp4Bytes()], name, { type: 'video/mp4' });
export const webmFile = (name = 'clip.webm') => new File([webmBytes()], name, { type: 'video/webm' });

/**
 * A multipart body the way the SPA sends it: JSON in part `body`, each file in part `blob:{tag}` (bytes become a
 * PNG file named after the tag).
 */
export function multipartBody(body: unknown, files: Record<string, File | Uint8Array<ArrayBuffer>> = {}): FormData {
  const form = new FormData();
  form.append('body', JSON.stringify(body));
  for (const [tag, file] of Object.entries(files))
    form.append(`blob:${tag}`, file instanceof File ? file : new File([file], `${tag}.png`, { type: 'image/png' }));
  return form;
}

/** An MP4 small enough for one part: the first part is sniffed, so it must look like one. */
export const tinyVideo = () => mp4Bytes();

/** A new upload of the tiny video owned by `userId`, with its one part sent unless `open` is asked for; returns its id. */
export async function createUploadOf(
  userId: string,
  state: 'open' | 'sent' | 'complete' = 'complete',
): Promise<string> {
  const cookie = await sessionCookie({ id: userId });
  const bytes = tinyVideo();
  const created = await call('/uploads', {
    method: 'POST',
    cookie,
    body: { size: bytes.length, contentType: 'video/mp4', name: 'clip.mp4', fingerprint: unique('fp') },
  });
  if (created.status !== 201) throw new Error(`POST /uploads: ${created.status} ${created.body.message}`);
  const id = created.body.result.id as string;
  if (state === 'open') return id;
  const part = await exports.default.fetch(
    new Request(`${BASE}/api/uploads/${id}/parts/1`, {
      method: 'PUT',
      headers: { Cookie: cookie, 'Content-Type': 'application/octet-stream' },
      body: bytes,
    }),
  );
  if (part.status !== 200) throw new Error(`PUT part: ${part.status} ${await part.text()}`);
  if (state === 'sent') return id;
  const done = await call(`/uploads/${id}/complete`, { method: 'POST', cookie });
  if (done.status !== 200) throw new Error(`complete: ${done.status} ${done.body.message}`);
  return id;
}
