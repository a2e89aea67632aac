// Entity mappers of articles: D1 rows to the shapes of schema/entities.ts.
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
export type ArticleSummaryRow = Pick<ArticleRow, keyof typeof articleSummaryColumns>;

export function toArticleSummary(row: ArticleSummaryRow): ArticleSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    teaser: row.teaser,
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
    description: extra.locked ? '' : row.description,
    categoryIds: extra.categoryIds,
    publishedAtCategory: row.publishedAtCategory,
    media: extra.locked ? null : toMedia(row.mediaKind, extra.media),
    locked: extra.locked,
    updatedAt: iso(row.updatedAt),
  };
}
