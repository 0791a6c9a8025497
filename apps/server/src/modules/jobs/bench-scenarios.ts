/**
 * What `npm run bench` measures for the job queue's screen: the summary (counts per kind and
 * state over the queue and its archive) and the failed jobs' list, as Administration → Jobs
 * polls them every five seconds.
 */
import { JOBS_API } from '@bo/contract/jobs';
import type { BenchScenario, JsonFetch } from '../../lib/bench.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export async function prepareJobsBench(fetchJson: JsonFetch): Promise<null> {
  const summary = await fetchJson('GET', JOBS_API.summary);
  if (summary.status !== 200) throw new Error(`jobs summary answered ${summary.status}`);
  return null;
}

export const jobScenarios: BenchScenario<null>[] = [
  {
    name: 'jobs summary (Administration → Jobs)',
    method: 'GET',
    url: () => JOBS_API.summary,
    expectedStatus: 200,
    check: (b) => isObject(b) && Array.isArray(b.kinds) && b.kinds.length > 0,
    maxGzipBytes: 2 * 1024,
  },
  {
    name: 'failed jobs list',
    method: 'GET',
    url: () => `${JOBS_API.list}?state=failed&limit=25`,
    expectedStatus: 200,
    check: (b) => isObject(b) && Array.isArray(b.jobs),
    maxGzipBytes: 16 * 1024,
  },
];
