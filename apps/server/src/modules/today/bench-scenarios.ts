/**
 * What `npm run bench` measures for the "Today" home: the one call every sign-in lands on, for
 * the administrator (every section answered), over the administrator's local day.
 */
import { TODAY_API } from '@bo/contract/today';
import type { BenchScenario, JsonFetch } from '../../lib/bench.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

type Ctx = { query: string };

export async function prepareTodayBench(fetchJson: JsonFetch): Promise<Ctx> {
  const from = new Date();
  from.setUTCHours(0, 0, 0, 0);
  const to = new Date(from.getTime() + 86_400_000);
  const query = `from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;
  const first = await fetchJson('GET', `${TODAY_API.today}?${query}`);
  if (first.status !== 200) throw new Error(`today answered ${first.status}`);
  return { query };
}

export const todayScenarios: BenchScenario<Ctx>[] = [
  {
    name: 'today (the home every sign-in lands on)',
    method: 'GET',
    url: (ctx) => `${TODAY_API.today}?${ctx.query}`,
    expectedStatus: 200,
    check: (b) =>
      isObject(b) && isObject(b.notifications) && isObject(b.mail) && isObject(b.kanban),
    maxGzipBytes: 8 * 1024,
  },
];
