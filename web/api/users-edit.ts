// /api/users: the workspaces' calls of accounts (the admin's list, new accounts with a role, deleting; the owner
// filter of the editor workspace). Sign-in, the session and one's own account are in users.ts, which the first
// visit loads (docs/decisions/023-screen-kit.md).
import type * as z from 'zod/mini';
import { accountDeletion, user, userPage } from '#schema/entities';
import type { Role } from '#schema/enums';
import type { createUserBody } from '#schema/requests';
import { api, call, pageQuery, seg } from './client';

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
/** ADMIN deletes an account (anonymised where it has content); one's own goes through deleteOwnAccount (users.ts). */
export const deleteUser = (id: string) =>
  call(api.users[':id'].$delete({ param: { id: seg(id) }, json: {} }), accountDeletion);

/** ADMIN's owner filter: the accounts that can own content (editors and admins), by name; at most 100 of each role. */
export async function listOwners() {
  const pages = await Promise.all(
    (['CLIENT', 'CONTRIBUTOR', 'ADMIN'] as const).map((role) =>
      call(api.users.$get({ query: { role, limit: '100' } }), userPage),
    ),
  );
  return pages.flatMap((p) => p.items).sort((a, b) => a.name.localeCompare(b.name));
}
