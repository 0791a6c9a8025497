import { Suspense, lazy, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';

import { AuthProvider } from '../auth/auth-provider';
import { ProgressBar } from '../components/progress-bar/progress-bar';
import { useSettings } from '../components/settings/settings-context';

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
  return (
    <AuthProvider>
      <ProgressBar />
      <Outlet />
      <LazySettingsDrawer />
      <ScrollRestoration />
    </AuthProvider>
  );
}
