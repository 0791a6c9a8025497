import type { InvoiceStatus } from '@bo/contract/invoices';
import type { useTranslation } from 'react-i18next';

import type { LabelColor } from '../../components/label/label';
import { FORMAT_LOCALES, todayIso, useFormat } from '../../lib/format';
import { isHttpError } from '../../lib/http';
import { translateError } from '../../locales/form-errors';

/** Locales of the five languages; Arabic with Latin digits, as on the PDF. */
export const INVOICE_LOCALES = FORMAT_LOCALES;

export const INVOICE_STATUS_COLOR: Record<InvoiceStatus, LabelColor> = {
  draft: 'default',
  sent: 'warning',
  paid: 'success',
  overdue: 'error',
  cancelled: 'default',
};

/** Amounts (integer cents, in the invoice's currency), days and counts in the person's language. */
export const useInvoiceFormat = useFormat;
export { todayIso };

export const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A rule the server named (409 with a code in details), in the person's language. */
export function invoiceError(t: ReturnType<typeof useTranslation>['t'], error: unknown) {
  const code = isHttpError(error) ? error.details?.[0]?.code : undefined;
  if (code) return t(`invoice.errors.${code}`, { defaultValue: translateError(t, error) });
  return translateError(t, error);
}
