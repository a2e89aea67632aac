// Entity mappers of articles: D1 rows to the shapes of schema/entities.ts.
import { sql } from 'drizzle-orm';
import { DOCUMENT_VERSION } from '../../schema/document';
import { documentFromText, textStart } from '../../schema/document-text';
import type { Article, ArticleSummary, Media } from '../../schema/entities';
import { articles, type articleMedia, type MEDIA_KINDS } from '../../schema/tables';
import { iso } from '../lib/db';
import { fileHref } from '../lib/files';

export type ArticleRow = typeof articles.$inferSelect;
export type MediaRow = typeof articleMedia.$inferSelect;
export type MediaKind = (typeof MEDIA_KINDS)[number];

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
  thumbnailKey: articles.thumbnailKey,
  published: articles.published,
  hidden: articles.hidden,
  restricted: articles.restricted,
  isAd: articles.isAd,
  isEditorial: articles.isEditorial,
  createdAt: articles.createdAt,
};
export type ArticleSummaryRow = Pick<ArticleRow, Exclude<keyof typeof articleSummaryColumns, 'teaserFallback'>> & {
  teaserFallback?: string;
  description?: string;
};

/** The teaser, or the start of the text when it has none. */
export const teaserOf = (row: ArticleSummaryRow) =>
  row.teaser || (row.restricted ? '' : textStart(row.teaserFallback ?? row.description ?? ''));

export function toArticleSummary(row: ArticleSummaryRow): ArticleSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    teaser: teaserOf(row),
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
  extra: { categoryIds: string[]; media: readonly MediaRow[]; locked: boolean },
): Article {
  return {
    ...toArticleSummary(row),
    // The form edits the teaser as written; the article page falls back to the text itself.
    teaser: row.teaser,
    description: extra.locked ? '' : row.description,
    body: extra.locked ? { version: DOCUMENT_VERSION, children: [] } : (row.body ?? documentFromText(row.description)),
    version: row.version,
    categoryIds: extra.categoryIds,
    publishedAtCategory: row.publishedAtCategory,
    media: extra.locked ? null : toMedia(row.mediaKind, extra.media),
    locked: extra.locked,
    updatedAt: iso(row.updatedAt),
  };
}
