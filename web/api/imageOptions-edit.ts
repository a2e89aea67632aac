// /api/imageOptions: saving an image's focal point and scale (the workspace). The reads are in imageOptions.ts,
// which the first visit loads (docs/decisions/023-screen-kit.md).
import * as z from 'zod/mini';
import { imageOption } from '#schema/entities';
import { api, call, seg } from './client';

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
