import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';

import { LoadingScreen } from '../components/loading-screen/loading-screen';
import { LOGIN_PATH } from '../routes/paths';
import { useAuth } from './auth-context';

/** Signed-out people go to the login route, which brings them back here afterwards. */
export function AuthGuard({ children }: { children: ReactNode }) {
  const { isInitialized, isAuthenticated } = useAuth();
  const { pathname, search } = useLocation();
  if (!isInitialized) return <LoadingScreen fullScreen />;
  if (!isAuthenticated) {
    const returnTo = encodeURIComponent(`${pathname}${search}`);
    return <Navigate to={`${LOGIN_PATH}?returnTo=${returnTo}`} replace />;
  }
  return <>{children}</>;
}
