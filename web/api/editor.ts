// The editor workspace's writes: articles and their media, channels, news items, image options. Kept out of the
// read modules (articles.ts, channels.ts, ...), which the public screens and the breadcrumbs load: those stay small.
// Writes with files go through XMLHttpRequest (web/uploads/send.ts) so the editor sees the upload's progress.
import * as z from 'zod/mini';
import { article, channel, channelSummary, imageOption, newsItem, slugRecord } from '../../schema/entities';
import type {
  createArticleBody,
  createChannelBody,
  createNewsBody,
  updateArticleBody,
  updateChannelBody,
  updateImageBody,
  updateNewsBody,
} from '../../schema/requests';
import { multipartBody, type ImagePart } from '../uploads/multipart';
import { send, urls, type SendOptions } from '../uploads/send';
import { api, call, seg } from './client';

const byId = (id: string) => ({ param: { id: seg(id) } });
const atOrdinal = (id: string, ordinal: number) => ({ param: { id: seg(id), ordinal: String(ordinal) } });
const deleted = z.object({ id: z.string() });

// ---- articles ----

export type ArticleInput = z.input<typeof createArticleBody>;
export type ArticleChanges = z.input<typeof updateArticleBody>;

/** A new draft; a thumbnail goes up in the same request (with its variants) when given. */
export function createArticle(body: ArticleInput, thumbnail?: ImagePart, options?: SendOptions) {
  if (!thumbnail) return call(api.articles.$post({ json: body }), article);
  return send(
    'POST',
    urls().articles.$url(),
    multipartBody({ ...body, thumbnailFileTag: thumbnail.tag }, { images: [thumbnail] }),
    article,
    options,
  );
}

export function updateArticle(id: string, changes: ArticleChanges, thumbnail?: ImagePart, options?: SendOptions) {
  if (!thumbnail) return call(api.articles[':id'].$put({ ...byId(id), json: changes }), article);
  return send(
    'PUT',
    urls().articles[':id'].$url(byId(id)),
    multipartBody({ ...changes, thumbnailFileTag: thumbnail.tag }, { images: [thumbnail] }),
    article,
    options,
  );
}

export const deleteArticle = (id: string) => call(api.articles[':id'].$delete(byId(id)), deleted);

/** Sets the media kind (changing it removes the entries of the old kind); null removes all media. */
export const setMediaKind = (id: string, kind: 'gallery' | 'video' | null) =>
  kind === null
    ? call(api.articles[':id'].media.$delete(byId(id)), article)
    : call(api.articles[':id'].media.$put({ ...byId(id), json: { kind } }), article);

/** Appends gallery images (each with its title and variants) in one request, with upload progress. */
export function addImages(id: string, images: readonly (ImagePart & { title: string })[], options?: SendOptions) {
  const json = { images: images.map((i) => ({ imageFileTag: i.tag, title: i.title })) };
  return send(
    'POST',
    urls().articles[':id'].media.images.$url(byId(id)),
    multipartBody(json, { images }),
    article,
    options,
  );
}

/** Retitles the image at `ordinal` and/or moves it to `changes.ordinal`. */
export const updateImage = (id: string, ordinal: number, changes: z.input<typeof updateImageBody>) =>
  call(api.articles[':id'].media.images[':ordinal'].$put({ ...atOrdinal(id, ordinal), json: changes }), article);

/** Removes the gallery image or video at `ordinal`. */
export const removeMedia = (id: string, ordinal: number) =>
  call(api.articles[':id'].media[':ordinal'].$delete(atOrdinal(id, ordinal)), article);

export interface VideoInput {
  title: string;
  thumbnailMillis: number;
  /** The complete resumable upload of the video file. */
  videoUploadId: string;
  /** The frame at thumbnailMillis, captured in the browser. */
  thumbnail?: ImagePart | undefined;
}

export function addVideo(id: string, video: VideoInput, options?: SendOptions) {
  const json = {
    videoUploadId: video.videoUploadId,
    title: video.title,
    thumbnailMillis: video.thumbnailMillis,
    ...(video.thumbnail ? { thumbnailFileTag: video.thumbnail.tag } : {}),
  };
  return send(
    'POST',
    urls().articles[':id'].media.video.$url(byId(id)),
    multipartBody(json, { images: video.thumbnail ? [video.thumbnail] : [] }),
    article,
    options,
  );
}

export interface VideoChanges {
  title?: string;
  thumbnailMillis?: number;
  ordinal?: number;
  videoUploadId?: string;
  thumbnail?: ImagePart | undefined;
}

/** Changes the video at `ordinal`: title, thumbnail time and frame, its place, or its file. */
export function updateVideo(id: string, ordinal: number, changes: VideoChanges, options?: SendOptions) {
  const { thumbnail, ...json } = changes;
  if (!thumbnail)
    return call(api.articles[':id'].media.video[':ordinal'].$put({ ...atOrdinal(id, ordinal), json }), article);
  const url = urls().articles[':id'].media.video[':ordinal'].$url(atOrdinal(id, ordinal));
  return send(
    'PUT',
    url,
    multipartBody({ ...json, thumbnailFileTag: thumbnail.tag }, { images: [thumbnail] }),
    article,
    options,
  );
}

// ---- channels ----

export type ChannelInput = z.input<typeof createChannelBody>;
export type ChannelChanges = z.input<typeof updateChannelBody>;
/** Portrait and banner pictures of a channel write, each with its variants. */
export interface ChannelPictures {
  portrait?: ImagePart | undefined;
  banner?: ImagePart | undefined;
  /** An image cover (a video cover comes as `coverMedia.uploadId`). */
  cover?: ImagePart | undefined;
}

function channelForm(json: Record<string, unknown>, pictures: ChannelPictures) {
  const images = [pictures.portrait, pictures.banner, pictures.cover].filter((p): p is ImagePart => !!p);
  return multipartBody(
    {
      ...json,
      ...(pictures.portrait ? { portraitFileTag: pictures.portrait.tag } : {}),
      ...(pictures.banner ? { bannerFileTag: pictures.banner.tag } : {}),
      ...(pictures.cover ? { coverMedia: { kind: 'image', fileTag: pictures.cover.tag } } : {}),
    },
    { images },
  );
}
const hasPictures = (p: ChannelPictures) => !!(p.portrait || p.banner || p.cover);

export function createChannel(body: ChannelInput, pictures: ChannelPictures = {}, options?: SendOptions) {
  if (!hasPictures(pictures)) return call(api.channels.$post({ json: body }), channel);
  return send('POST', urls().channels.$url(), channelForm(body, pictures), channel, options);
}

export function updateChannel(
  id: string,
  changes: ChannelChanges,
  pictures: ChannelPictures = {},
  options?: SendOptions,
) {
  if (!hasPictures(pictures)) return call(api.channels[':id'].$put({ ...byId(id), json: changes }), channel);
  return send('PUT', urls().channels[':id'].$url(byId(id)), channelForm(changes, pictures), channel, options);
}

export const deleteChannel = (id: string) => call(api.channels[':id'].$delete(byId(id)), deleted);

/** The user's channels as summaries (no articleOrdinals), hidden ones included when the caller is that user or ADMIN. */
export const listUserChannels = (userId: string) =>
  call(api.channels[':id'].channels.$get(byId(userId)), z.array(channelSummary));

// ---- news ----

export type NewsInput = z.input<typeof createNewsBody>;
export type NewsChanges = z.input<typeof updateNewsBody>;

export function createNews(body: NewsInput, thumbnail?: ImagePart, options?: SendOptions) {
  if (!thumbnail) return call(api.news.$post({ json: body }), newsItem);
  return send(
    'POST',
    urls().news.$url(),
    multipartBody({ ...body, thumbnailFileTag: thumbnail.tag }, { images: [thumbnail] }),
    newsItem,
    options,
  );
}

export function updateNews(id: string, changes: NewsChanges, thumbnail?: ImagePart, options?: SendOptions) {
  if (!thumbnail) return call(api.news[':id'].$put({ ...byId(id), json: changes }), newsItem);
  return send(
    'PUT',
    urls().news[':id'].$url(byId(id)),
    multipartBody({ ...changes, thumbnailFileTag: thumbnail.tag }, { images: [thumbnail] }),
    newsItem,
    options,
  );
}

export const deleteNews = (id: string) => call(api.news[':id'].$delete(byId(id)), z.null());

// ---- slugs ----

/** Gives an article or channel a new address (its old slug stops working). */
export const putSlug = (entityId: string, slug: string, kind: 'article' | 'channel') =>
  call(api.slugs[':entityId'].$put({ param: { entityId: seg(entityId) }, json: { slug, kind } }), slugRecord);

// ---- image options ----

/** Saves the focal point and scale of a stored image: changes its options, or creates them the first time. */
export async function saveImageOption(blobKey: string, position: string, scale: number) {
  const existing = await call(api.imageOptions.$get({ query: { keys: blobKey } }), z.array(imageOption));
  if (existing.length > 0) {
    return call(
      api.imageOptions[':blobKey{.+}'].$put({ param: { blobKey: seg(blobKey) }, json: { position, scale } }),
      imageOption,
    );
  }
  return call(api.imageOptions.$post({ json: { blobKey, position, scale } }), imageOption);
}
