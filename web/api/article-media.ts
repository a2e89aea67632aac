// /api/articles/{id}/media (worker/routes/article-media.ts): an article's gallery images and videos, their titles,
// order and thumbnails. Writes with files go through XMLHttpRequest (web/uploads/send.ts) for upload progress.
import type * as z from 'zod/mini';
import { article } from '#schema/entities';
import type { updateImageBody } from '#schema/requests';
import { articleWithAddedImages } from '#schema/workspace';
import { multipartBody, type ImagePart } from '../uploads/multipart';
import { send, sendWithThumbnail, urls, type SendOptions } from '../uploads/send';
import { api, call, seg } from './client';

const byId = (id: string) => ({ param: { id: seg(id) } });
const atOrdinal = (id: string, ordinal: number) => ({ param: { id: seg(id), ordinal: String(ordinal) } });

/** Sets the media kind (changing it removes the entries of the old kind); null removes all media. */
export const setMediaKind = (id: string, kind: 'gallery' | 'video' | null) =>
  kind === null
    ? call(api.articles[':id'].media.$delete(byId(id)), article)
    : call(api.articles[':id'].media.$put({ ...byId(id), json: { kind } }), article);

/**
 * Appends gallery images (each with its title and variants) in one request, with upload progress. Answers the
 * article, and the media ids of the new images in the order of `images` (`added`, each with its part's tag).
 */
export function addImages(id: string, images: readonly (ImagePart & { title: string })[], options?: SendOptions) {
  const json = { images: images.map((i) => ({ imageFileTag: i.tag, title: i.title })) };
  return send(
    'POST',
    urls().articles[':id'].media.images.$url(byId(id)),
    multipartBody(json, { images }),
    articleWithAddedImages,
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
  return sendWithThumbnail('PUT', url, json, thumbnail, article, options);
}
