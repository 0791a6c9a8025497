/**
 * What `npm run bench` measures for people (issue 4: median and p99 of GET /api/users on 100,000
 * people for the first page, a deep page, a search and a status filter). The runner calls
 * `prepareUserBench` once, signed in as the administrator, then each scenario many times.
 */
import { USER_LIST_MAX_OFFSET } from '@bo/contract/users';
import type { BenchScenario, JsonFetch } from '../../lib/bench.js';

export interface UserBenchContext {
  total: number;
  /**
   * A person deep in the list by name (as deep as a page number reaches, or the middle of a
   * smaller list): the deep page is the page after them (keyset, `after`), as the list's
   * next-page button reads it. Its cost does not depend on the depth.
   */
  deepAfter: string;
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
  const usersOf = (b: unknown) =>
    isObject(b) && Array.isArray(b.users) ? (b.users as Array<{ id: string; name: string }>) : [];
  // Newest people are in no name order: their surnames make varied searches.
  const recent = usersOf((await fetchJson('GET', '/api/users?sort=createdAt&limit=100')).body);
  const terms = new Set<string>();
  for (const u of recent.filter((_, i) => i % 5 === 0)) {
    const word = u.name.split(/\s+/).at(-1);
    if (word && word.length >= 3) terms.add(word.toLowerCase());
  }
  const depth = Math.min(USER_LIST_MAX_OFFSET, Math.floor(total / 2));
  const deep = usersOf(
    (await fetchJson('GET', `/api/users?sort=name&order=asc&limit=1&page=${depth + 1}`)).body,
  );
  return {
    total,
    deepAfter: deep[0]?.id ?? recent[0]!.id,
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
    name: 'users deep page (after a person 10,000 in by name)',
    method: 'GET',
    url: (ctx) => `/api/users?limit=${LIMIT}&sort=name&order=asc&after=${ctx.deepAfter}`,
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
