// Article queries: reads under the visibility rules and the writes behind the article calls
// (each write one D1 batch; callers delete replaced files after it succeeded).
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { type ArticleDocument } from '../../schema/document';
import { placedMedia, plainText } from '../../schema/document-text';
import type { Article, ArticlePage, SessionUser } from '../../schema/entities';
import {
  articleCategories,
  articleMedia,
  articles,
  categories,
  channels,
  contentAccess,
  contentRequests,
  news,
  previewLinks,
  publicationRequests,
  slugs,
  userArticles,
  users,
} from '../../schema/tables';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Db } from '../env';
import { afterCursor, toPage } from '../lib/cursor';
import { BadRequest, Forbidden, InvalidInput, NotFound, issue } from '../lib/errors';
import { assertOwnerOrAdmin } from '../middleware/guards';
import { insertWithUniqueSlug } from './slugs';
import { batchRows, reusable } from '../lib/statements';
import { auditEntry, changedFields, contentSaveEntries, type AuditScope } from '../services/audit';
import { articleReadableWhere, articleVisibleWhere, channelVisibleWhere, type Viewer } from '../lib/visibility';
import { toArticle, toArticleSummary, type ArticleRow, type MediaKind } from './article-mappers';
import { authorColumns, toAuthor } from './authors';
import { listMediaRows, mediaValues, type NewMediaEntry } from './article-media';
import { deleteRevisionsOf, revisionStatements, runSave } from './revisions';

type Batch = BatchItem<'sqlite'>[];

export const ARTICLE_NOT_FOUND = 'Article not found';
/** D1 allows 100 bound parameters per statement; lists of ids are chunked below that. */
const CHUNK = 90;

const chunks = <T>(items: readonly T[], size = CHUNK): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};
const nowMs = () => Date.now();

// ---- reads ----

/** The article row if the viewer may see it (direct look-up: hidden ones included), else undefined. */
export async function findVisibleArticle(db: Db, viewer: Viewer, id: string): Promise<ArticleRow | undefined> {
  return db
    .select()
    .from(articles)
    .where(and(eq(articles.id, id), articleVisibleWhere(viewer, { listing: false })))
    .get();
}

/** The article's channel under its own name, so the visibility conditions' `channels` stay theirs. */
const articleChannel = alias(channels, 'article_channel');

/** GET /articles: the newest articles the viewer may see (listing rules), a page at a time. */
export async function listArticles(
  db: Db,
  viewer: Viewer,
  page: { cursor?: string | undefined; limit: number },
): Promise<ArticlePage> {
  const rows = await db
    .select()
    .from(articles)
    .where(
      and(articleVisibleWhere(viewer, { listing: true }), afterCursor(page.cursor, articles.createdAt, articles.id)),
    )
    .orderBy(desc(articles.createdAt), desc(articles.id))
    .limit(page.limit + 1)
    .all();
  return toPage(rows, page.limit, (r) => ({ time: r.createdAt, id: r.id }), toArticleSummary);
}

/**
 * GET /articles/{id}: 404 when it does not exist or the viewer may not see it. One D1 round trip: the row
 * (with whether the viewer may read its restricted parts), its category ids and its media in one batch.
 */
export async function getArticle(db: Db, viewer: Viewer, id: string): Promise<Article> {
  const articleId = sql.placeholder('id');
  const [found, categoryRows, media] = await batchRows(db, [
    reusable(
      db,
      viewer,
      'article',
      (v) =>
        db
          .select({
            article: articles,
            readable: sql<boolean>`${articleReadableWhere(v)}`.mapWith(Boolean),
            // Named apart: a batch's rows come keyed by column name, and the article has an id and a slug too.
            channel: {
              id: sql<string | null>`${articleChannel.id}`.as('channel_id_'),
              slug: sql<string>`${articleChannel.slug}`.as('channel_slug_'),
              name: sql<string>`${articleChannel.name}`.as('channel_name_'),
            },
            owner: authorColumns,
          })
          .from(articles)
          .leftJoin(articleChannel, eq(articleChannel.id, articles.channelId))
          .innerJoin(users, eq(users.id, articles.userId))
          .where(and(eq(articles.id, articleId), articleVisibleWhere(v, { listing: false }))),
      { id },
    ),
    reusable(
      db,
      viewer,
      'article categories',
      () =>
        db
          .select({ id: articleCategories.categoryId, slug: categories.slug, title: categories.title })
          .from(articleCategories)
          .innerJoin(categories, eq(categories.id, articleCategories.categoryId))
          .where(eq(articleCategories.articleId, articleId))
          .orderBy(asc(articleCategories.ordinal)),
      { id },
    ),
    reusable(
      db,
      viewer,
      'article media',
      () =>
        db.select().from(articleMedia).where(eq(articleMedia.articleId, articleId)).orderBy(asc(articleMedia.ordinal)),
      { id },
    ),
  ]);
  const row = found[0];
  if (!row) throw new NotFound(ARTICLE_NOT_FOUND);
  const result = toArticle(row.article, {
    categoryIds: categoryRows.map((r) => r.id),
    media,
    locked: !row.readable,
    channel: row.channel?.id ? { id: row.channel.id, slug: row.channel.slug, name: row.channel.name } : null,
    author: toAuthor(row.owner),
    categories: categoryRows,
  });
  if (!result.locked || !viewer) return result;
  // A locked article for a signed-in reader (rare: one more read): a pending request for it or for its channel.
  const asked = [row.article.id, ...(row.article.channelId ? [row.article.channelId] : [])];
  return { ...result, accessRequested: await hasPendingRequest(db, viewer.id, asked) };
}

/** Whether the user's request for access to one of `contentIds` waits for a decision. */
async function hasPendingRequest(db: Db, userId: string, contentIds: string[]): Promise<boolean> {
  const found = await db
    .select({ id: contentRequests.id })
    .from(contentRequests)
    .where(
      and(
        eq(contentRequests.userId, userId),
        eq(contentRequests.status, 'PENDING'),
        inArray(contentRequests.contentId, contentIds),
      ),
    )
    .limit(1)
    .all();
  return found.length > 0;
}

/** An article the user may change: 404 if they may not see it, 403 if they neither own it nor are ADMIN. */
export async function articleForWrite(db: Db, user: SessionUser, id: string): Promise<ArticleRow> {
  const row = await findVisibleArticle(db, user, id);
  if (!row) throw new NotFound(ARTICLE_NOT_FOUND);
  assertOwnerOrAdmin(user, row.userId);
  return row;
}

/** Whether `userId` owns the article. */
export function ownsArticle(row: Pick<ArticleRow, 'userId'>, userId: string): boolean {
  return row.userId === userId;
}

// ---- checks shared by article and channel writes ----

/** 400 naming the category ids that do not exist. */
export async function assertCategoriesExist(db: Db, ids: readonly string[]): Promise<void> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const found = new Set<string>();
  for (const part of chunks(wanted)) {
    for (const r of await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, part)).all())
      found.add(r.id);
  }
  const missing = wanted.filter((id) => !found.has(id));
  if (missing.length) throw new BadRequest(`Unknown category ids: ${missing.join(', ')}`);
}

/** A channel an article may be put into: 404 if the user may not see it, 403 unless they own it or are ADMIN. */
export async function assertChannelWritable(db: Db, user: SessionUser, channelId: string): Promise<void> {
  const ch = await db
    .select({ userId: channels.userId })
    .from(channels)
    .where(and(eq(channels.id, channelId), channelVisibleWhere(user, { listing: false })))
    .get();
  if (!ch) throw new NotFound('Channel not found');
  if (user.role !== 'ADMIN' && ch.userId !== user.id) throw new Forbidden('Articles go only into your own channels');
}

/** A statement removing the ids from every list of every channel's articleOrdinals (order kept). */
export function removeFromOrdinals(db: Db, articleIds: readonly string[]): BatchItem<'sqlite'> {
  if (articleIds.length === 0 || articleIds.length > CHUNK) throw new Error('removeFromOrdinals takes 1 to 90 ids');
  const list = sql.join(
    articleIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return db
    .update(channels)
    .set({
      articleOrdinals: sql`(
      select json_group_object(e.key, json((
        select json_group_array(k.value) from (select value from json_each(e.value) where value not in (${list}) order by key) k
      ))) from json_each(${channels.articleOrdinals}) e
    )`,
      updatedAt: nowMs(),
    })
    .where(
      sql`exists (select 1 from json_each(${channels.articleOrdinals}) e, json_each(e.value) v where v.value in (${list}))`,
    );
}

// ---- article writes ----

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
 * longer uses. A co-editing room's save (decision 050) passes its `authors`: the revision credits them all and each
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
