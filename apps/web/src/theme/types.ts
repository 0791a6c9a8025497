import type { COLOR_PRESETS } from '@bo/contract/constants';

export type ThemeMode = 'light' | 'dark';
export type ThemeDirection = 'ltr' | 'rtl';
export type ThemeContrast = 'default' | 'bold';
export type ThemeLayout = 'vertical' | 'mini';
export type ColorPreset = (typeof COLOR_PRESETS)[number];

/** The spec's theme settings (§3), named as their cookies are. */
export type ThemeSettings = {
  themeMode: ThemeMode;
  themeDirection: ThemeDirection;
  themeContrast: ThemeContrast;
  themeLayout: ThemeLayout;
  themeColorPresets: ColorPreset;
  themeStretch: boolean;
};

export type CustomShadows = {
  z1: string;
  z8: string;
  z12: string;
  z16: string;
  z20: string;
  z24: string;
  card: string;
  dropdown: string;
  dialog: string;
  primary: string;
};

declare module '@mui/material/styles' {
  interface Theme {
    customShadows: CustomShadows;
  }
  interface ThemeOptions {
    customShadows?: CustomShadows;
  }
  interface TypeBackground {
    neutral: string;
  }
  interface PaletteColor {
    lighter: string;
    darker: string;
  }
  interface SimplePaletteColorOptions {
    lighter?: string;
    darker?: string;
  }
}
