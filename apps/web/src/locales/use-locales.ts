import type { Language } from '@bo/contract/constants';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { useSettings } from '../components/settings/settings-context';
import { ensureLanguage } from './i18n';
import { directionOf, languageOption, toLanguage } from './locales-config';

/** Current language, and a change that also sets the direction (Arabic rtl, others ltr). */
export function useLocales() {
  const { i18n } = useTranslation();
  const { update } = useSettings();
  const current = toLanguage(i18n.resolvedLanguage ?? i18n.language);

  const changeLanguage = useCallback(
    async (language: Language) => {
      await ensureLanguage(language);
      await i18n.changeLanguage(language);
      update('themeDirection', directionOf(language));
    },
    [i18n, update],
  );

  return { current, currentOption: languageOption(current), changeLanguage };
}
