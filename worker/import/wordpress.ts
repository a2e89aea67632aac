// A WordPress export (WXR) read once, as a stream (decisions 046, 047, 050): the scan turns its authors, categories,
// tags and items into the neutral shape of `source.ts` (items in chunks in R2), so a malformed or truncated file fails
// before anything is written; the scan itself goes over as many steps as the file's size needs (16 MiB each). The
// phases after the scan are the same for every source (`phases.ts`).
import type { ImportContext, ImportProgress } from './progress';
import { ChunkWriter, readScan, writeScan, type SourceScan } from './source';
import { sourcePath } from './links';
import { readWxr, type WxrItem, type WxrResumePoint } from './wxr';

/** When a WordPress date ("2024-05-01 09:30:00", UTC for the _gmt one) is, or null for none (drafts have zeros). */
function wpDate(gmt: string, local: string): number | null {
  for (const value of [gmt, local]) {
    if (!value || value.startsWith('0000')) continue;
    const at = Date.parse(value.replace(' ', 'T') + 'Z');
    if (!Number.isNaN(at)) return at;
  }
  return null;
}

/**
 * How much of the file one `scan` step reads (decision 047): it stops after the first item that ends past this many
 * bytes from where it began, so a 2 GB export is read over many queue invocations, each within the CPU limit.
 */
export const WXR_SCAN = { stepBytes: 16 * 1024 * 1024 };

/**
 * One step of the scan; true once the file was read to its end. A step that stops keeps what it has (scan.json, the
 * part-filled chunk, the counts) and its resume point in the cursor (byte and line after an `</item>`); the next one
 * reads on from there by an R2 range read with a new parser (`readWxr`'s `from`).
 */
export async function scanWordpress(ctx: ImportContext, progress: ImportProgress): Promise<boolean> {
  const from =
    typeof progress.cursor.byte === 'number'
      ? { byte: progress.cursor.byte, line: Number(progress.cursor.line ?? 1) }
      : undefined;
  const object = await ctx.env.FILES.get(ctx.row.fileKey, from ? { range: { offset: from.byte } } : undefined);
  if (!object) throw new Error('The import file is missing');
  const scan: SourceScan = from ? await readScan(ctx) : { site: '', authors: [], terms: [], items: 0, attachments: {} };
  scan.attachments ??= {};
  const detected: Record<string, number> = from
    ? { ...progress.report.detected }
    : { posts: 0, pages: 0, attachments: 0, comments: 0, other: 0 };
  const chunks = new ChunkWriter(ctx);
  if (from) await chunks.resume(scan.items);
  const stopAfter = (from?.byte ?? 0) + WXR_SCAN.stepBytes;
  let stop: WxrResumePoint | null = null;
  for await (const event of readWxr(object.body as ReadableStream<Uint8Array>, from)) {
    if (event.type === 'site') scan.site = event.url.replace(/\/+$/, '');
    else if (event.type === 'author') {
      const a = event.author;
      scan.authors.push({
        key: a.login,
        email: a.email,
        displayName: a.displayName,
        firstName: a.firstName,
        lastName: a.lastName,
      });
    } else if (event.type === 'term') scan.terms.push(event.term);
    else {
      const item = event.item;
      detected.comments! += item.comments;
      if (item.postType === 'attachment') {
        detected.attachments! += 1;
        if (item.attachmentUrl) scan.attachments[item.postId] = item.attachmentUrl;
      } else if (item.postType === 'post' || item.postType === 'page') {
        detected[item.postType === 'post' ? 'posts' : 'pages']! += 1;
        await chunks.add(normalize(item, scan.site));
      } else detected.other! += 1;
      if (event.read >= stopAfter) {
        stop = event.end();
        break;
      }
    }
  }
  scan.items = chunks.count;
  if (stop) {
    await chunks.save();
    await writeScan(ctx, scan);
    progress.report.detected = detected;
    progress.cursor = { ...progress.cursor, phase: 'scan', byte: stop.byte, line: stop.line };
    return false;
  }
  await chunks.flush();
  await writeScan(ctx, scan);
  const categoryCount = scan.terms.filter((t) => t.kind === 'category').length;
  progress.report.detected = {
    ...detected,
    authors: scan.authors.length,
    categories: categoryCount,
    tags: scan.terms.length - categoryCount,
  };
  progress.report.site = scan.site;
  progress.total = scan.items;
  return true;
}

function normalize(item: WxrItem, site: string) {
  const link = sourcePath(site, item.link);
  const page = item.postType === 'page';
  return {
    sourceId: item.postId,
    line: item.line,
    kind: page ? ('page' as const) : ('post' as const),
    title: item.title,
    slug: item.slug,
    format: 'html' as const,
    content: item.content,
    autop: !item.content.includes('<!-- wp:'),
    base: site,
    excerpt: item.excerpt,
    author: item.creator,
    status: item.status,
    restricted: item.password !== '' || item.status === 'private',
    date: wpDate(item.postDateGmt, item.postDate),
    featuredUrl: null,
    ...(item.meta._thumbnail_id ? { featuredAttachment: item.meta._thumbnail_id } : {}),
    terms: item.terms
      .filter((t) => t.domain === 'category' || t.domain === 'post_tag')
      .map((t) => ({ kind: t.domain === 'post_tag' ? ('tag' as const) : ('category' as const), slug: t.slug })),
    oldPaths: [...(link ? [link] : []), `/?${page ? 'page_id' : 'p'}=${item.postId}`],
    notes: item.sticky ? ['sticky post: not marked in the portal'] : [],
  };
}
