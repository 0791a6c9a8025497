import { and, desc, gte, lt, sql } from 'drizzle-orm';
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
import { orderDailyStats, orders, products } from '../../db/schema/commerce.js';
import { toCents } from '../products/queries.js';

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

/** Change in percent, one decimal; none when there is nothing to compare with. */
export const changeOf = (value: number, previous: number | null) =>
  previous === null || previous === 0
    ? null
    : Math.round(((value - previous) / previous) * 1000) / 10;

const card = (
  c: Omit<DashboardCard, 'change' | 'previous'> & { previous: number | null },
): DashboardCard => ({ ...c, change: changeOf(c.value, c.previous) });

type DayRow = { day: string; status: string; orders: number; items: number; revenue: number };

/** The daily rollup rows of [from, to]: a few rows per day, whatever the number of orders. */
async function dailyRows(db: Executor, from: string, to: string): Promise<DayRow[]> {
  const rows = await db
    .select({
      day: orderDailyStats.day,
      status: orderDailyStats.status,
      orders: orderDailyStats.orders,
      items: orderDailyStats.items,
      revenue: orderDailyStats.revenue,
    })
    .from(orderDailyStats)
    .where(and(gte(orderDailyStats.day, from), lt(orderDailyStats.day, addDays(to, 1))));
  return rows.map((r) => ({ ...r, revenue: toCents(r.revenue) }));
}

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

/** The e-commerce dashboard: orders, revenue, items sold for the period, from order_daily_stats. */
export async function ecommerceDashboard(db: Executor, p: Period): Promise<Dashboard> {
  const [now, before] = await Promise.all([
    dailyRows(db, p.from, p.to),
    p.previousFrom && p.previousTo ? dailyRows(db, p.previousFrom, p.previousTo) : null,
  ]);
  const cur = sumUp(now, p.bucket);
  const prev = before ? sumUp(before, p.bucket) : null;
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
      label: 'Orders',
      unit: 'count',
      value: cur.orders,
      previous: prev?.orders ?? null,
      spark: per(cur, buckets, (b) => b.orders),
      link: ordersLink(p),
    }),
    card({
      id: 'revenue',
      label: 'Revenue',
      unit: 'cents',
      value: cur.revenue,
      previous: prev?.revenue ?? null,
      spark: per(cur, buckets, (b) => b.revenue),
      link: ordersLink(p),
    }),
    card({
      id: 'productsSold',
      label: 'Products sold',
      unit: 'count',
      value: cur.items,
      previous: prev?.items ?? null,
      spark: per(cur, buckets, (b) => b.items),
      link: ordersLink(p),
    }),
    card({
      id: 'averageOrder',
      label: 'Average order',
      unit: 'cents',
      value: average(cur.revenue, cur.kept),
      previous: prev ? average(prev.revenue, prev.kept) : null,
      spark: per(cur, buckets, (b) => average(b.revenue, b.kept)),
      link: ordersLink(p),
    }),
    card({
      id: 'cancelled',
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

  const [latest, bestSellers, newest] = await Promise.all([
    latestOrders(db, p),
    bestSellingProducts(db),
    newestProducts(db),
  ]);

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
          createdAt: o.createdAt.toISOString(),
          status: o.status,
          total: toCents(o.total),
        },
      })),
      link: ordersLink(p),
    },
    {
      id: 'bestSellers',
      label: 'Best sellers (all time)',
      columns: [
        { id: 'name', label: 'Product', unit: 'text' },
        { id: 'sold', label: 'Sold', unit: 'count' },
        { id: 'price', label: 'Price', unit: 'cents' },
      ],
      rows: bestSellers.map((r) => ({
        id: r.id,
        link: `/dashboard/e-commerce/product/${encodeURIComponent(r.slug)}`,
        cells: { name: r.name, sold: r.sold, price: toCents(r.price) },
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
        cells: { name: r.name, createdAt: r.createdAt.toISOString(), price: toCents(r.price) },
      })),
      link: '/dashboard/e-commerce/list',
    },
  ];

  return { name: 'ecommerce', period: p, cards, series, tables };
}

/** The newest orders placed in the period (index orders_created_sort). */
function latestOrders(db: Executor, p: Period) {
  return db
    .select({
      id: orders.id,
      number: orders.number,
      customerName: orders.customerName,
      createdAt: orders.createdAt,
      status: orders.status,
      total: orders.total,
    })
    .from(orders)
    .where(
      and(
        gte(orders.createdAt, new Date(`${p.from}T00:00:00Z`)),
        lt(orders.createdAt, new Date(`${addDays(p.to, 1)}T00:00:00Z`)),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(6);
}

/** Products by units sold, all time (products.sold is kept by every order). */
function bestSellingProducts(db: Executor) {
  return db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      sold: products.sold,
      price: products.price,
    })
    .from(products)
    .where(sql`${products.published}`)
    .orderBy(desc(products.sold), desc(products.id))
    .limit(5);
}

function newestProducts(db: Executor) {
  return db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      createdAt: products.createdAt,
      price: products.price,
    })
    .from(products)
    .where(sql`${products.published}`)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(5);
}
