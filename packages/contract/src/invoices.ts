import { z } from 'zod';
import { isoDay } from './common';
import { apiPath } from './api-path';
import { isCountryCode } from './countries';

export const INVOICES_API = {
  list: '/api/invoices',
  one: apiPath('/api/invoices/:id'),
  send: apiPath('/api/invoices/:id/send'),
  payments: apiPath('/api/invoices/:id/payments'),
  cancel: apiPath('/api/invoices/:id/cancel'),
  duplicate: apiPath('/api/invoices/:id/duplicate'),
  pdf: apiPath('/api/invoices/:id/pdf'),
  ubl: apiPath('/api/invoices/:id/ubl'),
  pdfZip: '/api/invoices/pdf.zip',
  reminders: '/api/invoices/reminders',
  /** Get the PDF renderer ready: the editor and the details screen call it while open. */
  warmUp: '/api/invoices/warm-up',
  exportCsv: '/api/invoices/export.csv',
  parties: '/api/invoices/parties',
  /** The services an invoice line picks from. */
  services: '/api/invoices/services',
  party: apiPath('/api/invoices/parties/:id'),
} as const;

/** What is stored. `overdue` is never stored: it is a sent invoice with a balance past its due day. */
export const INVOICE_STORED_STATUSES = ['draft', 'sent', 'paid', 'cancelled'] as const;
export const INVOICE_STATUSES = ['draft', 'sent', 'paid', 'overdue', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** The list's tabs; `sent` is the pending ones (sent, unpaid, not yet due). */
export const INVOICE_TABS = ['all', ...INVOICE_STATUSES] as const;
export type InvoiceTab = (typeof INVOICE_TABS)[number];

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const PAYMENT_METHODS = [
  'bank_transfer',
  'card',
  'cash',
  'cheque',
  'paypal',
  'other',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Invoice numbers: a series prefix, the year of issue, and a gapless counter per year. */
export const INVOICE_SERIES = { invoice: 'INV', credit_note: 'CN' } as const;
export const formatInvoiceNumber = (kind: InvoiceKind, year: number, n: number) =>
  `${INVOICE_SERIES[kind]}-${year}-${String(n).padStart(5, '0')}`;

export const INVOICE_ITEMS_MAX = 200;
/** Largest unit price, discount or shipping in cents (ten million in the currency's units). */
export const INVOICE_AMOUNT_MAX = 1_000_000_000;
export const INVOICE_QUANTITY_MAX = 10_000;
export const INVOICE_SORTS = ['createdAt', 'dueDate', 'total'] as const;

const twoDecimals = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;
const cents = z.number().int().min(0).max(INVOICE_AMOUNT_MAX);
const text = (max: number) => z.string().trim().max(max);
/** ISO 4217 code, such as USD, EUR, VND, CNY, SAR. */
export const currencySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, 'Must be a three-letter currency code')
  .transform((v) => v.toUpperCase());

/** Longest value of each party field. */
export const PARTY_LIMITS = {
  name: 200,
  email: 254,
  phone: 50,
  address: 500,
  city: 100,
  postalCode: 20,
  region: 100,
  taxId: 50,
} as const;

/** The party's fields, each optional text that may be empty. */
const partyFields = {
  email: z.string().trim().max(PARTY_LIMITS.email).email().or(z.literal('')),
  phone: text(PARTY_LIMITS.phone),
  /** Street and number. */
  address: text(PARTY_LIMITS.address),
  city: text(PARTY_LIMITS.city),
  postalCode: text(PARTY_LIMITS.postalCode),
  /** State, province or county. */
  region: text(PARTY_LIMITS.region),
  /** ISO 3166-1 alpha-2 (one of COUNTRY_CODES), for the e-invoice. */
  country: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v): boolean => v === '' || isCountryCode(v), {
      message: 'Must be an ISO 3166-1 country code',
    }),
  taxId: text(PARTY_LIMITS.taxId),
};
const partyName = text(PARTY_LIMITS.name).min(1);

/** A party of an invoice: the company issuing it (from) or the customer (to). */
export const partyInputSchema = z.object({
  name: partyName,
  email: partyFields.email.default(''),
  phone: partyFields.phone.default(''),
  address: partyFields.address.default(''),
  city: partyFields.city.default(''),
  postalCode: partyFields.postalCode.default(''),
  region: partyFields.region.default(''),
  country: partyFields.country.default(''),
  taxId: partyFields.taxId.default(''),
});
export type PartyInput = z.input<typeof partyInputSchema>;
export const partySchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  postalCode: z.string(),
  region: z.string(),
  country: z.string(),
  taxId: z.string(),
});
export type Party = z.infer<typeof partySchema>;

export const PARTY_KINDS = ['company', 'customer'] as const;
export type PartyKind = (typeof PARTY_KINDS)[number];
export const addressBookEntrySchema = partySchema.extend({
  id: z.string().uuid(),
  kind: z.enum(PARTY_KINDS),
  /** Set when the customer is one of the back-office's people. */
  userId: z.string().uuid().nullable(),
  createdAt: z.string(),
});
export type AddressBookEntry = z.infer<typeof addressBookEntrySchema>;
export const addressBookBodySchema = partyInputSchema.extend({
  kind: z.enum(PARTY_KINDS).default('customer'),
  userId: z.string().uuid().nullable().optional(),
});
/** Only the fields sent change (no defaults here: a missing field keeps its value). */
export const addressBookPatchSchema = z.object({ name: partyName, ...partyFields }).partial();
export const addressBookQuerySchema = z.object({
  kind: z.enum(PARTY_KINDS).optional(),
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const addressBookAnswerSchema = z.object({ parties: z.array(addressBookEntrySchema) });
export const addressBookEntryAnswerSchema = z.object({ party: addressBookEntrySchema });

export const invoiceItemInputSchema = z.object({
  title: text(200).min(1),
  description: text(2000).default(''),
  service: text(100).default(''),
  /** Up to two decimals (1.5 hours). */
  quantity: z
    .number()
    .positive()
    .max(INVOICE_QUANTITY_MAX)
    .refine(twoDecimals, { message: 'At most two decimals' }),
  /** Unit price in cents. */
  price: cents,
  /** Percent, up to two decimals (20, 5.5). */
  taxRate: z
    .number()
    .min(0)
    .max(100)
    .refine(twoDecimals, { message: 'At most two decimals' })
    .default(0),
});
export type InvoiceItemInput = z.input<typeof invoiceItemInputSchema>;

const invoiceFields = {
  /** An address book entry of kind customer; or `to` given inline. */
  customerId: z.string().uuid().optional(),
  to: partyInputSchema.optional(),
  /** An address book entry of kind company; default the first one. */
  fromId: z.string().uuid().optional(),
  items: z.array(invoiceItemInputSchema).min(1).max(INVOICE_ITEMS_MAX),
  /** Taken off the subtotal before tax, in cents. */
  discount: cents.default(0),
  /** Added after tax, untaxed, in cents. */
  shipping: cents.default(0),
  currency: currencySchema.default('USD'),
  /** Day of issue; the number's year. Default today. */
  issueDate: isoDay.optional(),
  dueDate: isoDay,
  notes: text(2000).default(''),
};

export const createInvoiceBodySchema = z
  .object({ status: z.enum(['draft', 'sent']).default('draft'), ...invoiceFields })
  .refine((b) => b.customerId !== undefined || b.to !== undefined, {
    message: 'Choose a customer',
    path: ['customerId'],
  });
export type CreateInvoiceBody = z.input<typeof createInvoiceBodySchema>;

/** Only a draft's fields change; on a sent invoice everything but `notes` answers 409. */
export const patchInvoiceBodySchema = z.object({
  customerId: invoiceFields.customerId,
  to: invoiceFields.to,
  fromId: invoiceFields.fromId,
  items: invoiceFields.items.optional(),
  discount: cents.optional(),
  shipping: cents.optional(),
  currency: currencySchema.optional(),
  issueDate: isoDay.optional(),
  dueDate: isoDay.optional(),
  notes: text(2000).optional(),
});
export type PatchInvoiceBody = z.input<typeof patchInvoiceBodySchema>;

export const paymentBodySchema = z.object({
  /** Cents, at most the balance. */
  amount: z
    .number()
    .int()
    .min(1)
    .max(INVOICE_AMOUNT_MAX * 10),
  paidAt: isoDay,
  method: z.enum(PAYMENT_METHODS),
  reference: text(200).default(''),
});
export type PaymentBody = z.input<typeof paymentBodySchema>;

export const sendInvoiceBodySchema = z
  .object({
    /** Another address than the customer's. */
    to: z.string().trim().max(254).email().optional(),
    message: text(2000).optional(),
  })
  .default({});

export const invoiceItemSchema = z.object({
  id: z.string().uuid(),
  title: z.string(),
  description: z.string(),
  service: z.string(),
  quantity: z.number(),
  price: z.number().int(),
  taxRate: z.number(),
  /** quantity × price, rounded half-up, before discount and tax. */
  total: z.number().int(),
  /** Tax of this line after its share of the discount, rounded half-up. */
  tax: z.number().int(),
});
export type InvoiceItem = z.infer<typeof invoiceItemSchema>;

export const paymentSchema = z.object({
  id: z.string().uuid(),
  amount: z.number().int(),
  paidAt: z.string(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const invoiceSummarySchema = z.object({
  id: z.string().uuid(),
  kind: z.enum(INVOICE_KINDS),
  /** INV-2026-00042; null while a draft. */
  invoiceNumber: z.string().nullable(),
  number: z.number().int().nullable(),
  status: z.enum(INVOICE_STATUSES),
  currency: z.string(),
  customerId: z.string().uuid().nullable(),
  to: partySchema,
  createdAt: z.string(),
  issueDate: z.string(),
  dueDate: z.string(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  taxes: z.number().int(),
  shipping: z.number().int(),
  total: z.number().int(),
  paid: z.number().int(),
  balance: z.number().int(),
  sentCount: z.number().int(),
  lastSentAt: z.string().nullable(),
  /** The invoice a credit note cancels, or the credit note that cancelled this invoice. */
  creditNoteFor: z.string().uuid().nullable(),
  creditNoteId: z.string().uuid().nullable(),
  updatedAt: z.string(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoiceSchema = invoiceSummarySchema.extend({
  /** The order this invoice was made from (POST /api/orders/:id/invoice), and its number. */
  orderId: z.string().uuid().nullable(),
  orderNumber: z.number().int().nullable(),
  from: partySchema,
  items: z.array(invoiceItemSchema),
  payments: z.array(paymentSchema),
  notes: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const statusFigureSchema = z.object({
  count: z.number().int(),
  /** Sum of totals, in cents (of mixed currencies when invoices are in several). */
  amount: z.number().int(),
  /** Sum of what is still due. */
  balance: z.number().int(),
});
export const invoiceStatsSchema = z.object(
  Object.fromEntries(INVOICE_TABS.map((t) => [t, statusFigureSchema])) as Record<
    InvoiceTab,
    typeof statusFigureSchema
  >,
);
export type InvoiceStats = z.infer<typeof invoiceStatsSchema>;

export const invoiceListQuerySchema = z.object({
  status: z.enum(INVOICE_TABS).default('all'),
  kind: z.enum(INVOICE_KINDS).optional(),
  /** Customer name or email, or the invoice number. */
  q: z.string().trim().max(200).optional(),
  service: z.string().trim().max(100).optional(),
  dateField: z.enum(['created', 'due']).default('created'),
  from: isoDay.optional(),
  to: isoDay.optional(),
  sort: z.enum(INVOICE_SORTS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  /** Opaque; the `nextCursor` of the previous page. */
  cursor: z.string().max(500).optional(),
});
export type InvoiceListQuery = z.input<typeof invoiceListQuerySchema>;

export const invoicesAnswerSchema = z.object({
  invoices: z.array(invoiceSummarySchema),
  /** The matches of the tab and the filters: the summary's figure for the tab. */
  total: z.number().int(),
  /** Count, amount and balance per tab, under the same filters as the list (search, service,
   * kind, dates), the tab aside. */
  stats: invoiceStatsSchema,
  nextCursor: z.string().nullable(),
});
export type InvoicesAnswer = z.infer<typeof invoicesAnswerSchema>;
export const invoiceAnswerSchema = z.object({ invoice: invoiceSchema });

/** Invoices one zip download holds at most (each PDF is rendered for it). */
export const INVOICE_ZIP_MAX = 50;
export const pdfZipBodySchema = z.object({
  ids: z.array(z.string().uuid()).min(1).max(INVOICE_ZIP_MAX),
  lang: z.enum(['en', 'fr', 'vi', 'cn', 'ar']).default('en'),
});
export type PdfZipBody = z.input<typeof pdfZipBodySchema>;

/** Overdue reminders sent in one go: invoices overdue by at least `minDaysOverdue` days whose last mail is older than `everyDays`. */
export const remindersBodySchema = z
  .object({
    minDaysOverdue: z.number().int().min(0).max(365).default(1),
    everyDays: z.number().int().min(1).max(365).default(7),
    limit: z.number().int().min(1).max(500).default(100),
  })
  .optional();
export const remindersAnswerSchema = z.object({
  sent: z.number().int(),
  invoiceIds: z.array(z.string().uuid()),
  skipped: z.array(z.object({ id: z.string().uuid(), reason: z.string() })),
});
export type RemindersAnswer = z.infer<typeof remindersAnswerSchema>;

export const invoiceServicesAnswerSchema = z.object({ services: z.array(z.string()) });

/* ------------------------------------------------------------------------------------------ */
/* The one way amounts are computed, on the server (authoritative) and in the form (preview). */

/** n / d rounded half away from zero, exactly (BigInt: products of cents exceed 2^53). */
function divRound(n: bigint, d: bigint): bigint {
  const neg = n < 0n;
  const abs = neg ? -n : n;
  const q = (2n * abs + d) / (2n * d);
  return neg ? -q : q;
}

export interface ComputedInvoice {
  /** Per line: its total, its share of the discount, and its tax. */
  lines: Array<{ total: number; discount: number; tax: number }>;
  subtotal: number;
  discount: number;
  taxes: number;
  shipping: number;
  total: number;
}

/**
 * Line total = quantity × price rounded half-up; the discount is shared across the lines in
 * proportion to their totals (largest remainder, so the shares add up to the discount exactly);
 * each line's tax is its rate on (line total − its share), rounded half-up; total = subtotal −
 * discount + taxes + shipping. A discount larger than the subtotal is capped at it. Integer
 * arithmetic throughout: the same cents on the server, in the form and in the PDF.
 */
export function computeInvoice(input: {
  items: Array<{ quantity: number; price: number; taxRate: number }>;
  discount: number;
  shipping: number;
}): ComputedInvoice {
  const lineTotals = input.items.map((i) =>
    divRound(BigInt(Math.round(i.quantity * 100)) * BigInt(i.price), 100n),
  );
  const subtotal = lineTotals.reduce((a, b) => a + b, 0n);
  const wanted = BigInt(Math.max(0, input.discount));
  const discount = wanted < subtotal ? wanted : subtotal;
  const shares = lineTotals.map(() => 0n);
  if (discount > 0n) {
    const remainders = lineTotals.map((t, i) => {
      shares[i] = (t * discount) / subtotal;
      return { i, r: (t * discount) % subtotal };
    });
    let left = discount - shares.reduce((a, b) => a + b, 0n);
    remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
    for (const { i } of remainders) {
      if (left <= 0n) break;
      shares[i]! += 1n;
      left -= 1n;
    }
  }
  const lines = input.items.map((item, i) => ({
    total: lineTotals[i]!,
    tax: divRound((lineTotals[i]! - shares[i]!) * BigInt(Math.round(item.taxRate * 100)), 10_000n),
  }));
  const taxes = lines.reduce((a, l) => a + l.tax, 0n);
  const shipping = BigInt(input.shipping);
  return {
    lines: lines.map((l, i) => ({
      total: Number(l.total),
      discount: Number(shares[i]!),
      tax: Number(l.tax),
    })),
    subtotal: Number(subtotal),
    discount: Number(discount),
    taxes: Number(taxes),
    shipping: Number(shipping),
    total: Number(subtotal - discount + taxes + shipping),
  };
}

export interface TaxAtRate {
  /** The rate in percent: 20, 5.5, 0. */
  rate: number;
  /** What is taxed at it: its lines' totals less their share of the discount. */
  base: number;
  /** Its lines' share of the discount. */
  discount: number;
  /** Its lines' taxes: the rates' taxes add up to the invoice's `taxes`, to the cent. */
  tax: number;
}

/**
 * The invoice's taxes rate by rate (lowest first), for the totals of the PDF, of the details
 * screen and of the e-invoice: each line's tax is already on it, and its share of the discount
 * comes from computeInvoice, which priced it. A rate shows only when a line has it. Figures carry
 * the invoice's sign (negative on a credit note, which is priced on its positive figures).
 */
export function taxesByRate(invoice: {
  kind: InvoiceKind;
  items: Array<{ quantity: number; price: number; taxRate: number; total: number; tax: number }>;
  discount: number;
}): TaxAtRate[] {
  const sign = invoice.kind === 'credit_note' ? -1 : 1;
  const signed = (n: number) => (n === 0 ? 0 : sign * n);
  const shares = computeInvoice({
    items: invoice.items.map((i) => ({
      quantity: Math.abs(i.quantity),
      price: Math.abs(i.price),
      taxRate: i.taxRate,
    })),
    discount: sign * invoice.discount,
    shipping: 0,
  }).lines.map((l) => l.discount);
  const byRate = new Map<number, TaxAtRate>();
  invoice.items.forEach((item, i) => {
    const at = byRate.get(item.taxRate) ?? { rate: item.taxRate, base: 0, discount: 0, tax: 0 };
    at.base += item.total - signed(shares[i]!);
    at.discount += signed(shares[i]!);
    at.tax += item.tax;
    byRate.set(item.taxRate, at);
  });
  return [...byRate.values()].sort((a, b) => a.rate - b.rate);
}

/** Status as people see it: a sent invoice with a balance past its due day is overdue. */
export function displayStatus(
  stored: string,
  dueDate: string,
  balance: number,
  today: string,
): InvoiceStatus {
  if (stored === 'sent' && balance > 0 && dueDate < today) return 'overdue';
  return (INVOICE_STATUSES as readonly string[]).includes(stored)
    ? (stored as InvoiceStatus)
    : 'draft';
}

export const todayUtc = () => new Date().toISOString().slice(0, 10);
