import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './core.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Money of the ledger: integer cents, signed (positive in, negative out). */
const cents = (name: string) => bigint(name, { mode: 'number' });

/** The organisation's bank accounts. There is no balance column: a balance is the ledger's sum. */
export const bankAccounts = pgTable('bank_accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** Shown masked (last four digits). */
  number: text('number').notNull(),
  /** ISO 4217, upper case. */
  currency: text('currency').notNull(),
  /** checking | savings | business */
  kind: text('kind').notNull().default('checking'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Payment cards drawn on an account. */
export const bankCards = pgTable(
  'bank_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'cascade' }),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    holder: text('holder').notNull(),
    /** MM/YY */
    expires: text('expires').notNull(),
    /** active | frozen */
    status: text('status').notNull().default('active'),
  },
  (t) => [index('bank_cards_account_idx').on(t.accountId)],
);

/** A transfer asked for once: the idempotency key makes a retry answer the same transfer. */
export const bankTransfers = pgTable(
  'bank_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Who asked; the key is theirs (a person's retry, not another's key). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    fromAccountId: uuid('from_account_id')
      .notNull()
      .references(() => bankAccounts.id),
    toAccountId: uuid('to_account_id').references(() => bankAccounts.id),
    contactId: uuid('contact_id').references(() => users.id, { onDelete: 'set null' }),
    counterparty: text('counterparty').notNull(),
    amount: cents('amount').notNull(),
    currency: text('currency').notNull(),
    note: text('note').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_transfers_key').on(t.createdBy, t.idempotencyKey),
    check('bank_transfers_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * The ledger: append-only (a trigger refuses updates and deletes). Income and expense rows come
 * from outside; a transfer writes one row out of its source and, between own accounts, one in.
 */
export const bankTransactions = pgTable(
  'bank_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => bankAccounts.id),
    occurredAt: ts('occurred_at').notNull().defaultNow(),
    /** income | expense | transfer */
    kind: text('kind').notNull(),
    category: text('category').notNull(),
    counterparty: text('counterparty').notNull().default(''),
    amount: cents('amount').notNull(),
    currency: text('currency').notNull(),
    transferId: uuid('transfer_id').references(() => bankTransfers.id),
    description: text('description').notNull().default(''),
  },
  (t) => [
    // Ascending on both: read backwards they give newest first (time, then id, both descending)
    // and serve the keyset condition (occurred_at, id) < (…) of the next page.
    index('bank_transactions_account_time_idx').on(t.accountId, t.occurredAt, t.id),
    index('bank_transactions_time_idx').on(t.occurredAt, t.id),
    check('bank_transactions_kind', sql`${t.kind} in ('income', 'expense', 'transfer')`),
  ],
);

/** Maintained by trigger with every ledger row: money in and out per account and UTC day. */
export const bankDailyStats = pgTable(
  'bank_daily_stats',
  {
    accountId: uuid('account_id').notNull(),
    day: text('day').notNull(),
    income: cents('income').notNull().default(0),
    expense: cents('expense').notNull().default(0),
    transfersIn: cents('transfers_in').notNull().default(0),
    transfersOut: cents('transfers_out').notNull().default(0),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] })],
);

/** Maintained by trigger: expense and income per category and UTC day, all accounts. */
export const bankCategoryDaily = pgTable(
  'bank_category_daily',
  {
    day: text('day').notNull(),
    kind: text('kind').notNull(),
    category: text('category').notNull(),
    currency: text('currency').notNull(),
    amount: cents('amount').notNull().default(0),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.category, t.currency] })],
);

/**
 * Maintained by the same trigger: the category rollup per month (YYYY-MM), so a year read by month
 * reads its whole months here and only the days of the months at its edges.
 */
export const bankCategoryMonthly = pgTable(
  'bank_category_monthly',
  {
    month: text('month').notNull(),
    kind: text('kind').notNull(),
    category: text('category').notNull(),
    currency: text('currency').notNull(),
    amount: cents('amount').notNull().default(0),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.month, t.kind, t.category, t.currency] })],
);
