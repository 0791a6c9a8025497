import { z } from 'zod';
import { isoDay } from './common';

/**
 * Banking: the organisation's accounts, an append-only ledger and its cards. A balance is the
 * ledger's sum (never a stored number); money is integer cents in the account's currency.
 */
export const BANKING_API = {
  accounts: '/api/banking/accounts',
  transactions: '/api/banking/transactions',
  transfers: '/api/banking/transfers',
  contacts: '/api/banking/contacts',
} as const;

export const BANK_TRANSACTION_KINDS = ['income', 'expense', 'transfer'] as const;
export type BankTransactionKind = (typeof BANK_TRANSACTION_KINDS)[number];

/** Categories the ledger uses; a transfer's category is `transfer`. */
export const BANK_CATEGORIES = [
  'sales',
  'services',
  'interest',
  'refunds',
  'payroll',
  'rent',
  'software',
  'travel',
  'marketing',
  'utilities',
  'taxes',
  'supplies',
  'transfer',
  /** An account's opening deposit. */
  'deposit',
] as const;

/** The largest single transfer, in cents (ten million in the account's currency). */
export const BANK_TRANSFER_MAX = 1_000_000_000;

const currency = z
  .string()
  .regex(/^[A-Za-z]{3}$/, 'A currency code such as USD')
  .transform((v) => v.toUpperCase());

export const bankAccountSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Masked: the last four digits only. */
  number: z.string(),
  currency: z.string(),
  kind: z.string(),
  /** The ledger's sum, cents. */
  balance: z.number().int(),
  cards: z.number().int(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;
export const bankAccountsAnswerSchema = z.object({ accounts: z.array(bankAccountSchema) });

export const bankTransactionSchema = z.object({
  id: z.uuid(),
  accountId: z.uuid(),
  accountName: z.string(),
  occurredAt: z.string(),
  kind: z.enum(BANK_TRANSACTION_KINDS),
  category: z.string(),
  counterparty: z.string(),
  /** Signed cents: positive in, negative out. */
  amount: z.number().int(),
  currency: z.string(),
  transferId: z.uuid().nullable(),
  description: z.string(),
});
export type BankTransaction = z.infer<typeof bankTransactionSchema>;

export const BANK_TRANSACTIONS_PAGE = 25;
export const bankTransactionsQuerySchema = z.object({
  accountId: z.uuid().optional(),
  kind: z.enum(BANK_TRANSACTION_KINDS).optional(),
  category: z.enum(BANK_CATEGORIES).optional(),
  /** Inclusive UTC days. */
  from: isoDay.optional(),
  to: isoDay.optional(),
  /** The `nextCursor` of the previous page. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(BANK_TRANSACTIONS_PAGE),
});
export type BankTransactionsQuery = z.input<typeof bankTransactionsQuerySchema>;
export const bankTransactionsAnswerSchema = z.object({
  transactions: z.array(bankTransactionSchema),
  nextCursor: z.string().nullable(),
});

export const transferBodySchema = z
  .object({
    fromAccountId: z.uuid(),
    /** Another of the organisation's accounts… */
    toAccountId: z.uuid().optional(),
    /** …or a person (a contact) paid from the account. */
    contactId: z.uuid().optional(),
    /** Cents, in the source account's currency. */
    amount: z.number().int('Whole cents').positive('More than zero').max(BANK_TRANSFER_MAX),
    currency,
    /** Chosen by the client once per intended transfer: a retry with it moves no money again. */
    idempotencyKey: z.string().trim().min(8, 'At least 8 characters').max(100),
    note: z.string().trim().max(140).default(''),
  })
  .superRefine((b, ctx) => {
    if (!b.toAccountId === !b.contactId) {
      ctx.addIssue({
        code: 'custom',
        path: ['toAccountId'],
        message: 'Choose an account or a contact to pay',
      });
    }
    if (b.toAccountId && b.toAccountId === b.fromAccountId) {
      ctx.addIssue({
        code: 'custom',
        path: ['toAccountId'],
        message: 'Choose another account than the source',
      });
    }
  });
export type TransferBody = z.input<typeof transferBodySchema>;

export const bankTransferSchema = z.object({
  id: z.uuid(),
  fromAccountId: z.uuid(),
  toAccountId: z.uuid().nullable(),
  contactId: z.uuid().nullable(),
  counterparty: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  note: z.string(),
  createdAt: z.string(),
});
export type BankTransfer = z.infer<typeof bankTransferSchema>;
export const bankTransferAnswerSchema = z.object({ transfer: bankTransferSchema });

export const bankContactSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
});
export const bankContactsQuerySchema = z.object({ q: z.string().trim().max(100).default('') });
export const bankContactsAnswerSchema = z.object({ contacts: z.array(bankContactSchema) });
