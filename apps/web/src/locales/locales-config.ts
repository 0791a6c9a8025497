import { DEFAULT_LANGUAGE, LANGUAGES, RTL_LANGUAGES } from '@bo/contract/constants';
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

export function directionOf(language: Language): ThemeDirection {
  return RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr';
}

export function languageOption(language: Language): LanguageOption {
  return LANGUAGE_OPTIONS.find((option) => option.value === language) ?? LANGUAGE_OPTIONS[0];
}
