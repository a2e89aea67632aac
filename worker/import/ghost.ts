// A Ghost JSON export (Ghost 4 and 5, Settings › Labs › Export; decision 050) read into the neutral shape of
// `source.ts`. The file is JSON, which has no stream reader here: it is parsed whole once, in the scan, and is
// therefore bounded (GHOST_LIMIT, 413 past it at receive). Posts and pages keep their `html` (Ghost writes it beside
// the Lexical or mobiledoc source); without it the Lexical or mobiledoc content is read. Tags become categories
// (Ghost has no other taxonomy), its internal `#tags` categories under "Tags"; old paths are Ghost's `/{slug}/`.
import { ImportFailure } from './errors';
import { lexicalToHtml, mobiledocToHtml } from './ghost-content';
import type { ImportContext, ImportProgress } from './progress';
import { ChunkWriter, writeScan, type SourceItem, type SourceScan, type SourceTerm } from './source';

/** The largest Ghost export read: it is parsed whole in one step of 128 MB. */
export const GHOST_LIMIT = 24 * 1024 * 1024;

/** Where Ghost 5's `__GHOST_URL__` points when the admin gave no address: nowhere (its pictures are reported). */
export const GHOST_NO_SITE = 'https://ghost.invalid';

/** Whether the start of a file is a Ghost export: JSON with Ghost's `meta.exported_on` and a version. */
export function looksLikeGhost(head: string): boolean {
  return /^\s*\{/.test(head) && /"exported_on"\s*:/.test(head) && /"version"\s*:\s*"\d/.test(head);
}

type Row = Record<string, unknown>;
interface GhostData {
  posts?: Row[];
  tags?: Row[];
  users?: Row[];
  posts_tags?: Row[];
  posts_authors?: Row[];
  posts_meta?: Row[];
}

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

function dataOf(json: unknown): GhostData {
  const root = json as { db?: { data?: GhostData }[]; data?: GhostData };
  const data = root?.db?.[0]?.data ?? root?.data;
  if (!data || !Array.isArray(data.posts)) throw new ImportFailure('Not a Ghost export: no "db[0].data.posts" list');
  return data;
}

/** Groups join rows (posts_tags, posts_authors) by post, in their sort order. */
function byPost(rows: Row[] | undefined, key: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const sorted = [...(rows ?? [])].sort((a, b) => Number(a.sort_order ?? 0) - Number(b.sort_order ?? 0));
  for (const row of sorted) {
    const list = out.get(str(row.post_id)) ?? [];
    list.push(str(row[key]));
    out.set(str(row.post_id), list);
  }
  return out;
}

const STATUS: Record<string, string> = { published: 'publish', sent: 'publish', draft: 'draft', scheduled: 'future' };

export async function scanGhost(ctx: ImportContext, progress: ImportProgress): Promise<void> {
  const object = await ctx.env.FILES.get(ctx.row.fileKey);
  if (!object) throw new Error('The import file is missing');
  if (object.size > GHOST_LIMIT) throw new ImportFailure('The Ghost export is larger than the importer reads');
  let data: GhostData;
  try {
    data = dataOf(JSON.parse(await object.text()));
  } catch (err) {
    if (err instanceof ImportFailure) throw err;
    throw new ImportFailure(`Malformed JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  const site = (progress.report.site || GHOST_NO_SITE).replace(/\/+$/, '');
  const tags = new Map((data.tags ?? []).map((t) => [str(t.id), t]));
  const users = new Map((data.users ?? []).map((u) => [str(u.id), u]));
  const tagsOf = byPost(data.posts_tags, 'tag_id');
  const authorsOf = byPost(data.posts_authors, 'author_id');
  const meta = new Map((data.posts_meta ?? []).map((m) => [str(m.post_id), m]));
  const termOf = (tag: Row): SourceTerm => {
    const internal = str(tag.visibility) === 'internal' || str(tag.name).startsWith('#');
    return { kind: internal ? 'tag' : 'category', slug: str(tag.slug), name: str(tag.name), parent: '' };
  };
  const scan: SourceScan = {
    site,
    authors: [...users.values()].map((u) => {
      const [first = '', ...rest] = str(u.name).split(' ');
      return {
        key: str(u.slug),
        email: str(u.email),
        displayName: str(u.name),
        firstName: first,
        lastName: rest.join(' '),
      };
    }),
    terms: [...tags.values()].map(termOf),
    items: 0,
  };
  const detected: Record<string, number> = { posts: 0, pages: 0, other: 0 };
  const chunks = new ChunkWriter(ctx);
  for (const post of data.posts ?? []) {
    const type = str(post.type) || 'post';
    if (type !== 'post' && type !== 'page') {
      detected.other! += 1;
      continue;
    }
    detected[type === 'post' ? 'posts' : 'pages']! += 1;
    await chunks.add(normalize(post, site, { tags, users, tagsOf, authorsOf, meta }));
  }
  await chunks.flush();
  scan.items = chunks.count;
  await writeScan(ctx, scan);
  const categoryCount = scan.terms.filter((t) => t.kind === 'category').length;
  progress.report.detected = {
    ...detected,
    authors: scan.authors.length,
    categories: categoryCount,
    tags: scan.terms.length - categoryCount,
  };
  progress.report.site = site;
  progress.total = scan.items;
}

interface Lookups {
  tags: Map<string, Row>;
  users: Map<string, Row>;
  tagsOf: Map<string, string[]>;
  authorsOf: Map<string, string[]>;
  meta: Map<string, Row>;
}

function normalize(post: Row, site: string, l: Lookups): SourceItem {
  const id = str(post.id);
  const notes: string[] = [];
  const ghostUrl = (s: string) => s.replaceAll('__GHOST_URL__', () => site);
  let format: SourceItem['format'] = 'html';
  let content = str(post.html);
  if (!content && str(post.lexical)) content = lexicalToHtml(str(post.lexical));
  else if (!content && str(post.mobiledoc)) {
    const read = mobiledocToHtml(str(post.mobiledoc));
    if (read.markdown !== null) {
      format = 'markdown';
      content = read.markdown;
    } else content = read.html;
  }
  const status = STATUS[str(post.status)] ?? str(post.status);
  if (str(post.status) === 'sent') notes.push('sent as a newsletter only: imported as published');
  if (Number(post.featured) === 1 || post.featured === true) notes.push('featured post: not marked in the portal');
  const authorId = l.authorsOf.get(id)?.[0] ?? str(post.author_id);
  const date = Date.parse(str(post.published_at) || str(post.created_at));
  const feature = str(post.feature_image);
  const slug = str(post.slug);
  return {
    sourceId: id,
    line: null,
    kind: str(post.type) === 'page' ? 'page' : 'post',
    title: str(post.title),
    slug,
    format,
    content: ghostUrl(content),
    autop: false,
    base: site,
    excerpt: str(post.custom_excerpt) || str(l.meta.get(id)?.meta_description),
    author: str(l.users.get(authorId)?.slug),
    status,
    restricted: !!str(post.visibility) && str(post.visibility) !== 'public',
    date: Number.isNaN(date) ? null : date,
    featuredUrl: feature ? ghostUrl(feature) : null,
    terms: (l.tagsOf.get(id) ?? []).flatMap((tagId) => {
      const tag = l.tags.get(tagId);
      if (!tag) return [];
      const term = { kind: str(tag.visibility) === 'internal' || str(tag.name).startsWith('#'), slug: str(tag.slug) };
      return [{ kind: term.kind ? ('tag' as const) : ('category' as const), slug: term.slug }];
    }),
    oldPaths: slug ? [`/${slug}/`] : [],
    notes,
  };
}
