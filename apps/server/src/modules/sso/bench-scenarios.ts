/**
 * What `npm run bench` measures for single sign-on: the providers list every sign-in page asks
 * for (public, no database call), and Administration → Single sign-on's table. The round trip
 * itself needs a provider and is not measured.
 */
import { SSO_API } from '@bo/contract/sso-paths';
import type { BenchScenario, JsonFetch } from '../../lib/bench.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export async function prepareSsoBench(fetchJson: JsonFetch): Promise<null> {
  const list = await fetchJson('GET', SSO_API.providers);
  if (list.status !== 200) throw new Error(`sso providers answered ${list.status}`);
  return null;
}

export const ssoScenarios: BenchScenario<null>[] = [
  {
    name: 'single sign-on providers (sign-in page)',
    method: 'GET',
    url: () => SSO_API.providers,
    expectedStatus: 200,
    check: (b) => isObject(b) && Array.isArray(b.providers),
    maxGzipBytes: 1024,
  },
  {
    name: 'single sign-on role mappings (Administration → Single sign-on)',
    method: 'GET',
    url: () => SSO_API.mappings,
    expectedStatus: 200,
    check: (b) => isObject(b) && Array.isArray(b.mappings),
    maxGzipBytes: 8 * 1024,
  },
];
