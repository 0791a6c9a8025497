import { STORAGE_KEYS } from '@bo/contract/constants';
import type { Language } from '@bo/contract/constants';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  detectLanguage,
  languageOption,
  toLanguage,
} from './locales-config';
import { loadLanguageMessages, loadSectionMessages } from './resources';

const loaded = new Set<Language>();
/** Sections whose texts a screen asked for: loaded again for each language switched to. */
const sections = new Set<string>();
const loadedSections = new Set<string>();

async function ensureSectionIn(language: Language, area: string): Promise<void> {
  const key = `${language}/${area}`;
  if (loadedSections.has(key)) return;
  const messages = await loadSectionMessages(language, area);
  i18next.addResourceBundle(language, 'translation', messages, true, true);
  loadedSections.add(key);
}

/** Adds a language's bundle once (with the sections already opened); call before switching. */
export async function ensureLanguage(language: Language): Promise<void> {
  if (!loaded.has(language)) {
    const messages = await loadLanguageMessages(language);
    i18next.addResourceBundle(language, 'translation', messages, true, true);
    loaded.add(language);
  }
  await Promise.all([...sections].map((area) => ensureSectionIn(language, area)));
}

/** A section's texts in the current language (and every language switched to later). */
export async function ensureSection(area: string): Promise<void> {
  sections.add(area);
  const language = toLanguage(i18next.language);
  await ensureSectionIn(language, area);
  if (import.meta.env.DEV && language !== DEFAULT_LANGUAGE) {
    await ensureSectionIn(DEFAULT_LANGUAGE, area);
  }
}

export const isSectionLoaded = (area: string) =>
  loadedSections.has(`${toLanguage(i18next.language)}/${area}`);

const numberFormats: Record<string, Intl.NumberFormat> = {};
/** Every number a text carries is written the text's language's way (10,001 · 10 001 · 10.001). */
export const formatValue = (value: unknown, _format?: string, lng?: string): string => {
  // i18next passes strings (and objects) through as they are.
  if (typeof value !== 'number' || !Number.isFinite(value)) return value as string;
  const tag = languageOption(toLanguage(lng)).htmlLang;
  return (numberFormats[tag] ??= new Intl.NumberFormat(tag)).format(value);
};

function syncHtmlLang(lng: string) {
  document.documentElement.setAttribute('lang', languageOption(toLanguage(lng)).htmlLang);
}

function rememberLanguage(lng: string) {
  try {
    localStorage.setItem(STORAGE_KEYS.language, toLanguage(lng));
  } catch {
    // Storage refused (private mode): the language holds for this visit.
  }
}

/**
 * Detects the language (`detectLanguage`), loads its bundle and initialises i18next with it, so
 * the first render is already translated; a language chosen later is remembered.
 */
export async function initI18n(): Promise<typeof i18next> {
  const detected = detectLanguage();
  await i18next.use(initReactI18next).init({
    lng: detected,
    // No advertising line in the console of the product.
    showSupportNotice: false,
    resources: {},
    partialBundledLanguages: true,
    supportedLngs: [...LANGUAGES],
    fallbackLng: DEFAULT_LANGUAGE,
    load: 'currentOnly',
    ns: ['translation'],
    defaultNS: 'translation',
    interpolation: { escapeValue: false, alwaysFormat: true, format: formatValue },
    returnNull: false,
    react: { useSuspense: false },
  });
  const language = toLanguage(i18next.language);
  await ensureLanguage(language);
  // Every key exists in every language (locales.test.ts), so English is only loaded as the
  // fallback when a newly added key has not been translated yet — in development.
  if (import.meta.env.DEV && language !== DEFAULT_LANGUAGE) await ensureLanguage(DEFAULT_LANGUAGE);
  await i18next.changeLanguage(language);
  syncHtmlLang(language);
  rememberLanguage(language);
  i18next.on('languageChanged', (lng) => {
    syncHtmlLang(lng);
    rememberLanguage(lng);
  });
  return i18next;
}

export { i18next };
