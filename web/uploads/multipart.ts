// The one multipart builder of the SPA's writes with files: a `body` part with the JSON, a `blob:{tag}` part per
// file, and the smaller variants of each image right after it (`variant:{tag}:{width}`,
// docs/decisions/018-image-variants.md); worker/services/uploads.ts reads them in that shape. The browser sets the
// boundary itself, so no Content-Type header goes with it.
import { makeVariants } from './variants';

export interface ImagePart {
  tag: string;
  file: Blob;
  /** Smaller copies made in the browser (web/uploads/variants.ts); none for a GIF or when the browser cannot make them. */
  variants: readonly { width: number; blob: Blob }[];
}

/** What a file input of videos accepts (the worker sniffs the bytes again). */
export const VIDEO_TYPES = 'video/mp4,video/webm';

let tags = 0;
/** A file part with its browser-made variants, under a tag unique in this page. */
export async function imagePart(file: Blob): Promise<ImagePart> {
  return { tag: `img${++tags}`, file, variants: await makeVariants(file) };
}

const fileName = (blob: Blob, fallback: string) => (blob instanceof File ? blob.name : fallback);

/** The body of a write with `images` (each with its variants) and plain `files` keyed by tag. */
export function multipartBody(
  json: unknown,
  { images = [], files = {} }: { images?: readonly ImagePart[]; files?: Record<string, Blob> } = {},
): FormData {
  const form = new FormData();
  form.append('body', JSON.stringify(json ?? {}));
  for (const image of images) {
    form.append(`blob:${image.tag}`, image.file, fileName(image.file, image.tag));
    for (const v of image.variants) form.append(`variant:${image.tag}:${v.width}`, v.blob, `${image.tag}-${v.width}`);
  }
  for (const [tag, blob] of Object.entries(files)) form.append(`blob:${tag}`, blob, fileName(blob, tag));
  return form;
}
