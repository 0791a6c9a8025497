import type { SeedStep } from './index.js';
import { lit } from './sql-gen.js';

const DAY_MS = 86_400_000;

/** The pages people open most, most visited first (the draw favours the head of the list). */
const PATHS = [
  '/dashboard',
  '/dashboard/ecommerce',
  '/dashboard/e-commerce/orders',
  '/dashboard/user/list',
  '/dashboard/mail',
  '/dashboard/e-commerce/list',
  '/dashboard/chat',
  '/dashboard/kanban',
  '/dashboard/calendar',
  '/dashboard/invoice',
  '/',
  '/auth/login',
  '/dashboard/blog',
  '/dashboard/file-manager',
  '/dashboard/banking',
  '/pricing',
  '/about-us',
  '/contact-us',
  '/faqs',
  '/dashboard/analytics',
];

/** [value, cumulative per cent] */
const SOURCES: Array<[string, number]> = [
  ['direct', 40],
  ['search', 70],
  ['social', 80],
  ['referral', 92],
  ['internal', 100],
];
const REFERRERS: Record<string, string> = {
  search: 'www.google.com',
  social: 'www.linkedin.com',
  referral: 'news.ycombinator.com',
};
const COUNTRIES: Array<[string, number]> = [
  ['US', 30],
  ['VN', 45],
  ['CN', 58],
  ['FR', 70],
  ['SA', 78],
  ['GB', 85],
  ['DE', 90],
  ['JP', 94],
  ['ZZ', 100],
];
const DEVICES: Array<[string, number]> = [
  ['desktop', 62],
  ['mobile', 95],
  ['tablet', 100],
];

const pickCase = (col: string, table: Array<[string, number]>) =>
  `CASE ${table.map(([v, upTo]) => `WHEN ${col} < ${upTo} THEN ${lit(v)}`).join(' ')} END`;

/**
 * Page views over the span, as the beacon records them (about three views per visitor a day),
 * written with the rollup trigger off and summed once into the rollups.
 */
export const analyticsSeedStep: SeedStep = {
  name: 'analytics',
  tables: ['page_views'],
  async run({ exec, counts, now, random }) {
    const total = counts.pageViews;
    if (total === 0) return;
    const span = Math.min(counts.historyDays, 730);
    const firstDay =
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - span * DAY_MS;
    // Views per day: traffic grows over the span, weekends are quieter, every day differs a bit;
    // the shares are rounded so the days add up to exactly `total`.
    const weights = Array.from({ length: span + 1 }, (_, d) => {
      const dow = new Date(firstDay + d * DAY_MS).getUTCDay();
      return (
        (0.6 + (0.8 * d) / span) * (dow === 0 || dow === 6 ? 0.65 : 1) * (0.85 + 0.3 * random())
      );
    });
    const sum = weights.reduce((a, b) => a + b, 0);
    const perDay = weights.map((w) => Math.floor((w / sum) * total));
    perDay[perDay.length - 1]! += total - perDay.reduce((a, b) => a + b, 0);
    const visitorsPerDay = Math.max(5, Math.round(total / (span + 1) / 3));
    await exec('ALTER TABLE page_views DISABLE TRIGGER page_views_rollup');
    const CHUNK = 1_000_000;
    let first = 0;
    for (let d = 0; d <= span;) {
      const days: string[] = [];
      let rows = 0;
      for (; d <= span && (rows === 0 || rows + perDay[d]! <= CHUNK); d++) {
        // Today's views stop at the current time.
        const length =
          d === span ? Math.max(60_000, now.getTime() - (firstDay + d * DAY_MS)) : DAY_MS;
        days.push(`(${firstDay + d * DAY_MS}, ${first + rows}, ${perDay[d]}, ${length})`);
        rows += perDay[d]!;
      }
      first += rows;
      await exec(`
        INSERT INTO page_views (viewed_at, path, source, referrer_host, country, device, visitor)
        SELECT at, (${`ARRAY[${PATHS.map(lit).join(', ')}]`})[1 + floor(${PATHS.length} * (r1 / 1000.0) ^ 2)::int],
               src,
               COALESCE((${`'${JSON.stringify(REFERRERS)}'`}::jsonb) ->> src, ''),
               ${pickCase('r3', COUNTRIES)},
               ${pickCase('r4', DEVICES)},
               left(md5(to_char(at, 'YYYY-MM-DD') || '-' || (r5 % ${visitorsPerDay})), 22)
          FROM (
            SELECT to_timestamp((day0 + (k - 0.5) * len / cnt) / 1000.0) AS at,
                   abs(hashtext('pv-a' || g)::bigint) % 1000 AS r1,
                   ${pickCase("abs(hashtext('pv-b' || g)::bigint) % 100", SOURCES)} AS src,
                   abs(hashtext('pv-c' || g)::bigint) % 100 AS r3,
                   abs(hashtext('pv-d' || g)::bigint) % 100 AS r4,
                   abs(hashtext('pv-e' || g)::bigint) AS r5
              FROM (VALUES ${days.join(', ')}) AS v(day0, first, cnt, len)
              CROSS JOIN LATERAL generate_series(1, cnt) AS k
              CROSS JOIN LATERAL (SELECT first + k AS g) AS gg) s`);
    }
    await exec('ALTER TABLE page_views ENABLE TRIGGER page_views_rollup');
    await rebuildPageViewRollups(exec);
  },
};

/** Sums page_views into the rollups from scratch (after a bulk load with the trigger off). */
export async function rebuildPageViewRollups(exec: (text: string) => Promise<unknown>) {
  await exec('DELETE FROM page_view_daily');
  await exec('DELETE FROM page_view_dims');
  await exec('DELETE FROM page_visitors_daily');
  await exec('DELETE FROM page_view_dims_monthly');
  await exec(`
    INSERT INTO page_view_daily (day, views, visitors)
    SELECT to_char(viewed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), COUNT(*), COUNT(DISTINCT visitor)
      FROM page_views GROUP BY 1`);
  for (const dim of ['path', 'source', 'country', 'device']) {
    await exec(`
      INSERT INTO page_view_dims (day, dim, key, views)
      SELECT to_char(viewed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), '${dim}', ${dim}, COUNT(*)
        FROM page_views GROUP BY 1, 3`);
  }
  await exec(`
    INSERT INTO page_view_dims_monthly (month, dim, key, views)
    SELECT left(day, 7), dim, key, sum(views) FROM page_view_dims GROUP BY 1, 2, 3`);
  // Today's visitors, so a visitor seen today before the load is not counted twice.
  await exec(`
    INSERT INTO page_visitors_daily (day, visitor)
    SELECT DISTINCT to_char(viewed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), visitor FROM page_views
     WHERE viewed_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`);
}
