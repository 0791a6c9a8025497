/**
 * What `npm run bench` measures for Administration → Webhooks: the list (each webhook with its last
 * delivery, one DISTINCT ON over the delivery log) as the screen reads it.
 */
import { WEBHOOKS_API } from '@bo/contract/webhooks';
import type { BenchScenario, JsonFetch } from '../../lib/bench.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export async function prepareWebhooksBench(fetchJson: JsonFetch): Promise<null> {
  const list = await fetchJson('GET', WEBHOOKS_API.list);
  if (list.status !== 200) throw new Error(`webhooks list answered ${list.status}`);
  return null;
}

export const webhookScenarios: BenchScenario<null>[] = [
  {
    name: 'webhooks list (Administration → Webhooks)',
    method: 'GET',
    url: () => WEBHOOKS_API.list,
    expectedStatus: 200,
    check: (b) => isObject(b) && Array.isArray(b.webhooks),
    maxGzipBytes: 8 * 1024,
  },
];
