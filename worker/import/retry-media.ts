// POST /api/imports/{id}/media/retry (issue 30, decision 046): the pictures an import could not have, fetched again
// from their source addresses under the same rules (the webhook URL rules: https, public hosts, loopback only with
// WEBHOOKS_ALLOW_LOCAL). A picture had now goes where the import left a link to its source: the paragraph that holds
// only that link becomes the image (a new gallery entry), or, when the text has no such link, it becomes the
// article's picture if it has none (a featured image). Each article is one D1 batch (its row, gallery entry,
// revision, audit entry); the report keeps what still could not be had, with the new reason.
import { and, eq, inArray, max } from 'drizzle-orm';
import { DOCUMENT_VERSION, type ArticleDocument, type BlockNode } from '#schema/document';
import { MEDIA_RETRY_PER_CALL } from '#schema/imports';
import { articleCategories, articleMedia, articles, imports } from '#schema/tables';
import type { Db, Env } from '../env';
import { Conflict, NotFound } from '../lib/errors';
import { articleRevisionFields } from '../queries/article-writes';
import { revisionStatements, runSave } from '../queries/revisions';
import { auditEntry, type AuditScope } from '../services/audit';
import { ARCHIVE_ORIGIN, archivePictures } from './markdown';
import { fetchPicture, type MediaOutcome } from './media';
import type { ImportReport, MissingMedia } from './progress';
import { sourceStatement } from './write';

const OPEN = ['queued', 'review', 'running'];

/** The paragraph the import left for a picture it could not have: a link to the picture's address, nothing else. */
const isLinkTo = (block: BlockNode, url: string) =>
  block.type === 'paragraph' &&
  block.children.length === 1 &&
  block.children[0]?.type === 'link' &&
  block.children[0].href === url;

/** Puts the stored picture into the article; false when the article is gone or has no place for it. */
async function placeInArticle(
  db: Db,
  audit: AuditScope,
  adminId: string,
  entry: MissingMedia,
  key: string,
): Promise<boolean> {
  const row = await db.select().from(articles).where(eq(articles.id, entry.articleId)).get();
  if (!row) return false;
  const mediaId = crypto.randomUUID();
  const body = row.body as ArticleDocument;
  let placed = false;
  const children = body.children.map((block): BlockNode => {
    if (!isLinkTo(block, entry.url) || (row.mediaKind !== null && row.mediaKind !== 'gallery')) return block;
    placed = true;
    const link = block.type === 'paragraph' ? block.children[0] : undefined;
    const alt = link?.type === 'link' ? link.children.map((c) => (c.type === 'text' ? c.text : '')).join('') : '';
    return { type: 'image' as const, mediaId, alt: alt === entry.url ? '' : alt };
  });
  const featured = !placed && row.thumbnailKey === null;
  if (!placed && !featured) return false;
  const now = Date.now();
  const nextBody: ArticleDocument = { version: body.version ?? DOCUMENT_VERSION, children };
  const links = await db
    .select({ categoryId: articleCategories.categoryId })
    .from(articleCategories)
    .where(eq(articleCategories.articleId, row.id))
    .orderBy(articleCategories.ordinal);
  const last = await db
    .select({ n: max(articleMedia.ordinal) })
    .from(articleMedia)
    .where(eq(articleMedia.articleId, row.id))
    .get();
  const fields = { ...row, body: nextBody };
  // Revision first: its version subquery must see the row before the update (a lost race writes nothing).
  const saved = await runSave(db, [
    ...revisionStatements(db, {
      type: 'article',
      entityId: row.id,
      versionOf: { table: 'articles', current: row.version, inserted: false },
      userId: adminId,
      fields: articleRevisionFields(
        fields,
        links.map((l) => l.categoryId),
      ),
      now,
    }),
    db
      .update(articles)
      .set({
        body: nextBody,
        ...(placed ? { mediaKind: 'gallery' as const } : { thumbnailKey: key }),
        version: row.version + 1,
        updatedAt: now,
      })
      .where(and(eq(articles.id, row.id), eq(articles.version, row.version))),
    ...(placed
      ? [
          db.insert(articleMedia).values({
            id: mediaId,
            articleId: row.id,
            ordinal: (last?.n ?? -1) + 1,
            kind: 'image',
            title: '',
            blobKey: key,
          }),
        ]
      : []),
    auditEntry(
      db,
      audit,
      {
        entityType: 'article',
        entityId: row.id,
        title: row.title,
        ownerId: row.userId,
        action: 'updated',
        fields: [placed ? 'body' : 'thumbnail'],
      },
      now,
    ),
  ]).then(
    () => true,
    (err: unknown) => {
      if (err instanceof Conflict) return false;
      throw err;
    },
  );
  return saved;
}

/** The source site the import's items were keyed by (scan.json), so a picture had now is not fetched on re-import. */
async function sourceSite(env: Env, importId: string): Promise<string | null> {
  const scan = await env.FILES.get(`import/${importId}/scan.json`);
  if (!scan) return null;
  return (await scan.json<{ site?: string }>()).site ?? '';
}

/**
 * How a missing picture is had again. A Markdown archive's picture (`https://archive.invalid/<path>`) is read from the
 * archive again, else fetched from the old site (`site`: the call's, or the import's `site` part) at the same path;
 * every other address is fetched from where it is.
 */
async function markdownRetry(
  env: Env,
  db: Db,
  row: typeof imports.$inferSelect,
  adminId: string,
  oldSite: string | undefined,
): Promise<(url: string) => Promise<MediaOutcome>> {
  const web = (url: string) => fetchPicture(env, db, adminId, url);
  if (row.sourceKind !== 'markdown') return web;
  const report = row.report as ImportReport;
  const site = (oldSite ?? (/^https?:\/\//.test(report.site ?? '') ? report.site! : '')).replace(/\/+$/, '');
  const archive = await archivePictures({ env, db, row, adminId });
  return async (url) => {
    const parsed = new URL(url);
    if (parsed.origin !== ARCHIVE_ORIGIN) return web(url);
    const again = await archive.fetch(url.split('?')[0]!);
    if (again.ok || !site)
      return again.ok
        ? again
        : { ok: false, reason: `${again.reason}; name the old site (site) to fetch it from there` };
    return web(`${site}${parsed.pathname}`);
  };
}

/** Fetches again up to MEDIA_RETRY_PER_CALL of the import's missing pictures (those of `urls`, else the first). */
export async function retryMissingMedia(
  env: Env,
  db: Db,
  importId: string,
  urls: readonly string[] | undefined,
  audit: AuditScope,
  adminId: string,
  oldSite?: string,
): Promise<void> {
  const row = await db.select().from(imports).where(eq(imports.id, importId)).get();
  if (!row) throw new NotFound('Import not found');
  if (OPEN.includes(row.state)) throw new Conflict('The import is still under way: retry once it has ended');
  const report = row.report as ImportReport;
  const missing = report.missingMedia ?? [];
  const wanted = urls ? new Set(urls) : null;
  const todo = [...new Set(missing.map((m) => m.url).filter((u) => !wanted || wanted.has(u)))].slice(
    0,
    MEDIA_RETRY_PER_CALL,
  );
  if (todo.length === 0) return;
  const site = await sourceSite(env, importId);
  const haveAgain = await markdownRetry(env, db, row, adminId, oldSite);
  const had = new Map<string, string>();
  const reasons = new Map<string, string>();
  for (let i = 0; i < todo.length; i += 4) {
    await Promise.all(
      todo.slice(i, i + 4).map(async (url) => {
        const outcome = await haveAgain(url);
        if (outcome.ok) had.set(url, outcome.picture.key);
        else reasons.set(url, outcome.reason);
      }),
    );
  }
  const still: MissingMedia[] = [];
  let placed = 0;
  for (const entry of missing) {
    const key = had.get(entry.url);
    if (!key) {
      still.push(reasons.has(entry.url) ? { ...entry, reason: reasons.get(entry.url)! } : entry);
      continue;
    }
    if (await placeInArticle(db, audit, adminId, entry, key)) placed += 1;
    else still.push({ ...entry, reason: 'The article changed or no longer has a place for it' });
  }
  if (site !== null && had.size > 0) {
    const now = Date.now();
    const scope = { kind: row.sourceKind, site, importId };
    const [first, ...rest] = [...had].map(([url, key]) => sourceStatement(db, scope, 'media', url, key, now, 'media'));
    if (first) await db.batch([first, ...rest]);
  }
  const media = row.counts.media ?? { created: 0, updated: 0, skipped: 0, failed: 0 };
  await db
    .update(imports)
    .set({
      report: { ...report, missingMedia: still },
      counts: { ...row.counts, media: { ...media, created: media.created + placed } },
      updatedAt: Date.now(),
    })
    .where(and(eq(imports.id, importId), inArray(imports.state, ['done', 'failed', 'cancelled'])));
}
