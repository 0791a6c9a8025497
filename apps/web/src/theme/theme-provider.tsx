import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider as MuiThemeProvider } from '@mui/material/styles';
import { useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';

import { createAppTheme } from './create-theme';
import { grey } from './palette';
import { useDirectionCache } from './rtl-cache';
import type { ThemeSettings } from './types';

type Props = { settings: ThemeSettings; children: ReactNode };

export function AppThemeProvider({ settings, children }: Props) {
  const theme = useMemo(() => createAppTheme(settings), [settings]);
  const { themeDirection, themeMode } = settings;
  // Switching direction swaps the emotion cache, so every style is re-emitted flipped.
  const cache = useDirectionCache(themeDirection);

  useEffect(() => {
    const root = document.documentElement;
    root.setAttribute('dir', themeDirection);
    // The inline script in index.html painted the dark background early; the theme owns it now.
    root.style.backgroundColor = themeMode === 'dark' ? grey[900] : '';
    root.style.colorScheme = themeMode;
    document
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute('content', theme.palette.primary.main);
  }, [themeDirection, themeMode, theme]);

  return (
    <CacheProvider value={cache}>
      <MuiThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </MuiThemeProvider>
    </CacheProvider>
  );
}
