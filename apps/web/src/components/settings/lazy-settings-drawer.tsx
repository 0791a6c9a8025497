import { Suspense, lazy, useEffect, useState } from 'react';

import { useSettings } from './settings-context';

// The drawer (and its MUI parts) loads the first time someone opens it, not with every page.
const SettingsDrawer = lazy(() =>
  import('./settings-drawer').then((m) => ({ default: m.SettingsDrawer })),
);

export function LazySettingsDrawer() {
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
