import { z } from 'zod';

/**
 * The general dashboards: one call each, `GET /api/dashboards/{name}?from=&to=&compare=previous`
 * → `{ dashboard: { cards, series, tables } }`. Every figure is computed from the product's own
 * data (maintained daily rollups, never a sum over every row) for the chosen period, beside the
 * same length of time just before it.
 */

export const DASHBOARD_NAMES = [
  'app',
  'ecommerce',
  'analytics',
  'banking',
  'booking',
  'file',
] as const;
export type DashboardName = (typeof DASHBOARD_NAMES)[number];

export const DASHBOARDS_API = {
  app: '/api/dashboards/app',
  ecommerce: '/api/dashboards/ecommerce',
  analytics: '/api/dashboards/analytics',
  banking: '/api/dashboards/banking',
  booking: '/api/dashboards/booking',
  file: '/api/dashboards/file',
  /** The path of a dashboard chosen at run time; each is its own route (its own permission). */
  one: (name: DashboardName): string => DASHBOARDS_API[name],
} as const;

/** Quick choices of the period picker; `custom` is any `from`–`to`. */
export const DASHBOARD_PERIODS = ['today', '7d', '30d', '12m', 'custom'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DASHBOARD_DEFAULT_PERIOD: DashboardPeriod = '30d';
/** Longest custom period, in days. */
export const DASHBOARD_MAX_DAYS = 731;
/** Periods longer than this many days are drawn by month rather than by day. */
export const DASHBOARD_DAILY_UP_TO = 92;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A day as YYYY-MM-DD')
  .refine((v) => {
    const t = Date.parse(`${v}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === v;
  }, 'Not a real day');

const dayNumber = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / 86_400_000);

const dashboardQueryBase = z.object({
  from: isoDay.optional(),
  to: isoDay.optional(),
  compare: z.enum(['previous', 'none']).default('previous'),
});

function periodRules(q: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (!q.from !== !q.to) {
    ctx.addIssue({
      code: 'custom',
      path: [q.from ? 'to' : 'from'],
      message: 'Give both ends of the period',
    });
    return;
  }
  if (q.from && q.to) {
    const days = dayNumber(q.to) - dayNumber(q.from) + 1;
    if (days < 1)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end is before the start' });
    else if (days > DASHBOARD_MAX_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `At most ${DASHBOARD_MAX_DAYS} days`,
      });
  }
}

/** `from` and `to` are inclusive UTC days; without them, the last 30 days up to today. */
export const dashboardQuerySchema = dashboardQueryBase.superRefine(periodRules);

/** Banking adds the currency its figures are in (default: that of most accounts). */
export const bankingDashboardQuerySchema = dashboardQueryBase
  .extend({
    currency: z
      .string()
      .regex(/^[A-Za-z]{3}$/, 'A currency code such as USD')
      .transform((v) => v.toUpperCase())
      .optional(),
  })
  .superRefine(periodRules);
export type DashboardQuery = z.input<typeof dashboardQuerySchema>;

/** How a figure reads: a count, money in cents, a percentage, or a size in bytes. */
export const DASHBOARD_UNITS = ['count', 'cents', 'percent', 'bytes'] as const;

/**
 * Which way a figure should move for the business: `up` (sales, visitors), `down` (cancellations,
 * expenses) or `neither` (rooms free tonight). Its change is coloured and read out by it.
 */
export const DASHBOARD_GOOD_WHEN = ['up', 'down', 'neither'] as const;
export type DashboardGoodWhen = (typeof DASHBOARD_GOOD_WHEN)[number];

export const dashboardCardSchema = z.object({
  /** Stable across releases; the screen translates by it. */
  id: z.string(),
  label: z.string(),
  unit: z.enum(DASHBOARD_UNITS),
  /** Declared with the figure, never guessed from its sign. */
  goodWhen: z.enum(DASHBOARD_GOOD_WHEN),
  value: z.number(),
  /** The same figure for the previous period; null without a comparison. */
  previous: z.number().nullable(),
  /** Change from previous in percent (one decimal); null when previous is 0 or absent. */
  change: z.number().nullable(),
  /** One value per bucket of the period, for the card's sparkline. */
  spark: z.array(z.number()),
  /** The records behind the figure. */
  link: z.string().nullable(),
});
export type DashboardCard = z.infer<typeof dashboardCardSchema>;

export const dashboardSeriesSchema = z.object({
  id: z.string(),
  label: z.string(),
  unit: z.enum(DASHBOARD_UNITS),
  /** Bucket starts (YYYY-MM-DD or YYYY-MM); the previous period's bucket i is `previous[i]`. */
  buckets: z.array(z.string()),
  values: z.array(z.number()),
  previous: z.array(z.number()).nullable(),
});
export type DashboardSeries = z.infer<typeof dashboardSeriesSchema>;

export const dashboardColumnSchema = z.object({
  id: z.string(),
  label: z.string(),
  unit: z.enum([...DASHBOARD_UNITS, 'text', 'date', 'status']),
});
export const dashboardTableSchema = z.object({
  id: z.string(),
  label: z.string(),
  columns: z.array(dashboardColumnSchema),
  rows: z.array(
    z.object({
      id: z.string(),
      /** The record the row stands for. */
      link: z.string().nullable(),
      cells: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
    }),
  ),
  /** The full list behind the table. */
  link: z.string().nullable(),
});
export type DashboardTable = z.infer<typeof dashboardTableSchema>;

export const dashboardSchema = z.object({
  name: z.enum(DASHBOARD_NAMES),
  period: z.object({
    from: z.string(),
    to: z.string(),
    previousFrom: z.string().nullable(),
    previousTo: z.string().nullable(),
    bucket: z.enum(['day', 'month']),
  }),
  /** The currency money figures are in (ISO 4217); the shop's when absent. */
  currency: z.string().optional(),
  cards: z.array(dashboardCardSchema),
  series: z.array(dashboardSeriesSchema),
  tables: z.array(dashboardTableSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export const dashboardAnswerSchema = z.object({ dashboard: dashboardSchema });

/** Realtime: a change behind a dashboard's figures; the screen refetches (payload `{ day }`). */
export const DASHBOARD_EVENTS = {
  ordersChanged: 'orders.changed',
  bankingChanged: 'banking.changed',
  bookingChanged: 'booking.changed',
  filesChanged: 'files.changed',
} as const;

/** Day arithmetic shared by the server and the period picker (UTC days, YYYY-MM-DD). */
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from) + 1;

/** The `from`–`to` of a quick period ending on `today`. */
export function periodRange(period: Exclude<DashboardPeriod, 'custom'>, today: string) {
  const days = { today: 1, '7d': 7, '30d': 30, '12m': 365 }[period];
  return { from: addDays(today, 1 - days), to: today };
}
