// Writing imported items (decisions 046, 047): each item is one D1 batch (its row, category links, gallery, revision,
// audit entries, publication, source key and old paths), so a failure anywhere leaves whole items only. An item whose
// source key is known is updated in place (same id, same slug), never created twice.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { articleDocument } from '#schema/document-input';
import { plainText } from '#schema/document-text';
import type { ArticleDocument } from '#schema/document';
import { LIMITS } from '#schema/limits';
import {
  articleCategories,
  articleMedia,
  articles,
  categories,
  importSources,
  publicationRequests,
  redirects,
} from '#schema/tables';
import type { Db } from '../env';
import { articleRevisionFields } from '../queries/article-writes';
import { claimedSlug, claimSlug } from '../queries/slugs';
import { revisionStatements } from '../queries/revisions';
import { auditEntry, type AuditScope } from '../services/audit';
import type { SharedFields } from '../collab/lexical-yjs';

/** Where the source's items come from: the kind of source and its site, which with the item's id is its key. */
export interface SourceScope {
  kind: string;
  site: string;
  importId: string;
}

/** The entity ids already imported for these source ids. */
export async function knownEntities(
  db: Db,
  scope: SourceScope,
  entityType: string,
  sourceIds: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const unique = [...new Set(sourceIds)];
  for (let i = 0; i < unique.length; i += 90) {
    const rows = await db
      .select({ sourceId: importSources.sourceId, entityId: importSources.entityId })
      .from(importSources)
      .where(
        and(
          eq(importSources.sourceKind, scope.kind),
          eq(importSources.sourceSite, scope.site),
          eq(importSources.entityType, entityType),
          inArray(importSources.sourceId, unique.slice(i, i + 90)),
        ),
      );
    for (const row of rows) found.set(row.sourceId, row.entityId);
  }
  return found;
}

/** The statement that records (or moves to this import) an item's source key. */
export function sourceStatement(
  db: Db,
  scope: SourceScope,
  entityType: string,
  sourceId: string,
  entityId: string,
  now: number,
  sourceKind = scope.kind,
) {
  return db
    .insert(importSources)
    .values({
      sourceKind,
      sourceSite: scope.site,
      sourceId,
      entityType,
      entityId,
      importId: scope.importId,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [importSources.sourceKind, importSources.sourceSite, importSources.sourceId, importSources.entityType],
      set: { entityId, importId: scope.importId, updatedAt: now },
    });
}

/** An old URL path as the redirect table keys it: lower case, no trailing slash, `?p=` kept. */
export function redirectKey(path: string): string | null {
  const trimmed = path.trim().toLowerCase().replace(/\/+$/, '');
  if (!trimmed.startsWith('/') && !trimmed.startsWith('?')) return trimmed === '' ? null : null;
  return trimmed.startsWith('?') ? `/${trimmed}` : trimmed || null;
}

/** The statements that point old paths at an entity: several rows a statement (5 parameters a row, 20 rows). */
function redirectStatements(db: Db, scope: SourceScope, paths: readonly string[], entityId: string, now: number) {
  const keys = [...new Set(paths.map(redirectKey).filter((p): p is string => !!p && p !== '/'))];
  return chunks(keys, 20).map((rows) =>
    db
      .insert(redirects)
      .values(rows.map((path) => ({ path, entityType: 'article', entityId, importId: scope.importId, createdAt: now })))
      .onConflictDoUpdate({
        target: redirects.path,
        set: { entityType: sql`excluded.entity_type`, entityId: sql`excluded.entity_id`, importId: scope.importId },
      }),
  );
}

/** Source keys of several rows a statement (7 parameters a row, 14 rows): an item's own and its pictures'. */
function sourceStatements(
  db: Db,
  scope: SourceScope,
  rows: readonly { sourceKind: string; entityType: string; sourceId: string; entityId: string }[],
  now: number,
) {
  return chunks(rows, 14).map((part) =>
    db
      .insert(importSources)
      .values(part.map((r) => ({ ...r, sourceSite: scope.site, importId: scope.importId, updatedAt: now })))
      .onConflictDoUpdate({
        target: [importSources.sourceKind, importSources.sourceSite, importSources.sourceId, importSources.entityType],
        set: { entityId: sql`excluded.entity_id`, importId: scope.importId, updatedAt: now },
      }),
  );
}

/** An imported category: created under its parent with a slug from its own (the first free one), or updated. */
export async function writeCategory(
  db: Db,
  scope: SourceScope,
  audit: AuditScope,
  input: { sourceId: string; title: string; slug: string; parentId: string | null; existingId: string | undefined },
): Promise<{ id: string; created: boolean }> {
  const now = Date.now();
  const title = input.title.slice(0, LIMITS.title) || input.slug || 'Untitled';
  if (input.existingId) {
    await db.batch([
      db.update(categories).set({ title, parentId: input.parentId }).where(eq(categories.id, input.existingId)),
      sourceStatement(db, scope, 'category', input.sourceId, input.existingId, now),
    ]);
    return { id: input.existingId, created: false };
  }
  const id = crypto.randomUUID();
  const ordinal = sql`(select coalesce(max(${categories.ordinal}) + 1, 0) from ${categories} where ${
    input.parentId ? sql`${categories.parentId} = ${input.parentId}` : sql`${categories.parentId} is null`
  })`;
  await db.batch([
    claimSlug(db, input.slug || title, id, 'category'),
    db
      .insert(categories)
      .values({ id, parentId: input.parentId, title, slug: claimedSlug(id), ordinal, createdAt: now }),
    auditEntry(db, audit, { entityType: 'category', entityId: id, title, ownerId: null, action: 'created' }, now),
    sourceStatement(db, scope, 'category', input.sourceId, id, now),
  ]);
  return { id, created: true };
}

/** How an imported item is to be shown. */
export type ImportedStatus =
  { kind: 'published' } | { kind: 'draft' } | { kind: 'pending' } | { kind: 'scheduled'; at: number };

export interface ArticleDraft {
  sourceId: string;
  title: string;
  slug: string;
  teaser: string;
  body: ArticleDocument;
  /** Gallery pictures, in order; the body's image nodes name their ids. */
  media: { id: string; key: string; title: string }[];
  thumbnailKey: string | null;
  categoryIds: string[];
  userId: string;
  status: ImportedStatus;
  restricted: boolean;
  createdAt: number;
  /** Old URL paths that answer 301 to the article. */
  oldPaths: string[];
  /** Pictures fetched for it now (address -> key), remembered in the same batch so a re-import fetches none. */
  pictureSources?: { url: string; key: string }[];
}

/** `items` in runs of at most `size`. */
function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Why the document may not be stored, or null (the same checks as an editor's save). */
export function documentProblem(body: ArticleDocument): string | null {
  const parsed = articleDocument.safeParse(body);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  return `${issue?.message ?? 'Invalid document'} at "${(issue?.path ?? []).join('.')}"`;
}

/** The statements of one article, written together with others' in one batch (`items.ts`), or alone. */
export interface ArticleWrite {
  id: string;
  created: boolean;
  /** The article's version once written, and its shared fields: what its co-editing room takes in (decision 051). */
  version: number;
  shared: SharedFields;
  /** An updated article's own language: its room's key (decision 051). */
  language?: string;
  statements: [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]];
}

/** Creates the article, or updates the one imported from the same source before. One batch either way. */
export async function writeArticle(
  db: Db,
  scope: SourceScope,
  audit: AuditScope,
  draft: ArticleDraft,
  target: { id: string; exists: boolean },
  adminId: string,
): Promise<{ id: string; created: boolean; version: number; shared: SharedFields }> {
  const write = await articleStatements(db, scope, audit, draft, target, adminId);
  await db.batch(write.statements);
  return { id: write.id, created: write.created, version: write.version, shared: write.shared };
}

/** What writeArticle writes, not yet sent: an update reads the article's version first. */
export async function articleStatements(
  db: Db,
  scope: SourceScope,
  audit: AuditScope,
  draft: ArticleDraft,
  target: { id: string; exists: boolean },
  adminId: string,
): Promise<ArticleWrite> {
  const existingId = target.exists ? target.id : undefined;
  const now = Date.now();
  const description = plainText(draft.body);
  const title = draft.title.slice(0, LIMITS.title) || 'Untitled';
  const teaser = draft.teaser.slice(0, LIMITS.teaser);
  const categoryIds = [...new Set(draft.categoryIds)];
  const fields = {
    title,
    description,
    body: draft.body,
    teaser,
    type: 'text' as const,
    channelId: null,
    publishedAtCategory: categoryIds.length > 0,
    hidden: false,
    restricted: draft.restricted,
    isAd: false,
    isEditorial: false,
  };
  const subject = { entityType: 'article' as const, title, ownerId: draft.userId };
  const id = target.id;
  // Several rows a statement (one statement per item for most), under D1's 100 bound parameters each: drizzle binds
  // every column a row has or defaults (4 for a category link, the trigger-kept title's default included; 6 for a
  // gallery entry).
  const links = chunks(
    categoryIds.map((categoryId, ordinal) => ({ articleId: id, categoryId, ordinal })),
    20,
  ).map((rows) => db.insert(articleCategories).values(rows));
  const gallery = chunks(
    draft.media.map((m, ordinal) => ({
      id: m.id,
      articleId: id,
      ordinal,
      kind: 'image' as const,
      title: m.title,
      blobKey: m.key,
    })),
    14,
  ).map((rows) => db.insert(articleMedia).values(rows));
  const tail = [
    ...sourceStatements(
      db,
      scope,
      [
        { sourceKind: scope.kind, entityType: 'article', sourceId: draft.sourceId, entityId: id },
        ...(draft.pictureSources ?? []).map((p) => ({
          sourceKind: 'media',
          entityType: 'media',
          sourceId: p.url,
          entityId: p.key,
        })),
      ],
      now,
    ),
    ...redirectStatements(db, scope, draft.oldPaths, id, now),
  ];
  if (existingId) {
    // The article's publication is left as it is: the portal may have changed it since the first import.
    const current = await db
      .select({ version: articles.version, language: articles.language })
      .from(articles)
      .where(eq(articles.id, id))
      .get();
    if (current) {
      const statements: BatchItem<'sqlite'>[] = [
        ...revisionStatements(db, {
          type: 'article',
          entityId: id,
          versionOf: { table: 'articles', current: current.version, inserted: false },
          userId: adminId,
          fields: articleRevisionFields(fields, categoryIds),
          now,
        }),
        db
          .update(articles)
          .set({
            ...fields,
            thumbnailKey: draft.thumbnailKey,
            mediaKind: draft.media.length > 0 ? 'gallery' : null,
            userId: draft.userId,
            version: current.version + 1,
            updatedAt: now,
          })
          .where(and(eq(articles.id, id), eq(articles.version, current.version))),
        db.delete(articleCategories).where(eq(articleCategories.articleId, id)),
        ...links,
        db.delete(articleMedia).where(eq(articleMedia.articleId, id)),
        ...gallery,
        auditEntry(db, audit, { ...subject, entityId: id, action: 'updated', fields: ['body', 'title'] }, now),
        ...tail,
      ];
      return {
        id,
        created: false,
        version: current.version + 1,
        language: current.language,
        shared: { title, teaser, body: draft.body },
        statements: statements as ArticleWrite['statements'],
      };
    }
  }
  const published = draft.status.kind === 'published';
  const request =
    draft.status.kind === 'draft'
      ? []
      : [
          db.insert(publicationRequests).values({
            id: crypto.randomUUID(),
            userId: draft.userId,
            contentId: id,
            type: 'article',
            status: draft.status.kind === 'pending' ? 'PENDING' : 'APPROVED',
            decidedBy: draft.status.kind === 'pending' ? null : adminId,
            publishAt: draft.status.kind === 'scheduled' ? draft.status.at : null,
            createdAt: now,
            updatedAt: now,
          }),
        ];
  const statements = [
    claimSlug(db, draft.slug || title, id, 'article'),
    db.insert(articles).values({
      id,
      slug: claimedSlug(id),
      userId: draft.userId,
      published,
      ...fields,
      thumbnailKey: draft.thumbnailKey,
      mediaKind: draft.media.length > 0 ? 'gallery' : null,
      version: 1,
      createdAt: draft.createdAt,
      updatedAt: now,
    }),
    ...links,
    ...gallery,
    ...revisionStatements(db, {
      type: 'article',
      entityId: id,
      versionOf: { table: 'articles', current: 1, inserted: true },
      userId: adminId,
      fields: articleRevisionFields(fields, categoryIds),
      now,
    }),
    auditEntry(db, audit, { ...subject, entityId: id, action: 'created' }, now),
    // The admin's import is the approval: recorded as such.
    ...(published ? [auditEntry(db, audit, { ...subject, entityId: id, action: 'published' }, now)] : []),
    ...request,
    ...tail,
  ] as ArticleWrite['statements'];
  return { id, created: true, version: 1, shared: { title, teaser, body: draft.body }, statements };
}
