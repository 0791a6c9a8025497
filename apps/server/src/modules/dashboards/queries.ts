import { sql } from 'drizzle-orm';
import {
  DASHBOARD_DAILY_UP_TO,
  addDays,
  daysBetween,
  periodRange,
  type Dashboard,
  type DashboardCard,
  type DashboardQuery,
  type DashboardSeries,
  type DashboardTable,
} from '@bo/contract/dashboards';
import type { Executor } from '../../db/client.js';
import { toCents } from '../../lib/money.js';

/** Statuses whose money the shop keeps: revenue, items sold and the average order count them. */
export const KEPT_STATUSES = ['pending', 'completed'] as const;

export interface Period {
  from: string;
  to: string;
  previousFrom: string | null;
  previousTo: string | null;
  bucket: 'day' | 'month';
}

/** The period asked for (UTC days, inclusive) and the one of the same length just before it. */
export function resolvePeriod(
  q: { from?: string; to?: string; compare?: DashboardQuery['compare'] },
  today: string,
): Period {
  const { from, to } = q.from && q.to ? { from: q.from, to: q.to } : periodRange('30d', today);
  const days = daysBetween(from, to);
  const compare = (q.compare ?? 'previous') === 'previous';
  return {
    from,
    to,
    previousFrom: compare ? addDays(from, -days) : null,
    previousTo: compare ? addDays(from, -1) : null,
    bucket: days > DASHBOARD_DAILY_UP_TO ? 'month' : 'day',
  };
}

/** Bucket starts of a period: every day, or every month the period touches. */
export function bucketsOf(from: string, to: string, bucket: 'day' | 'month'): string[] {
  const out: string[] = [];
  if (bucket === 'day') {
    for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
    return out;
  }
  let [y, m] = from.split('-').map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    out.push(key);
    if (key >= last) return out;
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
}

/**
 * The months lying wholly inside [start, to] and wholly on one side of `from` (the start of the
 * period asked, the end of the previous one): those are read from the monthly rollup.
 */
export function wholeMonths(start: string, from: string, to: string) {
  const all: string[] = [];
  const now: string[] = [];
  /** The day ranges no whole month covers (read from the daily rollup). */
  const gaps: Array<[string, string]> = [];
  let gapFrom: string | null = start;
  let [y, m] = start.split('-').map(Number) as [number, number];
  for (;;) {
    const first = `${y}-${String(m).padStart(2, '0')}-01`;
    if (first > to) break;
    const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
    const last = addDays(next, -1);
    const inside = first >= start && last <= to;
    const oneSide = last < from || first >= from;
    if (inside && oneSide) {
      all.push(first.slice(0, 7));
      if (first >= from) now.push(first.slice(0, 7));
      if (gapFrom !== null && gapFrom < first) gaps.push([gapFrom, addDays(first, -1)]);
      gapFrom = null;
    } else if (gapFrom === null) {
      gapFrom = first < start ? start : first;
    }
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  if (gapFrom !== null && gapFrom <= to) gaps.push([gapFrom, to]);
  return { all, now, gaps };
}

/** A json column as the driver hands it: parsed already (PostgreSQL) or as text (PGlite). */
export const jsonColumn = <T>(v: unknown): T =>
  typeof v === 'string' ? (JSON.parse(v) as T) : (v as T);

/** Change in percent, one decimal; none when there is nothing to compare with. */
export const changeOf = (value: number, previous: number | null) =>
  previous === null || previous === 0
    ? null
    : Math.round(((value - previous) / previous) * 1000) / 10;

const card = (
  c: Omit<DashboardCard, 'change' | 'previous'> & { previous: number | null },
): DashboardCard => ({ ...c, change: changeOf(c.value, c.previous) });

type DayRow = { day: string; status: string; orders: number; items: number; revenue: number };

type Tuple = [string, string, number, number, string];
interface Reads {
  now: Tuple[];
  prev: Tuple[] | null;
  latest: Array<[string, number, string, string, string, string]>;
  /** Id, name, slug, items sold in the period, their amount in cents, and sold in the previous one. */
  best: Array<[string, string, string, number, string, number | null]>;
  newest: Array<[string, string, string, string, string]>;
}

/**
 * Every read of the dashboard in one call of `dashboard_ecommerce` (db/functions/): the daily
 * rollup of both periods summed per bucket and status in SQL (a few dozen rows even for a year),
 * the newest orders, the period's best sellers (a kept window's first rows for the quick periods,
 * else `product_sales_daily` summed over the period; migration 0039) and the newest products, each
 * by its index.
 */
async function readAll(db: Executor, p: Period): Promise<Reads> {
  const result = (await db.execute(
    sql`SELECT dashboard_ecommerce(${p.from}, ${p.to}, ${p.previousFrom}, ${p.previousTo}, ${p.bucket === 'month'}) AS d`,
  )) as unknown as { rows: Array<{ d: Reads | string }> };
  return jsonColumn<Reads>(result.rows[0]!.d);
}

const dayRows = (rows: Tuple[]): DayRow[] =>
  rows.map(([day, status, orders, items, revenue]) => ({
    day,
    status,
    orders,
    items,
    revenue: toCents(revenue),
  }));

interface Figures {
  orders: number;
  kept: number;
  revenue: number;
  items: number;
  lost: number;
  byStatus: Map<string, { orders: number; revenue: number }>;
  perBucket: Map<string, { orders: number; revenue: number; items: number; kept: number }>;
}

function sumUp(rows: DayRow[], bucket: 'day' | 'month'): Figures {
  const f: Figures = {
    orders: 0,
    kept: 0,
    revenue: 0,
    items: 0,
    lost: 0,
    byStatus: new Map(),
    perBucket: new Map(),
  };
  for (const r of rows) {
    const kept = (KEPT_STATUSES as readonly string[]).includes(r.status);
    f.orders += r.orders;
    const s = f.byStatus.get(r.status) ?? { orders: 0, revenue: 0 };
    s.orders += r.orders;
    s.revenue += r.revenue;
    f.byStatus.set(r.status, s);
    const key = bucket === 'day' ? r.day : r.day.slice(0, 7);
    const b = f.perBucket.get(key) ?? { orders: 0, revenue: 0, items: 0, kept: 0 };
    b.orders += r.orders;
    if (kept) {
      f.kept += r.orders;
      f.revenue += r.revenue;
      f.items += r.items;
      b.revenue += r.revenue;
      b.items += r.items;
      b.kept += r.orders;
    } else {
      f.lost += r.orders;
    }
    f.perBucket.set(key, b);
  }
  return f;
}

const ORDERS_LINK = '/dashboard/e-commerce/orders';
const ordersLink = (p: Period, status?: string) =>
  `${ORDERS_LINK}?from=${p.from}&to=${p.to}${status ? `&status=${status}` : ''}`;

/**
 * The period's sales by gender, from `gender_sales_daily` (migration 0031): a few rows a day,
 * whatever the number of orders. A product made for several genders, or none, is `unisex`.
 */
async function readGenderSales(db: Executor, p: Period): Promise<Array<[string, number, number]>> {
  const result = (await db.execute(sql`
    SELECT gender, sum(quantity)::int AS q, sum(revenue)::bigint AS r
      FROM gender_sales_daily WHERE day >= ${p.from} AND day <= ${p.to}
     GROUP BY gender HAVING sum(quantity) <> 0 ORDER BY gender`)) as unknown as {
    rows: Array<{ gender: string; q: number; r: number | string }>;
  };
  return result.rows.map((r) => [r.gender, Number(r.q), Number(r.r)]);
}

/**
 * Moves the kept windows of the quick periods' best sellers (1, 7, 30 and 365 days ending today,
 * migration 0039) to `today`, taking out the day that left each. Until it has run on a new day the
 * dashboard sums those periods from the daily rollup instead (exact, slower). Returns how many
 * windows moved.
 */
export async function rollSalesWindows(db: Executor, today: string): Promise<number> {
  const result = (await db.execute(
    sql`SELECT bo_product_sales_roll(${today}) AS n`,
  )) as unknown as { rows: Array<{ n: number }> };
  return Number(result.rows[0]!.n);
}

/** The e-commerce dashboard: orders, revenue, items sold for the period, from order_daily_stats. */
export async function ecommerceDashboard(db: Executor, p: Period): Promise<Dashboard> {
  const reads = await readAll(db, p);
  const gender = await readGenderSales(db, p);
  const cur = sumUp(dayRows(reads.now), p.bucket);
  const prev = reads.prev ? sumUp(dayRows(reads.prev), p.bucket) : null;
  const buckets = bucketsOf(p.from, p.to, p.bucket);
  const prevBuckets =
    p.previousFrom && p.previousTo ? bucketsOf(p.previousFrom, p.previousTo, p.bucket) : [];
  const per = (
    f: Figures,
    keys: string[],
    pick: (b: Figures['perBucket'] extends Map<string, infer V> ? V : never) => number,
  ) =>
    keys.map((k) => {
      const b = f.perBucket.get(k);
      return b ? pick(b) : 0;
    });
  const average = (revenue: number, kept: number) => (kept ? Math.round(revenue / kept) : 0);

  const cards: DashboardCard[] = [
    card({
      id: 'orders',
      goodWhen: 'up',
      label: 'Orders',
      unit: 'count',
      value: cur.orders,
      previous: prev?.orders ?? null,
      spark: per(cur, buckets, (b) => b.orders),
      link: ordersLink(p),
    }),
    card({
      id: 'revenue',
      goodWhen: 'up',
      label: 'Revenue',
      unit: 'cents',
      value: cur.revenue,
      previous: prev?.revenue ?? null,
      spark: per(cur, buckets, (b) => b.revenue),
      link: ordersLink(p),
    }),
    card({
      id: 'productsSold',
      goodWhen: 'up',
      label: 'Products sold',
      unit: 'count',
      value: cur.items,
      previous: prev?.items ?? null,
      spark: per(cur, buckets, (b) => b.items),
      link: ordersLink(p),
    }),
    card({
      id: 'averageOrder',
      goodWhen: 'up',
      label: 'Average order',
      unit: 'cents',
      value: average(cur.revenue, cur.kept),
      previous: prev ? average(prev.revenue, prev.kept) : null,
      spark: per(cur, buckets, (b) => average(b.revenue, b.kept)),
      link: ordersLink(p),
    }),
    card({
      id: 'cancelled',
      goodWhen: 'down',
      label: 'Cancelled or refunded',
      unit: 'count',
      value: cur.lost,
      previous: prev?.lost ?? null,
      spark: per(cur, buckets, (b) => b.orders - b.kept),
      link: null,
    }),
  ];

  const series: DashboardSeries[] = [
    {
      id: 'revenue',
      label: 'Revenue',
      unit: 'cents',
      buckets,
      values: per(cur, buckets, (b) => b.revenue),
      previous: prev ? per(prev, prevBuckets, (b) => b.revenue) : null,
    },
    {
      id: 'orders',
      label: 'Orders',
      unit: 'count',
      buckets,
      values: per(cur, buckets, (b) => b.orders),
      previous: prev ? per(prev, prevBuckets, (b) => b.orders) : null,
    },
  ];

  const iso = (t: string) => new Date(t).toISOString();
  const latest = reads.latest.map(([id, number, customerName, createdAt, status, total]) => ({
    id,
    number,
    customerName,
    createdAt: iso(createdAt),
    status,
    total,
  }));
  const bestSellers = reads.best.map(([id, name, slug, sold, revenue, previous]) => ({
    id,
    name,
    slug,
    sold,
    revenue: Number(revenue),
    previous,
  }));
  const genderTotal = gender.reduce((sum, [, , r]) => sum + r, 0);
  const newest = reads.newest.map(([id, name, slug, createdAt, price]) => ({
    id,
    name,
    slug,
    createdAt: iso(createdAt),
    price,
  }));

  const statusOrder = ['pending', 'completed', 'cancelled', 'refunded'];
  const tables: DashboardTable[] = [
    {
      id: 'byStatus',
      label: 'Orders by status',
      columns: [
        { id: 'status', label: 'Status', unit: 'status' },
        { id: 'orders', label: 'Orders', unit: 'count' },
        { id: 'share', label: 'Share', unit: 'percent' },
        { id: 'revenue', label: 'Amount', unit: 'cents' },
      ],
      rows: statusOrder.map((status) => {
        const s = cur.byStatus.get(status) ?? { orders: 0, revenue: 0 };
        return {
          id: status,
          link: ordersLink(p, status),
          cells: {
            status,
            orders: s.orders,
            share: cur.orders ? Math.round((s.orders / cur.orders) * 1000) / 10 : 0,
            revenue: s.revenue,
          },
        };
      }),
      link: ordersLink(p),
    },
    {
      id: 'latestOrders',
      label: 'Latest orders',
      columns: [
        { id: 'number', label: 'Order', unit: 'text' },
        { id: 'customer', label: 'Customer', unit: 'text' },
        { id: 'createdAt', label: 'Date', unit: 'date' },
        { id: 'status', label: 'Status', unit: 'status' },
        { id: 'total', label: 'Total', unit: 'cents' },
      ],
      rows: latest.map((o) => ({
        id: o.id,
        link: `${ORDERS_LINK}/${o.id}`,
        cells: {
          number: `#${o.number}`,
          customer: o.customerName,
          createdAt: o.createdAt,
          status: o.status,
          total: toCents(o.total),
        },
      })),
      link: ordersLink(p),
    },
    {
      id: 'byGender',
      label: 'Sales by gender',
      columns: [
        { id: 'gender', label: 'Gender', unit: 'text' },
        { id: 'sold', label: 'Sold', unit: 'count' },
        { id: 'share', label: 'Share', unit: 'percent' },
        { id: 'revenue', label: 'Amount', unit: 'cents' },
      ],
      rows: gender.map(([g, sold, revenue]) => ({
        id: g,
        link:
          g === 'unisex' ? '/dashboard/e-commerce/shop' : `/dashboard/e-commerce/shop?gender=${g}`,
        cells: {
          gender: g,
          sold,
          share: genderTotal ? Math.round((revenue / genderTotal) * 1000) / 10 : 0,
          revenue,
        },
      })),
      link: '/dashboard/e-commerce/shop',
    },
    {
      id: 'bestSellers',
      label: 'Best sellers',
      columns: [
        { id: 'name', label: 'Product', unit: 'text' },
        { id: 'sold', label: 'Sold', unit: 'count' },
        { id: 'change', label: 'Change', unit: 'percent' },
        { id: 'revenue', label: 'Amount', unit: 'cents' },
      ],
      rows: bestSellers.map((r) => ({
        id: r.id,
        link: `/dashboard/e-commerce/product/${encodeURIComponent(r.slug)}`,
        cells: {
          name: r.name,
          sold: r.sold,
          change: changeOf(r.sold, r.previous),
          revenue: r.revenue,
        },
      })),
      link: '/dashboard/e-commerce/list',
    },
    {
      id: 'latestProducts',
      label: 'Latest products',
      columns: [
        { id: 'name', label: 'Product', unit: 'text' },
        { id: 'createdAt', label: 'Added', unit: 'date' },
        { id: 'price', label: 'Price', unit: 'cents' },
      ],
      rows: newest.map((r) => ({
        id: r.id,
        link: `/dashboard/e-commerce/product/${encodeURIComponent(r.slug)}`,
        cells: { name: r.name, createdAt: r.createdAt, price: toCents(r.price) },
      })),
      link: '/dashboard/e-commerce/list',
    },
  ];

  return { name: 'ecommerce', period: p, cards, series, tables };
}
