// The portal's own export ZIP (decision 036) imported back, losslessly (decision 046): every record keeps its id,
// slug, flags, times and version; files in the archive go back under their own keys. Phases: `files`, `categories`
// (parents first), `channels`, `articles`, `news`, each in pages of NDJSON lines; the cursor is the phase and the line.
// Each item's translations go in its own batch (portal-translations.ts).
// An owner who does not exist here becomes an inactive user of that id and name, without a password.
import { eq } from 'drizzle-orm';
import {
  EXPORT_FILES,
  exportArticle,
  exportCategory,
  exportChannel,
  exportManifest,
  exportMediaFile,
  exportNewsItem,
  type ExportArticle,
  type ExportCategory,
  type ExportChannel,
  type ExportNewsItem,
} from '#schema/export';
import { blobs, categories, channelCategories, channels, news } from '#schema/tables';
import { auditEntry } from '../services/audit';
import { ImportFailure } from './errors';
import type { ImportContext, ImportProgress } from './progress';
import { sourceStatement } from './write';
import { entryChunks, entryLines, zipEntries, ZipFormatError, type ZipEntryInfo } from './zip-reader';
import { articleStatements, ensureOwner, parentsFirst, slugStatements, writeRecord } from './portal-records';
import { countTranslations, planTranslations } from './portal-translations';

const PHASES = ['files', 'categories', 'channels', 'articles', 'news'] as const;
type Phase = (typeof PHASES)[number];
/** Records (or files) per step. */
const PAGE = { files: 25, categories: 100_000, channels: 100, articles: 50, news: 200 } as const;
const SAFE_KEY = /^(image|video)\/[\w.@-]{1,200}$/;

const FILE_OF: Record<Exclude<Phase, 'files'>, string> = {
  categories: EXPORT_FILES.categories,
  channels: EXPORT_FILES.channels,
  articles: EXPORT_FILES.articles,
  news: EXPORT_FILES.news,
};

const ms = (iso: string) => Date.parse(iso);

/** Whether the start of a file is a ZIP whose first entry is manifest.json (the portal's export). */
export function looksLikePortalExport(head: Uint8Array): boolean {
  if (head.length < 30 || head[0] !== 0x50 || head[1] !== 0x4b || head[2] !== 3 || head[3] !== 4) return false;
  const nameLength = head[26]! | (head[27]! << 8);
  return new TextDecoder().decode(head.subarray(30, 30 + nameLength)) === EXPORT_FILES.manifest;
}

async function entryText(ctx: ImportContext, entry: ZipEntryInfo): Promise<string> {
  let text = '';
  const decoder = new TextDecoder();
  for await (const chunk of entryChunks(ctx.env.FILES, ctx.row.fileKey, entry))
    text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

/** One step; true while more remain. */
export async function portalStep(ctx: ImportContext, progress: ImportProgress): Promise<boolean> {
  let entries: ZipEntryInfo[];
  try {
    entries = await zipEntries(ctx.env.FILES, ctx.row.fileKey);
  } catch (err) {
    if (err instanceof ZipFormatError) throw new ImportFailure(err.message);
    throw err;
  }
  const named = new Map(entries.map((e) => [e.name, e]));
  const manifestEntry = named.get(EXPORT_FILES.manifest);
  if (!manifestEntry) throw new ImportFailure('The archive has no manifest.json');
  const manifest = exportManifest.safeParse(JSON.parse(await entryText(ctx, manifestEntry)));
  if (!manifest.success) throw new ImportFailure('manifest.json is not of export format version 1');
  const scope = { ...ctx.scope, site: manifest.data.siteUrl };
  progress.report.site = manifest.data.siteUrl;
  const phase = (progress.cursor.phase as Phase | undefined) ?? 'files';
  const after = Number(progress.cursor.line ?? 0);
  const next = (more: boolean, line: number) => {
    const i = PHASES.indexOf(phase);
    progress.cursor = more ? { phase, line } : { phase: PHASES[i + 1], line: 0 };
    return more || i + 1 < PHASES.length;
  };

  const pageOf = async (name: string, size: number) => {
    const entry = named.get(name);
    const lines: { line: number; text: string }[] = [];
    let more = false;
    if (!entry) return { lines, more };
    for await (const l of entryLines(ctx.env.FILES, ctx.row.fileKey, entry)) {
      if (l.line <= after) continue;
      if (lines.length === size) {
        more = true;
        break;
      }
      lines.push(l);
    }
    return { lines, more };
  };
  const parse = <T>(
    schema: { safeParse(v: unknown): { success: boolean; data?: T } },
    l: { line: number; text: string },
    file: string,
  ): T => {
    let raw: unknown;
    try {
      raw = JSON.parse(l.text);
    } catch {
      throw new ImportFailure(`${file}: malformed JSON (line ${l.line})`);
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) throw new ImportFailure(`${file}: not a record of export format version 1 (line ${l.line})`);
    return parsed.data as T;
  };

  if (phase === 'files') {
    const { lines, more } = await pageOf(EXPORT_FILES.media, PAGE.files);
    for (const l of lines) {
      const file = parse(exportMediaFile, l, EXPORT_FILES.media);
      const entry = file.path ? named.get(file.path) : undefined;
      if (!entry || !SAFE_KEY.test(file.key)) {
        progress.count('media', 'failed');
        progress.missing({ url: file.url, articleId: '', title: file.key, reason: 'Not in the archive' });
        continue;
      }
      if (await ctx.env.FILES.head(file.key)) {
        progress.count('media', 'skipped');
        continue;
      }
      const { readable, writable } = new FixedLengthStream(entry.size);
      const put = ctx.env.FILES.put(file.key, readable, {
        httpMetadata: { contentType: file.contentType ?? undefined },
      });
      const writer = writable.getWriter();
      for await (const chunk of entryChunks(ctx.env.FILES, ctx.row.fileKey, entry)) await writer.write(chunk);
      await writer.close();
      await put;
      await ctx.db
        .insert(blobs)
        .values({
          key: file.key,
          contentType: file.contentType ?? 'application/octet-stream',
          size: entry.size,
          userId: null,
        })
        .onConflictDoNothing();
      progress.count('media', 'created');
    }
    return next(more, lines.at(-1)?.line ?? after);
  }

  const { lines, more } = await pageOf(FILE_OF[phase], PAGE[phase]);
  if (phase === 'categories') {
    const records = lines.map((l) => parse<ExportCategory>(exportCategory, l, EXPORT_FILES.categories));
    for (const record of parentsFirst(records)) {
      const plan = await planTranslations(ctx, progress, 'category', record);
      const text = {
        ...(record.description !== undefined ? { description: record.description } : {}),
        ...(record.language ? { language: record.language } : {}),
      };
      const written = await writeRecord(ctx, progress, 'categories', record.id, record.title, (exists) => [
        ...slugStatements(ctx.db, record.slug, record.id, 'category'),
        ctx.db
          .insert(categories)
          .values({
            id: record.id,
            parentId: record.parentId,
            title: record.title,
            slug: record.slug,
            ordinal: record.ordinal,
            imageKey: record.image?.key ?? null,
            createdAt: ms(record.createdAt),
            ...text,
          })
          .onConflictDoUpdate({
            target: categories.id,
            set: {
              parentId: record.parentId,
              title: record.title,
              ordinal: record.ordinal,
              imageKey: record.image?.key ?? null,
              ...text,
            },
          }),
        ...(exists
          ? []
          : [
              auditEntry(ctx.db, ctx.audit, {
                entityType: 'category',
                entityId: record.id,
                title: record.title,
                action: 'created',
              }),
            ]),
        sourceStatement(ctx.db, scope, 'category', record.id, record.id, Date.now()),
        ...plan.statements,
      ]);
      if (written) countTranslations(progress, plan);
    }
  } else if (phase === 'channels') {
    for (const l of lines) {
      const r = parse<ExportChannel>(exportChannel, l, EXPORT_FILES.channels);
      await ensureOwner(ctx, r.userId, r.userName);
      const values = {
        slug: r.slug,
        name: r.name,
        userId: r.userId,
        infoText: r.infoText,
        portraitKey: r.portrait?.key ?? null,
        bannerKey: r.banner?.key ?? null,
        coverKind: r.coverMedia?.kind ?? null,
        coverKey: r.coverMedia?.file.key ?? null,
        coverThumbnailMillis: r.coverMedia?.kind === 'video' ? r.coverMedia.thumbnailMillis : null,
        hidden: r.hidden,
        private: r.private,
        published: r.published,
        restricted: r.restricted,
        isAd: r.isAd,
        articleOrdinals: r.articleOrdinals,
        ...(r.language ? { language: r.language } : {}),
        version: r.version,
        createdAt: ms(r.createdAt),
        updatedAt: ms(r.updatedAt),
      };
      const plan = await planTranslations(ctx, progress, 'channel', { ...r, title: r.name });
      const written = await writeRecord(ctx, progress, 'channels', r.id, r.name, (exists) => [
        ...slugStatements(ctx.db, r.slug, r.id, 'channel'),
        ctx.db
          .insert(channels)
          .values({ id: r.id, ...values })
          .onConflictDoUpdate({ target: channels.id, set: values }),
        ctx.db.delete(channelCategories).where(eq(channelCategories.channelId, r.id)),
        ...r.categoryIds.map((categoryId, ordinal) =>
          ctx.db.insert(channelCategories).values({ channelId: r.id, categoryId, ordinal }),
        ),
        ...(exists
          ? []
          : [
              auditEntry(ctx.db, ctx.audit, {
                entityType: 'channel',
                entityId: r.id,
                title: r.name,
                ownerId: r.userId,
                action: 'created',
              }),
            ]),
        sourceStatement(ctx.db, scope, 'channel', r.id, r.id, Date.now()),
        ...plan.statements,
      ]);
      if (written) countTranslations(progress, plan);
    }
  } else if (phase === 'articles') {
    for (const l of lines) {
      const r = parse<ExportArticle>(exportArticle, l, EXPORT_FILES.articles);
      await ensureOwner(ctx, r.userId, r.userName);
      const plan = await planTranslations(ctx, progress, 'article', r);
      const written = await writeRecord(ctx, progress, 'articles', r.id, r.title, (exists) => [
        ...articleStatements(ctx, scope, r, exists),
        ...plan.statements,
      ]);
      if (written) countTranslations(progress, plan);
    }
  } else {
    for (const l of lines) {
      const r = parse<ExportNewsItem>(exportNewsItem, l, EXPORT_FILES.news);
      await ensureOwner(ctx, r.userId, r.userName);
      const values = {
        title: r.title,
        description: r.description,
        teaser: r.teaser,
        refKind: r.ref.kind,
        refId: r.ref.id,
        thumbnailKey: r.thumbnail?.key ?? null,
        userId: r.userId,
        publishedAt: ms(r.publishedAt),
        ...(r.language ? { language: r.language } : {}),
        version: r.version,
        createdAt: ms(r.createdAt),
      };
      const plan = await planTranslations(ctx, progress, 'news', r);
      const written = await writeRecord(ctx, progress, 'news', r.id, r.title, (exists) => [
        ctx.db
          .insert(news)
          .values({ id: r.id, ...values })
          .onConflictDoUpdate({ target: news.id, set: values }),
        ...(exists
          ? []
          : [
              auditEntry(ctx.db, ctx.audit, {
                entityType: 'news',
                entityId: r.id,
                title: r.title,
                ownerId: r.userId,
                action: 'created',
              }),
            ]),
        sourceStatement(ctx.db, scope, 'news', r.id, r.id, Date.now()),
        ...plan.statements,
      ]);
      if (written) countTranslations(progress, plan);
    }
  }
  return next(more, lines.at(-1)?.line ?? after);
}
