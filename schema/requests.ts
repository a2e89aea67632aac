// Zod schemas of every request body, path and query the API accepts.
// The worker validates with them; the SPA builds its requests from the same types.
import { z } from 'zod';
import { ARTICLE_TYPES, CONTACT_KINDS, MEDIA_KINDS, NEWS_REF_KINDS, REQUEST_STATES, SLUG_KINDS } from './enums';
import { contentType, id, imagePosition, isoDateTime, publicationStatus, role } from './entities';

export const LIMITS = {
  name: 64,
  title: 200,
  teaser: 1_000,
  text: 20_000,
  password: { min: 8, max: 256 },
  searchText: 200,
  slug: 120,
  listItems: 100,
} as const;

const title = z.string().trim().min(1).max(LIMITS.title);
const teaser = z.string().max(LIMITS.teaser);
const longText = z.string().max(LIMITS.text);
/** Names a `blob:{tag}` part of the same multipart request. */
export const fileTag = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'Expected a file tag of letters, digits, ".", "_" or "-"');
export const slug = z.string().max(LIMITS.slug).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Expected lower-case letters and digits joined by "-"');
export const password = z.string().min(LIMITS.password.min).max(LIMITS.password.max);
const email = z.email().max(254);
const millis = z.number().int().nonnegative().max(24 * 3600 * 1000);

// Path and query parameters
export const idParam = z.object({ id });
/** Where a slug is accepted in place of an id. */
export const idOrSlugParam = z.object({ id: z.union([id, slug]) });
export const ordinalParam = z.object({ id: z.union([id, slug]), ordinal: z.coerce.number().int().nonnegative() });
export const slugParam = z.object({ slug });
export const entityIdParam = z.object({ entityId: id });
export const blobKeyParam = z.object({ blobKey: z.string().min(1).max(200) });
export const pageQuery = z.object({
  cursor: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.listItems).default(20),
});

// users
export const loginBody = z.object({ username: z.string().min(1).max(254), password: z.string().min(1).max(LIMITS.password.max) });
export const createUserBody = z.object({
  name: z.string().trim().min(1).max(LIMITS.name),
  email: email.nullable().optional(),
  password,
  firstName: z.string().trim().max(LIMITS.name).optional(),
  lastName: z.string().trim().max(LIMITS.name).optional(),
  /** Honoured for ADMIN callers only; everyone else registers as REGULAR_USER. */
  role: role.optional(),
});
export const updateUserBody = z.object({
  name: z.string().trim().min(1).max(LIMITS.name).optional(),
  email: email.nullable().optional(),
  password: password.optional(),
  firstName: z.string().trim().max(LIMITS.name).optional(),
  lastName: z.string().trim().max(LIMITS.name).optional(),
  role: role.optional(),
  active: z.boolean().optional(),
});
export const mailBody = z.object({ email });
export const resetPasswordBody = z.object({ token: z.string().min(16).max(128), password });

// articles
export const galleryImageInput = z.object({ imageFileTag: fileTag, title: z.string().max(LIMITS.title).default('') });
export const videoInput = z.object({
  videoFileTag: fileTag,
  title: z.string().max(LIMITS.title).default(''),
  thumbnailMillis: millis.default(0),
  thumbnailFileTag: fileTag.optional(),
  ordinal: z.number().int().nonnegative().optional(),
});
export const mediaInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('gallery'), images: z.array(galleryImageInput).max(LIMITS.listItems) }),
  z.object({ kind: z.literal('video'), videos: z.array(videoInput).max(LIMITS.listItems) }),
]);
export const createArticleBody = z.object({
  title,
  description: longText.default(''),
  teaser: teaser.default(''),
  type: z.enum(ARTICLE_TYPES),
  channelId: id.nullable(),
  categoryIds: z.array(id).max(LIMITS.listItems).default([]),
  thumbnailFileTag: fileTag.optional(),
  publishedAtCategory: z.boolean().default(false),
  hidden: z.boolean().default(false),
  restricted: z.boolean().default(false),
  isAd: z.boolean().default(false),
  isEditorial: z.boolean().default(false),
  media: mediaInput.optional(),
});
export const updateArticleBody = z.object({
  title: title.optional(),
  description: longText.optional(),
  teaser: teaser.optional(),
  type: z.enum(ARTICLE_TYPES).optional(),
  channelId: id.nullable().optional(),
  categoryIds: z.array(id).max(LIMITS.listItems).optional(),
  thumbnailFileTag: fileTag.nullable().optional(),
  publishedAtCategory: z.boolean().optional(),
  hidden: z.boolean().optional(),
  restricted: z.boolean().optional(),
  isAd: z.boolean().optional(),
  isEditorial: z.boolean().optional(),
  /** ADMIN only; editors publish through publication requests. */
  published: z.boolean().optional(),
});
export const setMediaKindBody = z.object({ kind: z.enum(MEDIA_KINDS) });
export const addImagesBody = z.object({ images: z.array(galleryImageInput).min(1).max(LIMITS.listItems) });
export const updateImageBody = z.object({ title: z.string().max(LIMITS.title).optional(), imageFileTag: fileTag.optional() });
export const addVideoBody = videoInput;
export const updateVideoBody = z.object({
  title: z.string().max(LIMITS.title).optional(),
  thumbnailMillis: millis.optional(),
  videoFileTag: fileTag.optional(),
  thumbnailFileTag: fileTag.optional(),
});
export const articleMediaTitleParam = z.object({ id: z.union([id, slug]), title: z.string().min(0).max(LIMITS.title) });
export const articleMediaMillisParam = z.object({ id: z.union([id, slug]), millis: z.coerce.number().int().nonnegative().max(24 * 3600 * 1000) });
export const ownershipParam = z.object({ id: z.union([id, slug]), userId: id });
/** Which media entry a PUT /articleMedia call changes (query `ordinal`, default 0). */
export const articleMediaQuery = z.object({ ordinal: z.coerce.number().int().nonnegative().default(0) });

// channels
export const coverMediaInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('image'), fileTag }),
  z.object({ kind: z.literal('video'), fileTag, thumbnailMillis: millis.default(0) }),
]);
export const createChannelBody = z.object({
  name: title,
  infoText: longText.default(''),
  categoryIds: z.array(id).max(LIMITS.listItems).default([]),
  portraitFileTag: fileTag.optional(),
  bannerFileTag: fileTag.optional(),
  coverMedia: coverMediaInput.nullable().optional(),
  hidden: z.boolean().default(false),
  private: z.boolean().default(false),
  restricted: z.boolean().default(false),
  isAd: z.boolean().default(false),
  articleOrdinals: z.record(z.string().max(64), z.array(id).max(1000)).default({}),
});
export const updateChannelBody = z.object({
  name: title.optional(),
  infoText: longText.optional(),
  categoryIds: z.array(id).max(LIMITS.listItems).optional(),
  portraitFileTag: fileTag.nullable().optional(),
  bannerFileTag: fileTag.nullable().optional(),
  coverMedia: coverMediaInput.nullable().optional(),
  hidden: z.boolean().optional(),
  private: z.boolean().optional(),
  restricted: z.boolean().optional(),
  isAd: z.boolean().optional(),
  articleOrdinals: z.record(z.string().max(64), z.array(id).max(1000)).optional(),
  /** ADMIN only. */
  published: z.boolean().optional(),
});

// categories
export const createCategoryBody = z.object({
  title,
  parentId: id.nullable().default(null),
  slug: slug.optional(),
  ordinal: z.number().int().nonnegative().optional(),
  imageFileTag: fileTag.optional(),
});
export const updateCategoryBody = z.object({
  title: title.optional(),
  parentId: id.nullable().optional(),
  slug: slug.optional(),
  ordinal: z.number().int().nonnegative().optional(),
  imageFileTag: fileTag.nullable().optional(),
});
export const searchBody = z.object({ searchText: z.string().max(LIMITS.searchText) });

// news
export const newsRefInput = z.object({ kind: z.enum(NEWS_REF_KINDS), id });
export const createNewsBody = z.object({
  title,
  description: longText.default(''),
  teaser: teaser.default(''),
  ref: newsRefInput,
  thumbnailFileTag: fileTag.optional(),
  publishedAt: isoDateTime.optional(),
});
export const updateNewsBody = z.object({
  title: title.optional(),
  description: longText.optional(),
  teaser: teaser.optional(),
  ref: newsRefInput.optional(),
  thumbnailFileTag: fileTag.nullable().optional(),
  publishedAt: isoDateTime.optional(),
});

// slugs and image options
export const putSlugBody = z.object({ slug, kind: z.enum(SLUG_KINDS).optional() });
export const imageOptionBody = z.object({ blobKey: z.string().min(1).max(200), position: imagePosition, scale: z.coerce.number().min(0.1).max(10) });
export const updateImageOptionBody = z.object({ position: imagePosition, scale: z.coerce.number().min(0.1).max(10) });

// myso, userContent, publications
export const contentIdBody = z.object({ contentId: id });
export const contentRequestBody = z.object({ contentId: id, contentType });
export const revokeAccessBody = z.object({ userId: id, contentId: id });
export const createPublicationBody = z.object({ contentId: id, type: contentType });
export const updatePublicationStatusBody = z.object({ id, status: publicationStatus });
export const updatePublicationExpirationBody = z.object({ id, expirationDate: isoDateTime.nullable() });

// contact
export const contactBody = z.object({
  kind: z.enum(CONTACT_KINDS),
  name: z.string().trim().min(1).max(LIMITS.name),
  email,
  message: z.string().trim().min(1).max(5_000),
  channelName: z.string().trim().max(LIMITS.title).optional(),
  purpose: z.string().trim().max(2_000).optional(),
}).refine((b) => b.kind !== 'orderChannel' || (b.channelName && b.channelName.length > 0), {
  message: 'Required for an order', path: ['channelName'],
});

// access and publications
export const contentRequestListQuery = z.object({ status: z.enum(REQUEST_STATES).optional() });
export const publicationListQuery = z.object({ status: publicationStatus.optional() });
