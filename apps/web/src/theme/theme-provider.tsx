import createCache from '@emotion/cache';
import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider as MuiThemeProvider } from '@mui/material/styles';
import { useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

import { createAppTheme } from './create-theme';
import { grey } from './palette';
import type { ThemeSettings } from './types';

// Two caches, made once: switching direction swaps the cache so every style is re-emitted flipped.
const ltrCache: EmotionCache = createCache({ key: 'css', prepend: true });
const rtlCache: EmotionCache = createCache({
  key: 'rtl',
  prepend: true,
  stylisPlugins: [prefixer, rtlPlugin],
});

type Props = { settings: ThemeSettings; children: ReactNode };

export function AppThemeProvider({ settings, children }: Props) {
  const theme = useMemo(() => createAppTheme(settings), [settings]);
  const { themeDirection, themeMode } = settings;

  useEffect(() => {
    const root = document.documentElement;
    root.setAttribute('dir', themeDirection);
    // The inline script in index.html painted the dark background early; the theme owns it now.
    root.style.backgroundColor = themeMode === 'dark' ? grey[900] : '';
    root.style.colorScheme = themeMode;
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme.palette.primary.main);
  }, [themeDirection, themeMode, theme]);

  return (
    <CacheProvider value={themeDirection === 'rtl' ? rtlCache : ltrCache}>
      <MuiThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </MuiThemeProvider>
    </CacheProvider>
  );
}
