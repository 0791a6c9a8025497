import { useEffect } from 'react';
import type { ReactNode } from 'react';

import { LoadingScreen } from '../components/loading-screen/loading-screen';
import { useAppNavigation } from '../routes/app-navigation';
import { useAuth } from './auth-context';
import { safeReturnTo } from './return-to';

/** Signed-in people leave the login and register pages for where they were going. */
export function GuestGuard({ children }: { children: ReactNode }) {
  const { isInitialized, isAuthenticated } = useAuth();
  const { search, navigate } = useAppNavigation();
  const target = isAuthenticated ? safeReturnTo(new URLSearchParams(search).get('returnTo')) : null;
  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [target, navigate]);
  if (!isInitialized || target) return <LoadingScreen fullScreen />;
  return <>{children}</>;
}
