import { WEB_ROUTE_MANIFEST } from '@bo/contract/web-routes';
import type { WebRouteEntry, WebRouteKey } from '@bo/contract/web-routes';
import { useCallback, useEffect, useMemo, useState } from 'react';

import { AuthProvider } from '../auth/auth-provider';
import { GuestGuard } from '../auth/guest-guard';
import { LazySettingsDrawer } from '../components/settings/lazy-settings-drawer';
import { AuthFrame } from '../layouts/auth/auth-frame';
import { AppNavigationContext } from '../routes/app-navigation';
import type { AppNavigation } from '../routes/app-navigation';
import { LoginView } from '../sections/auth/login-view';
import { usePageViewBeacon } from './page-view-beacon';
import { signInPageOf } from './sign-in-paths';

const here = () => ({ pathname: window.location.pathname, search: window.location.search });

/** The router and the rest of the app, fetched while the person types (not before the form). */
const prefetchApp = () => void import('./app-router');

/**
 * The sign-in page as the first page of a visit: the same form, layout, guard and settings as
 * inside the router, drawn without react-router (~33 KiB gzip) so the page is ready sooner. Any
 * move to another page (after signing in, a link, the browser's back button) updates the address
 * and hands over to the whole app, which opens at that address.
 */
export function SignInShell({ onLeave }: { onLeave: () => void }) {
  const [location, setLocation] = useState(here);

  const navigate = useCallback<AppNavigation['navigate']>(
    (to, options) => {
      const url = new URL(to, window.location.href);
      if (options?.replace) window.history.replaceState(null, '', url);
      else window.history.pushState(null, '', url);
      if (signInPageOf(url.pathname)) setLocation(here());
      else onLeave();
    },
    [onLeave],
  );

  useEffect(() => {
    const onPopState = () => {
      if (signInPageOf(window.location.pathname)) setLocation(here());
      else onLeave();
    };
    window.addEventListener('popstate', onPopState);
    const idle = window.setTimeout(prefetchApp, 1500);
    return () => {
      window.removeEventListener('popstate', onPopState);
      window.clearTimeout(idle);
    };
  }, [onLeave]);

  usePageViewBeacon(location.pathname);
  const value = useMemo(() => ({ ...location, navigate }), [location, navigate]);
  const page = signInPageOf(location.pathname);
  const entry: WebRouteEntry<WebRouteKey> | null = page ? WEB_ROUTE_MANIFEST[page] : null;

  return (
    <AppNavigationContext.Provider value={value}>
      <AuthProvider>
        <AuthFrame greeting="back">
          {entry?.guestOnly ? (
            <GuestGuard>
              <LoginView />
            </GuestGuard>
          ) : (
            <LoginView />
          )}
        </AuthFrame>
        <LazySettingsDrawer />
      </AuthProvider>
    </AppNavigationContext.Provider>
  );
}
