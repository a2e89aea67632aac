// /api/imageOptions: focal point and scale of an image, by blob key.
import * as z from 'zod/mini';
import { imageOption } from '#schema/entities';
import { api, call, seg } from './client';

export const getImageOption = (blobKey: string) =>
  call(api.imageOptions[':blobKey{.+}'].$get({ param: { blobKey: seg(blobKey) } }), imageOption);

/** The options of up to 100 files in one look-up; files without options are left out. */
export const listImageOptions = (blobKeys: readonly string[]) =>
  call(api.imageOptions.$get({ query: { keys: blobKeys.join(',') } }), z.array(imageOption));
