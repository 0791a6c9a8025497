import { DEFAULT_LANGUAGE, LANGUAGES, RTL_LANGUAGES, STORAGE_KEYS } from '@bo/contract/constants';
import type { Language } from '@bo/contract/constants';

import type { ThemeDirection } from '../theme/types';

export type LanguageOption = {
  value: Language;
  /** Each language names itself, so a person who cannot read the current one still finds theirs. */
  label: string;
  /** BCP 47 tag for `<html lang>` and Intl formatting; `cn` is the spec's code for Chinese. */
  htmlLang: string;
  /** The flag shown; Arabic has a neutral mark instead of one country's flag. */
  country: 'GB' | 'FR' | 'VN' | 'CN' | 'AR';
};

export const LANGUAGE_OPTIONS: readonly LanguageOption[] = [
  { value: 'en', label: 'English', htmlLang: 'en', country: 'GB' },
  { value: 'fr', label: 'Français', htmlLang: 'fr', country: 'FR' },
  { value: 'vi', label: 'Tiếng Việt', htmlLang: 'vi', country: 'VN' },
  { value: 'cn', label: '简体中文', htmlLang: 'zh-CN', country: 'CN' },
  // Neutral Arabic: the same Latin digits as the rest of the screen (ar-SD wrote ١٠٬٠٠١).
  { value: 'ar', label: 'العربية', htmlLang: 'ar', country: 'AR' },
];

export { DEFAULT_LANGUAGE, LANGUAGES };

export function toLanguage(value: string | undefined | null): Language {
  const base = (value ?? '').toLowerCase();
  const exact = LANGUAGES.find((lng) => lng === base);
  if (exact) return exact;
  // Browsers report zh-CN / ar-EG / fr-FR: match on the primary subtag.
  const primary = base.split('-')[0];
  if (primary === 'zh') return 'cn';
  return LANGUAGES.find((lng) => lng === primary) ?? DEFAULT_LANGUAGE;
}

/** A value names one of our languages (`fr`, `fr-CA`, `zh-CN`), not merely falls back to one. */
function knownLanguage(value: string | null | undefined): Language | null {
  if (!value) return null;
  const language = toLanguage(value);
  return language !== DEFAULT_LANGUAGE || value.toLowerCase().split('-')[0] === DEFAULT_LANGUAGE
    ? language
    : null;
}

function tryRead(read: () => string | null | undefined): string | null {
  try {
    return read() ?? null;
  } catch {
    return null; // storage refused (private mode, sandboxed frame)
  }
}

/**
 * The language to start in, first known one of: the address's `?lng=`, the `i18next` cookie,
 * the language chosen before (local, then session storage), the browser's languages in order,
 * the page's own `lang`. Written for the sign-in page's first load (a detector library is
 * ~2.5 KiB gzip there).
 */
export function detectLanguage(): Language {
  const cookie = tryRead(() => /(?:^|;\s*)i18next=([^;]*)/.exec(document.cookie)?.[1]);
  const candidates = [
    tryRead(() => new URLSearchParams(window.location.search).get('lng')),
    cookie && decodeURIComponent(cookie),
    tryRead(() => localStorage.getItem(STORAGE_KEYS.language)),
    tryRead(() => sessionStorage.getItem(STORAGE_KEYS.language)),
    ...(navigator.languages?.length ? navigator.languages : [navigator.language]),
    document.documentElement.lang,
  ];
  for (const candidate of candidates) {
    const language = knownLanguage(candidate);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

export function directionOf(language: Language): ThemeDirection {
  return RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr';
}

export function languageOption(language: Language): LanguageOption {
  return LANGUAGE_OPTIONS.find((option) => option.value === language) ?? LANGUAGE_OPTIONS[0];
}
