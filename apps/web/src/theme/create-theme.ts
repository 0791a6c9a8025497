import { BORDER_RADIUS, BREAKPOINTS } from '@bo/contract/constants';
import { createTheme as createMuiTheme } from '@mui/material/styles';
import type { Theme } from '@mui/material/styles';

import { createComponents } from './components';
import { PRESETS, createPalette } from './palette';
import { createCustomShadows, createShadows } from './shadows';
import type { ThemeSettings } from './types';
import { typography } from './typography';

export function createAppTheme(settings: ThemeSettings): Theme {
  const { themeMode, themeColorPresets, themeContrast, themeDirection } = settings;
  return createMuiTheme({
    direction: themeDirection,
    palette: createPalette(themeMode, themeColorPresets, themeContrast),
    typography,
    shape: { borderRadius: BORDER_RADIUS },
    breakpoints: { values: { ...BREAKPOINTS } },
    shadows: createShadows(themeMode),
    customShadows: createCustomShadows(themeMode, PRESETS[themeColorPresets].main),
    components: createComponents(themeContrast),
  });
}
