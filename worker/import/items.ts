// The `items` phase of every source (decisions 046, 047, 050): 25 items a step, read from the one chunk that holds
// them (never the whole file again), each converted to document nodes, its pictures stored, and written as one D1
// batch (writeArticle), so a failure leaves whole items only.
import { DOCUMENT_VERSION, type ArticleDocument } from '#schema/document';
import { fitDocument } from './fit-document';
import { htmlToDocument, type Converted } from './html-to-document';
import { parseHtml, textOf } from './html-tree';
import { markdownToDraft } from './markdown-content';
import { versionPictures, type ArchivePictures } from './markdown';
import { placePictures, recordPictures } from './pictures';
import type { ImportContext, ImportProgress } from './progress';
import { readItems, readScan, stateOf, type SourceItem } from './source';
import { PAGES_CATEGORY, sharedScope, termKey } from './terms';
import { documentProblem, knownEntities, writeArticle } from './write';

/** Items written per step: each may fetch a few pictures (subrequests) and is one D1 batch. */
export const ITEMS_PER_STEP = 25;

function convert(item: SourceItem): Converted {
  if (item.format === 'markdown') return markdownToDraft(item.content, item.base);
  return htmlToDocument(item.content, { autop: item.autop, base: item.base || undefined });
}

const excerptText = (item: SourceItem) =>
  (item.format === 'html' ? textOf(parseHtml(item.excerpt)) : item.excerpt).replace(/\s+/g, ' ').trim();

/** Writes the next items; false once the last was written. */
export async function items(ctx: ImportContext, progress: ImportProgress, archive?: ArchivePictures): Promise<boolean> {
  const source = await readScan(ctx);
  const scope = { ...ctx.scope, site: source.site };
  const start = Number(progress.cursor.items ?? 0);
  const batch = start < source.items ? await readItems(ctx, start, ITEMS_PER_STEP) : [];
  const existing = await knownEntities(
    ctx.db,
    scope,
    'article',
    batch.map((i) => i.sourceId),
  );
  const categoryIds = await knownEntities(
    ctx.db,
    scope,
    'category',
    batch.flatMap((i) => i.terms.map(termKey)),
  );
  const [pagesId] = (await knownEntities(ctx.db, sharedScope(ctx), 'category', [PAGES_CATEGORY.sourceId])).values();
  const now = Date.now();
  for (const item of batch) {
    const kind = item.kind === 'post' ? 'articles' : 'pages';
    const note = (text: string) => progress.note({ postId: item.sourceId, title: item.title, line: item.line }, text);
    const state = stateOf(item, now);
    if (!state) {
      progress.count(kind, 'skipped');
      note(`status "${item.status}" not imported`);
      continue;
    }
    try {
      const target = { id: existing.get(item.sourceId) ?? crypto.randomUUID(), exists: existing.has(item.sourceId) };
      const content = convert(item);
      const terms = item.terms.map((t) => categoryIds.get(termKey(t))).filter((id): id is string => !!id);
      if (item.kind === 'page' && pagesId) terms.unshift(pagesId);
      const featuredUrl =
        item.featuredUrl ?? (item.featuredAttachment ? source.attachments?.[item.featuredAttachment] : null) ?? null;
      const media = await placePictures(
        ctx,
        scope.site,
        archive ? versionPictures(content.blocks, archive) : content.blocks,
        featuredUrl && archive ? archive.keyOf(featuredUrl) : featuredUrl,
        (url, reason) => progress.missing({ url, articleId: target.id, title: item.title, reason }),
        archive?.fetch,
      );
      const fitted = fitDocument(media.blocks);
      const body: ArticleDocument = { version: DOCUMENT_VERSION, children: fitted.blocks };
      const problem = documentProblem(body);
      if (problem) throw new Error(problem);
      const written = await writeArticle(
        ctx.db,
        scope,
        ctx.audit,
        {
          sourceId: item.sourceId,
          title: item.title,
          slug: item.slug,
          teaser: excerptText(item),
          body,
          media: media.gallery,
          thumbnailKey: media.featuredKey,
          categoryIds: terms.filter(Boolean),
          userId: progress.authorMap[item.author] ?? ctx.adminId,
          status: state,
          restricted: item.restricted,
          createdAt: item.date ?? now,
          oldPaths: item.oldPaths,
        },
        target,
        ctx.adminId,
      );
      await recordPictures(ctx, scope, media.fetched);
      progress.count(kind, written.created ? 'created' : 'updated');
      progress.item({ sourceId: item.sourceId, title: item.title, articleId: written.id, created: written.created });
      for (const text of [...content.notes, ...fitted.notes, ...item.notes]) note(text);
    } catch (err) {
      progress.count(kind, 'failed');
      note(`not imported: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  const next = start + batch.length;
  progress.cursor =
    batch.length > 0 && next < source.items ? { phase: 'items', items: next } : { phase: 'links', after: '' };
  progress.done = Math.min(progress.total, next);
  return true;
}
