// A ZIP of Markdown files with YAML front matter (decision 050), read into the neutral shape of `source.ts`. The
// archive stays in R2 and is read by range (zip-reader.ts); its scan takes 100 files a step (each file is two range
// reads), so a large archive never needs more than a few hundred subrequests in one step. Pictures the files name by
// a relative path are read from the archive itself; web addresses are fetched as for any import.
import { slugify } from '#schema/slugify';
import { UPLOAD_LIMITS } from '#schema/limits';
import type { DraftBlock } from './html-to-document';
import { ImportFailure } from './errors';
import { namesOf, splitFrontMatter, type FrontMatterValue } from './front-matter';
import { fetchPicture, storePicture } from './media';
import type { PictureFetch } from './pictures';
import type { ImportContext, ImportProgress } from './progress';
import { CHUNK_ITEMS, ChunkWriter, readScan, writeScan, type SourceItem, type SourceScan } from './source';
import { entryChunks, zipEntries, ZipFormatError, type ZipEntryInfo } from './zip-reader';

/** The address files of the archive are resolved against: never fetched, read from the archive instead. */
export const ARCHIVE_ORIGIN = 'https://archive.invalid';
/** A Markdown file longer than this fails the import: no post is that long. */
const MAX_FILE = 4 * 1024 * 1024;

/** Whether the start of a file is a ZIP archive (any other than the portal's own export is read as Markdown). */
export function looksLikeZip(head: Uint8Array): boolean {
  return head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 3 && head[3] === 4;
}

const isMarkdown = (e: ZipEntryInfo) =>
  /\.(md|markdown)$/i.test(e.name) && !/(^|\/)(__MACOSX|\.)/.test(e.name) && !e.name.endsWith('/');

/** What reading the archive needs of an import's context (a retry has no more). */
type ArchiveContext = Pick<ImportContext, 'env' | 'db' | 'row' | 'adminId'>;

async function entries(ctx: ArchiveContext): Promise<ZipEntryInfo[]> {
  try {
    return await zipEntries(ctx.env.FILES, ctx.row.fileKey);
  } catch (err) {
    if (err instanceof ZipFormatError) throw new ImportFailure(err.message);
    throw err;
  }
}

async function entryBytes(ctx: ArchiveContext, entry: ZipEntryInfo, limit: number): Promise<Uint8Array | null> {
  if (entry.size > limit) return null;
  const out = new Uint8Array(entry.size);
  let offset = 0;
  for await (const chunk of entryChunks(ctx.env.FILES, ctx.row.fileKey, entry)) {
    if (offset + chunk.length > entry.size) throw new ImportFailure(`${entry.name}: longer than the archive says`);
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/** The next 100 Markdown files of the archive into one chunk; true once all are read. */
export async function scanMarkdown(ctx: ImportContext, progress: ImportProgress): Promise<boolean> {
  const files = (await entries(ctx)).filter(isMarkdown).sort((a, b) => (a.name < b.name ? -1 : 1));
  if (files.length === 0) throw new ImportFailure('The ZIP holds no Markdown (.md) files');
  const step = Number(progress.cursor.file ?? 0) / CHUNK_ITEMS;
  const scan: SourceScan =
    step === 0 ? { site: ARCHIVE_ORIGIN, authors: [], terms: [], items: 0 } : await readScan(ctx);
  const chunks = new ChunkWriter(ctx, step);
  const now = Date.now();
  const known = new Set(scan.terms.map((t) => `${t.kind}:${t.slug}`));
  const authors = new Set(scan.authors.map((a) => a.key));
  let pages = Number(progress.report.detected?.pages ?? 0);
  for (const entry of files.slice(step * CHUNK_ITEMS, (step + 1) * CHUNK_ITEMS)) {
    const bytes = await entryBytes(ctx, entry, MAX_FILE);
    if (!bytes) throw new ImportFailure(`${entry.name} is larger than ${MAX_FILE / 1024 / 1024} MiB`);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    } catch {
      throw new ImportFailure(`${entry.name} is not UTF-8 text`);
    }
    const item = itemOf(entry.name, text, now);
    for (const term of item.terms) {
      if (known.has(`${term.kind}:${term.slug}`)) continue;
      known.add(`${term.kind}:${term.slug}`);
      scan.terms.push({ kind: term.kind, slug: term.slug, name: term.name, parent: '' });
    }
    if (item.author && !authors.has(item.author)) {
      authors.add(item.author);
      const [first = '', ...rest] = item.author.split(' ');
      scan.authors.push({
        key: item.author,
        email: '',
        displayName: item.author,
        firstName: first,
        lastName: rest.join(' '),
      });
    }
    if (item.kind === 'page') pages += 1;
    await chunks.add({ ...item, terms: item.terms.map(({ kind, slug }) => ({ kind, slug })) });
  }
  await chunks.flush();
  scan.items += chunks.count;
  await writeScan(ctx, scan);
  const done = (step + 1) * CHUNK_ITEMS >= files.length;
  const categories = scan.terms.filter((t) => t.kind === 'category').length;
  progress.report.detected = {
    files: files.length,
    posts: scan.items - pages,
    pages,
    authors: scan.authors.length,
    categories,
    tags: scan.terms.length - categories,
  };
  // The `site` part (the old site's address) is kept: a retry fetches the pictures the archive lacks from there.
  progress.report.site ??= '';
  progress.total = files.length;
  if (!done) progress.cursor = { phase: 'scan', file: (step + 1) * CHUNK_ITEMS };
  return done;
}

const text = (v: FrontMatterValue | undefined) => (typeof v === 'string' ? v.trim() : '');

/** A front matter date (YAML's forms: `2024-03-01`, `2024-03-01 08:30:00 +01:00`, ISO) or the file name's. */
function dateOf(v: FrontMatterValue | undefined, name: string): number | null {
  const raw = text(v) || /(?:^|\/)(\d{4}-\d{2}-\d{2})-[^/]*$/.exec(name)?.[1] || '';
  const m = /^(\d{4}-\d{2}-\d{2})(?:[Tt ]+(\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/.exec(
    raw,
  );
  if (!m) return null;
  const [hours = '00', minutes = '00', seconds = '00'] = (m[2] ?? '').split(':');
  const time = `${hours.padStart(2, '0')}:${minutes}:${seconds}`;
  const offset = (m[3] ?? 'Z').replace(':', '');
  const zone = offset === 'Z' ? 'Z' : `${offset.slice(0, 3)}:${offset.slice(3) || '00'}`;
  const at = Date.parse(`${m[1]}T${time}${zone}`);
  return Number.isNaN(at) ? null : at;
}

type ReadItem = Omit<SourceItem, 'terms'> & { terms: { kind: 'category' | 'tag'; slug: string; name: string }[] };

/** One Markdown file as an item: its front matter read, its pictures' paths resolved against its place. */
function itemOf(name: string, source: string, now: number): ReadItem {
  const { data, body } = splitFrontMatter(source);
  const base = new URL(name.split('/').map(encodeURIComponent).join('/'), `${ARCHIVE_ORIGIN}/`).href;
  const stem = (name.split('/').pop() ?? name).replace(/\.(md|markdown)$/i, '');
  let content = body;
  let title = text(data.title);
  const heading = /^\s*#\s+(.+?)\s*#*\s*(?:\n|$)/.exec(body);
  if (!title && heading) {
    title = heading[1]!;
    content = body.slice(heading[0].length);
  }
  const slug = slugify(text(data.slug) || stem.replace(/^\d{4}-\d{2}-\d{2}-/, '') || title);
  const date = dateOf(data.date, name);
  const draft = data.draft === true || data.published === false;
  const image = text(data.image) || text(data.cover) || text(data.feature_image) || text(data.thumbnail);
  let featuredUrl: string | null = null;
  try {
    if (image) featuredUrl = new URL(image, base).href;
  } catch {
    featuredUrl = null;
  }
  const page = text(data.type) === 'page' || text(data.layout) === 'page';
  const named = (kind: 'category' | 'tag', names: string[]) => names.map((n) => ({ kind, slug: slugify(n), name: n }));
  const oldPaths = [text(data.url), text(data.permalink), ...namesOf(data.aliases), `/${slug}/`].filter((p) =>
    p.startsWith('/'),
  );
  return {
    sourceId: name,
    line: null,
    kind: page ? 'page' : 'post',
    title: title || stem,
    slug,
    format: 'markdown',
    content,
    autop: false,
    base,
    excerpt: text(data.excerpt) || text(data.description) || text(data.summary),
    author: text(data.author),
    status: draft ? 'draft' : date && date > now ? 'future' : 'publish',
    restricted: false,
    date,
    featuredUrl: featuredUrl && /^https?:/.test(featuredUrl) ? featuredUrl : null,
    terms: [...named('category', namesOf(data.categories ?? data.category)), ...named('tag', namesOf(data.tags))],
    oldPaths,
    notes: [],
  };
}

/** Pictures of a Markdown archive: the archive's own files by their path, versioned by their CRC (see `keyOf`). */
export interface ArchivePictures {
  /** The address a picture is remembered by: an archive path gets its file's CRC, so another archive's same path differs. */
  keyOf(url: string): string;
  fetch: PictureFetch;
}

export async function archivePictures(ctx: ArchiveContext): Promise<ArchivePictures> {
  const byPath = new Map((await entries(ctx)).map((e) => [e.name, e]));
  const entryOf = (url: string) => {
    const parsed = new URL(url);
    if (parsed.origin !== ARCHIVE_ORIGIN) return undefined;
    return byPath.get(decodeURIComponent(parsed.pathname.slice(1))) ?? null;
  };
  return {
    keyOf(url) {
      const entry = entryOf(url);
      return entry ? `${url.split('?')[0]}?crc=${entry.crc32.toString(16)}` : url;
    },
    async fetch(url) {
      const entry = entryOf(url);
      if (entry === undefined) return fetchPicture(ctx.env, ctx.db, ctx.adminId, url);
      if (entry === null) return { ok: false, reason: 'Not in the archive' };
      const bytes = await entryBytes(ctx, entry, UPLOAD_LIMITS.image);
      if (!bytes) return { ok: false, reason: `Larger than ${UPLOAD_LIMITS.image / 1024 / 1024} MiB` };
      return storePicture(ctx.env, ctx.db, ctx.adminId, bytes);
    },
  };
}

/** The blocks' archive pictures named by their versioned address. */
export function versionPictures(blocks: DraftBlock[], pictures: ArchivePictures): DraftBlock[] {
  return blocks.map((b) => (b.type === 'sourceImage' ? { ...b, src: pictures.keyOf(b.src) } : b));
}
