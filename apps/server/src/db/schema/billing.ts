import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from './commerce.js';
import { users } from './core.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Money of invoices: integer cents (exact, and sums of a million invoices stay integers). */
const cents = (name: string) => bigint(name, { mode: 'number' });

export interface PartyJson {
  name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  postalCode: string;
  region: string;
  country: string;
  taxId: string;
}

/** The address book: the company's own details (kind company) and customers. */
export const invoiceParties = pgTable(
  'invoice_parties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    region: text('region').notNull().default(''),
    country: text('country').notNull().default(''),
    taxId: text('tax_id').notNull().default(''),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('invoice_parties_kind_name').on(t.kind, t.name)],
);

/**
 * Invoices and credit notes. `from` and `to` are copies taken when the invoice is written, so
 * editing the address book never changes an issued invoice. Status stored: draft, sent, paid,
 * cancelled; overdue is derived from the due day and the balance.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull().default('invoice'),
    /** Gapless per kind and year; null while a draft. */
    number: integer('number'),
    year: smallint('year'),
    invoiceNumber: text('invoice_number'),
    status: text('status').notNull(),
    currency: text('currency').notNull(),
    customerId: uuid('customer_id').references(() => invoiceParties.id, { onDelete: 'set null' }),
    /** The order it was made from; one invoice per order that is not cancelled. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    from: jsonb('from_party').$type<PartyJson>().notNull(),
    to: jsonb('to_party').$type<PartyJson>().notNull(),
    /** lower(name || ' ' || email) of the customer, for the list's search. */
    search: text('search').notNull().default(''),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    subtotal: cents('subtotal').notNull(),
    discount: cents('discount').notNull().default(0),
    taxes: cents('taxes').notNull().default(0),
    shipping: cents('shipping').notNull().default(0),
    total: cents('total').notNull(),
    paid: cents('paid').notNull().default(0),
    balance: cents('balance').notNull(),
    sentCount: integer('sent_count').notNull().default(0),
    lastSentAt: ts('last_sent_at'),
    /** On a credit note: the invoice it cancels. */
    creditNoteFor: uuid('credit_note_for'),
    /** On a cancelled invoice: its credit note. */
    creditNoteId: uuid('credit_note_id'),
    /** The distinct services of the lines, for the service filter. */
    services: text('services')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    notes: text('notes').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.kind, t.year, t.number),
    index('invoices_created_sort').on(t.createdAt, t.id),
    index('invoices_status_created_sort').on(t.status, t.createdAt, t.id),
    index('invoices_status_due_sort').on(t.status, t.dueDate, t.id),
    index('invoices_due_sort').on(t.dueDate, t.id),
    index('invoices_total_sort').on(t.total, t.id),
    index('invoices_customer_idx').on(t.customerId),
    index('invoices_search_trgm').using('gin', sql`${t.search} gin_trgm_ops`),
    index('invoices_number_text_idx').on(t.invoiceNumber),
    index('invoices_services_idx').using('gin', t.services),
    uniqueIndex('invoices_order_key')
      .on(t.orderId)
      .where(sql`order_id IS NOT NULL AND kind = 'invoice' AND status <> 'cancelled'`),
    index('invoices_order_idx').on(t.orderId),
  ],
);

export const invoiceItems = pgTable(
  'invoice_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    service: text('service').notNull().default(''),
    quantity: numeric('quantity', { precision: 10, scale: 2 }).notNull(),
    price: cents('price').notNull(),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull().default('0'),
    total: cents('total').notNull(),
    tax: cents('tax').notNull(),
  },
  (t) => [uniqueIndex('invoice_items_position_key').on(t.invoiceId, t.position)],
);

export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    amount: cents('amount').notNull(),
    paidAt: date('paid_at', { mode: 'string' }).notNull(),
    method: text('method').notNull(),
    reference: text('reference').notNull().default(''),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('invoice_payments_invoice_idx').on(t.invoiceId, t.createdAt)],
);

/** The last number given per series and year; its row lock makes numbering gapless. */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    kind: text('kind').notNull(),
    year: smallint('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.year] })],
);

/**
 * Count, total and balance of invoices per stored status and due day, kept by a trigger on
 * `invoices` (migration 0011). The list's summary reads a few hundred rows of this instead of
 * summing the table; overdue is the sent rows whose due day has passed.
 */
export const invoiceStats = pgTable(
  'invoice_stats',
  {
    status: text('status').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
    amount: cents('amount').notNull(),
    balance: cents('balance').notNull(),
  },
  (t) => [primaryKey({ columns: [t.status, t.dueDate] })],
);

/** Every service an invoice line has named, for the list's service filter (a few rows). */
export const invoiceServices = pgTable('invoice_services', {
  name: text('name').primaryKey(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
