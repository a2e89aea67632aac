// The article form's values, from a stored article and back to what PUT /articles/{id} takes.
import type { ArticleDocument } from '#schema/document';
import type { Article } from '#schema/entities';
import type { ArticleChanges } from '#web/api/articles-edit';

export interface ArticleValues {
  title: string;
  /** The text as a document (schema/document.ts); the server derives description from it. */
  body: ArticleDocument;
  teaser: string;
  type: Article['type'];
  channelId: string;
  categoryIds: string[];
  hidden: boolean;
  restricted: boolean;
  isAd: boolean;
  isEditorial: boolean;
  publishedAtCategory: boolean;
  published: boolean;
  thumbnail: File | null;
  removeThumbnail: boolean;
}

export const ARTICLE_FLAGS = ['hidden', 'restricted', 'isAd', 'isEditorial', 'publishedAtCategory'] as const;

export const articleValues = (a: Article | null): ArticleValues => ({
  title: a?.title ?? '',
  body: a?.body ?? { version: 1, children: [] },
  teaser: a?.teaser ?? '',
  type: a?.type ?? 'text',
  channelId: a?.channelId ?? '',
  categoryIds: a?.categoryIds ?? [],
  hidden: a?.hidden ?? false,
  restricted: a?.restricted ?? false,
  isAd: a?.isAd ?? false,
  isEditorial: a?.isEditorial ?? false,
  publishedAtCategory: a?.publishedAtCategory ?? false,
  published: a?.published ?? false,
  thumbnail: null,
  removeThumbnail: false,
});

/** A new article's body: every field but the files and 'published' (an admin sets that on a stored one). */
export function newArticleBody(v: ArticleValues) {
  const { thumbnail: _, removeThumbnail: __, published: ___, ...fields } = v;
  return { ...fields, channelId: fields.channelId || null };
}

/** What changed against the stored article, as PUT /articles/{id} takes it (files apart). */
export function articleChanges(article: Article, v: ArticleValues, admin: boolean): ArticleChanges {
  const changes: ArticleChanges = {};
  if (v.title !== article.title) changes.title = v.title;
  if (JSON.stringify(v.body) !== JSON.stringify(article.body)) changes.body = v.body;
  if (v.teaser !== article.teaser) changes.teaser = v.teaser;
  if (v.type !== article.type) changes.type = v.type;
  if ((v.channelId || null) !== article.channelId) changes.channelId = v.channelId || null;
  if (JSON.stringify(v.categoryIds) !== JSON.stringify(article.categoryIds)) changes.categoryIds = v.categoryIds;
  for (const flag of ARTICLE_FLAGS) if (v[flag] !== article[flag]) changes[flag] = v[flag];
  if (admin && v.published !== article.published) changes.published = v.published;
  if (v.removeThumbnail && !v.thumbnail) changes.thumbnailFileTag = null;
  return changes;
}

/** The fields a co-editing room writes when it saves (decision 051): the form shows them as the room has them. */
const ROOM_FIELDS = new Set<keyof ArticleValues>(['title', 'teaser', 'body']);

/**
 * Whether `theirs` (a newer save of the article) differs from `base`, what the form started from, only in the fields
 * a co-editing room writes. A form live in the room shows those as the room has them, so its save may name that
 * version; a change to any other field (the channel, a flag, the thumbnail, the pictures) is someone else's
 * conflict.
 */
export function onlyRoomChanges(base: Article, theirs: Article): boolean {
  const before = articleValues(base);
  const after = articleValues(theirs);
  for (const key of Object.keys(before) as (keyof ArticleValues)[]) {
    if (ROOM_FIELDS.has(key)) continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) return false;
  }
  return base.thumbnailHref === theirs.thumbnailHref && JSON.stringify(base.media) === JSON.stringify(theirs.media);
}
