import { languageOption, toLanguage } from '../../locales/locales-config';

/** A date and time in the person's language (`cn` and `ar` map to their BCP 47 tags). */
export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(languageOption(toLanguage(language)).htmlLang, {
    dateStyle: 'medium',
    timeStyle: 'medium',
  }).format(new Date(iso));
}
