import { useTranslation } from 'react-i18next';

import { directionOf, languageOption, toLanguage } from '../../locales/locales-config';

/** Money and dates in the person's language; amounts are in dollars with two decimals. */
export function useFormat() {
  const { i18n } = useTranslation();
  const tag = languageOption(toLanguage(i18n.language)).htmlLang;
  const currency = new Intl.NumberFormat(tag, { style: 'currency', currency: 'USD' });
  const date = new Intl.DateTimeFormat(tag, { dateStyle: 'medium' });
  const dateTime = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' });
  const count = new Intl.NumberFormat(tag);
  // In right-to-left text an amount is isolated left to right, so "US$ 49.00" does not turn into
  // "$US 49.00" (U+2066 … U+2069: left-to-right isolate).
  const rtl = directionOf(toLanguage(i18n.language)) === 'rtl';
  return {
    count: (value: number) => count.format(value),
    money: (value: number) =>
      rtl ? `\u2066${currency.format(value)}\u2069` : currency.format(value),
    date: (iso: string) => date.format(new Date(iso)),
    dateTime: (iso: string) => dateTime.format(new Date(iso)),
  };
}
