import { useCallback, useMemo } from 'react';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { AppNavigationContext } from '../routes/app-navigation';
import type { AppNavigation } from '../routes/app-navigation';

/** The router's side of the app navigation: screens shared with the sign-in shell read it. */
export function RouterNavigationProvider({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const routerNavigate = useNavigate();
  // Stable across page changes: the session's expiry timer holds on to it.
  const navigate = useCallback<AppNavigation['navigate']>(
    (to, options) => void routerNavigate(to, { replace: options?.replace }),
    [routerNavigate],
  );
  const value = useMemo(() => ({ pathname, search, navigate }), [pathname, search, navigate]);
  return <AppNavigationContext.Provider value={value}>{children}</AppNavigationContext.Provider>;
}
