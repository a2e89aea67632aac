// Route guards: 401 without a session, 403 for a role that may not.
import type { MiddlewareHandler } from 'hono';
import type { Role } from '../../schema/tables';
import type { SessionUser } from '../../schema/entities';
import type { AppEnv } from '../env';
import { ROLES } from '../../schema/enums';
import { Forbidden, Unauthorized } from '../lib/errors';
import { documented } from '../lib/route-doc';

export const EDITOR_ROLES: readonly Role[] = ['CLIENT', 'CONTRIBUTOR', 'ADMIN'];

export const isAdmin = (user: SessionUser | null): boolean => user?.role === 'ADMIN';
export const isEditor = (user: SessionUser | null): boolean => !!user && EDITOR_ROLES.includes(user.role);

export const requireUser: MiddlewareHandler<AppEnv> = documented({ roles: ROLES, errors: [401] }, async (c, next) => {
  if (!c.get('user')) throw new Unauthorized('Sign-in required');
  await next();
});

export const requireRole = (...roles: Role[]): MiddlewareHandler<AppEnv> =>
  documented({ roles, errors: [401, 403] }, async (c, next) => {
    const user = c.get('user');
    if (!user) throw new Unauthorized('Sign-in required');
    if (!roles.includes(user.role)) throw new Forbidden('Your role may not do this');
    await next();
  });

export const requireEditor = requireRole(...EDITOR_ROLES);
export const requireAdmin = requireRole('ADMIN');

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
