/**
 * What `npm run bench` measures for Administration → Invitations: the pending list, as the
 * screen opens it.
 */
import { INVITATIONS_API } from '@bo/contract/invitations';
import type { BenchScenario, JsonFetch } from '../../lib/bench.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export async function prepareInvitationsBench(fetchJson: JsonFetch): Promise<null> {
  const list = await fetchJson('GET', INVITATIONS_API.list);
  if (list.status !== 200) throw new Error(`invitations list answered ${list.status}`);
  return null;
}

export const invitationScenarios: BenchScenario<null>[] = [
  {
    name: 'pending invitations (Administration → Invitations)',
    method: 'GET',
    url: () => INVITATIONS_API.list,
    expectedStatus: 200,
    check: (b) => isObject(b) && Array.isArray(b.invitations),
    maxGzipBytes: 32 * 1024,
  },
];
