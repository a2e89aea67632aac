// /api/categories: the admin's writes of the category tree. With an image the call is multipart (a `body` part
// with JSON naming the file tag, the file in `blob:image`); hc types these routes by their JSON input, so that one
// goes through fetch and resultOf. The tree's reads are in categories.ts, which the first visit loads.
import * as z from 'zod/mini';
import { category } from '#schema/entities';
import type { createCategoryBody, updateCategoryBody } from '#schema/requests';
import { multipartBody } from '../uploads/multipart';
import { API_PREFIX, ApiError, api, call, resultOf, seg } from './client';

type CategoryInput = z.input<typeof createCategoryBody>;
type CategoryPatch = z.input<typeof updateCategoryBody>;

async function sendWithImage(method: 'POST' | 'PUT', path: string, body: object, image: File) {
  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}/categories${path}`, {
      method,
      body: multipartBody({ ...body, imageFileTag: 'image' }, { files: { image } }),
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
  } catch (err) {
    throw new ApiError(400, err instanceof Error && err.message ? err.message : 'Network Error', true);
  }
  return resultOf(response.status, await response.json().catch(() => null), category);
}

export const createCategory = (body: CategoryInput, image?: File) =>
  image ? sendWithImage('POST', '', body, image) : call(api.categories.$post({ json: body }), category);
export const updateCategory = (id: string, patch: CategoryPatch, image?: File) =>
  image
    ? sendWithImage('PUT', `/${seg(id)}`, patch, image)
    : call(api.categories[':id'].$put({ param: { id: seg(id) }, json: patch }), category);
/** Deletes an empty category; `moveChildren` moves its sub-categories up to its parent first, in the same write. */
export const deleteCategory = (id: string, moveChildren = false) =>
  call(
    api.categories[':id'].$delete({
      param: { id: seg(id) },
      query: moveChildren ? { children: 'moveUp' } : {},
    }),
    z.null(),
  );
/** Moves the category to `index` among its siblings; answers the siblings in their new order. */
export const positionCategory = (id: string, index: number) =>
  call(api.categories[':id'].position.$put({ param: { id: seg(id) }, json: { index } }), z.array(category));
