// The `items` phase of every source (decisions 046, 047, 050): one chunk of 100 items a step, read from the one chunk that holds
// them (never the whole file again), each converted to document nodes, its pictures stored, and written as one D1
// batch (writeArticle), so a failure leaves whole items only.
import { DOCUMENT_VERSION, type ArticleDocument } from '#schema/document';
import { fitDocument } from './fit-document';
import { htmlToDocument, type Converted } from './html-to-document';
import { parseHtml, textOf } from './html-tree';
import { markdownToDraft } from './markdown-content';
import { versionPictures, type ArchivePictures } from './markdown';
import { pictureUrls, placePictures, StepPictures } from './pictures';
import type { ImportContext, ImportProgress } from './progress';
import { CHUNK_ITEMS, readItems, readScan, stateOf, type SourceItem } from './source';
import { PAGES_CATEGORY, sharedScope, termKey } from './terms';
import { tellRoomOfRewrite } from '../collab/upgrade';
import type { Db } from '../env';
import { articleStatements, documentProblem, knownEntities, type ArticleWrite } from './write';

/**
 * Items written per step: one chunk (decision 050). Each item is one D1 batch and fetches a few pictures (a fetch, an
 * R2 put and a `blobs` insert each): about 700 subrequests for 100 items of two pictures, under the paid plan's 1,000.
 */
export const ITEMS_PER_STEP = CHUNK_ITEMS;
/** Items worked at once inside a step (their pictures fetched and their batches sent side by side). */
export const CONCURRENT_ITEMS = 10;

function convert(item: SourceItem): Converted {
  if (item.format === 'markdown') return markdownToDraft(item.content, item.base);
  return htmlToDocument(item.content, { autop: item.autop, base: item.base || undefined });
}

const excerptText = (item: SourceItem) =>
  (item.format === 'html' ? textOf(parseHtml(item.excerpt)) : item.excerpt).replace(/\s+/g, ' ').trim();

/** What became of one item of a step; `write` is its statements until they are sent. */
interface Outcome {
  item: SourceItem;
  kind: 'articles' | 'pages';
  outcome: 'created' | 'updated' | 'skipped' | 'failed';
  written?: { id: string; created: boolean };
  write?: ArticleWrite;
  notes: string[];
  missing?: { url: string; reason: string }[];
}

/**
 * Sends the statements of a group of items as one D1 batch (decision 047: one round trip and one commit for ten
 * items instead of ten). A batch is all or nothing, so when it fails each item is sent alone again: the good ones are
 * written, the one that failed is reported as before, and what is written stays whole items only.
 */
async function sendGroup(db: Db, results: Outcome[]): Promise<void> {
  const writes = results.filter((r) => r.write);
  if (writes.length === 0) return;
  const all = writes.flatMap((r) => r.write!.statements);
  try {
    await db.batch(all as ArticleWrite['statements']);
    return;
  } catch {
    // One of them failed: each alone, below.
  }
  for (const r of writes) {
    try {
      await db.batch(r.write!.statements);
    } catch (err) {
      r.outcome = 'failed';
      r.written = undefined;
      r.missing = [];
      r.notes = [`not imported: ${err instanceof Error ? err.message : String(err)}`];
    }
  }
}

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
  // Each item read into document nodes first (CPU only), so the step's pictures are known at once: one lookup of
  // those stored before for the whole step, and each new one fetched once however many items name it.
  const prepared = batch.map((item) => {
    try {
      const content = convert(item);
      const featuredUrl =
        item.featuredUrl ?? (item.featuredAttachment ? source.attachments?.[item.featuredAttachment] : null) ?? null;
      const blocks = archive ? versionPictures(content.blocks, archive) : content.blocks;
      const featured = featuredUrl && archive ? archive.keyOf(featuredUrl) : featuredUrl;
      return { item, content, blocks, featured };
    } catch (err) {
      return { item, error: err };
    }
  });
  const pictures = await StepPictures.load(
    ctx,
    scope.site,
    prepared.flatMap((p) => ('blocks' in p && p.blocks ? pictureUrls(p.blocks, p.featured ?? null) : [])),
  );
  // Items go CONCURRENT at a time: a step's wall time is mostly waiting on round trips (picture fetches, R2 writes,
  // D1 batches), not CPU. What each one reports is applied in the file's order once its group is through.
  const one = async (p: (typeof prepared)[number]) => {
    const item = p.item;
    const kind = item.kind === 'post' ? ('articles' as const) : ('pages' as const);
    const notes: string[] = [];
    const missing: { url: string; reason: string }[] = [];
    const state = stateOf(item, now);
    if (!state) return { item, kind, outcome: 'skipped' as const, notes: [`status "${item.status}" not imported`] };
    const target = { id: existing.get(item.sourceId) ?? crypto.randomUUID(), exists: existing.has(item.sourceId) };
    try {
      if (!('content' in p) || !p.content) throw p.error;
      const content = p.content;
      const terms = item.terms.map((t) => categoryIds.get(termKey(t))).filter((id): id is string => !!id);
      if (item.kind === 'page' && pagesId) terms.unshift(pagesId);
      const media = await placePictures(
        ctx,
        pictures,
        p.blocks,
        p.featured,
        (url, reason) => missing.push({ url, reason }),
        archive?.fetch,
      );
      const fitted = fitDocument(media.blocks);
      const body: ArticleDocument = { version: DOCUMENT_VERSION, children: fitted.blocks };
      const problem = documentProblem(body);
      if (problem) throw new Error(problem);
      const write = await articleStatements(
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
          pictureSources: media.fetched,
        },
        target,
        ctx.adminId,
      );
      notes.push(...content.notes, ...fitted.notes, ...item.notes);
      return {
        item,
        kind,
        outcome: write.created ? ('created' as const) : ('updated' as const),
        written: { id: write.id, created: write.created },
        write,
        notes,
        missing,
      };
    } catch (err) {
      notes.push(`not imported: ${err instanceof Error ? err.message : String(err)}`);
      return { item, kind, outcome: 'failed' as const, notes, missing: [] };
    }
  };
  for (let i = 0; i < batch.length; i += CONCURRENT_ITEMS) {
    const results: Outcome[] = await Promise.all(prepared.slice(i, i + CONCURRENT_ITEMS).map(one));
    await sendGroup(ctx.db, results);
    // An article updated in place may have its co-editing room open: the imported text enters it as a save from
    // outside does, and whoever may no longer write it (a new author) leaves (decision 051). The import stands even
    // if the room cannot be told: its next opening reads D1's newer version.
    await Promise.all(
      results
        .filter((r) => r.write && r.written && !r.write.created && r.write.language)
        .map((r) =>
          tellRoomOfRewrite(
            ctx.env,
            { articleId: r.write!.id, language: r.write!.language ?? '' },
            r.write!.shared,
            r.write!.version,
            {
              userId: ctx.adminId,
              name: ctx.audit.actor.name ?? '',
            },
          ).catch(() => undefined),
        ),
    );
    for (const r of results) {
      progress.count(r.kind, r.outcome);
      if (r.written) {
        for (const m of r.missing ?? [])
          progress.missing({ url: m.url, articleId: r.written.id, title: r.item.title, reason: m.reason });
        progress.item({
          sourceId: r.item.sourceId,
          title: r.item.title,
          articleId: r.written.id,
          created: r.written.created,
        });
      }
      for (const text of r.notes)
        progress.note({ postId: r.item.sourceId, title: r.item.title, line: r.item.line }, text);
    }
  }
  const next = start + batch.length;
  progress.cursor =
    batch.length > 0 && next < source.items ? { phase: 'items', items: next } : { phase: 'links', after: '' };
  progress.done = Math.min(progress.total, next);
  return true;
}
