import { sql, type SQL } from 'drizzle-orm';
import type {
  BankTransaction,
  BankTransfer,
  bankTransactionsQuerySchema,
  transferBodySchema,
} from '@bo/contract/banking';
import type { z } from 'zod';
import type { Executor, Tx } from '../../db/client.js';
import { isoInstant, rows } from '../../db/rows.js';
import { fieldError } from '../../lib/http-error.js';
import { decodeTimeCursor, encodeTimeCursor, exactInstant } from '../../lib/keyset.js';
import { escapeLike } from '../../lib/sql-like.js';

type Row = Record<string, unknown>;
const num = (v: unknown) => Number(v ?? 0);
const iso = isoInstant;

/** The account's balance now; the caller holds its row lock when it is about to spend. */
export async function balanceOf(db: Executor, accountId: string): Promise<number> {
  const [r] = await rows(
    db,
    sql`SELECT COALESCE(SUM(income - expense + transfers_in - transfers_out), 0) AS b
        FROM bank_daily_stats WHERE account_id = ${accountId}`,
  );
  return num(r?.b);
}

type TxQuery = z.output<typeof bankTransactionsQuerySchema>;

/** The ledger, newest first, filtered; keyset pages over (occurred_at, id). */
export async function listTransactions(
  db: Executor,
  q: TxQuery,
): Promise<{ transactions: BankTransaction[]; nextCursor: string | null }> {
  const where: SQL[] = [sql`TRUE`];
  if (q.accountId) where.push(sql`t.account_id = ${q.accountId}`);
  if (q.kind) where.push(sql`t.kind = ${q.kind}`);
  if (q.category) where.push(sql`t.category = ${q.category}`);
  if (q.from) where.push(sql`t.occurred_at >= ${`${q.from}T00:00:00Z`}::timestamptz`);
  if (q.to) where.push(sql`t.occurred_at < (${q.to}::date + 1)::timestamptz`);
  if (q.cursor) {
    const [t, id] = decodeTimeCursor(q.cursor);
    where.push(sql`(t.occurred_at, t.id) < (${t}::timestamptz, ${id}::uuid)`);
  }
  const list = await rows(
    db,
    sql`SELECT t.id, t.account_id, a.name AS account_name, t.occurred_at, t.kind, t.category,
          t.counterparty, t.amount, t.currency, t.transfer_id, t.description,
          ${exactInstant(sql`t.occurred_at`)} AS cursor_at
        FROM bank_transactions t JOIN bank_accounts a ON a.id = t.account_id
        WHERE ${sql.join(where, sql` AND `)}
        ORDER BY t.occurred_at DESC, t.id DESC LIMIT ${q.limit + 1}`,
  );
  const page = list.slice(0, q.limit).map((r): BankTransaction => ({
    id: String(r.id),
    accountId: String(r.account_id),
    accountName: String(r.account_name),
    occurredAt: iso(r.occurred_at),
    kind: r.kind as BankTransaction['kind'],
    category: String(r.category),
    counterparty: String(r.counterparty),
    amount: num(r.amount),
    currency: String(r.currency),
    transferId: r.transfer_id ? String(r.transfer_id) : null,
    description: String(r.description),
  }));
  const last = list[q.limit - 1];
  return {
    transactions: page,
    nextCursor:
      list.length > q.limit && last
        ? encodeTimeCursor(String(last.cursor_at), String(last.id))
        : null,
  };
}

/** People one can pay: active accounts matching the text, by name. */
export async function listContacts(db: Executor, q: string, selfId: string) {
  const like = `${escapeLike(q)}%`;
  const list = await rows(
    db,
    sql`SELECT id, display_name, email, avatar_url FROM users
        WHERE status = 'active' AND id <> ${selfId}
          ${q ? sql`AND (display_name ILIKE ${like} OR email ILIKE ${like} OR last_name ILIKE ${like})` : sql``}
        ORDER BY display_name, id LIMIT 8`,
  );
  return list.map((r) => ({
    id: String(r.id),
    name: String(r.display_name),
    email: String(r.email),
    avatarUrl: r.avatar_url ? String(r.avatar_url) : null,
  }));
}

type TransferInput = z.output<typeof transferBodySchema>;

const toTransfer = (r: Row): BankTransfer => ({
  id: String(r.id),
  fromAccountId: String(r.from_account_id),
  toAccountId: r.to_account_id ? String(r.to_account_id) : null,
  contactId: r.contact_id ? String(r.contact_id) : null,
  counterparty: String(r.counterparty),
  amount: num(r.amount),
  currency: String(r.currency),
  note: String(r.note),
  createdAt: iso(r.created_at),
});

/** The transfer this person already asked for with this key, if any. */
export async function transferByKey(db: Executor, userId: string, key: string) {
  const [r] = await rows(
    db,
    sql`SELECT * FROM bank_transfers WHERE created_by = ${userId} AND idempotency_key = ${key}`,
  );
  return r ? toTransfer(r) : null;
}

/** A retry must ask for the same thing; the same key for another transfer is refused. */
export function sameRequest(t: BankTransfer, b: TransferInput) {
  return (
    t.fromAccountId === b.fromAccountId &&
    t.toAccountId === (b.toAccountId ?? null) &&
    t.contactId === (b.contactId ?? null) &&
    t.amount === b.amount &&
    t.currency === b.currency
  );
}

export const keyReused = () =>
  fieldError(
    'idempotencyKey',
    'idempotency_key_reused',
    'This key was used for a different transfer',
    409,
  );

/**
 * Moves money in one transaction: the source account's row is locked first, so transfers from
 * one account run one after another and each sees the balance the previous one left; the key is
 * checked under that lock, so a retry (even a simultaneous one) answers the first transfer.
 */
export async function makeTransfer(
  tx: Tx,
  b: TransferInput,
  userId: string,
): Promise<{ transfer: BankTransfer; replayed: boolean }> {
  const [from] = await rows(
    tx,
    sql`SELECT id, name, currency FROM bank_accounts WHERE id = ${b.fromAccountId} FOR UPDATE`,
  );
  if (!from) throw fieldError('fromAccountId', 'account_not_found', 'No such account');
  const existing = await transferByKey(tx, userId, b.idempotencyKey);
  if (existing) {
    if (!sameRequest(existing, b)) throw keyReused();
    return { transfer: existing, replayed: true };
  }
  if (String(from.currency) !== b.currency) {
    throw fieldError(
      'currency',
      'currency_mismatch',
      `The account holds ${String(from.currency)}`,
      400,
      {
        currency: from.currency,
      },
    );
  }
  let counterparty: string;
  if (b.toAccountId) {
    const [to] = await rows(
      tx,
      sql`SELECT id, name, currency FROM bank_accounts WHERE id = ${b.toAccountId}`,
    );
    if (!to) throw fieldError('toAccountId', 'account_not_found', 'No such account');
    if (String(to.currency) !== b.currency) {
      throw fieldError(
        'toAccountId',
        'currency_mismatch',
        `The destination holds ${String(to.currency)}`,
        400,
        { currency: to.currency },
      );
    }
    counterparty = String(to.name);
  } else {
    const [person] = await rows(
      tx,
      sql`SELECT id, display_name FROM users WHERE id = ${b.contactId!} AND status = 'active'`,
    );
    if (!person) throw fieldError('contactId', 'contact_not_found', 'No such contact');
    counterparty = String(person.display_name);
  }
  const balance = await balanceOf(tx, b.fromAccountId);
  if (balance < b.amount) {
    throw fieldError('amount', 'insufficient_funds', 'Not enough money in the account', 409, {
      balance,
    });
  }
  const [t] = await rows(
    tx,
    sql`INSERT INTO bank_transfers (idempotency_key, created_by, from_account_id, to_account_id,
          contact_id, counterparty, amount, currency, note)
        VALUES (${b.idempotencyKey}, ${userId}, ${b.fromAccountId}, ${b.toAccountId ?? null},
          ${b.contactId ?? null}, ${counterparty}, ${b.amount}, ${b.currency}, ${b.note})
        RETURNING *`,
  );
  const transfer = toTransfer(t!);
  await tx.execute(
    sql`INSERT INTO bank_transactions (account_id, occurred_at, kind, category, counterparty, amount,
          currency, transfer_id, description)
        VALUES (${b.fromAccountId}, ${transfer.createdAt}::timestamptz, 'transfer', 'transfer',
          ${counterparty}, ${-b.amount}, ${b.currency}, ${transfer.id}, ${b.note})`,
  );
  if (b.toAccountId) {
    await tx.execute(
      sql`INSERT INTO bank_transactions (account_id, occurred_at, kind, category, counterparty,
            amount, currency, transfer_id, description)
          VALUES (${b.toAccountId}, ${transfer.createdAt}::timestamptz, 'transfer', 'transfer',
            ${String(from.name)}, ${b.amount}, ${b.currency}, ${transfer.id}, ${b.note})`,
    );
  }
  return { transfer, replayed: false };
}
