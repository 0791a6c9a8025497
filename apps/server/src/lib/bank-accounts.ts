/**
 * The bank accounts with their balances, as the banking screens and the banking dashboard both
 * show them: one read below both modules, so the two never disagree on a balance or on how much
 * of an account number is shown.
 */
import { sql } from 'drizzle-orm';
import type { BankAccount } from '@bo/contract/banking';
import type { Executor } from '../db/client.js';
import { rows } from '../db/rows.js';

const num = (v: unknown) => Number(v ?? 0);
const masked = (number: string) => `•••• ${number.slice(-4)}`;

/**
 * Balance per account from the daily rollup (one row per account and day, kept by the ledger's
 * trigger in the writing transaction): the ledger's sum without reading the ledger.
 */
const BALANCE = sql`COALESCE((SELECT SUM(s.income - s.expense + s.transfers_in - s.transfers_out)
  FROM bank_daily_stats s WHERE s.account_id = a.id), 0)`;

export async function listAccounts(db: Executor): Promise<BankAccount[]> {
  const list = await rows(
    db,
    sql`SELECT a.id, a.name, a.number, a.currency, a.kind, ${BALANCE} AS balance,
          (SELECT COUNT(*) FROM bank_cards c WHERE c.account_id = a.id) AS cards
        FROM bank_accounts a ORDER BY a.created_at, a.name`,
  );
  return list.map((r) => ({
    id: String(r.id),
    name: String(r.name),
    number: masked(String(r.number)),
    currency: String(r.currency),
    kind: String(r.kind),
    balance: num(r.balance),
    cards: num(r.cards),
  }));
}
