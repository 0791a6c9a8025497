import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays } from '@bo/contract/dashboards';
import { call, createTestApp, login, registerUser, type TestApp } from '../../../test/helpers.js';
import { wholeMonths } from '../dashboards/queries.js';

/**
 * First-party analytics on the demo data: the beacon records a view without sign-in and without
 * personal data, the rollups equal the views they sum, and the dashboard's figures equal a
 * direct computation over page_views and orders.
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

const beacon = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/analytics/views',
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 Test', ...headers },
  });

async function dashboard(from = today, to = today) {
  const res = await call(t.app, admin, {
    method: 'GET',
    url: `/api/dashboards/analytics?from=${from}&to=${to}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dashboard as {
    period: { previousFrom: string; previousTo: string };
    cards: Array<{ id: string; value: number; previous: number }>;
    series: Array<{ id: string; values: number[] }>;
    tables: Array<{ id: string; rows: Array<{ id: string; cells: Row }> }>;
  };
}
const card = (d: Awaited<ReturnType<typeof dashboard>>, id: string) =>
  d.cards.find((c) => c.id === id)!;

describe('POST /api/analytics/views', () => {
  it('records a view without sign-in: path without query, referrer host, country, device; a visitor once a day', async () => {
    const before = await dashboard();
    const first = await beacon(
      {
        path: '/pricing?plan=pro&email=someone@example.com#faq',
        referrer: 'https://www.google.com/search?q=admin',
      },
      { 'accept-language': 'fr-FR,fr;q=0.9', 'user-agent': 'Mozilla/5.0 (iPhone; Mobile)' },
    );
    expect(first.statusCode, first.body).toBe(204);
    const [row] = await query(sql`SELECT * FROM page_views ORDER BY id DESC LIMIT 1`);
    expect(row).toMatchObject({
      path: '/pricing',
      source: 'search',
      referrer_host: 'www.google.com',
      country: 'FR',
      device: 'mobile',
    });
    expect(String(row!.visitor)).not.toContain('127.0.0.1');
    // The same browser again (sendBeacon's text/plain): one more view, not one more visitor.
    const again = await beacon(JSON.stringify({ path: '/about-us', referrer: '' }), {
      'content-type': 'text/plain;charset=UTF-8',
      'accept-language': 'fr-FR,fr;q=0.9',
      'user-agent': 'Mozilla/5.0 (iPhone; Mobile)',
    });
    expect(again.statusCode, again.body).toBe(204);
    const after = await dashboard();
    expect(card(after, 'views').value).toBe(card(before, 'views').value + 2);
    expect(card(after, 'visitors').value).toBe(card(before, 'visitors').value + 1);
    const [dim] = await query<{ views: number }>(
      sql`SELECT views FROM page_view_dims WHERE day = ${today} AND dim = 'path' AND key = '/pricing'`,
    );
    expect(dim!.views).toBeGreaterThanOrEqual(1);
  });

  it('refuses a malformed view naming the field, and drops robots quietly', async () => {
    const bad = await beacon({ path: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('path');
    const [{ n: before }] = (await query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM page_views`,
    )) as [{ n: number }];
    const bot = await beacon(
      { path: '/' },
      { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' },
    );
    expect(bot.statusCode).toBe(204);
    const [{ n: after }] = (await query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM page_views`,
    )) as [{ n: number }];
    expect(after).toBe(before);
  });
});

describe('GET /api/dashboards/analytics', () => {
  it('reads whole months from the monthly rollup and only the days around them from the daily one', () => {
    expect(wholeMonths('2025-01-15', '2025-03-10', '2025-05-20')).toEqual({
      all: ['2025-02', '2025-04'],
      now: ['2025-04'],
      gaps: [
        ['2025-01-15', '2025-01-31'],
        ['2025-03-01', '2025-03-31'],
        ['2025-05-01', '2025-05-20'],
      ],
    });
    expect(wholeMonths('2025-03-01', '2025-04-01', '2025-04-30')).toEqual({
      all: ['2025-03', '2025-04'],
      now: ['2025-04'],
      gaps: [],
    });
  });

  it('keeps the rollups equal to the views they sum', async () => {
    const daily = await query(sql`
      WITH truth AS (
        SELECT to_char(viewed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS views,
               count(DISTINCT visitor)::int AS visitors
          FROM page_views GROUP BY 1)
      SELECT * FROM truth t FULL JOIN page_view_daily d USING (day)
       WHERE t.views IS DISTINCT FROM d.views OR t.visitors IS DISTINCT FROM d.visitors`);
    expect(daily).toEqual([]);
    const dims = await query(sql`
      WITH truth AS (
        SELECT to_char(viewed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, d.dim, d.key, count(*)::int AS views
          FROM page_views v
          CROSS JOIN LATERAL (VALUES ('path', v.path), ('source', v.source),
                                     ('country', v.country), ('device', v.device)) AS d(dim, key)
         GROUP BY 1, 2, 3)
      SELECT * FROM truth t FULL JOIN page_view_dims x USING (day, dim, key)
       WHERE t.views IS DISTINCT FROM x.views`);
    expect(dims).toEqual([]);
    const monthly = await query(sql`
      WITH truth AS (
        SELECT to_char(viewed_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, d.dim, d.key, count(*)::int AS views
          FROM page_views v
          CROSS JOIN LATERAL (VALUES ('path', v.path), ('source', v.source),
                                     ('country', v.country), ('device', v.device)) AS d(dim, key)
         GROUP BY 1, 2, 3)
      SELECT * FROM truth t FULL JOIN page_view_dims_monthly x USING (month, dim, key)
       WHERE t.views IS DISTINCT FROM x.views`);
    expect(monthly).toEqual([]);
    const [{ n }] = (await query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM page_views`,
    )) as [{ n: number }];
    expect(n).toBeGreaterThan(1000);
  });

  async function direct(from: string, to: string) {
    const [r] = await query<Record<string, number>>(sql`
      SELECT
        (SELECT count(*)::int FROM page_views
          WHERE viewed_at >= ${`${from}T00:00:00Z`}::timestamptz
            AND viewed_at < ${`${addDays(to, 1)}T00:00:00Z`}::timestamptz) AS views,
        (SELECT COALESCE(sum(n), 0)::int FROM (
           SELECT count(DISTINCT visitor) AS n FROM page_views
            WHERE viewed_at >= ${`${from}T00:00:00Z`}::timestamptz
              AND viewed_at < ${`${addDays(to, 1)}T00:00:00Z`}::timestamptz
            GROUP BY to_char(viewed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')) x) AS visitors,
        (SELECT count(*)::int FROM orders
          WHERE created_at >= ${`${from}T00:00:00Z`}::timestamptz
            AND created_at < ${`${addDays(to, 1)}T00:00:00Z`}::timestamptz) AS orders`);
    return r!;
  }

  it.each([
    ['the last 30 days', addDays(today, -29), today],
    ['the last 12 months', addDays(today, -364), today],
    ['a week in the past', addDays(today, -60), addDays(today, -54)],
  ])('answers %s exactly as page_views and orders say', async (_, from, to) => {
    const d = await dashboard(from, to);
    const now = await direct(from, to);
    const before = await direct(d.period.previousFrom, d.period.previousTo);
    expect(card(d, 'views').value).toBe(now.views);
    expect(card(d, 'views').previous).toBe(before.views);
    expect(card(d, 'visitors').value).toBe(now.visitors);
    expect(card(d, 'conversion').value).toBeCloseTo(
      now.visitors ? (now.orders / now.visitors) * 100 : 0,
      1,
    );
    const views = d.series.find((s) => s.id === 'views')!;
    expect(views.values.reduce((a, b) => a + b, 0)).toBe(now.views);
    const devices = d.tables.find((x) => x.id === 'devices')!;
    expect(devices.rows.reduce((a, r) => a + Number(r.cells.views), 0)).toBe(now.views);
    // A page's views (whole months from the monthly rollup, the days around them from the
    // daily one) equal its rows in page_views.
    const top = d.tables.find((x) => x.id === 'topPages')!.rows.find((r) => r.id === '/dashboard');
    const [counted] = await query<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM page_views WHERE path = '/dashboard'
         AND viewed_at >= ${`${from}T00:00:00Z`}::timestamptz
         AND viewed_at < ${`${to}T00:00:00Z`}::timestamptz + interval '1 day'`);
    expect(Number(top?.cells.views ?? 0)).toBe(counted!.n);
  });

  it('is for those allowed to read the analytics', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/dashboards/analytics' })).statusCode,
    ).toBe(401);
    const user = (await registerUser(t.app, { email: 'analytics-user@test.local' })).accessToken;
    const res = await call(t.app, user, { method: 'GET', url: '/api/dashboards/analytics' });
    expect(res.statusCode).toBe(403);
  });
});
