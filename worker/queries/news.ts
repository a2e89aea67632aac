// News items: the paged feed (newest first, keyset cursor), one item, and the writes. Each item's ref is
// filled from the article or channel it points at, and an item whose target the viewer may not see is
// left out, as if it did not exist (docs/decisions/006-search.md, "News").
import type { Language } from '#schema/languages';
import {
  listTranslation,
  listTranslationOf,
  mayEdit,
  translatedView,
  translationsColumn,
  translationsFromJson,
} from './translated-reads';
import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { NewsItem, SessionUser } from '#schema/entities';
import { articles, channels, news, previewLinks, type NEWS_REF_KINDS } from '#schema/tables';
import type { Db } from '../env';
import { afterCursor, toPage } from '../lib/cursor';
import { iso } from '../services/db';
import { BadRequest, NotFound } from '../lib/errors';
import { fileHref } from '../lib/files';
import { assertOwnerOrAdmin } from '../lib/access';
import { articleVisibleWhere, channelVisibleWhere, newsVisibleWhere, type Viewer } from '../lib/visibility';
import { deleteRevisionsOf, revisionStatements, runSave } from './revisions';
import { auditEntry, changedFields, contentSaveEntries, type AuditScope } from '../services/audit';

export const NEWS_NOT_FOUND = 'News item not found';
export const REF_NOT_FOUND = 'The news item must point at an article or channel you can see';

export type NewsRow = typeof news.$inferSelect;
export type NewsRefKind = (typeof NEWS_REF_KINDS)[number];

/** A news item's row with what its ref needs from the article or channel it points at (left-joined as below). */
export const newsWithRefColumns = {
  news,
  articleSlug: articles.slug,
  articleRestricted: articles.restricted,
  articleIsAd: articles.isAd,
  articleIsEditorial: articles.isEditorial,
  channelSlug: channels.slug,
  channelRestricted: channels.restricted,
  channelIsAd: channels.isAd,
};

/** News rows with their refs' columns and `extra` ones, left-joined to the article or channel each points at. */
function selectNews<E extends Record<string, SQL>>(db: Db, extra: E) {
  return db
    .select({ ...newsWithRefColumns, ...extra })
    .from(news)
    .leftJoin(articles, and(eq(news.refKind, 'article'), eq(articles.id, news.refId)))
    .leftJoin(channels, and(eq(news.refKind, 'channel'), eq(channels.id, news.refId)));
}

type JoinedRow = Awaited<ReturnType<ReturnType<typeof selectNews<Record<never, SQL>>>['all']>>[number];

export function toNewsItem(r: JoinedRow): NewsItem {
  const n = r.news;
  const ref =
    n.refKind === 'article'
      ? {
          kind: 'article' as const,
          id: n.refId,
          slug: r.articleSlug!,
          restricted: !!r.articleRestricted,
          isAd: !!r.articleIsAd,
          isEditorial: !!r.articleIsEditorial,
        }
      : {
          kind: 'channel' as const,
          id: n.refId,
          slug: r.channelSlug!,
          restricted: !!r.channelRestricted,
          isAd: !!r.channelIsAd,
          isEditorial: false,
        };
  return {
    id: n.id,
    title: n.title,
    description: n.description,
    teaser: n.teaser,
    ref,
    thumbnailHref: fileHref(n.thumbnailKey),
    publishedAt: iso(n.publishedAt),
    userId: n.userId,
    language: n.language,
    sourceLanguage: n.language,
    translations: [],
  };
}

export interface NewsPage {
  items: NewsItem[];
  nextCursor: string | null;
}

/**
 * What a list of news reads in `language` beside each row (decision 056), in its own statement: the item's published
 * translation while the item is public (its time has come), and its target's published translated slug while the
 * target is published, so the item links to the target's page in that language without a redirect.
 */
function newsInLanguage(language: string, now: number) {
  const targetSlug = (table: string, key: string, item: string) =>
    sql<string | null>`(select t.slug from ${sql.raw(table)} t where t.${sql.raw(key)} = ${sql.raw(`"${item}"."id"`)}
      and t.language = ${language} and t.published = 1 and ${sql.raw(`"${item}"."published"`)} = 1
      and t.language <> ${sql.raw(`"${item}"."language"`)})`;
  return {
    translated: listTranslation('news', 'news', language, sql`"news"."published_at" <= ${now}`),
    articleSlugIn: targetSlug('article_translations', 'article_id', 'articles'),
    channelSlugIn: targetSlug('channel_translations', 'channel_id', 'channels'),
  };
}

type NewsListRow = JoinedRow & {
  translated?: string | null;
  articleSlugIn?: string | null;
  channelSlugIn?: string | null;
};

/** A list's news item in the reader's language where its row carries a translation, else in its own. */
function translatedNewsItem(r: NewsListRow): NewsItem {
  const t = listTranslationOf(r.translated);
  const item = toNewsItem({
    ...r,
    news: t ? { ...r.news, title: t.title, teaser: t.text } : r.news,
    articleSlug: r.articleSlugIn ?? r.articleSlug,
    channelSlug: r.channelSlugIn ?? r.channelSlug,
  });
  return t ? { ...item, language: t.language } : item;
}

/**
 * A page of the feed, newest publishedAt first (id breaks ties), only what the viewer may see; one statement. Each
 * item in `language` where it has a published translation, else in its own.
 */
export async function listNews(
  db: Db,
  viewer: Viewer,
  page: { cursor?: string | undefined; limit: number },
  now = Date.now(),
  language?: Language,
): Promise<NewsPage> {
  const rows: NewsListRow[] = await selectNews(db, language ? newsInLanguage(language.tag, now) : {})
    .where(and(newsVisibleWhere(viewer, now, { listing: true }), afterCursor(page.cursor, news.publishedAt, news.id)))
    .orderBy(desc(news.publishedAt), desc(news.id))
    .limit(page.limit + 1)
    .all();
  return toPage(rows, page.limit, (r) => ({ time: r.news.publishedAt, id: r.news.id }), translatedNewsItem);
}

/** The item with its ref's columns and its translations (one statement; the text only of `language`). */
async function findVisibleNews(db: Db, viewer: Viewer, id: string, language?: Language) {
  return selectNews(db, { translations: translationsColumn('news', 'news', language?.tag ?? '') })
    .where(and(eq(news.id, id), newsVisibleWhere(viewer, Date.now(), { listing: false })))
    .get();
}

export async function getNews(db: Db, viewer: Viewer, id: string, language?: Language): Promise<NewsItem> {
  const row = await findVisibleNews(db, viewer, id, language);
  if (!row) throw new NotFound(NEWS_NOT_FOUND);
  const view = translatedView(translationsFromJson(row.translations), language, {
    language: row.news.language,
    isPublic: row.news.publishedAt <= Date.now(),
    editable: mayEdit(viewer, row.news.userId),
  });
  const t = view.overlay;
  const item = toNewsItem(
    t ? { ...row, news: { ...row.news, title: t.title ?? row.news.title, teaser: t.teaser ?? row.news.teaser } } : row,
  );
  return { ...item, language: view.language, sourceLanguage: view.sourceLanguage, translations: view.translations };
}

/**
 * 400 unless the writer may point a news item at the target: it exists and they may see it as in a list (so not
 * someone else's hidden article or channel, whose id and slug the item would show everyone), or it is theirs.
 */
export async function assertRefVisible(
  db: Db,
  viewer: SessionUser,
  ref: { kind: NewsRefKind; id: string },
): Promise<void> {
  const found =
    ref.kind === 'article'
      ? await db
          .select({ id: articles.id })
          .from(articles)
          .where(
            and(
              eq(articles.id, ref.id),
              or(articleVisibleWhere(viewer, { listing: true }), eq(articles.userId, viewer.id)),
            ),
          )
          .get()
      : await db
          .select({ id: channels.id })
          .from(channels)
          .where(
            and(
              eq(channels.id, ref.id),
              or(channelVisibleWhere(viewer, { listing: true }), eq(channels.userId, viewer.id)),
            ),
          )
          .get();
  if (!found) throw new BadRequest(REF_NOT_FOUND);
}

export interface NewNews {
  title: string;
  description: string;
  teaser: string;
  ref: { kind: NewsRefKind; id: string };
  thumbnailKey: string | null;
  publishedAt?: string | undefined;
}

/** The news item as its audit entries name it. */
export const newsSubject = (row: Pick<NewsRow, 'id' | 'title' | 'userId'>) =>
  ({ entityType: 'news', entityId: row.id, title: row.title, ownerId: row.userId }) as const;

export async function createNews(db: Db, user: SessionUser, input: NewNews, audit: AuditScope): Promise<NewsItem> {
  await assertRefVisible(db, user, input.ref);
  const id = crypto.randomUUID();
  const now = Date.now();
  await db.batch([
    db.insert(news).values({
      id,
      title: input.title,
      description: input.description,
      teaser: input.teaser,
      refKind: input.ref.kind,
      refId: input.ref.id,
      thumbnailKey: input.thumbnailKey,
      userId: user.id,
      publishedAt: input.publishedAt ? Date.parse(input.publishedAt) : now,
      createdAt: now,
    }),
    auditEntry(db, audit, { ...newsSubject({ id, title: input.title, userId: user.id }), action: 'created' }),
  ]);
  return getNews(db, user, id);
}

/** The item for a write: 404 when the user may not see it, 403 unless theirs or they are ADMIN. */
export async function newsForWrite(db: Db, user: SessionUser, id: string): Promise<NewsRow> {
  const row = await findVisibleNews(db, user, id);
  if (!row) throw new NotFound(NEWS_NOT_FOUND);
  assertOwnerOrAdmin(user, row.news.userId);
  return row.news;
}

export interface NewsChanges {
  title?: string | undefined;
  description?: string | undefined;
  teaser?: string | undefined;
  ref?: { kind: NewsRefKind; id: string } | undefined;
  /** undefined keeps the thumbnail, null removes it. */
  thumbnailKey?: string | null | undefined;
  publishedAt?: string | undefined;
}

/** Applies the changes with the item's next version and a revision (409 with nothing written when stale). */
export async function updateNews(
  db: Db,
  user: SessionUser,
  row: NewsRow,
  changes: NewsChanges,
  audit: AuditScope,
): Promise<NewsItem> {
  if (changes.ref) await assertRefVisible(db, user, changes.ref);
  const set = Object.fromEntries(
    Object.entries({
      title: changes.title,
      description: changes.description,
      teaser: changes.teaser,
      refKind: changes.ref?.kind,
      refId: changes.ref?.id,
      thumbnailKey: changes.thumbnailKey,
      publishedAt: changes.publishedAt ? Date.parse(changes.publishedAt) : undefined,
    }).filter(([, v]) => v !== undefined),
  ) as Partial<NewsRow>;
  const saved = { ...row, ...set };
  const fieldNames: Record<string, string> = { refKind: 'ref', refId: 'ref', thumbnailKey: 'thumbnail' };
  const fields = [...new Set(changedFields(row, set).map((f) => fieldNames[f] ?? f))];
  await runSave(db, [
    ...revisionStatements(db, {
      type: 'news',
      entityId: row.id,
      versionOf: { table: 'news', current: row.version },
      userId: user.id,
      fields: {
        title: saved.title,
        description: saved.description,
        teaser: saved.teaser,
        ref: { kind: saved.refKind, id: saved.refId },
        publishedAt: new Date(saved.publishedAt).toISOString(),
      },
      now: Date.now(),
    }),
    db
      .update(news)
      .set({ ...set, version: row.version + 1 })
      .where(and(eq(news.id, row.id), eq(news.version, row.version))),
    ...contentSaveEntries(db, audit, newsSubject(saved), fields),
  ]);
  return getNews(db, user, row.id);
}

export async function deleteNews(db: Db, row: NewsRow, audit: AuditScope): Promise<void> {
  await db.batch([
    auditEntry(db, audit, { ...newsSubject(row), action: 'deleted' }),
    deleteRevisionsOf(db, row.id),
    db.delete(previewLinks).where(eq(previewLinks.entityId, row.id)),
    db.delete(news).where(eq(news.id, row.id)),
  ]);
}
