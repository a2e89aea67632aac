// /api/imageOptions: focal point and scale of an image, by blob key.
import { imageOption } from '../../schema/entities';
import { request, seg } from './client';

export const getImageOption = (blobKey: string) => request('GET', `/imageOptions/${seg(blobKey)}`, imageOption);
