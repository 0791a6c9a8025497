import { Suspense, lazy } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';

import { AuthProvider } from '../auth/auth-provider';
import { LazySettingsDrawer } from '../components/settings/lazy-settings-drawer';
import { usePageViewBeacon } from './page-view-beacon';
import { RouterNavigationProvider } from './router-navigation';

// Only needed from the first page change on, so it does not hold up the first paint.
const ProgressBar = lazy(() =>
  import('../components/progress-bar/progress-bar').then((m) => ({ default: m.ProgressBar })),
);

/** Inside the router, so auth can navigate on token expiry and the bar can read navigation state. */
export function RootLayout() {
  usePageViewBeacon(useLocation().pathname);
  return (
    <RouterNavigationProvider>
      <AuthProvider>
        <Suspense fallback={null}>
          <ProgressBar />
        </Suspense>
        <Outlet />
        <LazySettingsDrawer />
        <ScrollRestoration />
      </AuthProvider>
    </RouterNavigationProvider>
  );
}
