// Article writes: create, change (with its revision) and delete, each one D1 batch with its audit entry (the reads
// and the checks shared with channel writes: articles.ts).
import { and, asc, eq } from 'drizzle-orm';
import { type ArticleDocument } from '#schema/document';
import { placedMedia, plainText } from '#schema/document-text';
import {
  articleCategories,
  articleMedia,
  articles,
  contentAccess,
  contentRequests,
  news,
  previewLinks,
  publicationRequests,
  slugs,
  userArticles,
} from '#schema/tables';
import type { Db } from '../env';
import { BadRequest, InvalidInput, issue } from '../lib/errors';
import { insertWithUniqueSlug } from './slugs';
import { auditEntry, changedFields, contentSaveEntries, type AuditScope } from '../services/audit';
import { type ArticleRow, type MediaKind } from './article-mappers';
import { listMediaRows, mediaValues, type NewMediaEntry } from './article-media';
import { deleteRevisionsOf, revisionStatements, runSave } from './revisions';
import { nowMs, removeFromOrdinals, type Batch } from './articles';

/**
 * 400 naming the path of each picture or video the document places that is not one of the article's own media of
 * that kind (a new article has none yet: it places media once they are uploaded).
 */
export async function assertPlacedMedia(db: Db, articleId: string | null, doc: ArticleDocument): Promise<void> {
  const placed = placedMedia(doc);
  if (placed.length === 0) return;
  const own = articleId ? await listMediaRows(db, articleId) : [];
  const kinds = new Map(own.map((m) => [m.id, m.kind]));
  const wrong = placed.filter((p) => kinds.get(p.mediaId) !== p.kind);
  if (wrong.length) {
    throw new InvalidInput(
      wrong.map((p) =>
        issue(
          ['body', 'children', p.index, 'mediaId'],
          'media_not_placeable',
          `Expected one of this article's ${p.kind === 'image' ? 'gallery pictures' : 'videos'}`,
        ),
      ),
    );
  }
}

/** The columns a save of `body` or `description` writes: the other one derived (decision 027); 400 for both. */
export function textChanges(input: {
  description?: string | undefined;
  body?: ArticleDocument | undefined;
}): Pick<ArticleChanges, 'description' | 'body'> {
  if (input.body !== undefined && input.description !== undefined && input.description !== '')
    throw new BadRequest('Send the text as body or as description, not both');
  if (input.body !== undefined) return { body: input.body, description: plainText(input.body) };
  if (input.description !== undefined) return { body: null, description: input.description };
  return {};
}

export interface NewArticle {
  title: string;
  description: string;
  /** The document; null keeps the plain description (its paragraphs are the document). */
  body: ArticleDocument | null;
  teaser: string;
  type: ArticleRow['type'];
  channelId: string | null;
  categoryIds: string[];
  thumbnailKey: string | null;
  publishedAtCategory: boolean;
  hidden: boolean;
  restricted: boolean;
  isAd: boolean;
  isEditorial: boolean;
  media: { kind: MediaKind; entries: NewMediaEntry[] } | null;
}

/** Inserts a draft (published=false) owned by `userId`, with slug, category links and media, in one batch. */
export async function insertArticle(
  db: Db,
  userId: string,
  input: NewArticle,
  audit: AuditScope,
): Promise<{ id: string; slug: string }> {
  const id = crypto.randomUUID();
  const now = nowMs();
  const slug = await insertWithUniqueSlug(db, { text: input.title, id, kind: 'article' }, (slug) => [
    db.insert(articles).values({
      id,
      slug,
      userId,
      published: false,
      title: input.title,
      description: input.description,
      body: input.body,
      version: 1,
      createdAt: now,
      updatedAt: now,
      teaser: input.teaser,
      type: input.type,
      channelId: input.channelId,
      thumbnailKey: input.thumbnailKey,
      publishedAtCategory: input.publishedAtCategory,
      hidden: input.hidden,
      restricted: input.restricted,
      isAd: input.isAd,
      isEditorial: input.isEditorial,
      mediaKind: input.media?.kind ?? null,
    }),
    ...[...new Set(input.categoryIds)].map((categoryId, ordinal) =>
      db.insert(articleCategories).values({ articleId: id, categoryId, ordinal }),
    ),
    ...(input.media?.entries ?? []).map((e, ordinal) => db.insert(articleMedia).values(mediaValues(id, ordinal, e))),
    ...revisionStatements(db, {
      type: 'article',
      entityId: id,
      versionOf: { table: 'articles', current: 1, inserted: true },
      userId,
      fields: articleRevisionFields({ ...input, body: input.body }, [...new Set(input.categoryIds)]),
      now,
    }),
    auditEntry(db, audit, {
      entityType: 'article',
      entityId: id,
      title: input.title,
      ownerId: userId,
      action: 'created',
    }),
  ]);
  return { id, slug };
}

export interface ArticleChanges {
  title?: string;
  description?: string;
  body?: ArticleDocument | null;
  teaser?: string;
  type?: ArticleRow['type'];
  channelId?: string | null;
  categoryIds?: string[];
  /** A new key, null to remove the thumbnail, undefined to keep it. */
  thumbnailKey?: string | null;
  publishedAtCategory?: boolean;
  hidden?: boolean;
  restricted?: boolean;
  isAd?: boolean;
  isEditorial?: boolean;
  published?: boolean;
}

/** What a revision of an article keeps: every field its form saves. */
export function articleRevisionFields(
  a: Pick<
    NewArticle,
    | 'title'
    | 'description'
    | 'body'
    | 'teaser'
    | 'type'
    | 'channelId'
    | 'publishedAtCategory'
    | 'hidden'
    | 'restricted'
    | 'isAd'
    | 'isEditorial'
  >,
  categoryIds: string[],
) {
  return {
    title: a.title,
    teaser: a.teaser,
    description: a.description,
    body: a.body,
    type: a.type,
    channelId: a.channelId,
    categoryIds,
    publishedAtCategory: a.publishedAtCategory,
    hidden: a.hidden,
    restricted: a.restricted,
    isAd: a.isAd,
    isEditorial: a.isEditorial,
  };
}

/**
 * Applies the changes in one batch with the article's next version and a revision of the saved state (409 with
 * nothing written when another save raised the version since `row` was read); returns the file keys the article no
 * longer uses. A co-editing room's save (decision 051) passes its `authors`: the revision credits them all and each
 * gets the audit entry, instead of `audit` alone.
 */
export async function updateArticle(
  db: Db,
  row: ArticleRow,
  changes: ArticleChanges,
  userId: string,
  audit: AuditScope,
  authors?: readonly AuditScope[],
): Promise<string[]> {
  const { categoryIds, ...columns } = changes;
  const now = nowMs();
  const storedCategoryIds = (
    await db
      .select({ id: articleCategories.categoryId })
      .from(articleCategories)
      .where(eq(articleCategories.articleId, row.id))
      .orderBy(asc(articleCategories.ordinal))
      .all()
  ).map((r) => r.id);
  const savedCategoryIds = categoryIds ? [...new Set(categoryIds)] : storedCategoryIds;
  const saved = { ...row, ...columns };
  const fields = changedFields(
    { ...row, categoryIds: storedCategoryIds },
    { ...columns, categoryIds: categoryIds ? savedCategoryIds : undefined },
  ).map((f) => (f === 'thumbnailKey' ? 'thumbnail' : f));
  const batch: Batch = [
    ...revisionStatements(db, {
      type: 'article',
      entityId: row.id,
      versionOf: { table: 'articles', current: row.version },
      userId,
      authorIds: authors?.flatMap((a) => (a.actor.userId ? [a.actor.userId] : [])),
      fields: articleRevisionFields(saved, savedCategoryIds),
      now,
    }),
    db
      .update(articles)
      .set({ ...columns, version: row.version + 1, updatedAt: now })
      .where(and(eq(articles.id, row.id), eq(articles.version, row.version))),
    ...(authors ?? [audit]).flatMap((scope) =>
      contentSaveEntries(db, scope, articleSubject(saved), fields, {
        before: row.published,
        after: changes.published,
      }),
    ),
  ];
  if (categoryIds) {
    batch.push(db.delete(articleCategories).where(eq(articleCategories.articleId, row.id)));
    for (const [ordinal, categoryId] of savedCategoryIds.entries()) {
      batch.push(db.insert(articleCategories).values({ articleId: row.id, categoryId, ordinal }));
    }
  }
  // Leaving a channel takes the article out of that channel's ordinals.
  if (changes.channelId !== undefined && changes.channelId !== row.channelId && row.channelId) {
    batch.push(removeFromOrdinals(db, [row.id]));
  }
  await runSave(db, batch);
  return changes.thumbnailKey !== undefined && changes.thumbnailKey !== row.thumbnailKey && row.thumbnailKey
    ? [row.thumbnailKey]
    : [];
}

/** The article as its audit entries name it. */
export const articleSubject = (row: Pick<ArticleRow, 'id' | 'title' | 'userId'>) =>
  ({ entityType: 'article', entityId: row.id, title: row.title, ownerId: row.userId }) as const;

/**
 * Deletes the article and everything that names it (likes, grants, access and publication requests,
 * channel ordinals, news items, slugs, media, category links) in one batch.
 * Returns the slugs it had (for the KV cache) and the file keys to delete.
 */
export async function deleteArticle(
  db: Db,
  row: ArticleRow,
  audit: AuditScope,
): Promise<{ slugs: string[]; fileKeys: string[] }> {
  const [media, newsRows, slugRows] = await Promise.all([
    listMediaRows(db, row.id),
    db
      .select({ thumbnailKey: news.thumbnailKey })
      .from(news)
      .where(and(eq(news.refKind, 'article'), eq(news.refId, row.id)))
      .all(),
    db.select({ slug: slugs.slug }).from(slugs).where(eq(slugs.entityId, row.id)).all(),
  ]);
  await db.batch([
    db.delete(userArticles).where(eq(userArticles.contentId, row.id)),
    db.delete(contentAccess).where(eq(contentAccess.contentId, row.id)),
    db.delete(contentRequests).where(eq(contentRequests.contentId, row.id)),
    db.delete(publicationRequests).where(eq(publicationRequests.contentId, row.id)),
    db.delete(news).where(and(eq(news.refKind, 'article'), eq(news.refId, row.id))),
    removeFromOrdinals(db, [row.id]),
    db.delete(slugs).where(eq(slugs.entityId, row.id)),
    db.delete(articleMedia).where(eq(articleMedia.articleId, row.id)),
    db.delete(articleCategories).where(eq(articleCategories.articleId, row.id)),
    deleteRevisionsOf(db, row.id),
    db.delete(previewLinks).where(eq(previewLinks.entityId, row.id)),
    db.delete(articles).where(eq(articles.id, row.id)),
    auditEntry(db, audit, {
      entityType: 'article',
      entityId: row.id,
      title: row.title,
      ownerId: row.userId,
      action: 'deleted',
    }),
  ]);
  const fileKeys = [
    row.thumbnailKey,
    ...media.flatMap((m) => [m.blobKey, m.thumbnailKey]),
    ...newsRows.map((n) => n.thumbnailKey),
  ].filter((k): k is string => !!k);
  return { slugs: slugRows.map((s) => s.slug), fileKeys };
}
