import { useTranslation } from 'react-i18next';

import { languageOption, toLanguage } from '../../locales/locales-config';

/** Money and dates in the person's language; amounts are in dollars with two decimals. */
export function useFormat() {
  const { i18n } = useTranslation();
  const tag = languageOption(toLanguage(i18n.language)).htmlLang;
  const currency = new Intl.NumberFormat(tag, { style: 'currency', currency: 'USD' });
  const date = new Intl.DateTimeFormat(tag, { dateStyle: 'medium' });
  const dateTime = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' });
  const count = new Intl.NumberFormat(tag);
  return {
    count: (value: number) => count.format(value),
    money: (value: number) => currency.format(value),
    date: (iso: string) => date.format(new Date(iso)),
    dateTime: (iso: string) => dateTime.format(new Date(iso)),
  };
}
