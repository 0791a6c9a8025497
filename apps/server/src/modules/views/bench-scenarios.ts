/**
 * What `npm run bench` measures for saved views: the list of one's views of the orders list, as
 * the list screen reads it when it opens.
 */
import { VIEWS_API } from '@bo/contract/views';
import type { BenchScenario, JsonFetch } from '../../lib/bench.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export async function prepareViewsBench(fetchJson: JsonFetch): Promise<null> {
  // A handful of views for the list to show (the bench's store may hold none).
  for (const status of ['pending', 'completed', 'cancelled']) {
    const made = await fetchJson('POST', VIEWS_API.views, {
      list: 'orders',
      name: `bench ${status} ${Date.now()}`,
      state: { filters: { status }, sort: { field: 'createdAt', order: 'desc' } },
    });
    if (made.status !== 201) throw new Error(`view creation answered ${made.status}`);
  }
  return null;
}

export const viewScenarios: BenchScenario<null>[] = [
  {
    name: 'my saved views of the orders list',
    method: 'GET',
    url: () => `${VIEWS_API.views}?list=orders`,
    expectedStatus: 200,
    check: (b) => isObject(b) && Array.isArray(b.views) && b.views.length > 0,
    maxGzipBytes: 8 * 1024,
  },
];
