// The admin workspace's queries and writes (docs/decisions/015-admin-workspace.md). Every list is a cursor-paged
// query under the ['admin'] family (users under ['users']); every decision invalidates that family, so the lists
// and the badge counts agree at once, and the content families it may change, so public screens do too.
import type { Category, ContentType, User } from '#schema';
import type { createUserBody, updateCategoryBody, updateUserBody } from '#schema/requests';
import type * as z from 'zod/mini';
import { createCategory, deleteCategory, positionCategory, updateCategory } from '../api/categories-edit';
import { createUser, deleteUser, listUsers, type UserFilter } from '../api/users-edit';
import { fixHealthCheck, runHealthCheck } from '../api/health-check';
import { getAdminCounts } from '../api/admin';
import { listContactMessages, updateContactMessage, type MessageState } from '../api/contact';
import { updateUser } from '../api/users';
import { listCategorySources } from '../api/categories';
import {
  listPublicationRequests,
  updatePublicationExpiration,
  updatePublicationStatus,
  type PublicationStatus,
} from '../api/publications';
import {
  allowRequest,
  denyRequest,
  listAccessRequests,
  listGrants,
  revokeAccess,
  type RequestState,
} from '../api/userContent';
import { setQueryData, usePagedQuery, useQuery, write, type QueryKey } from './cache';
import { keys } from './keys';

const ADMIN: QueryKey = ['admin'];
const USERS: QueryKey = ['users'];
/** What a category write may change: the tree, every category's children and ancestors, slugs, search hits. */
const CATEGORY_FAMILIES: QueryKey[] = [['categories'], ['category'], ['category-id'], ['search']];
/** What publishing or unpublishing content may change in the admin's own cache. */
const contentFamilies = (type: ContentType, contentId: string): QueryKey[] => [
  [type, contentId],
  ['articles'],
  ['channels'],
  ['news'],
  ['category'],
  ['search'],
];

export const useAdminCounts = () => useQuery(keys.adminCounts(), getAdminCounts);

// ---- users ----
export const useUserList = (filter: UserFilter) =>
  usePagedQuery(
    keys.userList(filter.q ?? '', filter.role ?? '', filter.active === undefined ? '' : String(filter.active)),
    (cursor) => listUsers(filter, cursor),
  );
export const createAccount = (body: z.input<typeof createUserBody>) =>
  write(() => createUser(body), { invalidate: [USERS] });
export const updateAccount = (id: string, patch: z.input<typeof updateUserBody>) =>
  write(() => updateUser(id, patch), {
    update: (saved: User) => setQueryData(keys.user(saved.id), () => saved),
    invalidate: [USERS],
  });
export const deleteAccount = (id: string) => write(() => deleteUser(id), { invalidate: [USERS, ADMIN] });

// ---- access requests and grants ----
export const useAccessRequests = (status: RequestState | undefined, contentType: ContentType | undefined) =>
  usePagedQuery(keys.accessRequests(status ?? '', contentType ?? ''), (cursor) =>
    listAccessRequests({ status, contentType }, cursor),
  );
export const useGrants = (contentType: ContentType | undefined) =>
  usePagedQuery(keys.grants(contentType ?? ''), (cursor) => listGrants({ contentType }, cursor));
export const decideAccessRequest = (id: string, decision: 'allow' | 'deny') =>
  write(() => (decision === 'allow' ? allowRequest(id) : denyRequest(id)), { invalidate: [ADMIN] });
export const revokeGrant = (userId: string, contentId: string) =>
  write(() => revokeAccess(userId, contentId), { invalidate: [ADMIN] });

// ---- publications ----
export const usePublicationRequests = (status: PublicationStatus | undefined, expiresWithinDays: number | undefined) =>
  usePagedQuery(keys.publicationRequests(status ?? '', expiresWithinDays?.toString() ?? ''), (cursor) =>
    listPublicationRequests({ status, expiresWithinDays }, cursor),
  );
export const setPublicationStatus = (
  request: { id: string; type: ContentType; contentId: string },
  status: PublicationStatus,
  reason?: string | null,
) =>
  write(() => updatePublicationStatus(request.id, status, reason), {
    invalidate: [ADMIN, ...contentFamilies(request.type, request.contentId)],
  });
/** `expirationDate`: ISO 8601 in UTC, or null to clear. */
export const setPublicationExpiry = (id: string, expirationDate: string | null) =>
  write(() => updatePublicationExpiration(id, expirationDate), { invalidate: [ADMIN] });

// ---- messages ----
export const useMessages = (status: MessageState | undefined) =>
  usePagedQuery(keys.messages(status ?? ''), (cursor) => listContactMessages({ status }, cursor));
export const markMessage = (id: string, change: { read?: boolean; handled?: boolean }) =>
  write(() => updateContactMessage(id, change), { invalidate: [ADMIN] });

// ---- categories ----
export const addCategory = (body: { title: string; parentId: string | null; slug?: string }, image?: File) =>
  write(() => createCategory(body, image), { invalidate: CATEGORY_FAMILIES });
export const editCategory = (id: string, patch: z.input<typeof updateCategoryBody>, image?: File) =>
  write(() => updateCategory(id, patch, image), { invalidate: CATEGORY_FAMILIES });
/** `moveChildren`: its sub-categories move up to its parent first (in the same write). */
export const removeCategory = (id: string, moveChildren = false) =>
  write(() => deleteCategory(id, moveChildren), { invalidate: CATEGORY_FAMILIES });
/** The tree shows the new order at once (the answer is the siblings in order), then every category query refetches. */
export const moveCategoryTo = (id: string, index: number) =>
  write(() => positionCategory(id, index), {
    update: (siblings: Category[]) =>
      setQueryData<Category[]>(keys.categories(), (all) => {
        const moved = new Map(siblings.map((c) => [c.id, c]));
        return all?.map((c) => moved.get(c.id) ?? c);
      }),
    invalidate: CATEGORY_FAMILIES,
  });
/** Every category (GET /categories) with its own title, not the page's translation: the tree the section edits. */
export const useCategoryList = () => useQuery(keys.categorySources(), listCategorySources);

// ---- health check (not cached: each run asks the database again) ----
export const checkHealth = runHealthCheck;
/** The fix changes content references: every content family may be affected. */
export const fixHealth = () =>
  write(fixHealthCheck, {
    invalidate: [['articles'], ['article'], ['channels'], ['channel'], ['news'], ['category'], ['categories']],
  });
