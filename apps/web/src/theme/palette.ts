import { alpha } from '@mui/material/styles';
import type { PaletteOptions } from '@mui/material/styles';

import type { ColorPreset, ThemeContrast, ThemeMode } from './types';

export const grey = {
  50: '#FCFDFD',
  100: '#F9FAFB',
  200: '#F4F6F8',
  300: '#DFE3E8',
  400: '#C4CDD5',
  500: '#919EAB',
  600: '#637381',
  700: '#454F5B',
  800: '#1C252E',
  900: '#141A21',
} as const;

type Swatch = { lighter: string; light: string; main: string; dark: string; darker: string };

/** The six presets of the settings drawer; each only changes `primary`. */
export const PRESETS: Record<ColorPreset, Swatch> = {
  default: {
    lighter: '#C8FAD6',
    light: '#5BE49B',
    main: '#00A76F',
    dark: '#007867',
    darker: '#004B50',
  },
  cyan: {
    lighter: '#CCF4FE',
    light: '#68CDF9',
    main: '#078DEE',
    dark: '#0351AB',
    darker: '#012972',
  },
  purple: {
    lighter: '#EBD6FD',
    light: '#B985F4',
    main: '#7635DC',
    dark: '#431A9E',
    darker: '#200A69',
  },
  blue: {
    lighter: '#D1E9FC',
    light: '#76B0F1',
    main: '#2065D1',
    dark: '#103996',
    darker: '#061B64',
  },
  orange: {
    lighter: '#FEF4D4',
    light: '#FED680',
    main: '#FDA92D',
    dark: '#B66816',
    darker: '#793908',
  },
  red: {
    lighter: '#FFE3D5',
    light: '#FFC1AC',
    main: '#FF3030',
    dark: '#B71833',
    darker: '#7A0930',
  },
};

const secondary: Swatch = {
  lighter: '#EFD6FF',
  light: '#C684FF',
  main: '#8E33FF',
  dark: '#5119B7',
  darker: '#27097A',
};
const info: Swatch = {
  lighter: '#CAFDF5',
  light: '#61F3F3',
  main: '#00B8D9',
  dark: '#006C9C',
  darker: '#003768',
};
const success: Swatch = {
  lighter: '#D3FCD2',
  light: '#77ED8B',
  main: '#22C55E',
  dark: '#118D57',
  darker: '#065E49',
};
const warning: Swatch = {
  lighter: '#FFF5CC',
  light: '#FFD666',
  main: '#FFAB00',
  dark: '#B76E00',
  darker: '#7A4100',
};
const error: Swatch = {
  lighter: '#FFE9D5',
  light: '#FFAC82',
  main: '#FF5630',
  dark: '#B71D18',
  darker: '#7A0916',
};

/** Orange and the light swatches need dark text to stay readable (WCAG AA). */
const contrastTextFor = (preset: ColorPreset) => (preset === 'orange' ? grey[800] : '#FFFFFF');

export function createPalette(
  mode: ThemeMode,
  preset: ColorPreset,
  contrast: ThemeContrast,
): PaletteOptions {
  const light = mode === 'light';
  const bold = contrast === 'bold';
  return {
    mode,
    primary: { ...PRESETS[preset], contrastText: contrastTextFor(preset) },
    secondary: { ...secondary, contrastText: '#FFFFFF' },
    info: { ...info, contrastText: '#FFFFFF' },
    success: { ...success, contrastText: '#FFFFFF' },
    warning: { ...warning, contrastText: grey[800] },
    error: { ...error, contrastText: '#FFFFFF' },
    grey: { ...grey },
    common: { black: '#000000', white: '#FFFFFF' },
    divider: alpha(grey[500], 0.2),
    // "Disabled" text is also the product's quiet text (captions, sub-headers, counts): it keeps
    // 4.5:1 on every surface of its mode (WCAG 1.4.3), so it is one step from secondary.
    text: light
      ? { primary: grey[800], secondary: grey[600], disabled: grey[600] }
      : { primary: '#FFFFFF', secondary: grey[400], disabled: grey[500] },
    background: light
      ? { paper: '#FFFFFF', default: bold ? grey[200] : '#FFFFFF', neutral: grey[200] }
      : { paper: grey[800], default: grey[900], neutral: '#28323D' },
    action: {
      active: light ? grey[600] : grey[500],
      hover: alpha(grey[500], 0.08),
      selected: alpha(grey[500], 0.16),
      disabled: alpha(grey[500], 0.8),
      disabledBackground: alpha(grey[500], 0.24),
      focus: alpha(grey[500], 0.24),
      hoverOpacity: 0.08,
      disabledOpacity: 0.48,
    },
  };
}
