// What every source (WordPress, Ghost, Markdown) is read into (decision 050): its `scan` step reads the file once and
// writes the authors, terms and totals to `scan.json` and the posts and pages, already in one neutral shape, to chunks
// of 100 in R2 beside the file. The later steps read only the chunk they work on, so a run's cost is linear in the
// file's size, and the phases after the scan (terms, items, links) are the same code for every source.
import type { ImportContext } from './progress';
import type { ImportedStatus } from './write';

export interface SourceAuthor {
  /** The source's own key for the author (WordPress login, Ghost slug, a Markdown author's name). */
  key: string;
  email: string;
  displayName: string;
  firstName: string;
  lastName: string;
}

export interface SourceTerm {
  kind: 'category' | 'tag';
  slug: string;
  name: string;
  /** A category's parent, by slug; '' for none. */
  parent: string;
}

/** The source's status, in WordPress's words (the richest of the three). */
export type SourceStatus = 'publish' | 'draft' | 'pending' | 'future' | 'private' | (string & {});

export interface SourceItem {
  sourceId: string;
  /** Where the item starts in the file (line), for the report; null where there are no lines. */
  line: number | null;
  kind: 'post' | 'page';
  title: string;
  slug: string;
  /** The text as the source wrote it: HTML (WordPress, Ghost) or Markdown. */
  format: 'html' | 'markdown';
  content: string;
  /** Classic WordPress text: blank lines separate paragraphs. */
  autop: boolean;
  /** Where relative links and pictures of the text are resolved. */
  base: string;
  excerpt: string;
  author: string;
  status: SourceStatus;
  restricted: boolean;
  /** When it was published (or is to be); null for none. */
  date: number | null;
  featuredUrl: string | null;
  /** WordPress: the attachment whose file is the featured image (attachments may come after the post). */
  featuredAttachment?: string;
  terms: { kind: 'category' | 'tag'; slug: string }[];
  /** Old URL paths that answer 301 to the new page. */
  oldPaths: string[];
  /** Per item notes of the reading (sticky, sent as a newsletter only...). */
  notes: string[];
}

export interface SourceScan {
  site: string;
  authors: SourceAuthor[];
  terms: SourceTerm[];
  /** How many items the chunks hold. */
  items: number;
  /** WordPress: attachment post id -> its file's address. */
  attachments?: Record<string, string>;
}

/** Items per chunk object: a step reads one chunk and works a slice of it. */
export const CHUNK_ITEMS = 100;

const scanKey = (ctx: ImportContext) => `import/${ctx.row.id}/scan.json`;
const chunkKey = (ctx: ImportContext, n: number) => `import/${ctx.row.id}/items/${n}.json`;

export async function readScan(ctx: ImportContext): Promise<SourceScan> {
  const object = await ctx.env.FILES.get(scanKey(ctx));
  if (!object) throw new Error('The scan of the import is missing');
  return object.json<SourceScan>();
}

export async function writeScan(ctx: ImportContext, scan: SourceScan): Promise<void> {
  await ctx.env.FILES.put(scanKey(ctx), JSON.stringify(scan));
}

/** The items from `start`, at most `count`, read from the one chunk that holds `start`. */
export async function readItems(ctx: ImportContext, start: number, count: number): Promise<SourceItem[]> {
  const n = Math.floor(start / CHUNK_ITEMS);
  const object = await ctx.env.FILES.get(chunkKey(ctx, n));
  if (!object) throw new Error('A chunk of the import is missing');
  const chunk = await object.json<SourceItem[]>();
  const from = start - n * CHUNK_ITEMS;
  return chunk.slice(from, from + count);
}

/** Writes items to chunks as they come: only one chunk is held at a time. */
export class ChunkWriter {
  private buffer: SourceItem[] = [];
  private chunks: number;
  count = 0;
  /** `firstChunk`: where a scan that takes several steps (Markdown) goes on. */
  constructor(
    private readonly ctx: ImportContext,
    firstChunk = 0,
  ) {
    this.chunks = firstChunk;
  }

  async add(item: SourceItem): Promise<void> {
    this.buffer.push(item);
    this.count += 1;
    if (this.buffer.length === CHUNK_ITEMS) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.buffer.length === 0) return;
    await this.ctx.env.FILES.put(chunkKey(this.ctx, this.chunks++), JSON.stringify(this.buffer));
    this.buffer = [];
  }

  /** Keeps a part-filled chunk where it will be (a scan that stops between steps); `resume` takes it up again. */
  async save(): Promise<void> {
    if (this.buffer.length > 0)
      await this.ctx.env.FILES.put(chunkKey(this.ctx, this.chunks), JSON.stringify(this.buffer));
  }

  /** Goes on after `count` items written by an earlier step (its last chunk read back when part-filled). */
  async resume(count: number): Promise<void> {
    this.count = count;
    this.chunks = Math.floor(count / CHUNK_ITEMS);
    this.buffer = [];
    if (count % CHUNK_ITEMS === 0) return;
    const object = await this.ctx.env.FILES.get(chunkKey(this.ctx, this.chunks));
    if (!object) throw new Error('A chunk of the import is missing');
    this.buffer = await object.json<SourceItem[]>();
    if (this.buffer.length !== count % CHUNK_ITEMS) throw new Error('A chunk of the import does not match its scan');
  }
}

/** The portal's state for a source status; null: not imported (trash, auto-draft, inherit). */
export function stateOf(item: SourceItem, now: number): ImportedStatus | null {
  switch (item.status) {
    case 'publish':
    case 'private':
      return { kind: 'published' };
    case 'future':
      return item.date && item.date > now ? { kind: 'scheduled', at: item.date } : { kind: 'published' };
    case 'pending':
      return { kind: 'pending' };
    case 'draft':
      return { kind: 'draft' };
    default:
      return null;
  }
}
