import { z } from 'zod';
import { bulkAnswerWith, isoDay } from './common';
import { PAYMENT_METHODS } from './invoices';

/*
 * Bulk status changes of invoices. Apart from `invoices.ts`: the invoice form (the largest page)
 * imports that module, and these schemas are only the list's.
 */

export const INVOICES_BULK_API = {
  /** Several invoices marked paid or cancelled at once, each under the single action's rules. */
  bulkStatus: '/api/invoices/bulk-status',
} as const;

/** Invoices one bulk status change takes at most. */
export const INVOICE_BULK_MAX = 100;
/** The statuses a bulk change moves to: `paid` records a payment of the whole balance. */
export const INVOICE_BULK_STATUSES = ['paid', 'cancelled'] as const;
export const invoiceBulkStatusBodySchema = z.object({
  ids: z.array(z.string().uuid()).min(1).max(INVOICE_BULK_MAX),
  status: z.enum(INVOICE_BULK_STATUSES),
  /** For `paid`: how the balances were paid (`other` when not said). */
  method: z.enum(PAYMENT_METHODS).default('other'),
  /** For `paid`: the day of payment (today when not said). */
  paidAt: isoDay.optional(),
});
export type InvoiceBulkStatusBody = z.input<typeof invoiceBulkStatusBodySchema>;
/**
 * What a bulk change did: the invoices changed, and those refused, each with its number (null
 * for a draft), its customer and why (`invoice_not_sent`, `invoice_cancelled`, `invoice_paid`,
 * `invoice_credit_note`, `not_found`).
 */
export const invoiceBulkStatusAnswerSchema = bulkAnswerWith({
  number: z.string().nullable(),
  name: z.string(),
});
export type InvoiceBulkStatusAnswer = z.infer<typeof invoiceBulkStatusAnswerSchema>;
