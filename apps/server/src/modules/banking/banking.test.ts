import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays } from '@bo/contract/dashboards';
import { call, createTestApp, login, registerUser, type TestApp } from '../../../test/helpers.js';

/**
 * Banking on the demo data (two years of ledger): balances are the ledger's sum, the dashboard's
 * figures equal a direct computation over the ledger, and transfers are atomic, never overdraw
 * and move money once per idempotency key.
 */

let t: TestApp;
let admin: string;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  admin = (await login(t.app)).accessToken;
}, 120_000);
afterAll(async () => {
  await t.close();
});

type Row = Record<string, unknown>;
const query = async <T extends Row>(q: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;

interface Account {
  id: string;
  name: string;
  currency: string;
  balance: number;
}
async function accounts(): Promise<Account[]> {
  const res = await call(t.app, admin, { method: 'GET', url: '/api/banking/accounts' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().accounts;
}
const ledgerSum = async (accountId: string) =>
  Number(
    (
      await query<{ s: string }>(
        sql`SELECT COALESCE(SUM(amount), 0)::bigint AS s FROM bank_transactions WHERE account_id = ${accountId}`,
      )
    )[0]!.s,
  );
const transfer = (payload: Row, token = admin) =>
  call(t.app, token, { method: 'POST', url: '/api/banking/transfers', payload });

describe('banking ledger and accounts', () => {
  it('keeps both rollups equal, to the cent, to the ledger they sum', async () => {
    const daily = await query(sql`
      WITH truth AS (
        SELECT account_id, to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
          COALESCE(SUM(amount) FILTER (WHERE kind = 'income'), 0) AS income,
          COALESCE(-SUM(amount) FILTER (WHERE kind = 'expense'), 0) AS expense,
          COALESCE(SUM(amount) FILTER (WHERE kind = 'transfer' AND amount > 0), 0) AS tin,
          COALESCE(-SUM(amount) FILTER (WHERE kind = 'transfer' AND amount < 0), 0) AS tout,
          COUNT(*)::int AS n
        FROM bank_transactions GROUP BY 1, 2)
      SELECT * FROM truth t FULL JOIN bank_daily_stats s USING (account_id, day)
      WHERE t.income IS DISTINCT FROM s.income OR t.expense IS DISTINCT FROM s.expense
        OR t.tin IS DISTINCT FROM s.transfers_in OR t.tout IS DISTINCT FROM s.transfers_out
        OR t.n IS DISTINCT FROM s.count`);
    expect(daily).toEqual([]);
    const categories = await query(sql`
      WITH truth AS (
        SELECT to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, kind, category,
          currency, SUM(amount) AS amount, COUNT(*)::int AS n
        FROM bank_transactions GROUP BY 1, 2, 3, 4)
      SELECT * FROM truth t FULL JOIN bank_category_daily c USING (day, kind, category, currency)
      WHERE t.amount IS DISTINCT FROM c.amount OR t.n IS DISTINCT FROM c.count`);
    expect(categories).toEqual([]);
    const months = await query(sql`
      WITH truth AS (
        SELECT to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, kind, category,
          currency, SUM(amount) AS amount, COUNT(*)::int AS n
        FROM bank_transactions GROUP BY 1, 2, 3, 4)
      SELECT * FROM truth t FULL JOIN bank_category_monthly m USING (month, kind, category, currency)
      WHERE t.amount IS DISTINCT FROM m.amount OR t.n IS DISTINCT FROM m.count`);
    expect(months).toEqual([]);
    const [{ n }] = (await query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM bank_transactions`,
    )) as [{ n: number }];
    expect(n).toBeGreaterThan(1000);
  });

  it("answers each account's balance as the ledger's sum, never below zero", async () => {
    const list = await accounts();
    expect(list.length).toBeGreaterThanOrEqual(2);
    for (const a of list) {
      expect(a.balance, a.name).toBe(await ledgerSum(a.id));
      expect(a.balance).toBeGreaterThanOrEqual(0);
    }
    expect(new Set(list.map((a) => a.currency))).toEqual(new Set(['USD', 'EUR']));
  });

  it('refuses to change or delete a ledger row', async () => {
    await expect(query(sql`UPDATE bank_transactions SET amount = 0`)).rejects.toThrow();
    await expect(query(sql`DELETE FROM bank_transactions`)).rejects.toThrow();
  });

  it('pages the ledger newest first by cursor, filtered, without repeats', async () => {
    const seen = new Set<string>();
    let cursor: string | null = null;
    let last = '9999';
    for (let page = 0; page < 3; page++) {
      const res = await call(t.app, admin, {
        method: 'GET',
        url: `/api/banking/transactions?kind=expense&limit=20${cursor ? `&cursor=${cursor}` : ''}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as {
        transactions: Array<{ id: string; kind: string; occurredAt: string; amount: number }>;
        nextCursor: string | null;
      };
      expect(body.transactions).toHaveLength(20);
      for (const tx of body.transactions) {
        expect(tx.kind).toBe('expense');
        expect(tx.amount).toBeLessThan(0);
        expect(tx.occurredAt <= last).toBe(true);
        last = tx.occurredAt;
        expect(seen.has(tx.id)).toBe(false);
        seen.add(tx.id);
      }
      cursor = body.nextCursor;
    }
    const bad = await call(t.app, admin, {
      method: 'GET',
      url: '/api/banking/transactions?cursor=nope',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('cursor');
  });

  it('pages rows written within the same millisecond without skipping any', async () => {
    // Five rows a microsecond apart on a day nothing else happened: a cursor cut to the
    // millisecond would skip the ones after each page's last.
    await query(sql`
      INSERT INTO bank_transactions (account_id, occurred_at, kind, category, counterparty, amount, currency)
      SELECT a.id, '2020-01-02T10:00:00.000100Z'::timestamptz + n * interval '1 microsecond',
             'income', t.category, 'Microsecond Ltd', 1, a.currency
        FROM (SELECT id, currency FROM bank_accounts ORDER BY name LIMIT 1) a,
             (SELECT category FROM bank_transactions WHERE kind = 'income' LIMIT 1) t,
             generate_series(0, 4) n`);
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(t.app, admin, {
        method: 'GET',
        url: `/api/banking/transactions?from=2020-01-02&to=2020-01-02&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { transactions: Array<{ id: string }>; nextCursor: string | null };
      ids.push(...body.transactions.map((x) => x.id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(ids).toHaveLength(5);
    expect(new Set(ids).size).toBe(5);
  });
});

describe('POST /api/banking/transfers', () => {
  it('moves money between accounts once, however often it is retried with its key', async () => {
    const [from, to] = (await accounts()).filter((a) => a.currency === 'USD') as [Account, Account];
    const payload = {
      fromAccountId: from.id,
      toAccountId: to.id,
      amount: 12_345,
      currency: 'USD',
      idempotencyKey: randomUUID(),
      note: 'Top up',
    };
    const first = await transfer(payload);
    expect(first.statusCode, first.body).toBe(201);
    const made = first.json().transfer;
    expect(made).toMatchObject({ amount: 12_345, currency: 'USD', toAccountId: to.id });
    const retries = await Promise.all([transfer(payload), transfer(payload), transfer(payload)]);
    for (const r of retries) {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().transfer.id).toBe(made.id);
      expect(r.headers['idempotent-replayed']).toBe('true');
    }
    const after = await accounts();
    expect(after.find((a) => a.id === from.id)!.balance).toBe(from.balance - 12_345);
    expect(after.find((a) => a.id === to.id)!.balance).toBe(to.balance + 12_345);
    expect(await ledgerSum(from.id)).toBe(from.balance - 12_345);
    const rows = await query(sql`SELECT * FROM bank_transactions WHERE transfer_id = ${made.id}`);
    expect(rows).toHaveLength(2);

    // The same key for another amount is a different request: refused, naming the key.
    const reused = await transfer({ ...payload, amount: 1 });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().details[0]).toMatchObject({
      field: 'idempotencyKey',
      code: 'idempotency_key_reused',
    });
    const [audit] = await query(
      sql`SELECT * FROM audit_log WHERE action = 'banking.transfer' AND target_id = ${made.id}`,
    );
    expect(audit).toBeTruthy();
  });

  it('never overdraws: of 20 simultaneous payments only those the balance covers go through', async () => {
    const euro = (await accounts()).find((a) => a.currency === 'EUR')!;
    expect(euro.balance).toBeGreaterThan(0);
    const [person] = await query<{ id: string }>(
      sql`SELECT id FROM users WHERE status = 'active' AND role <> 'admin' ORDER BY created_at LIMIT 1`,
    );
    const amount = Math.floor(euro.balance / 7) + 1;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        transfer({
          fromAccountId: euro.id,
          contactId: person!.id,
          amount,
          currency: 'EUR',
          idempotencyKey: randomUUID(),
        }),
      ),
    );
    const ok = answers.filter((r) => r.statusCode === 201);
    const refused = answers.filter((r) => r.statusCode === 409);
    expect(ok).toHaveLength(6);
    expect(refused).toHaveLength(14);
    for (const r of refused) {
      expect(r.json().details[0]).toMatchObject({ field: 'amount', code: 'insufficient_funds' });
    }
    const balance = (await accounts()).find((a) => a.id === euro.id)!.balance;
    expect(balance).toBe(euro.balance - 6 * amount);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(await ledgerSum(euro.id)).toBe(balance);
  });

  it('refuses a bad transfer, naming the field, and writes nothing', async () => {
    const [usd, other] = (await accounts()).filter((a) => a.currency === 'USD') as [
      Account,
      Account,
    ];
    const euro = (await accounts()).find((a) => a.currency === 'EUR')!;
    const base = {
      fromAccountId: usd.id,
      toAccountId: other.id,
      amount: 100,
      currency: 'USD',
      idempotencyKey: randomUUID(),
    };
    const fieldOf = async (payload: Row, status = 400) => {
      const res = await transfer(payload);
      expect(res.statusCode, res.body).toBe(status);
      return res.json().details[0].field as string;
    };
    expect(await fieldOf({ ...base, amount: 0 })).toBe('amount');
    expect(await fieldOf({ ...base, amount: 10.5 })).toBe('amount');
    expect(await fieldOf({ ...base, toAccountId: undefined })).toBe('toAccountId');
    expect(await fieldOf({ ...base, toAccountId: usd.id })).toBe('toAccountId');
    expect(await fieldOf({ ...base, currency: 'EUR' })).toBe('currency');
    expect(await fieldOf({ ...base, toAccountId: euro.id })).toBe('toAccountId');
    expect(await fieldOf({ ...base, fromAccountId: randomUUID() })).toBe('fromAccountId');
    expect(await fieldOf({ ...base, idempotencyKey: 'short' })).toBe('idempotencyKey');
    expect(await fieldOf({ ...base, amount: usd.balance + 1 }, 409)).toBe('amount');
    expect((await accounts()).find((a) => a.id === usd.id)!.balance).toBe(usd.balance);
  });

  it('is for those allowed to move money: 401 signed out, 403 for a plain user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/banking/accounts' })).statusCode).toBe(
      401,
    );
    const user = (await registerUser(t.app, { email: 'bank-user@test.local' })).accessToken;
    for (const url of [
      '/api/banking/accounts',
      '/api/dashboards/banking',
      '/api/banking/contacts',
    ]) {
      expect((await call(t.app, user, { method: 'GET', url })).statusCode, url).toBe(403);
    }
    const [a, b] = await accounts();
    const res = await transfer(
      {
        fromAccountId: a!.id,
        toAccountId: b!.id,
        amount: 1,
        currency: a!.currency,
        idempotencyKey: randomUUID(),
      },
      user,
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/dashboards/banking', () => {
  /** Income, expenses, payments by transfer and balance at the end, straight from the ledger. */
  async function direct(from: string, to: string, currency = 'USD') {
    const [r] = await query<Record<string, string>>(sql`
      SELECT
        COALESCE(SUM(amount) FILTER (WHERE kind = 'income' AND occurred_at >= ${`${from}T00:00:00Z`}::timestamptz), 0)::bigint AS income,
        COALESCE(-SUM(amount) FILTER (WHERE kind = 'expense' AND occurred_at >= ${`${from}T00:00:00Z`}::timestamptz), 0)::bigint AS expenses,
        COALESCE(-SUM(amount) FILTER (WHERE kind = 'transfer' AND occurred_at >= ${`${from}T00:00:00Z`}::timestamptz), 0)::bigint AS transfers,
        COALESCE(SUM(amount), 0)::bigint AS balance
      FROM bank_transactions
      WHERE currency = ${currency}
        AND occurred_at < ${`${addDays(to, 1)}T00:00:00Z`}::timestamptz`);
    return Object.fromEntries(Object.entries(r!).map(([k, v]) => [k, Number(v)]));
  }

  it.each([
    ['the last 30 days', addDays(today, -29), today],
    ['the last 12 months', addDays(today, -364), today],
    ['a week in the past', addDays(today, -200), addDays(today, -194)],
  ])('answers %s exactly as the ledger says, with the previous period', async (_, from, to) => {
    const res = await call(t.app, admin, {
      method: 'GET',
      url: `/api/dashboards/banking?from=${from}&to=${to}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().dashboard as {
      currency: string;
      period: { previousFrom: string; previousTo: string };
      cards: Array<{ id: string; value: number; previous: number; link: string }>;
      series: Array<{ id: string; values: number[]; previous: number[] | null }>;
      tables: Array<{ id: string; rows: Array<{ cells: Row }> }>;
    };
    expect(d.currency).toBe('USD');
    const now = await direct(from, to);
    const before = await direct(d.period.previousFrom, d.period.previousTo);
    for (const id of ['balance', 'income', 'expenses', 'transfers']) {
      const c = d.cards.find((x) => x.id === id)!;
      expect(c.value, id).toBe(now[id]);
      expect(c.previous, id).toBe(before[id]);
      expect(c.link).toMatch(/^\/dashboard\/banking\/transactions\?/);
    }
    const expenses = d.series.find((s) => s.id === 'expenses')!;
    expect(expenses.values.reduce((a, b) => a + b, 0)).toBe(now.expenses);
    // By month, whole months come from the monthly rollup and the edges from the days.
    expect(expenses.previous!.reduce((a, b) => a + b, 0)).toBe(before.expenses);
    const categories = d.tables.find((x) => x.id === 'expenseCategories')!;
    expect(categories.rows.reduce((a, r) => a + Number(r.cells.amount), 0)).toBe(now.expenses);
  });

  it('shows the euro figures when asked, and a transfer at once', async () => {
    const euro = await call(t.app, admin, {
      method: 'GET',
      url: `/api/dashboards/banking?currency=eur`,
    });
    expect(euro.json().dashboard.currency).toBe('EUR');
    const balanceOf = async () =>
      (await call(t.app, admin, { method: 'GET', url: '/api/dashboards/banking' }))
        .json()
        .dashboard.cards.find((c: { id: string }) => c.id === 'balance').value as number;
    const before = await balanceOf();
    const usd = (await accounts()).find((a) => a.currency === 'USD')!;
    const [person] = await query<{ id: string }>(
      sql`SELECT id FROM users WHERE status = 'active' AND role <> 'admin' ORDER BY created_at LIMIT 1`,
    );
    const res = await transfer({
      fromAccountId: usd.id,
      contactId: person!.id,
      amount: 500,
      currency: 'USD',
      idempotencyKey: randomUUID(),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await balanceOf()).toBe(before - 500);
  });
});
