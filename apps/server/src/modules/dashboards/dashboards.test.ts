import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays } from '@bo/contract/dashboards';
import { call, createTestApp, login, registerUser, type TestApp } from '../../../test/helpers.js';

/**
 * The e-commerce dashboard on the demo data (a year of orders): every figure equals a direct
 * computation over the orders table, the rollup it reads equals the orders it sums, and a new
 * order moves the figures at once.
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

/** Orders, revenue (cents), items and average of [from, to] straight from the orders table. */
async function direct(from: string, to: string) {
  const [r] = await query<{ orders: number; kept: number; revenue: number; items: number }>(sql`
    SELECT count(*)::int AS orders,
      count(*) FILTER (WHERE status IN ('pending', 'completed'))::int AS kept,
      coalesce(round(sum(total * 100) FILTER (WHERE status IN ('pending', 'completed'))), 0)::bigint AS revenue,
      coalesce(sum(items_count) FILTER (WHERE status IN ('pending', 'completed')), 0)::int AS items
    FROM orders
    WHERE created_at >= ${`${from}T00:00:00Z`}::timestamptz
      AND created_at < ${`${addDays(to, 1)}T00:00:00Z`}::timestamptz`);
  const revenue = Number(r!.revenue);
  return {
    orders: r!.orders,
    revenue,
    productsSold: r!.items,
    averageOrder: r!.kept ? Math.round(revenue / r!.kept) : 0,
  };
}

async function dashboard(from: string, to: string, token = admin) {
  const res = await call(t.app, token, {
    method: 'GET',
    url: `/api/dashboards/ecommerce?from=${from}&to=${to}&compare=previous`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dashboard as {
    cards: Array<{ id: string; value: number; previous: number | null; change: number | null }>;
    series: Array<{ id: string; buckets: string[]; values: number[]; previous: number[] | null }>;
    tables: Array<{ id: string; rows: Array<{ id: string; link: string; cells: Row }> }>;
    period: { previousFrom: string; previousTo: string; bucket: string };
  };
}
const valueOf = (d: Awaited<ReturnType<typeof dashboard>>, id: string) =>
  d.cards.find((c) => c.id === id)!;

describe('GET /api/dashboards/ecommerce', () => {
  it('keeps order_daily_stats equal, to the cent, to the orders it sums', async () => {
    const mismatches = await query(sql`
      WITH truth AS (
        SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, status,
          count(*)::int AS orders, sum(items_count)::int AS items, sum(total) AS revenue
        FROM orders GROUP BY 1, 2
      ), kept AS (SELECT * FROM order_daily_stats WHERE orders <> 0 OR items <> 0 OR revenue <> 0)
      SELECT * FROM truth t FULL JOIN kept k USING (day, status)
      WHERE t.orders IS DISTINCT FROM k.orders OR t.items IS DISTINCT FROM k.items
        OR t.revenue IS DISTINCT FROM k.revenue`);
    expect(mismatches).toEqual([]);
    const [{ n }] = (await query<{ n: number }>(sql`SELECT count(*)::int AS n FROM orders`)) as [
      { n: number },
    ];
    expect(n).toBeGreaterThan(100);
  });

  it.each([
    ['the last 30 days', addDays(today, -29), today],
    ['the last 12 months', addDays(today, -364), today],
    ['a week in the past', addDays(today, -120), addDays(today, -114)],
  ])(
    'answers %s exactly as the orders table says, with the previous period',
    async (_, from, to) => {
      const d = await dashboard(from, to);
      const now = await direct(from, to);
      const before = await direct(d.period.previousFrom, d.period.previousTo);
      for (const id of ['orders', 'revenue', 'productsSold', 'averageOrder'] as const) {
        const c = valueOf(d, id);
        expect(c.value, id).toBe(now[id]);
        expect(c.previous, id).toBe(before[id]);
        if (before[id]) {
          expect(c.change).toBeCloseTo(((now[id] - before[id]) / before[id]) * 100, 0);
        }
      }
      // The series add up to the cards, bucket by bucket aligned with the previous period.
      const revenue = d.series.find((s) => s.id === 'revenue')!;
      expect(revenue.values.reduce((a, b) => a + b, 0)).toBe(now.revenue);
      expect(revenue.previous!.reduce((a, b) => a + b, 0)).toBe(before.revenue);
      expect(d.period.bucket).toBe(revenue.buckets[0]!.length === 7 ? 'month' : 'day');
      // Every row of the tables links to its record.
      for (const table of d.tables) for (const row of table.rows) expect(row.link).toMatch(/^\//);
    },
  );

  it('counts a new order at once (orders +1, revenue + its total), and its cancellation', async () => {
    const before = await dashboard(addDays(today, -6), today);
    const [product] = await query<{ id: string }>(
      sql`SELECT id FROM products WHERE published AND quantity > 5 ORDER BY sold DESC LIMIT 1`,
    );
    const placed = await call(t.app, admin, {
      method: 'POST',
      url: '/api/orders',
      payload: {
        items: [{ productId: product!.id, quantity: 2 }],
        billing: { name: 'Dash Board', phone: '+1 555 0100', address: '1 Main St' },
        delivery: 'standard',
        payment: 'card',
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order as { id: string; total: number };
    const after = await dashboard(addDays(today, -6), today);
    expect(valueOf(after, 'orders').value).toBe(valueOf(before, 'orders').value + 1);
    expect(valueOf(after, 'revenue').value).toBe(
      valueOf(before, 'revenue').value + Math.round(order.total * 100),
    );
    expect(valueOf(after, 'productsSold').value).toBe(valueOf(before, 'productsSold').value + 2);
    const latest = after.tables.find((x) => x.id === 'latestOrders')!;
    expect(latest.rows[0]!.id).toBe(order.id);
    expect(latest.rows[0]!.link).toBe(`/dashboard/e-commerce/orders/${order.id}`);

    await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/orders/${order.id}`,
      payload: { status: 'cancelled' },
    });
    const cancelled = await dashboard(addDays(today, -6), today);
    expect(valueOf(cancelled, 'orders').value).toBe(valueOf(after, 'orders').value);
    expect(valueOf(cancelled, 'revenue').value).toBe(valueOf(before, 'revenue').value);
    expect(valueOf(cancelled, 'cancelled').value).toBe(valueOf(before, 'cancelled').value + 1);
  });

  it('keeps the sales by gender equal to the order lines they sum, to the cent', async () => {
    const [diff] = await query<{ n: number; rows: number }>(sql`
      WITH truth AS (
        SELECT to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
               bo_sale_gender(p.gender) AS gender, sum(i.quantity)::int AS quantity,
               sum(round(i.price * i.quantity * 100))::bigint AS revenue
          FROM order_items i JOIN orders o ON o.id = i.order_id JOIN products p ON p.id = i.product_id
         WHERE o.status IN ('pending', 'completed')
         GROUP BY 1, 2),
      kept AS (SELECT * FROM gender_sales_daily WHERE quantity <> 0 OR revenue <> 0)
      SELECT count(*)::int AS n, (SELECT count(*)::int FROM kept) AS rows FROM (
        (SELECT day, gender, quantity, revenue FROM truth
          EXCEPT SELECT day, gender, quantity, revenue FROM kept)
        UNION ALL
        (SELECT day, gender, quantity, revenue FROM kept
          EXCEPT SELECT day, gender, quantity, revenue FROM truth)) d`);
    expect(diff!.rows).toBeGreaterThan(100);
    expect(diff!.n).toBe(0);
  });

  it("shows the period's sales by gender exactly as the order lines sum them", async () => {
    const periods: Array<[string, string]> = [
      [addDays(today, -29), today],
      [addDays(today, -364), today],
      [addDays(today, -100), addDays(today, -60)],
    ];
    for (const [from, to] of periods) {
      const truth = await query<{ g: string; q: number; r: string }>(sql`
        SELECT bo_sale_gender(p.gender) AS g, sum(i.quantity)::int AS q,
               sum(round(i.price * i.quantity * 100))::bigint AS r
          FROM order_items i JOIN orders o ON o.id = i.order_id JOIN products p ON p.id = i.product_id
         WHERE o.status IN ('pending', 'completed')
           AND o.created_at >= ${`${from}T00:00:00Z`}::timestamptz
           AND o.created_at < ${`${addDays(to, 1)}T00:00:00Z`}::timestamptz
         GROUP BY 1 ORDER BY 1`);
      const d = await dashboard(from, to);
      const table = d.tables.find((x) => x.id === 'byGender')!;
      expect(truth.length).toBeGreaterThan(0);
      expect(
        table.rows.map((r) => [r.id, r.cells.sold, r.cells.revenue]),
        `${from}..${to}`,
      ).toEqual(truth.map((g) => [g.g, g.q, Number(g.r)]));
      const total = truth.reduce((sum, g) => sum + Number(g.r), 0);
      expect(table.rows.map((r) => r.cells.share)).toEqual(
        truth.map((g) => Math.round((Number(g.r) / total) * 1000) / 10),
      );
    }
  });

  it('takes a sale back out of its gender when the order is cancelled', async () => {
    const [product] = await query<{ id: string; gender: string }>(
      sql`SELECT id, bo_sale_gender(gender) AS gender FROM products
           WHERE published AND quantity > 5 ORDER BY id LIMIT 1`,
    );
    const soldToday = async () => {
      const [r] = await query<{ q: number }>(
        sql`SELECT coalesce(sum(quantity), 0)::int AS q FROM gender_sales_daily
             WHERE day = ${today} AND gender = ${product!.gender}`,
      );
      return r!.q;
    };
    const before = await soldToday();
    const placed = await call(t.app, admin, {
      method: 'POST',
      url: '/api/orders',
      payload: {
        items: [{ productId: product!.id, quantity: 3 }],
        billing: { name: 'Dash Board', phone: '+1 555 0100', address: '1 Main St' },
        delivery: 'standard',
        payment: 'card',
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await soldToday()).toBe(before + 3);
    await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/orders/${placed.json().order.id}`,
      payload: { status: 'cancelled' },
    });
    expect(await soldToday()).toBe(before);
  });

  it('keeps the sales by product equal to the order lines they sum, to the cent', async () => {
    const [diff] = await query<{ n: number; rows: number }>(sql`
      WITH truth AS (
        SELECT to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, i.product_id,
               sum(i.quantity)::int AS quantity, sum(round(i.price * i.quantity * 100))::bigint AS revenue
          FROM order_items i JOIN orders o ON o.id = i.order_id
         WHERE o.status IN ('pending', 'completed') AND i.product_id IS NOT NULL
         GROUP BY 1, 2),
      kept AS (SELECT * FROM product_sales_daily WHERE quantity <> 0 OR revenue <> 0)
      SELECT count(*)::int AS n, (SELECT count(*)::int FROM kept) AS rows FROM (
        (SELECT day, product_id, quantity, revenue FROM truth
          EXCEPT SELECT day, product_id, quantity, revenue FROM kept)
        UNION ALL
        (SELECT day, product_id, quantity, revenue FROM kept
          EXCEPT SELECT day, product_id, quantity, revenue FROM truth)) d`);
    expect(diff!.rows).toBeGreaterThan(100);
    expect(diff!.n).toBe(0);
  });

  /** The period's five best sellers straight from the order lines: items, amount, previous items. */
  async function bestSellersOf(from: string, to: string, prevFrom: string, prevTo: string) {
    const sold = (a: string, b: string) => sql`
      SELECT i.product_id, sum(i.quantity)::int AS q, sum(round(i.price * i.quantity * 100))::bigint AS r
        FROM order_items i JOIN orders o ON o.id = i.order_id
       WHERE o.status IN ('pending', 'completed')
         AND o.created_at >= ${`${a}T00:00:00Z`}::timestamptz
         AND o.created_at < ${`${addDays(b, 1)}T00:00:00Z`}::timestamptz
       GROUP BY 1`;
    return query<{ id: string; q: number; r: string; pq: number | null }>(sql`
      SELECT n.product_id AS id, n.q, n.r, coalesce(p.q, 0)::int AS pq
        FROM (${sold(from, to)}) n LEFT JOIN (${sold(prevFrom, prevTo)}) p USING (product_id)
       WHERE n.q > 0 AND n.product_id IS NOT NULL
       ORDER BY n.q DESC, n.r DESC, n.product_id LIMIT 5`);
  }

  it("lists the period's best sellers exactly as the order lines rank them, against the period before", async () => {
    // The quick periods (read from their kept windows) and two others (summed from the rollup).
    const periods: Array<[string, string]> = [
      [today, today],
      [addDays(today, -6), today],
      [addDays(today, -29), today],
      [addDays(today, -364), today],
      [addDays(today, -100), addDays(today, -60)],
      [addDays(today, -13), addDays(today, -1)],
    ];
    const seen = new Set<string>();
    for (const [from, to] of periods) {
      const d = await dashboard(from, to);
      const truth = await bestSellersOf(from, to, d.period.previousFrom, d.period.previousTo);
      const table = d.tables.find((x) => x.id === 'bestSellers')!;
      expect(truth.length, `${from}..${to}`).toBe(from === today ? truth.length : 5);
      expect(
        table.rows.map((r) => [r.id, r.cells.sold, r.cells.revenue, r.cells.change]),
        `${from}..${to}`,
      ).toEqual(
        truth.map((b) => [
          b.id,
          b.q,
          Number(b.r),
          b.pq ? Math.round(((b.q - b.pq) / b.pq) * 1000) / 10 : null,
        ]),
      );
      for (const r of table.rows) seen.add(r.id);
    }
    // The table follows the period: a week's best sellers are not the year's.
    expect(seen.size).toBeGreaterThan(5);
  });

  /** Rows of each kept window that differ from the daily rollup summed from its first day. */
  async function windowsDrift() {
    const [r] = await query<{ n: number; rows: number }>(sql`
      WITH truth AS (
        SELECT w.days, s.product_id, sum(s.quantity)::int AS quantity, sum(s.revenue)::bigint AS revenue
          FROM product_sales_window_start w JOIN product_sales_daily s ON s.day >= w.first_day
         GROUP BY 1, 2 HAVING sum(s.quantity) <> 0 OR sum(s.revenue) <> 0),
      kept AS (SELECT * FROM product_sales_window WHERE quantity <> 0 OR revenue <> 0)
      SELECT count(*)::int AS n, (SELECT count(*)::int FROM kept) AS rows FROM (
        (SELECT * FROM truth EXCEPT SELECT days, product_id, quantity, revenue FROM kept)
        UNION ALL
        (SELECT days, product_id, quantity, revenue FROM kept EXCEPT SELECT * FROM truth)) d`);
    return r!;
  }
  const firstDays = async () =>
    (
      await query<{ days: number; first_day: string }>(
        sql`SELECT days, first_day FROM product_sales_window_start ORDER BY days`,
      )
    ).map((w) => [w.days, w.first_day]);

  it("keeps the quick periods' windows equal to the daily rollup, and moves them to a new day", async () => {
    const windowsFrom = (day: string) => [1, 7, 30, 365].map((n) => [n, addDays(day, 1 - n)]);
    expect(await firstDays()).toEqual(windowsFrom(today));
    const now = await windowsDrift();
    expect(now.rows).toBeGreaterThan(100);
    expect(now.n).toBe(0);
    try {
      // A day passes: each window lets its first day go.
      const tomorrow = addDays(today, 1);
      const moved = await query<{ n: number }>(sql`SELECT bo_product_sales_roll(${tomorrow}) AS n`);
      expect(moved[0]!.n).toBe(4);
      expect(await firstDays()).toEqual(windowsFrom(tomorrow));
      expect((await windowsDrift()).n).toBe(0);
      // Run again the same day (another instance): nothing to do.
      const again = await query<{ n: number }>(sql`SELECT bo_product_sales_roll(${tomorrow}) AS n`);
      expect(again[0]!.n).toBe(0);
      // Weeks later (the server was off): the short windows are rebuilt, the year's moved.
      const later = addDays(today, 40);
      await query(sql`SELECT bo_product_sales_roll(${later})`);
      expect(await firstDays()).toEqual(windowsFrom(later));
      expect((await windowsDrift()).n).toBe(0);
      const [empty] = await query<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM product_sales_window WHERE days <= 30 AND quantity <> 0`,
      );
      expect(empty!.n).toBe(0);
    } finally {
      await query(sql`SELECT bo_product_sales_rebuild(${today})`);
    }
    expect(await firstDays()).toEqual(windowsFrom(today));
    expect((await windowsDrift()).n).toBe(0);
  });

  it("moves a product up the period's best sellers when it sells, and back when the order is cancelled", async () => {
    const from = addDays(today, -6);
    const bestOf = async () =>
      (await dashboard(from, today)).tables.find((x) => x.id === 'bestSellers')!.rows;
    const before = await bestOf();
    const top = Number(before[0]!.cells.sold);
    const [product] = await query<{ id: string }>(
      sql`SELECT id FROM products WHERE published AND quantity > ${top + 10}
           AND id <> ALL(${`{${before.map((r) => r.id).join(',')}}`}::uuid[]) ORDER BY id LIMIT 1`,
    );
    const placed = await call(t.app, admin, {
      method: 'POST',
      url: '/api/orders',
      payload: {
        items: [{ productId: product!.id, quantity: top + 1 }],
        billing: { name: 'Dash Board', phone: '+1 555 0100', address: '1 Main St' },
        delivery: 'standard',
        payment: 'card',
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const after = await bestOf();
    expect(after[0]!.id).toBe(product!.id);
    expect(after[0]!.cells.sold).toBe(top + 1);
    await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/orders/${placed.json().order.id}`,
      payload: { status: 'cancelled' },
    });
    expect((await bestOf()).map((r) => r.id)).toEqual(before.map((r) => r.id));
  });

  it('is for those allowed to see the whole shop: 401 signed out, 403 for a plain user', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/dashboards/ecommerce' })).statusCode,
    ).toBe(401);
    const user = (await registerUser(t.app, { email: 'dash-user@test.local' })).accessToken;
    const res = await call(t.app, user, { method: 'GET', url: '/api/dashboards/ecommerce' });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a bad period, naming the field', async () => {
    const fieldsOf = async (qs: string) => {
      const res = await call(t.app, admin, {
        method: 'GET',
        url: `/api/dashboards/ecommerce?${qs}`,
      });
      expect(res.statusCode, qs).toBe(400);
      return res.json().details.map((d: { field: string }) => d.field);
    };
    expect(await fieldsOf(`from=${today}`)).toEqual(['to']);
    expect(await fieldsOf(`from=${today}&to=${addDays(today, -1)}`)).toEqual(['to']);
    expect(await fieldsOf(`from=2020-01-01&to=${today}`)).toEqual(['to']);
    expect(await fieldsOf(`from=2025-02-30&to=${today}`)).toEqual(['from']);
    // Without a period: the last 30 days.
    const res = await call(t.app, admin, { method: 'GET', url: '/api/dashboards/ecommerce' });
    expect(res.json().dashboard.period).toMatchObject({ from: addDays(today, -29), to: today });
  });
});
