// Who may: the role sets and the ownership rule that the guards (middleware/guards.ts), the queries and the services
// share. Pure functions of the user, so any layer may call them.
import type { SessionUser } from '#schema/entities';
import type { Role } from '#schema/enums';
import { Forbidden, Unauthorized } from './errors';

export const EDITOR_ROLES: readonly Role[] = ['CLIENT', 'CONTRIBUTOR', 'ADMIN'];

export const isAdmin = (user: SessionUser | null): boolean => user?.role === 'ADMIN';
export const isEditor = (user: SessionUser | null): boolean => !!user && EDITOR_ROLES.includes(user.role);

/** The signed-in user, for handlers behind requireUser or requireRole. */
export function currentUser(c: { get(key: 'user'): SessionUser | null }): SessionUser {
  const user = c.get('user');
  if (!user) throw new Unauthorized('Sign-in required');
  return user;
}

/** Owner or ADMIN, else 403. */
export function assertOwnerOrAdmin(user: SessionUser, ownerId: string): void {
  if (user.role !== 'ADMIN' && user.id !== ownerId) throw new Forbidden('Only the owner or an admin may do this');
}
