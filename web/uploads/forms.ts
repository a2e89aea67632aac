// Multipart bodies of the editor's writes (SPEC section 7: a `body` part with JSON, `blob:{tag}` parts for files),
// with the smaller variants of each image right after it (`variant:{tag}:{width}`, docs/decisions/018-image-variants.md).
export interface ImagePart {
  tag: string;
  file: Blob;
  /** Smaller copies made in the browser (web/uploads/variants.ts); none for a GIF or when the browser cannot make them. */
  variants: readonly { width: number; blob: Blob }[];
}

export function uploadForm(
  json: unknown,
  images: readonly ImagePart[] = [],
  files: Record<string, Blob> = {},
): FormData {
  const form = new FormData();
  form.append('body', JSON.stringify(json ?? {}));
  for (const image of images) {
    form.append(`blob:${image.tag}`, image.file, image.file instanceof File ? image.file.name : image.tag);
    for (const v of image.variants) form.append(`variant:${image.tag}:${v.width}`, v.blob, `${image.tag}-${v.width}`);
  }
  for (const [tag, blob] of Object.entries(files))
    form.append(`blob:${tag}`, blob, blob instanceof File ? blob.name : tag);
  return form;
}
