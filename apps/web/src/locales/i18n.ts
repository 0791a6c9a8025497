import { STORAGE_KEYS } from '@bo/contract/constants';
import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';

import { DEFAULT_LANGUAGE, LANGUAGES, languageOption, toLanguage } from './locales-config';
import { buildResources } from './resources';

// Initialised synchronously at import (resources are bundled), so the first render is translated.
void i18next
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: buildResources(),
    supportedLngs: [...LANGUAGES],
    fallbackLng: DEFAULT_LANGUAGE,
    load: 'currentOnly',
    ns: ['translation'],
    defaultNS: 'translation',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    detection: {
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      lookupLocalStorage: STORAGE_KEYS.language,
      caches: ['localStorage'],
      convertDetectedLanguage: (lng: string) => toLanguage(lng),
    },
    react: { useSuspense: false },
  });

function syncHtmlLang(lng: string) {
  document.documentElement.setAttribute('lang', languageOption(toLanguage(lng)).htmlLang);
}

syncHtmlLang(i18next.language);
i18next.on('languageChanged', syncHtmlLang);

export { i18next };
