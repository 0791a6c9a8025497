import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';

import { LoadingScreen } from '../components/loading-screen/loading-screen';
import { useAuth } from './auth-context';
import { safeReturnTo } from './return-to';

/** Signed-in people leave the login and register pages for where they were going. */
export function GuestGuard({ children }: { children: ReactNode }) {
  const { isInitialized, isAuthenticated } = useAuth();
  const [params] = useSearchParams();
  if (!isInitialized) return <LoadingScreen fullScreen />;
  if (isAuthenticated) return <Navigate to={safeReturnTo(params.get('returnTo'))} replace />;
  return <>{children}</>;
}
