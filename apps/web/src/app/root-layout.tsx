import { Suspense, lazy, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';

import { AuthProvider } from '../auth/auth-provider';
import { useSettings } from '../components/settings/settings-context';
import { usePageViewBeacon } from './page-view-beacon';

// Only needed from the first page change on, so it does not hold up the first paint.
const ProgressBar = lazy(() =>
  import('../components/progress-bar/progress-bar').then((m) => ({ default: m.ProgressBar })),
);

// The drawer (and its MUI parts) loads the first time someone opens it, not with every page.
const SettingsDrawer = lazy(() =>
  import('../components/settings/settings-drawer').then((m) => ({ default: m.SettingsDrawer })),
);

function LazySettingsDrawer() {
  const { open } = useSettings();
  const [wanted, setWanted] = useState(open);
  useEffect(() => {
    if (open) setWanted(true);
  }, [open]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SettingsDrawer />
    </Suspense>
  );
}

/** Inside the router, so auth can navigate on token expiry and the bar can read navigation state. */
export function RootLayout() {
  usePageViewBeacon();
  return (
    <AuthProvider>
      <Suspense fallback={null}>
        <ProgressBar />
      </Suspense>
      <Outlet />
      <LazySettingsDrawer />
      <ScrollRestoration />
    </AuthProvider>
  );
}
