/**
 * What `npm run bench` measures for people (issue 4: median and p99 of GET /api/users on 100,000
 * people for the first page, a deep page, a search and a status filter). The runner calls
 * `prepareUserBench` once, signed in as the administrator, then each scenario many times.
 */
import type { BenchScenario, JsonFetch } from '../products/bench-scenarios.js';

export interface UserBenchContext {
  total: number;
  /**
   * The middle page: the list reads deep pages from whichever end is nearer, so the middle is
   * the costliest page there is, and the honest one to measure.
   */
  deepPage: number;
  /** Words taken from real names and companies spread over the list, so searches vary. */
  searchTerms: string[];
}

const LIMIT = 25;
const STATUSES = ['active', 'pending', 'banned', 'rejected'] as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

const isUserList = (b: unknown): boolean =>
  isObject(b) &&
  Array.isArray(b.users) &&
  typeof b.total === 'number' &&
  isObject(b.counts) &&
  typeof b.counts.all === 'number' &&
  b.users.every(
    (u) =>
      isObject(u) &&
      typeof u.id === 'string' &&
      typeof u.slug === 'string' &&
      !('passwordHash' in u),
  );

export async function prepareUserBench(fetchJson: JsonFetch): Promise<UserBenchContext> {
  const first = await fetchJson('GET', `/api/users?limit=1`);
  const total = isObject(first.body) && typeof first.body.total === 'number' ? first.body.total : 0;
  if (total < 2) throw new Error('no people: seed the large data set first');
  const pages = Math.ceil(total / 100);
  const terms = new Set<string>();
  for (const fraction of [0.1, 0.35, 0.6, 0.85]) {
    const page = Math.max(1, Math.floor(pages * fraction));
    const res = await fetchJson('GET', `/api/users?sort=name&order=asc&limit=100&page=${page}`);
    const list =
      isObject(res.body) && Array.isArray(res.body.users)
        ? (res.body.users as Array<{ name: string }>)
        : [];
    for (const u of list.slice(0, 5)) {
      const word = u.name.split(/\s+/).at(-1);
      if (word && word.length >= 3) terms.add(word.toLowerCase());
    }
  }
  return {
    total,
    deepPage: Math.max(1, Math.ceil(total / LIMIT / 2)),
    searchTerms: terms.size ? [...terms] : ['smith'],
  };
}

export const userScenarios: BenchScenario<UserBenchContext>[] = [
  {
    name: 'users first page (newest first, with tab counts)',
    method: 'GET',
    url: () => `/api/users?page=1&limit=${LIMIT}`,
    expectedStatus: 200,
    check: isUserList,
  },
  {
    name: 'users deep page (middle of the list by name)',
    method: 'GET',
    url: (ctx) => `/api/users?page=${ctx.deepPage}&limit=${LIMIT}&sort=name&order=asc`,
    expectedStatus: 200,
    check: isUserList,
  },
  {
    name: 'users search (name, email, company)',
    method: 'GET',
    url: (ctx, i) =>
      `/api/users?page=1&limit=${LIMIT}&q=${encodeURIComponent(ctx.searchTerms[i % ctx.searchTerms.length]!)}`,
    expectedStatus: 200,
    check: isUserList,
  },
  {
    name: 'users status filter (one tab, sorted by name)',
    method: 'GET',
    url: (_ctx, i) =>
      `/api/users?page=1&limit=${LIMIT}&status=${STATUSES[i % STATUSES.length]}&sort=name&order=asc`,
    expectedStatus: 200,
    check: isUserList,
  },
];
