// Pictures of imported items (decision 046): fetched from their source address under the webhook URL rules (https
// only, no IP literal, no local or private name, not the portal itself; loopback only with WEBHOOKS_ALLOW_LOCAL), the
// type sniffed and the size bounded as for uploads, stored in R2 under a server-made key with its `blobs` row. A
// picture imported once is found again by its address (import_sources, kind `media`), so a re-import fetches nothing.
import { and, eq, inArray } from 'drizzle-orm';
import { UPLOAD_LIMITS } from '#schema/limits';
import { blobs, importSources } from '#schema/tables';
import type { Db, Env } from '../env';
import { DIMENSION_BYTES, imageDimensions, MAX_PIXELS, sniff, SNIFF_BYTES } from '#schema/sniff';
import { urlRules, webhookUrlProblem } from '../services/webhooks';

/** A picture that was had: its R2 key. */
export interface StoredPicture {
  key: string;
  width: number;
  height: number;
}

export type MediaOutcome = { ok: true; picture: StoredPicture } | { ok: false; reason: string };

/** One fetch waits this long for the whole file. */
const FETCH_TIMEOUT_MS = 15_000;
const MAX_REDIRECTS = 3;

/** Why the address may not be fetched, or null: the webhook rules, worded for a picture. */
export function mediaUrlProblem(env: Env, url: string): string | null {
  const problem = webhookUrlProblem(url, urlRules(env));
  return problem ? problem.replace(/^Webhook URL/, 'Address') : null;
}

/** Pictures already imported from these addresses (address -> key). */
export async function knownPictures(db: Db, site: string, urls: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (let i = 0; i < urls.length; i += 90) {
    const rows = await db
      .select({ sourceId: importSources.sourceId, key: importSources.entityId })
      .from(importSources)
      .where(
        and(
          eq(importSources.sourceKind, 'media'),
          eq(importSources.sourceSite, site),
          inArray(importSources.sourceId, urls.slice(i, i + 90)),
        ),
      );
    for (const row of rows) found.set(row.sourceId, row.key);
  }
  return found;
}

/** The body, up to `limit` bytes; null past it. */
async function readBounded(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/** Fetches one picture and stores it; never throws for the source's trouble (the reason goes to the report). */
export async function fetchPicture(env: Env, db: Db, userId: string | null, url: string): Promise<MediaOutcome> {
  let address = url;
  let res: Response | null = null;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const problem = mediaUrlProblem(env, address);
    if (problem) return { ok: false, reason: problem };
    try {
      res = await fetch(address, { redirect: 'manual', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    } catch (err) {
      return {
        ok: false,
        reason: err instanceof Error && err.name === 'TimeoutError' ? 'Timed out' : 'Could not connect',
      };
    }
    const location = res.headers.get('Location');
    if (res.status >= 300 && res.status < 400 && location) {
      await res.body?.cancel();
      address = new URL(location, address).href;
      continue;
    }
    break;
  }
  if (!res || !res.ok || !res.body) {
    await res?.body?.cancel();
    return { ok: false, reason: res ? `Answered HTTP ${res.status}` : 'Too many redirects' };
  }
  const bytes = await readBounded(res.body as ReadableStream<Uint8Array>, UPLOAD_LIMITS.image);
  if (!bytes) return { ok: false, reason: `Larger than ${UPLOAD_LIMITS.image / 1024 / 1024} MiB` };
  return storePicture(env, db, userId, bytes);
}

/** Stores picture bytes (sniffed, bounded in pixels) in R2 with their `blobs` row. */
export async function storePicture(env: Env, db: Db, userId: string | null, bytes: Uint8Array): Promise<MediaOutcome> {
  const type = sniff(bytes.subarray(0, SNIFF_BYTES));
  if (!type || type.kind !== 'image') return { ok: false, reason: 'Not a JPEG, PNG, GIF, WebP or AVIF picture' };
  const size = imageDimensions(bytes.subarray(0, DIMENSION_BYTES), type);
  if (size === 'more' || size === 'invalid') return { ok: false, reason: 'Its size in pixels cannot be read' };
  if (size.width * size.height > MAX_PIXELS) return { ok: false, reason: 'More than 40 megapixels' };
  const key = `image/${crypto.randomUUID()}.${type.ext}`;
  // The row first, whole (the bytes are in hand: size and dimensions are known), so a crash before or during the put
  // leaves an unreferenced row the Cron Trigger's sweep removes (with the object, if any). One statement a picture,
  // not an insert and an update (decision 047's speed work).
  await db.insert(blobs).values({
    key,
    contentType: type.contentType,
    size: bytes.length,
    width: size.width,
    height: size.height,
    userId,
  });
  await env.FILES.put(key, bytes, { httpMetadata: { contentType: type.contentType } });
  return { ok: true, picture: { key, width: size.width, height: size.height } };
}
