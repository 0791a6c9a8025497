import { Suspense, lazy, useCallback, useState } from 'react';

import { LoadingScreen } from '../components/loading-screen/loading-screen';
import { SettingsProvider } from '../components/settings/settings-provider';
import { useSettings } from '../components/settings/settings-context';
import type { ThemeSettings } from '../theme/types';
import { AppThemeProvider } from '../theme/theme-provider';
import { signInPageOf } from './sign-in-paths';

const loadShell = () => import('./sign-in-shell');
const loadRouter = () => import('./app-router');

/**
 * A visit that starts on the sign-in page gets the light shell; every other one the router. The
 * download starts as this module runs, beside the language files, not after the first render.
 */
const startPage = signInPageOf(window.location.pathname);
const startsSignedOut = startPage !== null;
if (startPage) {
  void loadShell();
  // The sign-in form, the most visited first page, downloads beside the shell; the shell starts
  // the other account pages' views itself (each import here costs every page of the app bytes).
  if (startPage === 'login' || startPage === 'loginUnprotected') {
    void import('../sections/auth/login-view').catch(() => undefined);
  }
} else void loadRouter();

const SignInShell = lazy(() => loadShell().then((m) => ({ default: m.SignInShell })));
const AppRouter = lazy(loadRouter);

// notistack is not needed to paint or sign in; its host loads beside the app.
const SnackbarHost = lazy(() =>
  import('../components/snackbar/snackbar-host').then((m) => ({ default: m.SnackbarHost })),
);

function ThemedApp() {
  const { themeMode, themeDirection, themeContrast, themeLayout, themeColorPresets, themeStretch } =
    useSettings();
  const [inShell, setInShell] = useState(startsSignedOut);
  const leaveShell = useCallback(() => setInShell(false), []);
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
      <Suspense fallback={<LoadingScreen fullScreen />}>
        {inShell ? <SignInShell onLeave={leaveShell} /> : <AppRouter />}
      </Suspense>
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
