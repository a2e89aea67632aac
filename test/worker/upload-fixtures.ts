// Resumable uploads for tests that need one in a given state, made through the real calls as its owner.
import { exports } from 'cloudflare:workers';
import { mp4Bytes } from './content-factories';
import { BASE, call, sessionCookie, unique } from './helpers';

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
