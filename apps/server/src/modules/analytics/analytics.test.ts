import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays } from '@bo/contract/dashboards';
import { call, createTestApp, login, registerUser, type TestApp } from '../../../test/helpers.js';

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

describe('GET /api/analytics/views (the views behind the figures)', () => {
  type Logged = {
    id: string;
    viewedAt: string;
    path: string;
    source: string;
    referrerHost: string;
    country: string;
    device: string;
  };
  const list = async (q: string, token = admin) => {
    const res = await call(t.app, token, { method: 'GET', url: `/api/analytics/views?${q}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { views: Logged[]; nextCursor: string | null };
  };
  /** Every view of a filter, page after page. */
  const walk = async (q: string, limit: number) => {
    const seen: Logged[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(`${q}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.views);
      cursor = page.nextCursor;
    } while (cursor);
    return seen;
  };

  it('lists the recorded views newest first, by page, source and device, never the visitor', async () => {
    const path = `/log-test-${Date.now()}`;
    expect((await beacon({ path, referrer: '' })).statusCode).toBe(204);
    expect(
      (
        await beacon(
          { path: `${path}?q=1`, referrer: 'https://www.bing.com/search?q=x' },
          {
            'accept-language': 'fr-CA,fr;q=0.9',
            'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile/15E148',
          },
        )
      ).statusCode,
    ).toBe(204);
    const { views } = await list(`path=${encodeURIComponent(path)}&from=${today}&to=${today}`);
    expect(views).toHaveLength(2);
    expect(views[0]).toMatchObject({
      path,
      source: 'search',
      referrerHost: 'www.bing.com',
      country: 'CA',
      device: 'mobile',
    });
    expect(views[1]).toMatchObject({ path, source: 'direct', referrerHost: '' });
    expect(Date.parse(views[0]!.viewedAt)).toBeGreaterThanOrEqual(Date.parse(views[1]!.viewedAt));
    expect(Object.keys(views[0]!)).not.toContain('visitor');
    expect(JSON.stringify(views)).not.toMatch(/visitor/);

    const searched = await list(`path=${encodeURIComponent(path)}&source=search`);
    expect(searched.views.map((v) => v.source)).toEqual(['search']);
    const desktop = await list(`path=${encodeURIComponent(path)}&device=desktop`);
    expect(desktop.views).toHaveLength(1);
    expect((await list(`path=${encodeURIComponent(path)}&country=CA`)).views).toHaveLength(1);
    // Days are inclusive UTC days: yesterday alone has none of today's views.
    const yesterday = addDays(today, -1);
    expect(
      (await list(`path=${encodeURIComponent(path)}&from=${yesterday}&to=${yesterday}`)).views,
    ).toEqual([]);
  });

  it('pages without skipping views recorded within the same millisecond', async () => {
    // Instants a microsecond apart: a cursor cut to the millisecond would skip two of them.
    const path = `/log-micro-${Date.now()}`;
    await t.database.db.execute(sql`
      INSERT INTO page_views (viewed_at, path, source, referrer_host, country, device, visitor)
      SELECT '2026-01-02T10:00:00.000100Z'::timestamptz + n * interval '1 microsecond',
             ${path}, 'direct', '', 'FR', 'desktop', 'v' || n
        FROM generate_series(0, 4) n`);
    const seen = await walk(`path=${encodeURIComponent(path)}`, 2);
    expect(seen).toHaveLength(5);
    expect(new Set(seen.map((v) => v.id)).size).toBe(5);
    // Newest first, ties broken by id the same way every page.
    const [all] = await query<{ ids: string[] }>(sql`
      SELECT array_agg(id::text ORDER BY viewed_at DESC, id DESC) AS ids FROM page_views
       WHERE path = ${path}`);
    expect(seen.map((v) => v.id)).toEqual(all!.ids);
  });

  it('walks a whole day of the demo data page by page, each view once, as many as the day counts', async () => {
    const [busiest] = await query<{ day: string; views: number }>(sql`
      SELECT day, views FROM page_view_daily WHERE views > 0 ORDER BY views DESC, day LIMIT 1`);
    const seen = await walk(`from=${busiest!.day}&to=${busiest!.day}`, 200);
    expect(seen.length).toBe(busiest!.views);
    expect(new Set(seen.map((v) => v.id)).size).toBe(seen.length);
    expect(seen.every((v) => v.viewedAt.startsWith(busiest!.day))).toBe(true);
  });

  it('refuses bad filters naming the field, and is for those allowed to read the analytics', async () => {
    for (const [q, field] of [
      ['cursor=nope', 'cursor'],
      ['path=no-slash', 'path'],
      ['path=/a%20b', 'path'],
      ['country=fr', 'country'],
      ['source=radio', 'source'],
      ['from=2026-02-30', 'from'],
      ['limit=0', 'limit'],
    ] as const) {
      const res = await call(t.app, admin, { method: 'GET', url: `/api/analytics/views?${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().details[0].field, q).toBe(field);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/analytics/views' })).statusCode).toBe(
      401,
    );
    const user = (await registerUser(t.app, { email: 'analytics-log-user@test.local' }))
      .accessToken;
    expect(
      (await call(t.app, user, { method: 'GET', url: '/api/analytics/views' })).statusCode,
    ).toBe(403);
  });

  it('links the dashboard cards and rows to these views, filtered', async () => {
    const d = (await call(t.app, admin, {
      method: 'GET',
      url: `/api/dashboards/analytics?from=${today}&to=${today}`,
    }).then((r) => r.json().dashboard)) as {
      cards: Array<{ id: string; link: string | null }>;
      tables: Array<{ id: string; link: string | null; rows: Array<{ id: string; link: string }> }>;
    };
    const base = `/dashboard/analytics/views?from=${today}&to=${today}`;
    expect(d.cards.find((c) => c.id === 'views')!.link).toBe(base);
    expect(d.cards.find((c) => c.id === 'visitors')!.link).toBe(base);
    const pages = d.tables.find((x) => x.id === 'topPages')!;
    expect(pages.link).toBe(base);
    const row = pages.rows[0]!;
    expect(row.link).toBe(`${base}&path=${encodeURIComponent(row.id)}`);
    // The row's link, asked of the API, lists that page's views.
    const { views } = await list(row.link.split('?')[1]!);
    expect(views.length).toBeGreaterThan(0);
    expect(views.every((v) => v.path === row.id)).toBe(true);
  });
});
