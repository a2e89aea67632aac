// Route guards: who may open /mySO (signed in), /myaccount (editors and ADMIN) and /appManagement (ADMIN);
// anyone else goes to /no-permission, which offers to sign in; whoever just signed out here goes home.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { SessionUser } from '#schema/entities';
import type { Role } from '#schema/enums';
import { useSession } from './session';

export type Access = 'signedIn' | 'editorOrAdmin' | 'admin';

const ROLES_BY_ACCESS: Record<Access, readonly Role[]> = {
  signedIn: ['REGULAR_USER', 'CLIENT', 'CONTRIBUTOR', 'ADMIN'],
  // CLIENT and CONTRIBUTOR are the read-write (editor) roles.
  editorOrAdmin: ['CLIENT', 'CONTRIBUTOR', 'ADMIN'],
  admin: ['ADMIN'],
};

export function canAccess(access: Access, user: SessionUser | null): boolean {
  return user !== null && ROLES_BY_ACCESS[access].includes(user.role);
}

export const NO_PERMISSION_PATH = '/no-permission';

/** Renders its children when the signed-in user may; otherwise redirects to /no-permission (after the session is known). */
export function RequireAccess({ access, children }: { access: Access; children: ReactNode }) {
  const { user, ready, signedOut } = useSession();
  const location = useLocation();
  if (!ready) return <p className="page-loading" role="status" aria-busy="true" />;
  // Signing out here leaves for the home page (issue 27 §6.4), not for a page saying this one is not allowed.
  if (!user && signedOut) return <Navigate to="/" replace />;
  if (!canAccess(access, user)) {
    return <Navigate to={NO_PERMISSION_PATH} replace state={{ from: location.pathname + location.search }} />;
  }
  return <>{children}</>;
}
