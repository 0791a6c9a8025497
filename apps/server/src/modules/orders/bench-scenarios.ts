import type { BenchScenario, JsonFetch } from '../products/bench-scenarios.js';

export interface OrderBenchContext {
  /** In-stock products with the most stock, so creation runs long before anything sells out. */
  productIds: string[];
  /** A page deep in the list: ~50,000 orders in (page 2,000 of 25). */
  deepPage: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export async function prepareOrderBench(fetchJson: JsonFetch): Promise<OrderBenchContext> {
  const res = await fetchJson(
    'GET',
    // Only published products can be bought; the bench signs in as an admin, who sees all.
    '/api/products?stock=in_stock&published=true&sort=quantity&order=desc&limit=100',
  );
  const list =
    isObject(res.body) && Array.isArray(res.body.products)
      ? (res.body.products as Array<{ id: string }>)
      : [];
  if (!list.length) throw new Error('no product in stock: seed the large data set first');
  const orders = await fetchJson('GET', '/api/orders?limit=1');
  const total =
    isObject(orders.body) && typeof orders.body.total === 'number' ? orders.body.total : 0;
  return {
    productIds: list.map((p) => p.id),
    deepPage: Math.max(1, Math.min(2000, Math.floor(total / 25))),
  };
}

const isList = (b: unknown) =>
  isObject(b) && Array.isArray(b.orders) && typeof b.total === 'number';

export const orderScenarios: BenchScenario<OrderBenchContext>[] = [
  {
    name: 'order list first page',
    method: 'GET',
    url: () => '/api/orders?page=1&limit=25',
    expectedStatus: 200,
    check: isList,
  },
  {
    name: 'order list first page, status filter',
    method: 'GET',
    url: () => '/api/orders?page=1&limit=25&status=completed',
    expectedStatus: 200,
    check: isList,
  },
  {
    name: 'order list deep page',
    method: 'GET',
    url: (ctx) => `/api/orders?page=${ctx.deepPage}&limit=25`,
    expectedStatus: 200,
    check: isList,
  },
  {
    name: 'order creation (1 item, stock taken in one transaction)',
    method: 'POST',
    url: () => '/api/orders',
    body: (ctx, i) => ({
      items: [{ productId: ctx.productIds[i % ctx.productIds.length], quantity: 1 }],
      billing: { name: 'Bench Buyer', phone: '+1 555 0100', address: '1 Bench Street' },
      delivery: 'standard',
      payment: 'card',
    }),
    expectedStatus: 201,
    check: (b) => isObject(b) && isObject(b.order) && typeof b.order.total === 'number',
  },
];
