import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * First-party page views, sent by the app itself. No personal data: the path without its query,
 * the referrer's host only, a country from the language, and a visitor hash made with a salt that
 * changes every day and is then thrown away (so a hash cannot be linked across days or reversed).
 */
export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    viewedAt: ts('viewed_at').notNull().defaultNow(),
    path: text('path').notNull(),
    /** direct | search | social | referral | internal */
    source: text('source').notNull(),
    referrerHost: text('referrer_host').notNull().default(''),
    /** ISO 3166 alpha-2, or ZZ when unknown. */
    country: text('country').notNull(),
    /** desktop | mobile | tablet */
    device: text('device').notNull(),
    visitor: text('visitor').notNull(),
  },
  (t) => [
    index('page_views_time_idx').on(t.viewedAt),
    // The log of one page (the dashboard's top pages link to it), newest first.
    index('page_views_path_time_idx').on(t.path, t.viewedAt, t.id),
    // Likewise one country (the dashboard's countries link there: a rare one read along the time
    // index walks the whole period) and one device with one source (a rare pair, same). A device
    // or a source alone is common enough (5% of views and more) for the time index, filtered.
    index('page_views_country_time_idx').on(t.country, t.viewedAt, t.id),
    index('page_views_device_source_time_idx').on(t.device, t.source, t.viewedAt, t.id),
  ],
);

/** The day's salt; rows older than yesterday are deleted, and with them any way back. */
export const analyticsSalts = pgTable('analytics_salts', {
  day: text('day').primaryKey(),
  salt: text('salt').notNull(),
});

/** Maintained by trigger: views and (daily) unique visitors per UTC day. */
export const pageViewDaily = pgTable('page_view_daily', {
  day: text('day').primaryKey(),
  views: integer('views').notNull().default(0),
  visitors: integer('visitors').notNull().default(0),
});

/** Maintained by trigger: the day's visitors seen so far (to count each once a day). */
export const pageVisitorsDaily = pgTable(
  'page_visitors_daily',
  { day: text('day').notNull(), visitor: text('visitor').notNull() },
  (t) => [primaryKey({ columns: [t.day, t.visitor] })],
);

/** Maintained by trigger: views per day by path, source, country and device. */
export const pageViewDims = pgTable(
  'page_view_dims',
  {
    day: text('day').notNull(),
    /** path | source | country | device */
    dim: text('dim').notNull(),
    key: text('key').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.dim, t.key] })],
);

/**
 * Maintained by statement triggers (one aggregate per statement, so bulk loads stay fast): per
 * UTC day, the people who joined, sign-ins, product reviews, blog posts, invoices, and the file
 * manager's uploads by category with their bytes; a delete subtracts from its creation day.
 */
export const dailyCounts = pgTable(
  'daily_counts',
  {
    day: text('day').notNull(),
    /** users | signins | reviews | posts | invoices | uploads */
    metric: text('metric').notNull(),
    /** The file category for uploads, '' otherwise. */
    key: text('key').notNull().default(''),
    n: integer('n').notNull().default(0),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.metric, t.key] })],
);

/** Maintained by trigger: views per month by path, source, country and device (long periods). */
export const pageViewDimsMonthly = pgTable(
  'page_view_dims_monthly',
  {
    /** YYYY-MM */
    month: text('month').notNull(),
    dim: text('dim').notNull(),
    key: text('key').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.month, t.dim, t.key] })],
);
