import type { InvoiceStatus } from '@bo/contract/invoices';
import { useTranslation } from 'react-i18next';

import type { LabelColor } from '../../components/label/label';

/** Locales of the five languages; Arabic with Latin digits, as on the PDF. */
export const INVOICE_LOCALES: Record<string, string> = {
  en: 'en-US',
  fr: 'fr-FR',
  vi: 'vi-VN',
  cn: 'zh-CN',
  ar: 'ar-u-nu-latn',
};

export const INVOICE_STATUS_COLOR: Record<InvoiceStatus, LabelColor> = {
  draft: 'default',
  sent: 'warning',
  paid: 'success',
  overdue: 'error',
  cancelled: 'default',
};

/** Amounts (integer cents, in the invoice's currency), days and counts in the person's language. */
export function useInvoiceFormat() {
  const { i18n } = useTranslation();
  const tag = INVOICE_LOCALES[i18n.language] ?? 'en-US';
  const money = new Map<string, Intl.NumberFormat>();
  const day = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' });
  const count = new Intl.NumberFormat(tag);
  const percent = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 0 });
  return {
    tag,
    money(cents: number, currency = 'USD') {
      let f = money.get(currency);
      if (!f) {
        f = new Intl.NumberFormat(tag, {
          style: 'currency',
          currency,
          currencyDisplay: 'narrowSymbol',
        });
        money.set(currency, f);
      }
      return f.format(cents / 100);
    },
    /** A day (YYYY-MM-DD) or an instant. */
    day: (iso: string) => day.format(new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso)),
    count: (n: number) => count.format(n),
    percent: (share: number) => percent.format(share),
  };
}

export const todayIso = () => new Date().toISOString().slice(0, 10);
export const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
