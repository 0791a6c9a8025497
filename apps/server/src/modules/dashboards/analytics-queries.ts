import { sql } from 'drizzle-orm';
import type {
  Dashboard,
  DashboardCard,
  DashboardSeries,
  DashboardTable,
} from '@bo/contract/dashboards';
import type { Executor } from '../../db/client.js';
import { bucketsOf, changeOf, type Period, jsonColumn, wholeMonths } from './queries.js';

interface Reads {
  /** [day, views, visitors, orders] */
  days: Array<[string, number, number, number]>;
  /** [dim, key, views now, views before] */
  dims: Array<[string, string, number, number]>;
}

/**
 * Every read in one statement, all from rollups kept by trigger: views and daily visitors per
 * day, views per path/source/country/device per day (summed for both periods), and orders per
 * day from order_daily_stats for the conversion.
 */
async function readAll(db: Executor, p: Period): Promise<Reads> {
  const start = p.previousFrom ?? p.from;
  const months = wholeMonths(start, p.from, p.to);
  const result = (await db.execute(sql`
    SELECT
      (SELECT COALESCE(json_agg(json_build_array(d.day, d.views, d.visitors, d.orders)), '[]'::json)
         FROM (
           SELECT COALESCE(v.day, o.day) AS day, COALESCE(v.views, 0) AS views,
                  COALESCE(v.visitors, 0) AS visitors, COALESCE(o.orders, 0) AS orders
             FROM (SELECT day, views, visitors FROM page_view_daily
                    WHERE day BETWEEN ${start} AND ${p.to}) v
             FULL JOIN (SELECT day, SUM(orders)::int AS orders FROM order_daily_stats
                         WHERE day BETWEEN ${start} AND ${p.to} GROUP BY day) o
               ON o.day = v.day) d) AS days,
      (SELECT COALESCE(json_agg(json_build_array(dim, key, now, prev)), '[]'::json) FROM (
         SELECT dim, key,
                COALESCE(SUM(views) FILTER (WHERE side), 0)::int AS now,
                COALESCE(SUM(views) FILTER (WHERE NOT side), 0)::int AS prev
           FROM (
             -- Whole months from the monthly rollup, the days around them from the daily one.
             SELECT dim, key, day >= ${p.from} AS side, views FROM page_view_dims
              WHERE ${
                months.gaps.length
                  ? sql.join(
                      months.gaps.map(([a, b]) => sql`(day BETWEEN ${a} AND ${b})`),
                      sql` OR `,
                    )
                  : sql`FALSE`
              }
             UNION ALL
             SELECT dim, key, month = ANY (string_to_array(${months.now.join(',')}, ',')), views
               FROM page_view_dims_monthly
              WHERE month = ANY (string_to_array(${months.all.join(',')}, ','))) v
          GROUP BY dim, key) x) AS dims`)) as unknown as {
    rows: Array<Record<keyof Reads, unknown>>;
  };
  const row = result.rows[0]!;
  return { days: jsonColumn(row.days), dims: jsonColumn(row.dims) };
}

interface Totals {
  views: number;
  visitors: number;
  orders: number;
}
const zero = (): Totals => ({ views: 0, visitors: 0, orders: 0 });
const round1 = (x: number) => Math.round(x * 10) / 10;
/** Orders per hundred visitors, one decimal. */
const conversion = (t: Totals) => (t.visitors ? round1((t.orders / t.visitors) * 100) : 0);
const perVisitor = (t: Totals) => (t.visitors ? Math.round((t.views / t.visitors) * 100) / 100 : 0);

/** The analytics dashboard: first-party page views, daily visitors, sources, conversion. */
export async function analyticsDashboard(db: Executor, p: Period): Promise<Dashboard> {
  const reads = await readAll(db, p);
  const compare = p.previousFrom !== null;
  const key = (day: string) => (p.bucket === 'day' ? day : day.slice(0, 7));
  const cur = zero();
  const prev = zero();
  const now = new Map<string, Totals>();
  const before = new Map<string, Totals>();
  for (const [day, views, visitors, orders] of reads.days) {
    const inNow = day >= p.from;
    const map = inNow ? now : before;
    const b = map.get(key(day)) ?? zero();
    for (const t of [inNow ? cur : prev, b]) {
      t.views += views;
      t.visitors += visitors;
      t.orders += orders;
    }
    map.set(key(day), b);
  }
  const buckets = bucketsOf(p.from, p.to, p.bucket);
  const prevBuckets =
    p.previousFrom && p.previousTo ? bucketsOf(p.previousFrom, p.previousTo, p.bucket) : [];
  const pick = (keys: string[], f: (t: Totals) => number, map = now) =>
    keys.map((k) => f(map.get(k) ?? zero()));
  const card = (
    c: Omit<DashboardCard, 'change' | 'previous'> & { previous: number },
  ): DashboardCard => ({
    ...c,
    previous: compare ? c.previous : null,
    change: compare ? changeOf(c.value, c.previous) : null,
  });
  const ordersLink = `/dashboard/e-commerce/orders?from=${p.from}&to=${p.to}`;
  // The views themselves, for the period (and one page, source, country or device).
  const viewsLink = (filter?: [string, string]) =>
    `/dashboard/analytics/views?from=${p.from}&to=${p.to}${
      filter ? `&${filter[0]}=${encodeURIComponent(filter[1])}` : ''
    }`;

  const cards: DashboardCard[] = [
    card({
      id: 'views',
      goodWhen: 'up',
      label: 'Page views',
      unit: 'count',
      value: cur.views,
      previous: prev.views,
      spark: pick(buckets, (t) => t.views),
      link: viewsLink(),
    }),
    card({
      id: 'visitors',
      goodWhen: 'up',
      label: 'Visitors (daily, summed)',
      unit: 'count',
      value: cur.visitors,
      previous: prev.visitors,
      spark: pick(buckets, (t) => t.visitors),
      link: viewsLink(),
    }),
    card({
      id: 'viewsPerVisitor',
      goodWhen: 'up',
      label: 'Views per visitor',
      unit: 'count',
      value: perVisitor(cur),
      previous: perVisitor(prev),
      spark: pick(buckets, perVisitor),
      link: viewsLink(),
    }),
    card({
      id: 'conversion',
      goodWhen: 'up',
      label: 'Conversion (orders per 100 visitors)',
      unit: 'percent',
      value: conversion(cur),
      previous: conversion(prev),
      spark: pick(buckets, conversion),
      link: ordersLink,
    }),
  ];
  const series: DashboardSeries[] = (['views', 'visitors'] as const).map((id) => ({
    id,
    label: id === 'views' ? 'Page views' : 'Visitors',
    unit: 'count',
    buckets,
    values: pick(buckets, (t) => t[id]),
    previous: compare ? pick(prevBuckets, (t) => t[id], before) : null,
  }));

  const dimTable = (dim: string, id: string, label: string, limit: number): DashboardTable => {
    const rows = reads.dims
      .filter((d) => d[0] === dim && (d[2] > 0 || d[3] > 0))
      .sort((a, b) => b[2] - a[2] || a[1].localeCompare(b[1]))
      .slice(0, limit);
    return {
      id,
      label,
      columns: [
        { id: dim, label, unit: 'text' },
        { id: 'views', label: 'Views', unit: 'count' },
        { id: 'share', label: 'Share', unit: 'percent' },
        { id: 'change', label: 'Change', unit: 'percent' },
      ],
      rows: rows.map(([, k, v, pv]) => ({
        id: k,
        link: viewsLink([dim, k]),
        cells: {
          [dim]: k,
          views: v,
          share: cur.views ? round1((v / cur.views) * 100) : 0,
          change: compare ? changeOf(v, pv) : null,
        },
      })),
      link: viewsLink(),
    };
  };
  const tables = [
    dimTable('path', 'topPages', 'Top pages', 10),
    dimTable('source', 'sources', 'Sources', 10),
    dimTable('country', 'countries', 'Countries', 10),
    dimTable('device', 'devices', 'Devices', 5),
  ];
  return { name: 'analytics', period: p, cards, series, tables };
}
