import { sql } from 'drizzle-orm';
import type {
  Dashboard,
  DashboardCard,
  DashboardSeries,
  DashboardTable,
} from '@bo/contract/dashboards';
import type { Executor } from '../../db/client.js';
import { listAccounts } from '../../lib/bank-accounts.js';
import { bucketsOf, changeOf, type Period, jsonColumn, wholeMonths } from './queries.js';

const TX_LINK = '/dashboard/banking/transactions';

interface Reads {
  currency: string;
  /** The balance before the first day read. */
  opening: number;
  /** [day, kind, category, amount] from bank_category_daily. */
  days: Array<[string, string, string, number]>;
  recent: Array<[string, string, string, string, string, string, number, string]>;
  cards: Array<[string, string, string, string, string, string, string]>;
  contacts: Array<[string, string, string | null, string]>;
}

/**
 * The category rollup's rows over the days from `start` to the period's end, each named by a day.
 * By month (a long period), the whole months come from `bank_category_monthly` (named by their
 * first day, on their side of the period's start) and only the days no whole month covers from
 * the daily rows (`wholeMonths`, as the analytics view does): a year reads ~25 months of rows
 * instead of 730 days of them.
 */
function categoryRows(p: Period, start: string) {
  const cur = sql`(SELECT c FROM cur)`;
  if (p.bucket !== 'month')
    return sql`SELECT day, kind, category, amount FROM bank_category_daily
                WHERE currency = ${cur} AND day BETWEEN ${start} AND ${p.to}`;
  const months = wholeMonths(start, p.from, p.to);
  const gaps = months.gaps.length
    ? sql.join(
        months.gaps.map(([a, b]) => sql`(day BETWEEN ${a} AND ${b})`),
        sql` OR `,
      )
    : sql`FALSE`;
  return sql`SELECT day, kind, category, amount FROM bank_category_daily
              WHERE currency = ${cur} AND (${gaps})
             UNION ALL
             SELECT month || '-01', kind, category, amount FROM bank_category_monthly
              WHERE currency = ${cur} AND month = ANY (string_to_array(${months.all.join(',')}, ','))`;
}

/**
 * Every read of the banking dashboard in one statement, all from rollups kept by the ledger's
 * trigger: the currency (asked, or that of most accounts), the opening balance (per-account
 * daily rollup before the first day), the category rollup of both periods, the newest ledger
 * rows by the time index, the cards, and recent payees.
 */
async function readAll(db: Executor, p: Period, asked: string | null): Promise<Reads> {
  const start = p.previousFrom ?? p.from;
  const result = (await db.execute(sql`
    WITH cur AS (
      SELECT COALESCE(${asked}::text, (SELECT currency FROM bank_accounts GROUP BY currency
                                        ORDER BY count(*) DESC, min(created_at) LIMIT 1), 'USD') AS c)
    SELECT
      (SELECT c FROM cur) AS currency,
      (SELECT COALESCE(sum(s.income - s.expense + s.transfers_in - s.transfers_out), 0)::bigint
         FROM bank_daily_stats s JOIN bank_accounts a ON a.id = s.account_id
        WHERE a.currency = (SELECT c FROM cur) AND s.day < ${start}) AS opening,
      (SELECT COALESCE(json_agg(json_build_array(d, kind, category, amount)), '[]'::json) FROM (
         -- Summed per bucket (a month beyond 92 days) and side of the period's start; each group
         -- is named by one of its days, on its side of the start.
         SELECT CASE WHEN bool_and(day >= ${p.from}) THEN max(day) ELSE min(day) END AS d, kind, category,
                sum(amount)::bigint AS amount
           FROM (${categoryRows(p, start)}) r
          GROUP BY CASE WHEN ${p.bucket === 'month'} THEN left(day, 7) ELSE day END,
                   day >= ${p.from}, kind, category) g) AS days,
      (SELECT COALESCE(json_agg(json_build_array(id, occurred_at, kind, category, counterparty,
                account_name, amount, description)), '[]'::json) FROM (
        SELECT t.id, t.occurred_at, t.kind, t.category, t.counterparty, a.name AS account_name,
               t.amount, t.description
          FROM bank_transactions t JOIN bank_accounts a ON a.id = t.account_id
         WHERE t.currency = (SELECT c FROM cur)
           AND t.occurred_at < (${p.to}::date + 1)::timestamptz
         ORDER BY t.occurred_at DESC, t.id DESC LIMIT 8) r) AS recent,
      (SELECT COALESCE(json_agg(json_build_array(c.id, c.brand, c.last4, c.holder, c.expires,
                c.status, a.name) ORDER BY a.created_at, c.last4), '[]'::json)
         FROM bank_cards c JOIN bank_accounts a ON a.id = c.account_id
        WHERE a.currency = (SELECT c FROM cur)) AS cards,
      (SELECT COALESCE(json_agg(json_build_array(u.id, u.display_name, u.avatar_url, u.email)
                ORDER BY x.last DESC), '[]'::json) FROM (
        SELECT contact_id, MAX(created_at) AS last FROM bank_transfers
         WHERE contact_id IS NOT NULL AND currency = (SELECT c FROM cur)
         GROUP BY contact_id ORDER BY last DESC LIMIT 6) x
        JOIN users u ON u.id = x.contact_id) AS contacts`)) as unknown as {
    rows: Array<Record<keyof Reads, unknown>>;
  };
  const row = result.rows[0]!;
  return {
    currency: String(row.currency),
    opening: Number(row.opening),
    days: jsonColumn(row.days),
    recent: jsonColumn(row.recent),
    cards: jsonColumn(row.cards),
    contacts: jsonColumn(row.contacts),
  };
}

interface Flow {
  income: number;
  expense: number;
  /** Paid to people by transfer (transfers between own accounts cancel out). */
  paidOut: number;
  net: number;
}
const emptyFlow = (): Flow => ({ income: 0, expense: 0, paidOut: 0, net: 0 });

/** The banking dashboard for one currency: balance, income, expenses, categories, ledger. */
export async function bankingDashboard(
  db: Executor,
  p: Period,
  currencyAsked: string | undefined,
): Promise<Dashboard> {
  const reads = await readAll(db, p, currencyAsked ?? null);
  const accounts = await listAccounts(db);
  const currency = reads.currency;
  const key = (day: string) => (p.bucket === 'day' ? day : day.slice(0, 7));
  const buckets = bucketsOf(p.from, p.to, p.bucket);
  const prevBuckets =
    p.previousFrom && p.previousTo ? bucketsOf(p.previousFrom, p.previousTo, p.bucket) : [];

  const opening = reads.opening;
  const cur = emptyFlow();
  const prev = emptyFlow();
  // Kept apart: by month, the first month of a period can also be the last of the previous one.
  const perBucket = new Map<string, Flow>();
  const perPrevBucket = new Map<string, Flow>();
  const categories = new Map<string, { now: number; prev: number }>();
  for (const [d, kind, category, raw] of reads.days) {
    const amount = Number(raw);
    const inNow = d >= p.from;
    const total = inNow ? cur : prev;
    const map = inNow ? perBucket : perPrevBucket;
    const b = map.get(key(d)) ?? emptyFlow();
    for (const f of [total, b]) {
      f.net += amount;
      if (kind === 'income') f.income += amount;
      else if (kind === 'expense') f.expense -= amount;
      else f.paidOut -= amount;
    }
    map.set(key(d), b);
    if (kind === 'expense') {
      const c = categories.get(category) ?? { now: 0, prev: 0 };
      if (inNow) c.now -= amount;
      else c.prev -= amount;
      categories.set(category, c);
    }
  }
  const compare = p.previousFrom !== null;
  // Balance at the end of the previous period, then at the end of each bucket of this one.
  const balanceBeforeNow = opening + prev.net;
  const balanceSpark: number[] = [];
  let running = balanceBeforeNow;
  for (const k of buckets) {
    running += perBucket.get(k)?.net ?? 0;
    balanceSpark.push(running);
  }
  const balanceNow = balanceBeforeNow + cur.net;
  const pick = (keys: string[], f: (x: Flow) => number, map = perBucket) =>
    keys.map((k) => {
      const b = map.get(k);
      return b ? f(b) : 0;
    });
  const link = (extra = '') => `${TX_LINK}?from=${p.from}&to=${p.to}${extra}`;
  const card = (c: Omit<DashboardCard, 'change' | 'unit'>): DashboardCard => ({
    ...c,
    unit: 'cents',
    previous: compare ? c.previous : null,
    change: compare ? changeOf(c.value, c.previous) : null,
  });

  const cards: DashboardCard[] = [
    card({
      id: 'balance',
      goodWhen: 'up',
      label: 'Balance',
      value: balanceNow,
      previous: balanceBeforeNow,
      spark: balanceSpark,
      link: link(),
    }),
    card({
      id: 'income',
      goodWhen: 'up',
      label: 'Income',
      value: cur.income,
      previous: prev.income,
      spark: pick(buckets, (b) => b.income),
      link: link('&kind=income'),
    }),
    card({
      id: 'expenses',
      goodWhen: 'down',
      label: 'Expenses',
      value: cur.expense,
      previous: prev.expense,
      spark: pick(buckets, (b) => b.expense),
      link: link('&kind=expense'),
    }),
    card({
      id: 'transfers',
      goodWhen: 'neither',
      label: 'Paid by transfer',
      value: cur.paidOut,
      previous: prev.paidOut,
      spark: pick(buckets, (b) => b.paidOut),
      link: link('&kind=transfer'),
    }),
  ];

  const series: DashboardSeries[] = (['income', 'expense'] as const).map((id) => ({
    id: id === 'expense' ? 'expenses' : id,
    label: id === 'expense' ? 'Expenses' : 'Income',
    unit: 'cents',
    buckets,
    values: pick(buckets, (b) => b[id]),
    previous: compare ? pick(prevBuckets, (b) => b[id], perPrevBucket) : null,
  }));
  series.push({
    id: 'balance',
    label: 'Balance',
    unit: 'cents',
    buckets,
    values: balanceSpark,
    previous: null,
  });

  const byCategory = [...categories.entries()]
    .filter(([, c]) => c.now !== 0 || c.prev !== 0)
    .sort((a, b) => b[1].now - a[1].now || a[0].localeCompare(b[0]));
  const tables: DashboardTable[] = [
    {
      id: 'expenseCategories',
      label: 'Expenses by category',
      columns: [
        { id: 'category', label: 'Category', unit: 'text' },
        { id: 'amount', label: 'Amount', unit: 'cents' },
        { id: 'share', label: 'Share', unit: 'percent' },
        { id: 'change', label: 'Change', unit: 'percent' },
      ],
      rows: byCategory.map(([category, c]) => ({
        id: category,
        link: link(`&kind=expense&category=${category}`),
        cells: {
          category,
          amount: c.now,
          share: cur.expense ? Math.round((c.now / cur.expense) * 1000) / 10 : 0,
          change: compare ? changeOf(c.now, c.prev) : null,
        },
      })),
      link: link('&kind=expense'),
    },
    {
      id: 'recentTransactions',
      label: 'Recent transactions',
      columns: [
        { id: 'counterparty', label: 'Counterparty', unit: 'text' },
        { id: 'category', label: 'Category', unit: 'text' },
        { id: 'account', label: 'Account', unit: 'text' },
        { id: 'occurredAt', label: 'Date', unit: 'date' },
        { id: 'amount', label: 'Amount', unit: 'cents' },
      ],
      rows: reads.recent.map(([id, at, , category, counterparty, account, amount]) => ({
        id,
        link: `${TX_LINK}?transaction=${id}`,
        cells: {
          counterparty,
          category,
          account,
          occurredAt: new Date(at).toISOString(),
          amount: Number(amount),
        },
      })),
      link: TX_LINK,
    },
    {
      id: 'accounts',
      label: 'Accounts',
      columns: [
        { id: 'name', label: 'Account', unit: 'text' },
        { id: 'number', label: 'Number', unit: 'text' },
        { id: 'currency', label: 'Currency', unit: 'text' },
        { id: 'balance', label: 'Balance', unit: 'cents' },
      ],
      rows: accounts.map((a) => ({
        id: a.id,
        link: `${TX_LINK}?accountId=${a.id}`,
        cells: { name: a.name, number: a.number, currency: a.currency, balance: a.balance },
      })),
      link: TX_LINK,
    },
    {
      id: 'cards',
      label: 'Cards',
      columns: [
        { id: 'brand', label: 'Card', unit: 'text' },
        { id: 'number', label: 'Number', unit: 'text' },
        { id: 'holder', label: 'Holder', unit: 'text' },
        { id: 'expires', label: 'Expires', unit: 'text' },
        { id: 'status', label: 'Status', unit: 'status' },
      ],
      rows: reads.cards.map(([id, brand, last4, holder, expires, status, account]) => ({
        id,
        link: null,
        cells: { brand, number: `•••• ${last4}`, holder, expires, status, account },
      })),
      link: null,
    },
    {
      id: 'contacts',
      label: 'Recent payees',
      columns: [
        { id: 'name', label: 'Name', unit: 'text' },
        { id: 'email', label: 'Email', unit: 'text' },
      ],
      rows: reads.contacts.map(([id, name, avatarUrl, email]) => ({
        id,
        link: null,
        cells: { name, email, avatarUrl },
      })),
      link: null,
    },
  ];

  return { name: 'banking', period: p, currency, cards, series, tables };
}
