// TEMPORARY FIRST CUT (the files helper replaces the internals with streaming parsing, sniffing and limits;
// the exported names and signatures below are the contract routes code against).
import type { Context, MiddlewareHandler } from 'hono';
import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { blobs } from '../../schema/tables';
import type { AppEnv, Db, Env } from '../env';
import { BadRequest } from './errors';
import { formatIssues, mediaType } from './validate';

export type FileKind = 'image' | 'video';

export interface StoredFile {
  /** The R2 key, named by the server: `{kind}/{uuid}.{ext}`; never changes, so it is served as immutable. */
  key: string;
  contentType: string;
  size: number;
  kind: FileKind;
}

export interface Upload<T> {
  /** The validated JSON: the whole body of a JSON request, or the `body` part of a multipart one. */
  body: T;
  /** The stored file of part `blob:{tag}`; 400 when missing or not of `kind`. Marks it used. */
  file(tag: string, kind?: FileKind): StoredFile;
  /** Like file(), but a missing tag (undefined or null) gives undefined. */
  optionalFile(tag: string | null | undefined, kind?: FileKind): StoredFile | undefined;
}

type UploadEnv = AppEnv & { Variables: { upload: Upload<unknown> } };

/**
 * Accepts JSON, or multipart with a `body` part (JSON text or a JSON file) and `blob:{tag}` file parts.
 * Validates the body with `schema` (400 in the shared format). Files go to R2 under server-made keys.
 * If the handler throws or answers >= 400, every stored file is deleted again; on success unused files
 * are deleted and used ones recorded in the `blobs` table with the uploader.
 */
export function withUpload<T extends z.ZodType>(schema: T): MiddlewareHandler<UploadEnv> {
  return async (c, next) => {
    const type = mediaType(c.req.header('Content-Type'));
    let raw: unknown;
    const files = new Map<string, StoredFile>();
    if (type === 'multipart/form-data') {
      const form = await c.req.formData();
      const bodyPart = form.get('body');
      if (bodyPart === null) throw new BadRequest('Missing multipart part "body"');
      try {
        raw = JSON.parse(typeof bodyPart === 'string' ? bodyPart : await bodyPart.text());
      } catch {
        throw new BadRequest('Malformed JSON in part "body"');
      }
      for (const [name, value] of form.entries()) {
        if (!name.startsWith('blob:') || typeof value === 'string') continue;
        const kind: FileKind = value.type.startsWith('video/') ? 'video' : 'image';
        const key = `${kind}/${crypto.randomUUID()}`;
        await c.env.FILES.put(key, await value.arrayBuffer(), { httpMetadata: { contentType: value.type } });
        files.set(name.slice(5), { key, contentType: value.type, size: value.size, kind });
      }
    } else if (/^application\/([\w.-]+\+)?json$/.test(type)) {
      try {
        raw = await c.req.json();
      } catch {
        throw new BadRequest('Malformed JSON in request body');
      }
    } else {
      const { UnsupportedMediaType } = await import('./errors');
      throw new UnsupportedMediaType('Expected application/json or multipart/form-data');
    }
    const used = new Set<string>();
    const cleanup = async (keys: string[]) => { if (keys.length) await c.env.FILES.delete(keys); };
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      await cleanup([...files.values()].map((f) => f.key));
      throw new BadRequest(formatIssues(parsed.error.issues));
    }
    const file = (tag: string, kind?: FileKind) => {
      const f = files.get(tag);
      if (!f) throw new BadRequest(`Missing file part "blob:${tag}"`);
      if (kind && f.kind !== kind) throw new BadRequest(`File part "blob:${tag}" must be an ${kind}`);
      used.add(tag);
      return f;
    };
    c.set('upload', { body: parsed.data, file, optionalFile: (tag, kind) => (tag == null ? undefined : file(tag, kind)) });
    try {
      await next();
    } catch (err) {
      await cleanup([...files.values()].map((f) => f.key));
      throw err;
    }
    if (c.error || c.res.status >= 400) {
      await cleanup([...files.values()].map((f) => f.key));
      return;
    }
    await cleanup([...files.entries()].filter(([t]) => !used.has(t)).map(([, f]) => f.key));
    const userId = c.get('user')?.id ?? null;
    const rows = [...used].map((t) => files.get(t)!).map((f) => ({ key: f.key, contentType: f.contentType, size: f.size, userId }));
    for (let i = 0; i < rows.length; i += 10) await c.get('db').insert(blobs).values(rows.slice(i, i + 10));
  };
}

/** The typed upload of a handler behind withUpload(schema). */
export function upload<T extends z.ZodType>(c: Context, _schema: T): Upload<z.infer<T>> {
  return (c as Context<UploadEnv>).get('upload') as Upload<z.infer<T>>;
}

/** Removes files that an entity no longer names: R2 objects and their `blobs` rows. Call after the D1 write succeeded. */
export async function deleteFiles(env: Pick<Env, 'FILES'>, db: Db, keys: readonly (string | null | undefined)[]): Promise<void> {
  const present = keys.filter((k): k is string => !!k);
  if (present.length === 0) return;
  await env.FILES.delete(present);
  for (let i = 0; i < present.length; i += 90) await db.delete(blobs).where(inArray(blobs.key, present.slice(i, i + 90)));
}
