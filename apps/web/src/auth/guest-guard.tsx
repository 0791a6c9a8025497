import { useEffect } from 'react';
import type { ReactNode } from 'react';

import { LoadingScreen } from '../components/loading-screen/loading-screen';
import { useAppNavigation } from '../routes/app-navigation';
import { useAuth } from './auth-context';
import { safeReturnTo } from './return-to';

/**
 * Signed-in people leave the login and register pages for where they were going. `hold` keeps
 * them while a sign-up under way signs them in (the register page then goes to /auth/verify).
 */
export function GuestGuard({ children, hold = false }: { children: ReactNode; hold?: boolean }) {
  const { isInitialized, isAuthenticated } = useAuth();
  const { search, navigate } = useAppNavigation();
  const target =
    isAuthenticated && !hold ? safeReturnTo(new URLSearchParams(search).get('returnTo')) : null;
  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [target, navigate]);
  if (!isInitialized || target) return <LoadingScreen fullScreen />;
  return <>{children}</>;
}
