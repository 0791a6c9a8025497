/**
 * What `npm run bench` asks of each area: the runner (bench/run.ts) imports every
 * modules/<area>/bench-scenarios.ts, calls its `prepare…` once (signed in as the administrator)
 * and then each scenario many times, timing every call. A scenario marked `asPeople` runs as many
 * different people instead, each connection signed in as its own person on their own data: the
 * area then also exports a `preparePerson…` function, called once per person with that person's
 * fetch, whose answer is the context that person's calls get. The areas share these types, so
 * they live below the modules rather than in one of them.
 */
export type JsonFetch = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body?: unknown,
) => Promise<{ status: number; body: unknown }>;

export interface BenchScenario<C> {
  name: string;
  method: 'GET' | 'POST';
  /** `i` is the call's index, so scenarios can spread calls over several records. */
  url: (ctx: C, i: number) => string;
  body?: (ctx: C, i: number) => unknown;
  expectedStatus: number;
  /** True when the answer has the shape the spec's call promises. */
  check: (body: unknown) => boolean;
  /**
   * The most a read's answer may weigh, gzipped, in bytes (the bench prints each answer's size
   * against it); DEFAULT_ANSWER_BUDGET when not set.
   */
  maxGzipBytes?: number;
  /**
   * Run as `BENCH_PEOPLE` (50) different people, connection k signed in as person k, `url` called
   * with that person's context (the area's `preparePerson…`): real use, where every reader asks
   * for their own data, rather than one person's answers served again and again.
   */
  asPeople?: boolean;
}

/** How many different people the `asPeople` scenarios sign in as. */
export const BENCH_PEOPLE = 50;

/** What a read's answer may weigh gzipped unless its scenario says otherwise: 32 KiB. */
export const DEFAULT_ANSWER_BUDGET = 32 * 1024;
