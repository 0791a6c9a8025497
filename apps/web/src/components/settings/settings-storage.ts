import { COLOR_PRESETS, SETTINGS_COOKIE_DAYS, THEME_DEFAULTS } from '@bo/contract/constants';

import { readCookies, removeCookie, writeCookie } from '../../lib/cookies';
import type { ThemeSettings } from '../../theme/types';

export const DEFAULT_SETTINGS: ThemeSettings = { ...THEME_DEFAULTS };

export const SETTINGS_KEYS = Object.keys(DEFAULT_SETTINGS) as (keyof ThemeSettings)[];

const oneOf = <T extends string>(value: string | undefined, allowed: readonly T[]): T | undefined =>
  allowed.find((option) => option === value);

/**
 * Read synchronously before the first render so a reload paints the saved theme at once.
 * Unknown or tampered values fall back to the default one by one.
 */
export function readSettingsCookies(): ThemeSettings {
  const c = readCookies();
  return {
    themeMode: oneOf(c.themeMode, ['light', 'dark'] as const) ?? DEFAULT_SETTINGS.themeMode,
    themeDirection:
      oneOf(c.themeDirection, ['ltr', 'rtl'] as const) ?? DEFAULT_SETTINGS.themeDirection,
    themeContrast:
      oneOf(c.themeContrast, ['default', 'bold'] as const) ?? DEFAULT_SETTINGS.themeContrast,
    themeLayout:
      oneOf(c.themeLayout, ['vertical', 'mini'] as const) ?? DEFAULT_SETTINGS.themeLayout,
    themeColorPresets:
      oneOf(c.themeColorPresets, COLOR_PRESETS) ?? DEFAULT_SETTINGS.themeColorPresets,
    themeStretch:
      c.themeStretch === undefined ? DEFAULT_SETTINGS.themeStretch : c.themeStretch === 'true',
  };
}

export function writeSettingsCookie<K extends keyof ThemeSettings>(
  key: K,
  value: ThemeSettings[K],
) {
  writeCookie(key, String(value), SETTINGS_COOKIE_DAYS);
}

export function clearSettingsCookies() {
  SETTINGS_KEYS.forEach((key) => removeCookie(key));
}
