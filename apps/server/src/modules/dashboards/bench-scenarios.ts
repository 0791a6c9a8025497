import type { BenchScenario } from '../../lib/bench.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isDashboard = (b: unknown) =>
  isObject(b) &&
  isObject(b.dashboard) &&
  Array.isArray(b.dashboard.cards) &&
  b.dashboard.cards.length > 0 &&
  Array.isArray(b.dashboard.series);

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const NAMES = {
  app: 'app',
  ecommerce: 'e-commerce',
  analytics: 'analytics',
  banking: 'banking',
  booking: 'booking',
  file: 'file',
} as const;

/** The six dashboards over 30 days and 12 months ending today, as a manager opens them. */
export const dashboardScenarios: BenchScenario<null>[] = Object.entries(NAMES).flatMap(
  ([name, label]) => [
    {
      name: `${label} dashboard, 30 days against the previous 30`,
      method: 'GET' as const,
      url: () => `/api/dashboards/${name}?from=${day(-29)}&to=${day(0)}`,
      expectedStatus: 200,
      check: isDashboard,
    },
    {
      name: `${label} dashboard, 12 months against the previous 12`,
      method: 'GET' as const,
      url: () => `/api/dashboards/${name}?from=${day(-364)}&to=${day(0)}`,
      expectedStatus: 200,
      check: isDashboard,
    },
  ],
);
