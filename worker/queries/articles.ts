// Article queries: reads under the visibility rules and the writes behind the article calls
// (each write one D1 batch; callers delete replaced files after it succeeded).
import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Article, ArticlePage, SessionUser } from '#schema/entities';
import {
  articleCategories,
  articleMedia,
  articles,
  categories,
  channels,
  contentRequests,
  users,
} from '#schema/tables';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Db } from '../env';
import { afterCursor, toPage } from '../lib/cursor';
import { BadRequest, Forbidden, NotFound } from '../lib/errors';
import { assertOwnerOrAdmin } from '../lib/access';
import { batchRows, reusable } from '../lib/statements';
import { articleReadableWhere, articleVisibleWhere, channelVisibleWhere, type Viewer } from '../lib/visibility';
import {
  articleSummaryTranslation,
  toArticle,
  toArticleSummary,
  type ArticleRow,
  type MediaRow,
} from './article-mappers';
import type { ArticleDocument } from '#schema/document';
import type { Language } from '#schema/languages';
import { itemTranslations, mayEdit, parsedJson, translatedView, type TranslationRead } from './translated-reads';
import { authorColumns, toAuthor } from './authors';
import { importedFromOf } from './imports';

export type Batch = BatchItem<'sqlite'>[];

export const ARTICLE_NOT_FOUND = 'Article not found';
/** D1 allows 100 bound parameters per statement; lists of ids are chunked below that. */
const CHUNK = 90;

const chunks = <T>(items: readonly T[], size = CHUNK): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};
export const nowMs = () => Date.now();

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

/**
 * GET /articles: the newest articles the viewer may see (listing rules), a page at a time; each in `language` where
 * it has a published translation (decision 056), else in its own.
 */
export async function listArticles(
  db: Db,
  viewer: Viewer,
  page: { cursor?: string | undefined; limit: number },
  language?: Language,
): Promise<ArticlePage> {
  const rows = await db
    .select({
      ...getTableColumns(articles),
      ...(language ? { translated: articleSummaryTranslation(language.tag) } : {}),
    })
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
export async function getArticle(db: Db, viewer: Viewer, id: string, language?: Language): Promise<Article> {
  const articleId = sql.placeholder('id');
  const [found, categoryRows, mediaRows, translationRows] = await batchRows(db, [
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
    // Its translations: the states, and the text of the request's language (one statement more, same round trip).
    itemTranslations(db, 'article', id, language ?? DEFAULT_READ),
  ]);
  const found0 = found[0];
  if (!found0) throw new NotFound(ARTICLE_NOT_FOUND);
  const view = translatedView(translationRows, language, {
    language: found0.article.language,
    isPublic: found0.article.published,
    editable: mayEdit(viewer, found0.article.userId),
  });
  const { row, media } = overlaid(found0, mediaRows, view.overlay);
  const article = toArticle(row.article, {
    categoryIds: categoryRows.map((r) => r.id),
    media,
    locked: !row.readable,
    channel: row.channel?.id ? { id: row.channel.id, slug: row.channel.slug, name: row.channel.name } : null,
    author: toAuthor(row.owner),
    categories: categoryRows,
  });
  const result: Article = {
    ...article,
    language: view.language,
    sourceLanguage: view.sourceLanguage,
    sourceSlug: found0.article.slug,
    translations: view.translations,
  };
  // Its import source, for those who may edit it (one more read, signed-in editors only; anonymous reads never).
  if (mayEdit(viewer, row.article.userId)) {
    const source = await importedFromOf(db, row.article.id);
    if (source) result.importedFrom = source;
  }
  if (!result.locked || !viewer) return result;
  // A locked article for a signed-in reader (rare: one more read): a pending request for it or for its channel.
  const asked = [row.article.id, ...(row.article.channelId ? [row.article.channelId] : [])];
  return { ...result, accessRequested: await hasPendingRequest(db, viewer.id, asked) };
}

/** The language a read without one names: no translation's text is read, only the states. */
const DEFAULT_READ: Language = { tag: '', short: '' };

/** The article's row and media with a published translation's text in place of the source's. */
function overlaid<R extends { article: ArticleRow }>(
  row: R,
  media: MediaRow[],
  t: TranslationRead | undefined,
): { row: R; media: MediaRow[] } {
  if (!t) return { row, media };
  const titles = parsedJson<Record<string, string>>(t.mediaTitles) ?? {};
  return {
    row: {
      ...row,
      article: {
        ...row.article,
        slug: t.slug ?? row.article.slug,
        title: t.title ?? row.article.title,
        teaser: t.teaser ?? row.article.teaser,
        description: t.description ?? row.article.description,
        body: parsedJson<ArticleDocument>(t.body) ?? (t.description !== null ? null : row.article.body),
      },
    },
    media: media.map((m) => (titles[m.id] ? { ...m, title: titles[m.id]! } : m)),
  };
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
