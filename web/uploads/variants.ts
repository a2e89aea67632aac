// Smaller copies of an image, made in the browser before the upload (docs/decisions/018-image-variants.md):
// one per width of IMAGE_VARIANT_WIDTHS narrower than the picture, WebP where the browser can encode it
// (JPEG otherwise), so a phone never downloads the 6000 px original. The original is uploaded as it is.
import { IMAGE_VARIANT_WIDTHS } from '#schema/enums';

export interface Variant {
  width: number;
  blob: Blob;
}

const QUALITY = 0.82;

function canvasOf(width: number, height: number): HTMLCanvasElement | OffscreenCanvas {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

async function encode(canvas: HTMLCanvasElement | OffscreenCanvas, type: string): Promise<Blob | null> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type, quality: QUALITY }).catch(() => null);
  return new Promise((resolve) => canvas.toBlob(resolve, type, QUALITY));
}

/** Encodes the canvas as WebP, or JPEG where the browser cannot write WebP (it would hand back a PNG). */
export async function encodeImage(canvas: HTMLCanvasElement | OffscreenCanvas): Promise<Blob | null> {
  const webp = await encode(canvas, 'image/webp');
  if (webp?.type === 'image/webp') return webp;
  const jpeg = await encode(canvas, 'image/jpeg');
  return jpeg?.type === 'image/jpeg' ? jpeg : null;
}

/**
 * The variants of `file`, narrowest first; none for a GIF (it may be animated), for an image no wider than the
 * narrowest variant, or where the browser cannot decode or encode it (the original then serves every size).
 */
export async function makeVariants(file: Blob): Promise<Variant[]> {
  if (file.type === 'image/gif' || typeof createImageBitmap === 'undefined') return [];
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return [];
  }
  try {
    const variants: Variant[] = [];
    for (const width of IMAGE_VARIANT_WIDTHS) {
      if (width >= bitmap.width) break;
      const height = Math.max(1, Math.round((bitmap.height * width) / bitmap.width));
      const canvas = canvasOf(width, height);
      const context = canvas.getContext('2d');
      if (!context) return variants;
      context.imageSmoothingQuality = 'high';
      context.drawImage(bitmap, 0, 0, width, height);
      const blob = await encodeImage(canvas);
      if (!blob) return variants;
      variants.push({ width, blob });
    }
    return variants;
  } finally {
    bitmap.close();
  }
}
