/**
 * What `npm run bench` measures for the header's search: an order by its number (the unique
 * index) and words of people's and products' names (the trigram indexes of every kind at once),
 * signed in as the administrator, who may open every kind.
 */
import type { BenchScenario, JsonFetch } from '../../lib/bench.js';

export interface SearchBenchContext {
  numbers: number[];
  words: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isResults = (b: unknown) =>
  isObject(b) &&
  Array.isArray(b.results) &&
  b.results.every((r) => isObject(r) && typeof r.link === 'string' && typeof r.type === 'string');

export async function prepareSearchBench(fetchJson: JsonFetch): Promise<SearchBenchContext> {
  const orders = await fetchJson('GET', '/api/orders?limit=50');
  const people = await fetchJson('GET', '/api/users?limit=50');
  const numbers =
    isObject(orders.body) && Array.isArray(orders.body.orders)
      ? (orders.body.orders as Array<{ number: number }>).map((o) => o.number)
      : [];
  const words =
    isObject(people.body) && Array.isArray(people.body.users)
      ? (people.body.users as Array<{ lastName: string }>)
          .map((u) => u.lastName.toLowerCase())
          .filter((w) => w.length >= 3)
      : [];
  if (!numbers.length || !words.length) throw new Error('no orders or people to search for');
  return { numbers, words };
}

export const searchScenarios: BenchScenario<SearchBenchContext>[] = [
  {
    name: 'search: an order by its number',
    method: 'GET',
    url: (ctx, i) => `/api/search?q=%23${ctx.numbers[i % ctx.numbers.length]}`,
    expectedStatus: 200,
    check: isResults,
  },
  {
    name: 'search: a word, over every kind of record',
    method: 'GET',
    url: (ctx, i) => `/api/search?q=${encodeURIComponent(ctx.words[i % ctx.words.length]!)}`,
    expectedStatus: 200,
    check: isResults,
  },
];
