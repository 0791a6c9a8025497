/**
 * What `npm run bench` measures for API tokens: Administration → Tokens' list (every token with
 * its owner) and one's own list, as the screens read them.
 */
import { TOKENS_API } from '@bo/contract/tokens';
import type { BenchScenario, JsonFetch } from '../../lib/bench.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export async function prepareTokensBench(fetchJson: JsonFetch): Promise<null> {
  // A few tokens for the lists to show (the bench's store may hold none).
  for (const name of ['bench reader', 'bench sync']) {
    const made = await fetchJson('POST', TOKENS_API.mine, {
      name,
      permissions: ['orders:read'],
      expiresAt: null,
    });
    if (made.status !== 201) throw new Error(`token creation answered ${made.status}`);
  }
  return null;
}

export const tokenScenarios: BenchScenario<null>[] = [
  {
    name: 'every API token (Administration → Tokens)',
    method: 'GET',
    url: () => TOKENS_API.all,
    expectedStatus: 200,
    check: (b) => isObject(b) && Array.isArray(b.tokens) && b.tokens.length > 0,
    maxGzipBytes: 16 * 1024,
  },
  {
    name: 'my API tokens (Account → API tokens)',
    method: 'GET',
    url: () => TOKENS_API.mine,
    expectedStatus: 200,
    check: (b) => isObject(b) && Array.isArray(b.tokens),
    maxGzipBytes: 8 * 1024,
  },
];
