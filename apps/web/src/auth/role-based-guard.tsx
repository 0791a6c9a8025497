import type { ReactNode } from 'react';
import { Navigate } from 'react-router';

import { paths } from '../routes/paths';
import { useAuth } from './auth-context';

type Props = {
  roles?: string[];
  permissions?: string[];
  /** With content, the denial is rendered in place; without, the browser goes to the denied page. */
  fallback?: ReactNode;
  children: ReactNode;
};

export function useHasAccess(roles?: string[], permissions?: string[]): boolean {
  const { user } = useAuth();
  if (!user) return false;
  const roleOk = !roles || roles.length === 0 || roles.includes(user.role);
  const permOk =
    !permissions ||
    permissions.length === 0 ||
    permissions.every((p) => user.permissions.includes(p));
  return roleOk && permOk;
}

/** Mirrors the server's checks so people are not shown screens whose calls would be refused. */
export function RoleBasedGuard({ roles, permissions, fallback, children }: Props) {
  const allowed = useHasAccess(roles, permissions);
  if (allowed) return <>{children}</>;
  if (fallback !== undefined) return <>{fallback}</>;
  return <Navigate to={paths.dashboard.permissionDenied} replace />;
}
