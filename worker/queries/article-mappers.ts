// Entity mappers of articles: D1 rows to the shapes of schema/entities.ts.
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { DOCUMENT_VERSION } from '#schema/document';
import { documentFromText, textStart } from '#schema/document-text';
import type { Article, ArticleSummary, Media } from '#schema/entities';
import { articleMedia, articles, type MEDIA_KINDS } from '#schema/tables';
import { iso } from '../services/db';
import { fileHref } from '../lib/files';
import { articleReadableWhere } from '../lib/visibility';

export type ArticleRow = typeof articles.$inferSelect;
export type MediaRow = typeof articleMedia.$inferSelect;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/**
 * The picture of an article's cards: its own thumbnail, else the first picture of its gallery, else the first
 * poster frame of its videos (in ordinal order), so a gallery or video article without a chosen thumbnail still
 * shows one. The fallbacks are media, which only readers of the restricted parts may fetch: they are offered only
 * when anyone may read the article (not restricted, not in a restricted or private channel), so no card names a
 * file its visitor would be refused.
 */
// Written with the tables' names: drizzle leaves columns unqualified in a one-table select, where `"id"` inside the
// sub-select would name the media row's own id.
export const articleThumbnailKey = sql<
  string | null
>`coalesce("articles"."thumbnail_key", case when ${articleReadableWhere(null)} then (
    select case m.kind when 'image' then m.blob_key else m.thumbnail_key end
    from ${articleMedia} m
    where m.article_id = "articles"."id"
      and (("articles"."media_kind" = 'gallery' and m.kind = 'image')
        or ("articles"."media_kind" = 'video' and m.kind = 'video' and m.thumbnail_key is not null))
    order by m.ordinal limit 1) end)`;

/** The same fallback from an article's media rows already read (GET /articles/{id}), for a viewer who may read them. */
export function fallbackThumbnailKey(kind: MediaKind | null, rows: readonly MediaRow[]): string | null {
  const sorted = [...rows].sort((a, b) => a.ordinal - b.ordinal);
  if (kind === 'gallery') return sorted.find((r) => r.kind === 'image')?.blobKey ?? null;
  if (kind === 'video') return sorted.find((r) => r.kind === 'video' && r.thumbnailKey)?.thumbnailKey ?? null;
  return null;
}

/** The columns a summary shows: lists select these, not the description (up to 20,000 characters each). */
export const articleSummaryColumns = {
  id: articles.id,
  slug: articles.slug,
  title: articles.title,
  teaser: articles.teaser,
  /**
   * The start of the text when the teaser is empty (decision 027), so lists need not select whole descriptions.
   * Never of a restricted article: its text is for those with access, and lists show it locked.
   */
  teaserFallback: sql<string>`case when ${articles.teaser} = '' and ${articles.restricted} = 0 then substr(${articles.description}, 1, 400) else '' end`,
  type: articles.type,
  channelId: articles.channelId,
  userId: articles.userId,
  thumbnailKey: articleThumbnailKey.mapWith((v: string | null) => v).as('thumbnail_key'),
  published: articles.published,
  hidden: articles.hidden,
  restricted: articles.restricted,
  isAd: articles.isAd,
  isEditorial: articles.isEditorial,
  createdAt: articles.createdAt,
  language: articles.language,
};

/**
 * A list's summary in the reader's language (decision 056): the published translation of `language` of a published
 * article as one JSON column of the list's own statement (null where there is none: the source's text shows), so a
 * list in German costs the statements and round trips of the English one. `language` is a bound value or placeholder.
 */
export const articleSummaryTranslation = (language: SQL | Placeholder | string) =>
  sql<string | null>`(select json_object('language', t.language, 'slug', t.slug, 'title', t.title,
    'teaser', t.teaser, 'start', case when t.teaser = '' and "articles"."restricted" = 0
      then substr(t.description, 1, 400) else '' end)
    from article_translations t where t.article_id = "articles"."id" and t.language = ${language}
      and t.published = 1 and "articles"."published" = 1 and t.language <> "articles"."language")`.as('translated');

export type ArticleSummaryRow = Pick<
  ArticleRow,
  Exclude<keyof typeof articleSummaryColumns, 'teaserFallback' | 'language'>
> & {
  teaserFallback?: string;
  description?: string;
  language?: string;
  /** `articleSummaryTranslation`'s JSON, where the list asked for a language. */
  translated?: string | null;
};

interface SummaryTranslation {
  language: string;
  slug: string;
  title: string;
  teaser: string;
  start: string;
}

const summaryTranslationOf = (text: string | null | undefined): SummaryTranslation | undefined => {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as SummaryTranslation;
  } catch {
    return undefined;
  }
};

/** The teaser, or the start of the text when it has none. */
export const teaserOf = (row: ArticleSummaryRow) =>
  row.teaser || (row.restricted ? '' : textStart(row.teaserFallback ?? row.description ?? ''));

export function toArticleSummary(row: ArticleSummaryRow): ArticleSummary {
  const translated = summaryTranslationOf(row.translated);
  return {
    id: row.id,
    slug: translated?.slug ?? row.slug,
    title: translated?.title ?? row.title,
    teaser: translated ? translated.teaser || textStart(translated.start) : teaserOf(row),
    type: row.type,
    channelId: row.channelId,
    userId: row.userId,
    thumbnailHref: fileHref(row.thumbnailKey),
    published: row.published,
    hidden: row.hidden,
    restricted: row.restricted,
    isAd: row.isAd,
    isEditorial: row.isEditorial,
    createdAt: iso(row.createdAt),
    ...(translated ? { language: translated.language } : row.language ? { language: row.language } : {}),
  };
}

/** The media of an article from its kind and its rows (sorted by ordinal here, whatever the input order). */
export function toMedia(kind: MediaKind | null, rows: readonly MediaRow[]): Media {
  if (!kind) return null;
  const sorted = [...rows].sort((a, b) => a.ordinal - b.ordinal);
  if (kind === 'gallery') {
    return {
      kind,
      images: sorted
        .filter((r) => r.kind === 'image')
        .map((r) => ({ id: r.id, ordinal: r.ordinal, title: r.title, href: fileHref(r.blobKey)! })),
    };
  }
  return {
    kind,
    videos: sorted
      .filter((r) => r.kind === 'video')
      .map((r) => ({
        id: r.id,
        ordinal: r.ordinal,
        title: r.title,
        href: fileHref(r.blobKey)!,
        thumbnailMillis: r.thumbnailMillis ?? 0,
        thumbnailHref: fileHref(r.thumbnailKey),
      })),
  };
}

/** The Article entity; a locked article shows neither description nor media. */
export function toArticle(
  row: ArticleRow,
  extra: { categoryIds: string[]; media: readonly MediaRow[]; locked: boolean } & Pick<
    Article,
    'channel' | 'author' | 'categories'
  >,
): Article {
  const summary = toArticleSummary(row);
  return {
    ...summary,
    thumbnailHref:
      summary.thumbnailHref ?? (extra.locked ? null : fileHref(fallbackThumbnailKey(row.mediaKind, extra.media))),
    // The form edits the teaser as written; the article page falls back to the text itself.
    teaser: row.teaser,
    description: extra.locked ? '' : row.description,
    body: extra.locked ? { version: DOCUMENT_VERSION, children: [] } : (row.body ?? documentFromText(row.description)),
    version: row.version,
    channel: extra.channel,
    author: extra.author,
    categoryIds: extra.categoryIds,
    categories: extra.categories,
    publishedAtCategory: row.publishedAtCategory,
    media: extra.locked ? null : toMedia(row.mediaKind, extra.media),
    locked: extra.locked,
    updatedAt: iso(row.updatedAt),
    language: row.language,
    sourceLanguage: row.language,
    translations: [],
  };
}
