// Route guards: 401 without a session, 403 for a role that may not. The rules they apply are lib/access.ts's.
import type { MiddlewareHandler } from 'hono';
import type { Role } from '#schema/tables';
import type { AppEnv } from '../env';
import { ROLES } from '#schema/enums';
import { EDITOR_ROLES } from '../lib/access';
import { Forbidden, Unauthorized } from '../lib/errors';
import { documented } from '../lib/route-doc';

export { assertOwnerOrAdmin, currentUser, EDITOR_ROLES, isAdmin, isEditor } from '../lib/access';

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
