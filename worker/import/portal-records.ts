// The records of the portal's own export written back (decision 046): one batch per record with its slug row, the
// record's owner made when missing (inactive, no password), categories ordered parents first.
import { eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { ExportArticle, ExportCategory } from '#schema/export';
import { articleCategories, articleMedia, articles, categories, channels, news, slugs, users } from '#schema/tables';
import type { Db } from '../env';
import { auditEntry } from '../services/audit';
import type { ImportContext, ImportProgress } from './progress';
import { sourceStatement } from './write';

const ms = (iso: string) => Date.parse(iso);

export function articleStatements(
  ctx: ImportContext,
  scope: ImportContext['scope'],
  r: ExportArticle,
  exists: boolean,
): BatchItem<'sqlite'>[] {
  const values = {
    slug: r.slug,
    title: r.title,
    description: r.description,
    body: r.body,
    teaser: r.teaser,
    type: r.type,
    channelId: r.channelId,
    userId: r.userId,
    thumbnailKey: r.thumbnail?.key ?? null,
    published: r.published,
    publishedAtCategory: r.publishedAtCategory,
    hidden: r.hidden,
    restricted: r.restricted,
    isAd: r.isAd,
    isEditorial: r.isEditorial,
    mediaKind: r.media?.kind ?? null,
    ...(r.language ? { language: r.language } : {}),
    version: r.version,
    createdAt: ms(r.createdAt),
    updatedAt: ms(r.updatedAt),
  };
  const subject = { entityType: 'article' as const, entityId: r.id, title: r.title, ownerId: r.userId };
  return [
    ...slugStatements(ctx.db, r.slug, r.id, 'article'),
    ctx.db
      .insert(articles)
      .values({ id: r.id, ...values })
      .onConflictDoUpdate({ target: articles.id, set: values }),
    ctx.db.delete(articleCategories).where(eq(articleCategories.articleId, r.id)),
    ...r.categoryIds.map((categoryId, ordinal) =>
      ctx.db.insert(articleCategories).values({ articleId: r.id, categoryId, ordinal }),
    ),
    ctx.db.delete(articleMedia).where(eq(articleMedia.articleId, r.id)),
    ...(r.media?.items ?? []).map((m) =>
      ctx.db.insert(articleMedia).values({
        id: m.id,
        articleId: r.id,
        ordinal: m.ordinal,
        kind: m.kind,
        title: m.title,
        blobKey: m.file.key,
        thumbnailMillis: m.thumbnailMillis,
        thumbnailKey: m.thumbnail?.key ?? null,
      }),
    ),
    ...(exists
      ? []
      : [
          auditEntry(ctx.db, ctx.audit, { ...subject, action: 'created' }),
          ...(r.published ? [auditEntry(ctx.db, ctx.audit, { ...subject, action: 'published' })] : []),
        ]),
    sourceStatement(ctx.db, scope, 'article', r.id, r.id, Date.now()),
  ];
}

/** The slug row, kept when the entity has it already. */
export function slugStatements(db: Db, slug: string, entityId: string, kind: 'article' | 'channel' | 'category') {
  return [db.insert(slugs).values({ slug, entityId, entityKind: kind, current: true }).onConflictDoNothing()];
}

/**
 * Writes one record's batch; a record that fails (a slug another item here holds) is counted and noted. True when
 * it was written.
 */
export async function writeRecord(
  ctx: ImportContext,
  progress: ImportProgress,
  kind: 'categories' | 'channels' | 'articles' | 'news',
  id: string,
  title: string,
  statements: (exists: boolean) => BatchItem<'sqlite'>[],
): Promise<boolean> {
  const table = { categories, channels, articles, news }[kind];
  const exists = !!(await ctx.db.select({ id: table.id }).from(table).where(eq(table.id, id)).get());
  const [first, ...rest] = statements(exists);
  try {
    await ctx.db.batch([first!, ...rest]);
    progress.count(kind, exists ? 'updated' : 'created');
    if (kind === 'articles') progress.item({ sourceId: id, title, articleId: id, created: !exists });
    return true;
  } catch (err) {
    progress.count(kind, 'failed');
    progress.note(
      { postId: id, title },
      `not imported: ${err instanceof Error ? err.message.slice(0, 200) : String(err)}`,
    );
    return false;
  }
}

/** Categories ordered so each parent comes before its children (a parent outside the file counts as present). */
export function parentsFirst(records: ExportCategory[]): ExportCategory[] {
  const byId = new Map(records.map((r) => [r.id, r]));
  const out: ExportCategory[] = [];
  const placed = new Set<string>();
  const place = (r: ExportCategory, depth: number) => {
    if (placed.has(r.id) || depth > 50) return;
    const parent = r.parentId ? byId.get(r.parentId) : undefined;
    if (parent) place(parent, depth + 1);
    placed.add(r.id);
    out.push(r);
  };
  for (const r of records) place(r, 0);
  return out;
}

const ownersSeen = new WeakMap<ImportContext, Set<string>>();

/** The record's owner: here already, or made now (inactive, no password) with the export's id and name. */
export async function ensureOwner(ctx: ImportContext, id: string, name: string): Promise<void> {
  const seen = ownersSeen.get(ctx) ?? new Set<string>();
  ownersSeen.set(ctx, seen);
  if (seen.has(id)) return;
  seen.add(id);
  if (await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, id)).get()) return;
  let candidate = name.slice(0, 56) || 'author';
  for (
    let n = 2;
    await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.name}) = lower(${candidate})`)
      .get();
    n++
  ) {
    candidate = `${name.slice(0, 56)}-${n}`;
  }
  const now = Date.now();
  await ctx.db.insert(users).values({
    id,
    name: candidate,
    role: 'CONTRIBUTOR',
    active: false,
    passwordHash: '!',
    createdAt: now,
    updatedAt: now,
  });
}
