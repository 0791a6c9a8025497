import type { BenchScenario, JsonFetch } from '../../lib/bench.js';

/** What `npm run bench` measures for the catalogue. */
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
