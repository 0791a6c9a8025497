/** Constants fixed by the product specification (section 9) and shared by server and web. */

export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  language: 'i18nextLng',
  persistPrefix: 'redux-',
  persistRoot: 'root',
  persistProduct: 'product',
} as const;

export const PERSIST_TIMEOUT_MS = 5000;
export const SETTINGS_COOKIE_DAYS = 3;
export const PROGRESS_BAR_DELAY_MS = 300;

export const NOTIFICATIONS = {
  maxSnack: 5,
  autoHideDuration: 3000,
  anchorOrigin: { vertical: 'top', horizontal: 'right' },
} as const;

export const LANGUAGES = ['en', 'fr', 'vi', 'cn', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const RTL_LANGUAGES: readonly Language[] = ['ar'];

export const LAYOUT = {
  headerMobile: 64,
  headerMainDesktop: 88,
  headerDashboardDesktop: 92,
  headerDashboardDesktopOffset: 60,
  navWidth: 280,
  navMiniWidth: 88,
  baseWidth: 260,
  navItemHeight: 48,
  navSubItemHeight: 36,
  navHorizontalItemHeight: 32,
  navIconSize: 24,
  navHorizontalIconSize: 22,
  navMiniIconSize: 22,
} as const;

export const BREAKPOINTS = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } as const;
export const BORDER_RADIUS = 8;
export const AVATAR_GROUP_MAX = 4;

export const THEME_DEFAULTS = {
  themeMode: 'light',
  themeDirection: 'ltr',
  themeContrast: 'default',
  themeLayout: 'vertical',
  themeColorPresets: 'default',
  themeStretch: false,
} as const;

export const COLOR_PRESETS = ['default', 'cyan', 'purple', 'blue', 'orange', 'red'] as const;

export const GENERIC_ERROR_MESSAGE = 'Something went wrong';
export const TOKEN_EXPIRED_MESSAGE = 'Token expired';
