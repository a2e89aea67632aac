// Extra test helpers for categories, news, image options and search tests: tiny real files and multipart bodies.
import { blobs } from '../../schema/tables';
import { db } from './helpers';

/** A 1x1 PNG: passes the upload helper's content sniffing as an image. */
export const PNG_BYTES = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg=='),
  (ch) => ch.charCodeAt(0),
);

/** A multipart request body: the JSON `body` part and `blob:{tag}` file parts. */
export function multipart(body: unknown, files: Record<string, Uint8Array<ArrayBuffer>> = {}): FormData {
  const form = new FormData();
  form.set('body', JSON.stringify(body));
  for (const [tag, bytes] of Object.entries(files))
    form.set(`blob:${tag}`, new File([bytes], `${tag}.png`, { type: 'image/png' }));
  return form;
}

/** A `blobs` row as an upload leaves it (the R2 object itself is not needed by the calls that read the row). */
export async function createBlob(
  userId: string | null,
  key = `image/${crypto.randomUUID()}.png`,
): Promise<{ key: string }> {
  await db().insert(blobs).values({ key, contentType: 'image/png', size: PNG_BYTES.length, userId });
  return { key };
}
