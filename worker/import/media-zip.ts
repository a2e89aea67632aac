// The uploads ZIP given beside an export (issue 30): WordPress's `wp-content/uploads` or Ghost's `content/images`,
// kept in R2 beside the file (`imports.media_key`) and read by range like every archive (zip-reader.ts). A picture the
// text names is taken from it, by path, before any fetch: its address's path after `wp-content/uploads/` or
// `content/images/` is looked up among the archive's files with the same folder stripped (so a ZIP of the folder
// itself, of its parent or of the site's root all match). Other addresses, and those the ZIP lacks, are fetched.
import { UPLOAD_LIMITS } from '#schema/limits';
import { ImportFailure } from './errors';
import type { ArchivePictures } from './markdown';
import { fetchPicture, storePicture } from './media';
import type { ImportContext } from './progress';
import { entryChunks, zipEntries, ZipFormatError, type ZipEntryInfo } from './zip-reader';

/** The folders the platforms keep their uploads in; an address's path after one of them names the file. */
const UPLOAD_FOLDERS = [
  /(?:^|\/)wp-content\/uploads\//,
  /(?:^|\/)content\/images\//,
  /(?:^|\/)uploads\//,
  /(?:^|\/)images\//,
];

/** The path under the uploads folder, or null when the path names none of the folders. */
export function uploadsPath(path: string): string | null {
  for (const folder of UPLOAD_FOLDERS) {
    const m = folder.exec(path);
    if (m) return path.slice(m.index + m[0].length);
  }
  return null;
}

/** An archive entry's path as `uploadsPath` names it: under its uploads folder, else the whole name. */
const entryPath = (name: string) => uploadsPath(name) ?? name;

export async function mediaZipPictures(ctx: ImportContext, key: string): Promise<ArchivePictures> {
  let entries: ZipEntryInfo[];
  try {
    entries = await zipEntries(ctx.env.FILES, key);
  } catch (err) {
    if (err instanceof ZipFormatError) throw new ImportFailure(`The media ZIP: ${err.message}`);
    throw err;
  }
  const byPath = new Map<string, ZipEntryInfo>();
  for (const e of entries)
    if (!e.name.endsWith('/') && !/(^|\/)(__MACOSX|\.)/.test(e.name)) byPath.set(entryPath(e.name), e);
  const entryOf = (url: string): ZipEntryInfo | undefined => {
    let path: string;
    try {
      path = decodeURIComponent(new URL(url).pathname.slice(1));
    } catch {
      return undefined;
    }
    const under = uploadsPath(path);
    return under === null ? undefined : byPath.get(under);
  };
  return {
    // The address stays the picture's name: one not in the ZIP is fetched from it, listed with it when missing.
    keyOf: (url) => url,
    async fetch(url) {
      const entry = entryOf(url);
      if (!entry) return fetchPicture(ctx.env, ctx.db, ctx.adminId, url);
      if (entry.size > UPLOAD_LIMITS.image)
        return { ok: false, reason: `Larger than ${UPLOAD_LIMITS.image / 1024 / 1024} MiB` };
      const bytes = new Uint8Array(entry.size);
      let offset = 0;
      for await (const chunk of entryChunks(ctx.env.FILES, key, entry)) {
        if (offset + chunk.length > entry.size) return { ok: false, reason: 'Longer in the ZIP than it says' };
        bytes.set(chunk, offset);
        offset += chunk.length;
      }
      return storePicture(ctx.env, ctx.db, ctx.adminId, bytes);
    },
  };
}
