import { sql } from 'drizzle-orm';
import type {
  Dashboard,
  DashboardCard,
  DashboardSeries,
  DashboardTable,
} from '@bo/contract/dashboards';
import type { Executor } from '../../db/client.js';
import { toCents } from '../../lib/money.js';
import { KEPT_STATUSES, bucketsOf, changeOf, type Period, jsonColumn } from './queries.js';

type Metric = 'users' | 'signins' | 'orders' | 'invoices' | 'reviews' | 'posts';
/** A person counts as active while a session of theirs was used in the last quarter hour. */
export const ACTIVE_MINUTES = 15;

interface Reads {
  /** [bucket, metric, n, in the period (else the previous one)] from daily_counts and order_daily_stats. */
  days: Array<[string, string, number, boolean]>;
  /** [bucket, revenue, in the period] */
  revenue: Array<[string, string, boolean]>;
  active: number;
  people: Array<[string, string, string, string | null, string, string]>;
  invoices: Array<[string, string | null, string, string, number, string]>;
}

/**
 * One statement over the rollups: daily_counts (people, sign-ins, reviews, posts, invoices, kept
 * by statement triggers) and order_daily_stats for both periods, summed per bucket in SQL (a year
 * by month is a few dozen rows, not 4,000 days), the people active in the last quarter hour, and
 * the newest people and invoices by their creation indexes.
 */
async function readAll(db: Executor, p: Period): Promise<Reads> {
  const start = p.previousFrom ?? p.from;
  const bucket = p.bucket === 'day' ? sql`day` : sql`left(day, 7)`;
  const result = (await db.execute(sql`
    SELECT
      (SELECT COALESCE(json_agg(json_build_array(k, metric, n, cur)), '[]'::json) FROM (
         SELECT ${bucket} AS k, metric, sum(n)::int AS n, day >= ${p.from} AS cur FROM daily_counts
          WHERE day BETWEEN ${start} AND ${p.to}
            AND metric IN ('users', 'signins', 'reviews', 'posts', 'invoices')
          GROUP BY 1, 2, 4
         UNION ALL
         SELECT ${bucket}, 'orders', sum(orders)::int, day >= ${p.from} FROM order_daily_stats
          WHERE day BETWEEN ${start} AND ${p.to} GROUP BY 1, 4) x) AS days,
      (SELECT COALESCE(json_agg(json_build_array(k, revenue, cur)), '[]'::json) FROM (
         SELECT ${bucket} AS k, sum(revenue)::text AS revenue, day >= ${p.from} AS cur
           FROM order_daily_stats
          WHERE day BETWEEN ${start} AND ${p.to}
            AND status IN (${sql.join(
              KEPT_STATUSES.map((s) => sql`${s}`),
              sql`, `,
            )})
          GROUP BY 1, 3) r) AS revenue,
      (SELECT count(DISTINCT user_id)::int FROM sessions
        WHERE revoked_at IS NULL AND expires_at > now()
          AND last_seen_at > now() - make_interval(mins => ${ACTIVE_MINUTES})) AS active,
      (SELECT COALESCE(json_agg(json_build_array(slug, display_name, email, avatar_url, role, created_at)), '[]'::json)
         FROM (SELECT * FROM users ORDER BY created_at DESC, id DESC LIMIT 6) u) AS people,
      (SELECT COALESCE(json_agg(json_build_array(id, invoice_number, status, to_party->>'name', total, created_at)), '[]'::json)
         FROM (SELECT * FROM invoices ORDER BY created_at DESC, id DESC LIMIT 6) i) AS invoices`)) as unknown as {
    rows: Array<Record<keyof Reads, unknown>>;
  };
  const row = result.rows[0]!;
  return {
    days: jsonColumn(row.days),
    revenue: jsonColumn(row.revenue),
    active: Number(row.active),
    people: jsonColumn(row.people),
    invoices: jsonColumn(row.invoices),
  };
}

type Totals = Record<Metric | 'revenue', number>;
const zero = (): Totals => ({
  users: 0,
  signins: 0,
  orders: 0,
  invoices: 0,
  reviews: 0,
  posts: 0,
  revenue: 0,
});

const LINKS: Record<Metric | 'revenue', (p: Period) => string | null> = {
  users: () => '/dashboard/user/list',
  signins: () => '/dashboard/admin/audit',
  orders: (p) => `/dashboard/e-commerce/orders?from=${p.from}&to=${p.to}`,
  revenue: (p) => `/dashboard/e-commerce/orders?from=${p.from}&to=${p.to}`,
  invoices: () => '/dashboard/invoice',
  reviews: () => '/dashboard/e-commerce/list',
  posts: () => '/dashboard/blog',
};
const LABELS: Record<Metric | 'revenue', string> = {
  users: 'New people',
  signins: 'Sign-ins',
  orders: 'Orders',
  revenue: 'Revenue',
  invoices: 'Invoices',
  reviews: 'Product reviews',
  posts: 'Blog posts',
};

/** The app dashboard: how the whole product is used, for the period against the previous one. */
export async function appDashboard(db: Executor, p: Period): Promise<Dashboard> {
  const reads = await readAll(db, p);
  const compare = p.previousFrom !== null;
  const cur = zero();
  const prev = zero();
  const now = new Map<string, Totals>();
  const before = new Map<string, Totals>();
  const add = (key: string, metric: Metric | 'revenue', n: number, inNow: boolean) => {
    const map = inNow ? now : before;
    const b = map.get(key) ?? zero();
    b[metric] += n;
    map.set(key, b);
    (inNow ? cur : prev)[metric] += n;
  };
  for (const [key, metric, n, inNow] of reads.days) add(key, metric as Metric, Number(n), inNow);
  for (const [key, revenue, inNow] of reads.revenue) add(key, 'revenue', toCents(revenue), inNow);
  const buckets = bucketsOf(p.from, p.to, p.bucket);
  const prevBuckets =
    p.previousFrom && p.previousTo ? bucketsOf(p.previousFrom, p.previousTo, p.bucket) : [];
  const pick = (keys: string[], m: Metric | 'revenue', map = now) =>
    keys.map((k) => map.get(k)?.[m] ?? 0);

  const cards: DashboardCard[] = (
    ['users', 'signins', 'orders', 'revenue', 'invoices', 'reviews', 'posts'] as const
  ).map((m) => ({
    id: m,
    label: LABELS[m],
    unit: m === 'revenue' ? 'cents' : 'count',
    // More people, sales and writing is what the app is for.
    goodWhen: 'up',
    value: cur[m],
    previous: compare ? prev[m] : null,
    change: compare ? changeOf(cur[m], prev[m]) : null,
    spark: pick(buckets, m),
    link: LINKS[m](p),
  }));
  cards.push({
    id: 'activeNow',
    goodWhen: 'up',
    label: `Active in the last ${ACTIVE_MINUTES} minutes`,
    unit: 'count',
    value: reads.active,
    previous: null,
    change: null,
    spark: [],
    link: '/dashboard/user/list',
  });

  const series: DashboardSeries[] = (['users', 'signins', 'orders'] as const).map((m) => ({
    id: m,
    label: LABELS[m],
    unit: 'count',
    buckets,
    values: pick(buckets, m),
    previous: compare ? pick(prevBuckets, m, before) : null,
  }));

  const iso = (v: string) => new Date(v).toISOString();
  const tables: DashboardTable[] = [
    {
      id: 'newestPeople',
      label: 'Newest people',
      columns: [
        { id: 'name', label: 'Name', unit: 'text' },
        { id: 'email', label: 'Email', unit: 'text' },
        { id: 'role', label: 'Role', unit: 'text' },
        { id: 'createdAt', label: 'Joined', unit: 'date' },
      ],
      rows: reads.people.map(([slug, name, email, avatarUrl, role, createdAt]) => ({
        id: slug,
        link: `/dashboard/user/${encodeURIComponent(slug)}/edit`,
        cells: { name, email, role, createdAt: iso(createdAt), avatarUrl },
      })),
      link: '/dashboard/user/list',
    },
    {
      id: 'latestInvoices',
      label: 'Latest invoices',
      columns: [
        { id: 'number', label: 'Invoice', unit: 'text' },
        { id: 'customer', label: 'Customer', unit: 'text' },
        { id: 'status', label: 'Status', unit: 'status' },
        { id: 'total', label: 'Total', unit: 'cents' },
        { id: 'createdAt', label: 'Created', unit: 'date' },
      ],
      rows: reads.invoices.map(([id, number, status, customer, total, createdAt]) => ({
        id,
        link: `/dashboard/invoice/${id}`,
        cells: {
          number: number ?? '—',
          customer: customer ?? '',
          status,
          total: Number(total),
          createdAt: iso(createdAt),
        },
      })),
      link: '/dashboard/invoice',
    },
  ];
  return { name: 'app', period: p, cards, series, tables };
}
