// What the workspace's forms check before sending a file (the server checks again: README "Upload limits").
import { RESUMABLE_LIMITS } from '../../../schema/requests';
import { makeVariants } from '../../uploads/variants';
import type { ImagePart } from '../../uploads/forms';

/** The largest picture the API takes (worker/services/uploads.ts UPLOAD_LIMITS.image). */
export const UPLOAD_IMAGE_BYTES = 10 * 1024 * 1024;
export const VIDEO_TYPES = 'video/mp4,video/webm';
export const UPLOAD_VIDEO_BYTES = RESUMABLE_LIMITS.video;

let tags = 0;
/** A file part with its browser-made variants, under a tag unique in this page. */
export async function imagePart(file: Blob): Promise<ImagePart> {
  return { tag: `img${++tags}`, file, variants: await makeVariants(file) };
}
