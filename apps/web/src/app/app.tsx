import { Suspense, lazy } from 'react';
import { RouterProvider } from 'react-router';

import { SettingsProvider } from '../components/settings/settings-provider';
import { useSettings } from '../components/settings/settings-context';
import type { ThemeSettings } from '../theme/types';
import { AppThemeProvider } from '../theme/theme-provider';
import { createAppRouter } from './router';

const router = createAppRouter();

// notistack is not needed to paint or sign in; its host loads beside the app.
const SnackbarHost = lazy(() =>
  import('../components/snackbar/snackbar-host').then((m) => ({ default: m.SnackbarHost })),
);

function ThemedApp() {
  const { themeMode, themeDirection, themeContrast, themeLayout, themeColorPresets, themeStretch } =
    useSettings();
  return (
    <AppThemeProvider
      settings={{
        themeMode,
        themeDirection,
        themeContrast,
        themeLayout,
        themeColorPresets,
        themeStretch,
      }}
    >
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        <SnackbarHost />
      </Suspense>
    </AppThemeProvider>
  );
}

export function App({ initialSettings }: { initialSettings: ThemeSettings }) {
  return (
    <SettingsProvider initial={initialSettings}>
      <ThemedApp />
    </SettingsProvider>
  );
}
