// The export archive (GET /api/export): a ZIP whose manifest.json names the format version, one NDJSON file per
// entity (one JSON object a line, in id order), an index of every file the content shows, and, when asked for, those
// files themselves. These schemas are the format's definition: the worker writes records of these shapes, the tests
// and any reader parse them. docs/decisions/036-export.md.
import * as z from 'zod/mini';
import { documentObject } from './document';
import { ARTICLE_TYPES, NEWS_REF_KINDS, ROLES } from './enums';
import { int, nonnegativeInt } from './mini';

/** Raised when a record changes in a way an older reader would misread; additive fields keep the version. */
export const EXPORT_FORMAT_VERSION = 1;

/** Where each part sits in the archive. Media files, when included, sit at `media/{key}`. */
export const EXPORT_FILES = {
  manifest: 'manifest.json',
  categories: 'categories.ndjson',
  channels: 'channels.ndjson',
  articles: 'articles.ndjson',
  news: 'news.ndjson',
  media: 'media.ndjson',
} as const;
export const EXPORT_MEDIA_DIR = 'media/';

/** `own`: the caller's own content (any editor); `all`: everyone's (ADMIN only). */
export const EXPORT_SCOPES = ['own', 'all'] as const;
/** `urls`: files listed by absolute URL only; `include`: the files themselves in the archive too. */
export const EXPORT_MEDIA_MODES = ['urls', 'include'] as const;

/** GET /export?scope&media */
export const exportQuery = z.object({
  scope: z._default(z.enum(EXPORT_SCOPES), 'own'),
  media: z._default(z.enum(EXPORT_MEDIA_MODES), 'urls'),
});
export type ExportQuery = z.infer<typeof exportQuery>;

const id = z.uuid();
const isoDateTime = z.iso.datetime({ offset: true });

/** A stored file: its R2 key and the absolute URL the portal serves it at (SITE_URL + /api/files/{key}). */
export const exportFileRef = z.object({ key: z.string(), url: z.string() });
export type ExportFileRef = z.infer<typeof exportFileRef>;

/**
 * What every translation of an item carries besides its text (decision 054): its language, draft or published, the
 * item's `textVersion` it was saved against (outdated while the item's is higher), its own version, who made it.
 */
const translationState = {
  language: z.string(),
  published: z.boolean(),
  sourceTextVersion: int(),
  version: int(),
  userId: z.nullable(id),
  userName: z.nullable(z.string()),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
};
/** A translation's current slug and its old ones (which keep redirecting), sorted. */
const translationSlugs = { slug: z.string(), oldSlugs: z.array(z.string()) };

export const exportCategoryTranslation = z.object({
  ...translationState,
  ...translationSlugs,
  title: z.string(),
  description: z.string(),
});
export const exportChannelTranslation = z.object({
  ...translationState,
  ...translationSlugs,
  name: z.string(),
  infoText: z.string(),
});
export const exportArticleTranslation = z.object({
  ...translationState,
  ...translationSlugs,
  title: z.string(),
  teaser: z.string(),
  description: z.string(),
  body: z.nullable(documentObject),
  /** The pictures' and videos' titles in this language, by media id. */
  mediaTitles: z.record(z.string(), z.string()),
});
export const exportNewsTranslation = z.object({ ...translationState, title: z.string(), teaser: z.string() });
export type ExportCategoryTranslation = z.infer<typeof exportCategoryTranslation>;
export type ExportChannelTranslation = z.infer<typeof exportChannelTranslation>;
export type ExportArticleTranslation = z.infer<typeof exportArticleTranslation>;
export type ExportNewsTranslation = z.infer<typeof exportNewsTranslation>;

/**
 * The language fields of every item (added within version 1, so optional for archives written before them): its
 * source language, the version of its translatable text, and every translation, in language order.
 */
const languageFields = <T extends z.ZodMiniType>(translation: T) => ({
  language: z.optional(z.string()),
  textVersion: z.optional(int()),
  translations: z.optional(z.array(translation)),
});

export const exportCategory = z.object({
  id,
  parentId: z.nullable(id),
  title: z.string(),
  description: z.optional(z.string()),
  slug: z.string(),
  ordinal: int(),
  image: z.nullable(exportFileRef),
  createdAt: isoDateTime,
  ...languageFields(exportCategoryTranslation),
});
export type ExportCategory = z.infer<typeof exportCategory>;

export const exportChannel = z.object({
  id,
  slug: z.string(),
  name: z.string(),
  userId: id,
  userName: z.string(),
  infoText: z.string(),
  portrait: z.nullable(exportFileRef),
  banner: z.nullable(exportFileRef),
  coverMedia: z.nullable(
    z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('image'), file: exportFileRef }),
      z.object({ kind: z.literal('video'), file: exportFileRef, thumbnailMillis: nonnegativeInt() }),
    ]),
  ),
  /** In the channel's category order. */
  categoryIds: z.array(id),
  published: z.boolean(),
  hidden: z.boolean(),
  private: z.boolean(),
  restricted: z.boolean(),
  isAd: z.boolean(),
  /** Lists of article ids; `main` orders the channel page. */
  articleOrdinals: z.record(z.string(), z.array(z.string())),
  version: int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  ...languageFields(exportChannelTranslation),
});
export type ExportChannel = z.infer<typeof exportChannel>;

export const exportMediaItem = z.object({
  id,
  ordinal: int(),
  kind: z.enum(['image', 'video']),
  title: z.string(),
  file: exportFileRef,
  /** Videos: the poster frame's time and picture. */
  thumbnailMillis: z.nullable(nonnegativeInt()),
  thumbnail: z.nullable(exportFileRef),
});

export const exportArticle = z.object({
  id,
  slug: z.string(),
  title: z.string(),
  teaser: z.string(),
  type: z.enum(ARTICLE_TYPES),
  channelId: z.nullable(id),
  userId: id,
  userName: z.string(),
  /** In the article's category order. */
  categoryIds: z.array(id),
  published: z.boolean(),
  publishedAtCategory: z.boolean(),
  hidden: z.boolean(),
  restricted: z.boolean(),
  isAd: z.boolean(),
  isEditorial: z.boolean(),
  /** The text's plain form, restricted or not: an export is for the owner or ADMIN. */
  description: z.string(),
  /** The text as a structured document (schema/document.ts, decision 027). */
  body: documentObject,
  thumbnail: z.nullable(exportFileRef),
  media: z.nullable(z.object({ kind: z.enum(['gallery', 'video']), items: z.array(exportMediaItem) })),
  version: int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  ...languageFields(exportArticleTranslation),
});
export type ExportArticle = z.infer<typeof exportArticle>;

export const exportNewsItem = z.object({
  id,
  title: z.string(),
  description: z.string(),
  teaser: z.string(),
  ref: z.object({ kind: z.enum(NEWS_REF_KINDS), id: z.string() }),
  thumbnail: z.nullable(exportFileRef),
  userId: id,
  userName: z.string(),
  publishedAt: isoDateTime,
  version: int(),
  createdAt: isoDateTime,
  ...languageFields(exportNewsTranslation),
});
export type ExportNewsItem = z.infer<typeof exportNewsItem>;

/** One line of media.ndjson: a file some exported record refers to. */
export const exportMediaFile = z.object({
  key: z.string(),
  url: z.string(),
  /** From the upload's record; null for a file stored without one. */
  contentType: z.nullable(z.string()),
  size: z.nullable(nonnegativeInt()),
  /** Where the file is in this archive (`media/{key}`), or null when it is listed by URL only. */
  path: z.nullable(z.string()),
});
export type ExportMediaFile = z.infer<typeof exportMediaFile>;

export const exportManifest = z.object({
  formatVersion: z.literal(EXPORT_FORMAT_VERSION),
  generator: z.literal('so-portal'),
  exportedAt: isoDateTime,
  /** The portal's address, which every `url` starts with. */
  siteUrl: z.string(),
  scope: z.enum(EXPORT_SCOPES),
  exportedBy: z.object({ id, name: z.string(), role: z.enum(ROLES) }),
  media: z.enum(EXPORT_MEDIA_MODES),
  files: z.object({
    categories: z.literal(EXPORT_FILES.categories),
    channels: z.literal(EXPORT_FILES.channels),
    articles: z.literal(EXPORT_FILES.articles),
    news: z.literal(EXPORT_FILES.news),
    media: z.literal(EXPORT_FILES.media),
  }),
  /** What `media: include` puts in at most; files past either bound are listed with `path: null`. */
  mediaLimits: z.object({ maxFiles: nonnegativeInt(), maxBytes: nonnegativeInt() }),
  /** The exporting portal's content languages (its LANGUAGES), the default first. */
  languages: z.optional(z.array(z.string())),
});
export type ExportManifest = z.infer<typeof exportManifest>;
