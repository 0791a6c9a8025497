import type { SeedStep } from './index.js';
import { lit } from './sql-gen.js';
import { historyDays, historyRowsSql } from './rhythm.js';
import { COMPANIES } from './vocab.js';

const DAY_MS = 86_400_000;

/** The organisation's accounts: name, number, currency, kind, share of the ledger's rows (%). */
const ACCOUNTS: Array<[string, string, string, string, number]> = [
  ['Operating account', 'GB29NWBK60161331926819', 'USD', 'business', 70],
  ['Payroll account', 'GB94BARC10201530093459', 'USD', 'checking', 15],
  ['Savings', 'GB33BUKB20201555555555', 'USD', 'savings', 10],
  ['Euro account', 'FR7630006000011234567890189', 'EUR', 'checking', 5],
];

const CARDS: Array<[number, string, string, string, string]> = [
  [0, 'Visa', '4242', '09/28', 'active'],
  [0, 'Mastercard', '5454', '03/27', 'active'],
  [1, 'Visa', '1881', '12/27', 'active'],
  [3, 'Mastercard', '2220', '06/26', 'frozen'],
];

/**
 * Category, kind, the draw's upper bound (per mille), smallest amount and spread (cents), payees.
 * Income outweighs expenses on average, so every account's balance grows over the span.
 */
const MIX: Array<[string, 'income' | 'expense', number, number, number, string[]]> = [
  ['sales', 'income', 300, 5_000, 200_000, []],
  ['services', 'income', 390, 20_000, 500_000, []],
  ['interest', 'income', 400, 100, 5_000, ['Bank interest']],
  ['refunds', 'income', 420, 1_000, 20_000, ['Supplier refund', 'Card refund']],
  ['payroll', 'expense', 470, 100_000, 400_000, ['Staff payroll']],
  ['rent', 'expense', 500, 200_000, 100_000, ['Baker Street Estates']],
  ['software', 'expense', 600, 1_000, 30_000, ['GitHub', 'Figma', 'Slack', 'Notion', 'Fly.io']],
  ['travel', 'expense', 680, 5_000, 80_000, ['Eurostar', 'Air France', 'Hilton', 'Uber']],
  ['marketing', 'expense', 780, 10_000, 150_000, ['Google Ads', 'LinkedIn Ads', 'Print & Co']],
  ['utilities', 'expense', 850, 3_000, 30_000, ['Thames Water', 'EDF Energy', 'BT Broadband']],
  ['taxes', 'expense', 900, 50_000, 200_000, ['HMRC']],
  ['supplies', 'expense', 1000, 1_000, 40_000, ['Office Depot', 'Staples', 'IKEA Business']],
];

const arr = (xs: string[]) => `ARRAY[${xs.map(lit).join(', ')}]`;

/**
 * Banking: four accounts (one in euros), their cards and a ledger of income and expenses over the
 * span, written with the rollup trigger off and summed once into the rollups; then a few
 * transfers to people through the same rows a transfer writes, so recent payees exist.
 */
export const bankingSeedStep: SeedStep = {
  name: 'banking',
  tables: ['bank_transactions'],
  async run({ exec, counts, now, seed }) {
    const total = counts.bankTransactions;
    if (total === 0) return;
    const history = historyDays(total, counts.historyDays, now, seed, 2);
    // The accounts open the day before the history's first day.
    const start = history.start[0]!;
    const ids = ACCOUNTS.map(
      (_, i) => `00000000-0000-4000-8000-b4a0000000${String(i).padStart(2, '0')}`,
    );
    await exec(
      `INSERT INTO bank_accounts (id, name, number, currency, kind, created_at) VALUES ${ACCOUNTS.map(
        ([name, number, currency, kind], i) =>
          `(${lit(ids[i]!)}, ${lit(name)}, ${lit(number)}, ${lit(currency)}, ${lit(kind)}, ${lit(new Date(start - DAY_MS + i * 60_000).toISOString())})`,
      ).join(', ')}`,
    );
    const holders = await exec(
      `SELECT display_name FROM users WHERE role = 'admin' ORDER BY created_at LIMIT 1`,
    );
    const holder = String(holders[0]?.display_name ?? 'Minimal Studio');
    await exec(
      `INSERT INTO bank_cards (account_id, brand, last4, holder, expires, status) VALUES ${CARDS.map(
        ([a, brand, last4, expires, status]) =>
          `(${lit(ids[a]!)}, ${lit(brand)}, ${lit(last4)}, ${lit(holder)}, ${lit(expires)}, ${lit(status)})`,
      ).join(', ')}`,
    );

    // Each account opens with a deposit, so no balance starts below zero.
    const opening = ACCOUNTS.map(
      ([, , currency], i) =>
        `(${lit(ids[i]!)}, ${lit(new Date(start - DAY_MS + i * 60_000).toISOString())}, 'income', 'deposit', 'Opening deposit', ${i === 3 ? 2_000_000 : 5_000_000}, ${lit(currency)})`,
    );
    await exec('ALTER TABLE bank_transactions DISABLE TRIGGER bank_transactions_rollup');
    await exec(
      `INSERT INTO bank_transactions (account_id, occurred_at, kind, category, counterparty, amount, currency) VALUES ${opening.join(', ')}`,
    );
    let share = 0;
    const accountCase = ACCOUNTS.map(([, , , , pct], i) => {
      share += pct;
      return `WHEN r3 < ${share} THEN ${i}`;
    }).join(' ');
    const pickCase = (f: (m: (typeof MIX)[number]) => string) =>
      `CASE ${MIX.map((m) => `WHEN r1 < ${m[2]} THEN ${f(m)}`).join(' ')} END`;
    const payees = (m: (typeof MIX)[number]) => {
      const list = m[5].length ? m[5] : COMPANIES.slice(0, 24);
      return `(${arr(list)})[1 + (r2 % ${list.length})]`;
    };
    const CHUNK = 500_000;
    for (let first = 1; first <= total; first += CHUNK) {
      const last = Math.min(total, first + CHUNK - 1);
      await exec(`
        INSERT INTO bank_transactions (id, account_id, occurred_at, kind, category, counterparty, amount, currency)
        SELECT overlay(overlay(md5('bank-tx-' || g) placing '4' from 13) placing '8' from 17)::uuid,
               (${arr(ids)})[1 + a]::uuid,
               at,
               ${pickCase((m) => lit(m[1]))},
               ${pickCase((m) => lit(m[0]))},
               ${pickCase(payees)},
               ${pickCase((m) => `${m[1] === 'income' ? '' : '-'}(${m[3]} + r2 % ${m[4]})`)},
               (${arr(ACCOUNTS.map((x) => x[2]))})[1 + a]
          FROM (
            SELECT g, at, r1, r2, CASE ${accountCase} ELSE 0 END AS a
              FROM (SELECT g, at,
                           abs(hashtext('bk-a' || g)::bigint) % 1000 AS r1,
                           abs(hashtext('bk-b' || g)::bigint) % 1000000 AS r2,
                           abs(hashtext('bk-c' || g)::bigint) % 100 AS r3
                      FROM (${historyRowsSql(history, first, last, 4242)}) hr) s) t`);
    }
    await exec('ALTER TABLE bank_transactions ENABLE TRIGGER bank_transactions_rollup');
    await rebuildBankRollups(exec);

    // Payments to people, written as a transfer writes them: a few in the last weeks (recent
    // payees), then about one a week back through the history, so "paid by transfer" has a past.
    const people = await exec(
      `SELECT id, display_name FROM users WHERE status = 'active' AND role <> 'admin' ORDER BY created_at LIMIT 6`,
    );
    const admins = await exec(
      `SELECT id FROM users WHERE role = 'admin' ORDER BY created_at LIMIT 1`,
    );
    const by = admins[0]?.id ? lit(String(admins[0].id)) : 'NULL';
    const transfers: string[] = [];
    const ledger: string[] = [];
    if (people.length > 0) {
      const weekly = Math.max(0, Math.floor((counts.historyDays - 30) / 7));
      for (let i = 0; i < 6 + weekly; i++) {
        const person = people[i % people.length]!;
        const daysAgo = i < 6 ? i * 3 + 1 : 18 + (i - 6) * 7 + (i % 3);
        const at = new Date(now.getTime() - daysAgo * DAY_MS).toISOString();
        const amount = 12_000 + (i % 6) * 4_550 + ((i * 7_919) % 5) * 1_000;
        const transferId = `00000000-0000-4000-8000-b4a1${String(i).padStart(8, '0')}`;
        transfers.push(
          `(${lit(transferId)}, ${lit(`seed-${i}`)}, ${by}, ${lit(ids[0]!)}, ${lit(String(person.id))}, ${lit(String(person.display_name))}, ${amount}, 'USD', 'Expenses refund', ${lit(at)})`,
        );
        ledger.push(
          `(${lit(ids[0]!)}, ${lit(at)}, 'transfer', 'transfer', ${lit(String(person.display_name))}, ${-amount}, 'USD', ${lit(transferId)}, 'Expenses refund')`,
        );
      }
      await exec(
        `INSERT INTO bank_transfers (id, idempotency_key, created_by, from_account_id, contact_id, counterparty, amount, currency, note, created_at)
         VALUES ${transfers.join(', ')}`,
      );
      await exec(
        `INSERT INTO bank_transactions (account_id, occurred_at, kind, category, counterparty, amount, currency, transfer_id, description)
         VALUES ${ledger.join(', ')}`,
      );
    }
  },
};

/** Sums the ledger into its rollups from scratch (after a bulk load with the trigger off). */
export async function rebuildBankRollups(exec: (text: string) => Promise<unknown>) {
  await exec('DELETE FROM bank_daily_stats');
  await exec('DELETE FROM bank_category_daily');
  await exec('DELETE FROM bank_category_monthly');
  await exec(`
    INSERT INTO bank_daily_stats (account_id, day, income, expense, transfers_in, transfers_out, count)
    SELECT account_id, to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'),
           COALESCE(SUM(amount) FILTER (WHERE kind = 'income'), 0),
           COALESCE(-SUM(amount) FILTER (WHERE kind = 'expense'), 0),
           COALESCE(SUM(amount) FILTER (WHERE kind = 'transfer' AND amount > 0), 0),
           COALESCE(-SUM(amount) FILTER (WHERE kind = 'transfer' AND amount < 0), 0),
           COUNT(*)
      FROM bank_transactions GROUP BY 1, 2`);
  await exec(`
    INSERT INTO bank_category_daily (day, kind, category, currency, amount, count)
    SELECT to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), kind, category, currency,
           SUM(amount), COUNT(*)
      FROM bank_transactions GROUP BY 1, 2, 3, 4`);
  await exec(`
    INSERT INTO bank_category_monthly (month, kind, category, currency, amount, count)
    SELECT left(day, 7), kind, category, currency, SUM(amount), SUM(count)::int
      FROM bank_category_daily GROUP BY 1, 2, 3, 4`);
}
