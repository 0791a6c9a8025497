/**
 * What `npm run bench` measures for the catalogue. The bench runner calls `prepare` once (signed in
 * as the administrator) and then each scenario many times, timing every call.
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
}

/** What a read's answer may weigh gzipped unless its scenario says otherwise: 32 KiB. */
export const DEFAULT_ANSWER_BUDGET = 32 * 1024;

export interface ProductBenchContext {
  slugs: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export async function prepareProductBench(fetchJson: JsonFetch): Promise<ProductBenchContext> {
  const res = await fetchJson('GET', '/api/products?sort=newest&limit=100');
  const list =
    isObject(res.body) && Array.isArray(res.body.products)
      ? (res.body.products as Array<{ slug: string }>)
      : [];
  if (!list.length) throw new Error('no products: seed the large data set first');
  return { slugs: list.map((p) => p.slug) };
}

const CATEGORIES = ['shoes', 'apparel', 'accessories'];

export const productScenarios: BenchScenario<ProductBenchContext>[] = [
  {
    name: 'shop first page, filtered (category + gender) and sorted (price high–low)',
    method: 'GET',
    url: (_ctx, i) =>
      `/api/products?page=1&limit=24&category=${CATEGORIES[i % CATEGORIES.length]}&gender=women&sort=priceDesc`,
    expectedStatus: 200,
    check: (b) => isObject(b) && Array.isArray(b.products) && typeof b.total === 'number',
  },
  {
    name: 'shop first page, newest in a category',
    method: 'GET',
    url: (_ctx, i) =>
      `/api/products?page=1&limit=24&category=${CATEGORIES[i % CATEGORIES.length]}&sort=newest`,
    expectedStatus: 200,
    check: (b) => isObject(b) && Array.isArray(b.products) && typeof b.total === 'number',
  },
  {
    name: 'product by slug',
    method: 'GET',
    url: (ctx, i) =>
      `/api/products/product?name=${encodeURIComponent(ctx.slugs[i % ctx.slugs.length]!)}`,
    expectedStatus: 200,
    check: (b) => isObject(b) && isObject(b.product) && typeof b.product.slug === 'string',
  },
];
