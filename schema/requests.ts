// Zod schemas of every request body, path and query the API accepts.
// The worker validates with them; the SPA builds its requests from the same types. The content's bodies are here;
// the other groups live in request-groups/ and are exported from here too, so `#schema/requests` names them all.
// Written with zod/mini like entities.ts; the worker configures zod's English messages (worker/middleware/validate.ts).
import * as z from 'zod/mini';
import { articleDocument } from './document-input';
import { int, nonnegativeInt } from './mini';
import { ARTICLE_TYPES, MEDIA_KINDS, NEWS_REF_KINDS, RESUMABLE_TYPES, SLUG_KINDS } from './enums';
import { id, imagePosition, isoDateTime } from './entities';
import { LIMITS } from './limits';
import { fileTag, longText, millis, pageQuery, slug, teaser, title } from './request-groups/fields';

export { LIMITS };

export {
  blobKeyParam,
  entityIdParam,
  fileTag,
  idOrSlugParam,
  idParam,
  ordinalParam,
  pageQuery,
  password,
  sessionIdParam,
  slug,
  slugParam,
  userName,
} from './request-groups/fields';
export * from './request-groups/accounts';
export * from './request-groups/readers';
export * from './request-groups/admin';

// articles
export const galleryImageInput = z.object({
  imageFileTag: fileTag,
  title: z._default(z.string().check(z.maxLength(LIMITS.title)), ''),
});
/** Exactly one of the two ways a video file comes: a `blob:{tag}` part, or a complete resumable upload's id. */
type VideoSource = { videoFileTag?: string | undefined; videoUploadId?: string | undefined };
const oneVideoSource = (required: boolean) =>
  z.refine<VideoSource>(
    (v) =>
      (v.videoFileTag === undefined || v.videoUploadId === undefined) &&
      (!required || v.videoFileTag !== undefined || v.videoUploadId !== undefined),
    {
      message: required
        ? 'Expected videoFileTag or videoUploadId (one of them)'
        : 'Expected videoFileTag or videoUploadId, not both',
      path: ['videoFileTag'],
    },
  );
export const videoInput = z
  .object({
    /** A `blob:{tag}` part of the same request (up to the single-request video limit)... */
    videoFileTag: z.optional(fileTag),
    /** ...or the id of the caller's complete resumable upload (POST /uploads), for big videos. */
    videoUploadId: z.optional(id),
    title: z._default(z.string().check(z.maxLength(LIMITS.title)), ''),
    thumbnailMillis: z._default(millis, 0),
    thumbnailFileTag: z.optional(fileTag),
    ordinal: z.optional(nonnegativeInt()),
  })
  .check(oneVideoSource(true));
export const mediaInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('gallery'), images: z.array(galleryImageInput).check(z.maxLength(LIMITS.listItems)) }),
  z.object({ kind: z.literal('video'), videos: z.array(videoInput).check(z.maxLength(LIMITS.listItems)) }),
]);
/** The version a save started from (GET's `version`); If-Match: "<version>" says the same. */
export const baseVersion = int().check(z.gte(1));
export const createArticleBody = z.object({
  title,
  /** Plain text, one paragraph per blank-line-separated block; or send `body` (not both). */
  description: z._default(longText, ''),
  /** The text as a document (schema/document.ts); `description` is then derived from it. */
  body: z.optional(articleDocument),
  teaser: z._default(teaser, ''),
  type: z.enum(ARTICLE_TYPES),
  channelId: z.nullable(id),
  categoryIds: z._default(z.array(id).check(z.maxLength(LIMITS.listItems)), []),
  thumbnailFileTag: z.optional(fileTag),
  publishedAtCategory: z._default(z.boolean(), false),
  hidden: z._default(z.boolean(), false),
  restricted: z._default(z.boolean(), false),
  isAd: z._default(z.boolean(), false),
  isEditorial: z._default(z.boolean(), false),
  media: z.optional(mediaInput),
});
export const updateArticleBody = z.object({
  /** The version the change started from: 409 when the article has moved on (nothing is written). */
  version: z.optional(baseVersion),
  title: z.optional(title),
  description: z.optional(longText),
  body: z.optional(articleDocument),
  teaser: z.optional(teaser),
  type: z.optional(z.enum(ARTICLE_TYPES)),
  channelId: z.optional(z.nullable(id)),
  categoryIds: z.optional(z.array(id).check(z.maxLength(LIMITS.listItems))),
  thumbnailFileTag: z.optional(z.nullable(fileTag)),
  publishedAtCategory: z.optional(z.boolean()),
  hidden: z.optional(z.boolean()),
  restricted: z.optional(z.boolean()),
  isAd: z.optional(z.boolean()),
  isEditorial: z.optional(z.boolean()),
  /** ADMIN only; editors publish through publication requests. */
  published: z.optional(z.boolean()),
});
export const setMediaKindBody = z.object({ kind: z.enum(MEDIA_KINDS) });
export const addImagesBody = z.object({
  images: z.array(galleryImageInput).check(z.minLength(1), z.maxLength(LIMITS.listItems)),
});
export const updateImageBody = z.object({
  title: z.optional(z.string().check(z.maxLength(LIMITS.title))),
  imageFileTag: z.optional(fileTag),
  /** Moves the entry to this place (0-based); the entries in between shift by one, so ordinals stay dense. */
  ordinal: z.optional(nonnegativeInt()),
});
export const addVideoBody = videoInput;
export const updateVideoBody = z
  .object({
    title: z.optional(z.string().check(z.maxLength(LIMITS.title))),
    thumbnailMillis: z.optional(millis),
    videoFileTag: z.optional(fileTag),
    videoUploadId: z.optional(id),
    thumbnailFileTag: z.optional(fileTag),
    /** Moves the entry to this place (0-based), as for images. */
    ordinal: z.optional(nonnegativeInt()),
  })
  .check(oneVideoSource(false));
export const articleMediaTitleParam = z.object({
  id: z.union([id, slug]),
  title: z.string().check(z.minLength(0), z.maxLength(LIMITS.title)),
});
export const articleMediaMillisParam = z.object({
  id: z.union([id, slug]),
  millis: z.coerce.number().check(z.int(), z.nonnegative(), z.lte(24 * 3600 * 1000)),
});
export const ownershipParam = z.object({ id: z.union([id, slug]), userId: id });
/** Which media entry a PUT /articleMedia call changes (query `ordinal`, default 0). */
export const articleMediaQuery = z.object({
  ordinal: z._default(z.coerce.number().check(z.int(), z.nonnegative()), 0),
});

// channels
export const coverMediaInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('image'), fileTag }),
  /**
   * A video cover comes as a `blob:{tag}` part (`fileTag`) or as a complete resumable upload (`uploadId`); with
   * neither, a channel whose cover is a video keeps its file and takes the new thumbnail time.
   */
  z
    .object({
      kind: z.literal('video'),
      fileTag: z.optional(fileTag),
      uploadId: z.optional(id),
      thumbnailMillis: z._default(millis, 0),
    })
    .check(
      z.refine((v) => v.fileTag === undefined || v.uploadId === undefined, {
        message: 'Expected fileTag or uploadId, not both',
        path: ['fileTag'],
      }),
    ),
]);
export const createChannelBody = z.object({
  name: title,
  infoText: z._default(longText, ''),
  categoryIds: z._default(z.array(id).check(z.maxLength(LIMITS.listItems)), []),
  portraitFileTag: z.optional(fileTag),
  bannerFileTag: z.optional(fileTag),
  coverMedia: z.optional(z.nullable(coverMediaInput)),
  hidden: z._default(z.boolean(), false),
  private: z._default(z.boolean(), false),
  restricted: z._default(z.boolean(), false),
  isAd: z._default(z.boolean(), false),
  articleOrdinals: z._default(z.record(z.string().check(z.maxLength(64)), z.array(id).check(z.maxLength(1000))), {}),
});
export const updateChannelBody = z.object({
  /** The version the change started from: 409 when the channel has moved on (nothing is written). */
  version: z.optional(baseVersion),
  name: z.optional(title),
  infoText: z.optional(longText),
  categoryIds: z.optional(z.array(id).check(z.maxLength(LIMITS.listItems))),
  portraitFileTag: z.optional(z.nullable(fileTag)),
  bannerFileTag: z.optional(z.nullable(fileTag)),
  coverMedia: z.optional(z.nullable(coverMediaInput)),
  hidden: z.optional(z.boolean()),
  private: z.optional(z.boolean()),
  restricted: z.optional(z.boolean()),
  isAd: z.optional(z.boolean()),
  articleOrdinals: z.optional(z.record(z.string().check(z.maxLength(64)), z.array(id).check(z.maxLength(1000)))),
  /** ADMIN only. */
  published: z.optional(z.boolean()),
});

// categories
export const createCategoryBody = z.object({
  title,
  parentId: z._default(z.nullable(id), null),
  slug: z.optional(slug),
  ordinal: z.optional(nonnegativeInt()),
  imageFileTag: z.optional(fileTag),
});
export const updateCategoryBody = z.object({
  title: z.optional(title),
  parentId: z.optional(z.nullable(id)),
  slug: z.optional(slug),
  ordinal: z.optional(nonnegativeInt()),
  imageFileTag: z.optional(z.nullable(fileTag)),
});
export const searchBody = z.object({ searchText: z.string().check(z.maxLength(LIMITS.searchText)) });

// news
export const newsRefInput = z.object({ kind: z.enum(NEWS_REF_KINDS), id });
export const createNewsBody = z.object({
  title,
  description: z._default(longText, ''),
  teaser: z._default(teaser, ''),
  ref: newsRefInput,
  thumbnailFileTag: z.optional(fileTag),
  publishedAt: z.optional(isoDateTime),
});
export const updateNewsBody = z.object({
  /** The version the change started from: 409 when the item has moved on (nothing is written). */
  version: z.optional(baseVersion),
  title: z.optional(title),
  description: z.optional(longText),
  teaser: z.optional(teaser),
  ref: z.optional(newsRefInput),
  thumbnailFileTag: z.optional(z.nullable(fileTag)),
  publishedAt: z.optional(isoDateTime),
});

// slugs and image options
export const putSlugBody = z.object({ slug, kind: z.optional(z.enum(SLUG_KINDS)) });
const scale = z.coerce.number().check(z.gte(0.1), z.lte(10));
export const imageOptionBody = z.object({
  blobKey: z.string().check(z.minLength(1), z.maxLength(200)),
  position: imagePosition,
  scale,
});
export const updateImageOptionBody = z.object({ position: imagePosition, scale });
/** GET /imageOptions?keys=a,b,c: the options of up to 100 files in one look-up (comma-separated keys). */
export const imageOptionsQuery = z.object({
  keys: z.pipe(
    z.string().check(z.maxLength(LIMITS.listItems * 201)),
    z.pipe(
      z.transform((keys: string) => keys.split(',').filter((key) => key.length > 0)),
      z.array(z.string().check(z.maxLength(200))).check(z.minLength(1), z.maxLength(LIMITS.listItems)),
    ),
  ),
});

// ordered lists paged by offset (channel articles, category articles)
/** Page size of the editorially ordered lists; GET /categories/{id}/children carries the first page of articles. */
export const ORDERED_PAGE_SIZE = 24;
/**
 * pageQuery with the ordered lists' default size. Their cursor is opaque: the sort key of the last row shown (see
 * worker/lib/cursor.ts), which for a category carries an article title, hence the longer limit.
 */
export const orderedPageQuery = z.extend(pageQuery, {
  cursor: z.optional(z.string().check(z.maxLength(2000))),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(LIMITS.listItems)), ORDERED_PAGE_SIZE),
});

// editor workspace (/myaccount)
/**
 * GET /workspace/{articles|channels|news}: `q` filters by title (name), `owner` by user id (ADMIN; an editor may
 * only name themself), `channel` (articles only) by channel, `id` to one row (the edit form's status). Newest
 * change first, keyset-paged.
 */
export const workspaceListQuery = z.extend(pageQuery, {
  q: z.optional(z.string().check(z.trim(), z.maxLength(LIMITS.searchText))),
  owner: z.optional(id),
  channel: z.optional(id),
  id: z.optional(id),
  /** Only items with no translation in this language (issue 29); the route refuses one that is not configured. */
  missing: z.optional(z.string().check(z.maxLength(35))),
  /** Only items whose translation in this language is older than their source text. */
  outdated: z.optional(z.string().check(z.maxLength(35))),
});
export type WorkspaceListQuery = z.infer<typeof workspaceListQuery>;

// resumable uploads
/** Sizes and counts of resumable uploads (decision 017; docs/features.md lists them). */
/** POST /uploads: a new upload of `size` bytes, or the caller's unfinished one with the same fingerprint. */
export const createUploadBody = z.object({
  size: nonnegativeInt().check(z.lte(Number.MAX_SAFE_INTEGER)),
  contentType: z.string().check(z.maxLength(100)),
  name: z._default(z.string().check(z.maxLength(LIMITS.title)), ''),
  fingerprint: z
    .string()
    .check(z.minLength(8), z.maxLength(128), z.regex(/^[\w.:-]+$/, 'Expected letters, digits, ".", ":", "_" or "-"')),
});
export const uploadPartParam = z.object({ id, partNumber: z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000)) });
/** The content types a resumable upload may declare. */
export const resumableType = z.enum(RESUMABLE_TYPES);

// revisions and preview links (decision 029)
export const revisionType = z.enum(['article', 'channel', 'news']);
export const revisionsParam = z.object({ type: revisionType, id });
export const revisionParam = z.object({ type: revisionType, id, revisionId: id });
export const restoreRevisionBody = z.object({ version: z.optional(baseVersion) });
/** `?language=de-DE` (or `de`, any case): a translation's revisions instead of the item's own (decision 054). */
export const revisionLanguageQuery = z.object({
  language: z.optional(
    z
      .string()
      .check(z.minLength(2), z.maxLength(35), z.regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]+)*$/, 'Expected a language tag')),
  ),
});
/** Days a preview link lasts: 7 unless the editor picks another, at most 30. */
export const PREVIEW_DAYS = { default: 7, max: 30 } as const;
export const createPreviewLinkBody = z.object({
  type: revisionType,
  id,
  expiresInDays: z._default(int().check(z.gte(1), z.lte(PREVIEW_DAYS.max)), PREVIEW_DAYS.default),
});
export const previewTokenParam = z.object({
  token: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'Expected a preview token')),
});
export const previewFileParam = z.object({
  token: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'Expected a preview token')),
  key: z.string().check(z.minLength(1), z.maxLength(200)),
});

// authors
/** An author page's address: a user name as registered (any case). */
export const usernameParam = z.object({ username: z.string().check(z.minLength(1), z.maxLength(LIMITS.name)) });
