import type { BenchScenario, JsonFetch } from '../../lib/bench.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isLog = (b: unknown) => isObject(b) && Array.isArray(b.views) && 'nextCursor' in b;

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export interface AnalyticsBenchContext {
  from: string;
  to: string;
  /** The dashboard's top pages over the 30 days (the rows a manager clicks). */
  paths: string[];
}

export async function prepareAnalyticsBench(fetchJson: JsonFetch): Promise<AnalyticsBenchContext> {
  const from = day(-29);
  const to = day(0);
  const res = await fetchJson('GET', `/api/dashboards/analytics?from=${from}&to=${to}`);
  const tables =
    isObject(res.body) && isObject(res.body.dashboard) && Array.isArray(res.body.dashboard.tables)
      ? (res.body.dashboard.tables as Array<{ id: string; rows: Array<{ id: string }> }>)
      : [];
  const paths = tables.find((t) => t.id === 'topPages')?.rows.map((r) => r.id) ?? [];
  if (!paths.length) throw new Error('no page views in the last 30 days');
  return { from, to, paths };
}

/** The views behind the analytics dashboard, as its cards and top pages link to them. */
export const analyticsScenarios: BenchScenario<AnalyticsBenchContext>[] = [
  {
    name: 'page views log, first page of 30 days',
    method: 'GET',
    url: (ctx) => `/api/analytics/views?from=${ctx.from}&to=${ctx.to}`,
    expectedStatus: 200,
    check: isLog,
  },
  {
    name: "page views log, one top page's views over 30 days",
    method: 'GET',
    url: (ctx, i) =>
      `/api/analytics/views?from=${ctx.from}&to=${ctx.to}&path=${encodeURIComponent(ctx.paths[i % ctx.paths.length]!)}`,
    expectedStatus: 200,
    check: isLog,
  },
  {
    name: 'page views log, one device and source over 30 days',
    method: 'GET',
    url: (ctx) => `/api/analytics/views?from=${ctx.from}&to=${ctx.to}&device=tablet&source=social`,
    expectedStatus: 200,
    check: isLog,
  },
];
