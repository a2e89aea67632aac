// The admin workspace's own calls: its badge counts, accounts, contact messages, the health check and the
// category writes. Kept apart from api/users.ts and api/categories.ts, which the first visit loads.
import * as z from 'zod/mini';
import {
  adminCounts,
  category,
  contactMessage,
  contactMessagePage,
  healthCheck,
  user,
  userPage,
} from '../../schema/entities';
import type { MESSAGE_STATES, Role } from '../../schema/enums';
import type { createCategoryBody, createUserBody, updateCategoryBody, updateUserBody } from '../../schema/requests';
import { multipartBody } from '../uploads/multipart';
import { API_PREFIX, ApiError, api, call, pageQuery, resultOf, seg } from './client';

export type MessageState = (typeof MESSAGE_STATES)[number];

export const getAdminCounts = () => call(api.admin.counts.$get(), adminCounts);
export const listContactMessages = (filter: { status?: MessageState | undefined }, cursor?: string) =>
  call(api.contact.messages.$get({ query: { ...pageQuery(cursor), status: filter.status } }), contactMessagePage);
export const updateContactMessage = (id: string, change: { read?: boolean; handled?: boolean }) =>
  call(api.contact.messages[':id'].$put({ param: { id: seg(id) }, json: change }), contactMessage);
export const runHealthCheck = () => call(api.healthCheck.$get(), healthCheck);
export const fixHealthCheck = () => call(api.healthCheck.fix.$get(), healthCheck);

// ---- accounts ----
export interface UserFilter {
  q?: string | undefined;
  role?: Role | undefined;
  active?: boolean | undefined;
}
/** A page of users, alphabetical, filtered by a name/e-mail fragment, role and active flag. */
export const listUsers = (filter: UserFilter = {}, cursor?: string) =>
  call(
    api.users.$get({
      query: {
        ...pageQuery(cursor),
        q: filter.q || undefined,
        role: filter.role,
        active: filter.active === undefined ? undefined : filter.active ? 'true' : 'false',
      },
    }),
    userPage,
  );
/** ADMIN creates an account with a role (the same call registers everyone else as REGULAR_USER). */
export const createUser = (body: z.input<typeof createUserBody>) => call(api.users.$post({ json: body }), user);
export const updateUser = (id: string, body: z.input<typeof updateUserBody>) =>
  call(api.users[':id'].$put({ param: { id: seg(id) }, json: body }), user);
export const deleteUser = (id: string) => call(api.users[':id'].$delete({ param: { id: seg(id) } }), z.null());

// ---- categories. With an image the call is multipart (SPEC section 7): `body` JSON naming the file tag, and the
// file in `blob:image`; hc types these routes by their JSON input, so that one goes through fetch and resultOf.
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
    throw new ApiError(400, err instanceof Error && err.message ? err.message : 'Network Error');
  }
  return resultOf(response.status, await response.json().catch(() => null), category);
}

export const createCategory = (body: CategoryInput, image?: File) =>
  image ? sendWithImage('POST', '', body, image) : call(api.categories.$post({ json: body }), category);
export const updateCategory = (id: string, patch: CategoryPatch, image?: File) =>
  image
    ? sendWithImage('PUT', `/${seg(id)}`, patch, image)
    : call(api.categories[':id'].$put({ param: { id: seg(id) }, json: patch }), category);
export const deleteCategory = (id: string) => call(api.categories[':id'].$delete({ param: { id: seg(id) } }), z.null());
/** Moves the category to `index` among its siblings; answers the siblings in their new order. */
export const positionCategory = (id: string, index: number) =>
  call(api.categories[':id'].position.$put({ param: { id: seg(id) }, json: { index } }), z.array(category));
