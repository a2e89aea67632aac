// The bytes of a picture an MCP tool adds: fetched from a URL under the rules of webhook targets (https, a public
// host, never the portal itself; loopback only with WEBHOOKS_ALLOW_LOCAL), or sent as base64. The type is sniffed
// and the size checked again by the upload itself (worker/services/uploads.ts), as for any upload.
import { UPLOAD_LIMITS } from '#schema/limits';
import type { Env } from '../env';
import { outboundUrlProblem, urlRules } from '../services/webhooks';
import { ToolRefusal } from './tool-kit';

/** How long the picture's host has to answer and send it. */
const FETCH_TIMEOUT_MS = 15_000;
const MB = (bytes: number) => Math.round(bytes / 1e6);
const tooLarge = () => new ToolRefusal(`The picture is larger than ${MB(UPLOAD_LIMITS.image)} MB`);

/** The picture's bytes from exactly one of `url` and `base64`. */
export async function pictureBytes(env: Env, source: { url?: string; base64?: string }): Promise<Uint8Array> {
  if ((source.url === undefined) === (source.base64 === undefined))
    throw new ToolRefusal('Give the picture either as `url` or as `base64`, not both');
  return source.url !== undefined ? fetchPicture(env, source.url) : decodeBase64(source.base64!);
}

function decodeBase64(text: string): Uint8Array {
  const clean = text.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
  if (clean.length > Math.ceil(UPLOAD_LIMITS.image / 3) * 4) throw tooLarge();
  try {
    return Uint8Array.from(atob(clean), (ch) => ch.charCodeAt(0));
  } catch {
    throw new ToolRefusal('`base64` is not valid base64');
  }
}

async function fetchPicture(env: Env, url: string): Promise<Uint8Array> {
  const problem = outboundUrlProblem(url, urlRules(env), 'Picture URL');
  if (problem) throw new ToolRefusal(problem);
  let res: Response;
  try {
    // Redirects are not followed: the rules were checked for this address, a redirect could lead anywhere.
    res = await fetch(url, {
      redirect: 'manual',
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      headers: { 'User-Agent': 'SO-Portal-MCP/1', Accept: 'image/*' },
    });
  } catch {
    throw new ToolRefusal('The picture could not be fetched: no answer from its host');
  }
  if (res.status >= 300 && res.status < 400) {
    await res.body?.cancel();
    throw new ToolRefusal('The picture URL redirects elsewhere: give the final address');
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel();
    throw new ToolRefusal(`The picture could not be fetched: its host answered HTTP ${res.status}`);
  }
  if (Number(res.headers.get('Content-Length') ?? 0) > UPLOAD_LIMITS.image) {
    await res.body.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > UPLOAD_LIMITS.image) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}
