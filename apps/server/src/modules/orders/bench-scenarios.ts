import { ORDERS_API } from '@bo/contract/orders';
import type { BenchScenario, JsonFetch } from '../../lib/bench.js';

export interface OrderBenchContext {
  /** In-stock products with the most stock, so creation runs long before anything sells out. */
  productIds: string[];
  /**
   * An order ~50,000 in (newest first): the deep page is the page after it (keyset, `after`),
   * as the list's next-page button reads it; numbered pages stop at 10,000 rows in.
   */
  deepAfter: string;
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
  const first =
    isObject(orders.body) && Array.isArray(orders.body.orders)
      ? (orders.body.orders as Array<{ id: string; number: number }>)[0]
      : undefined;
  const total =
    isObject(orders.body) && typeof orders.body.total === 'number' ? orders.body.total : 0;
  if (!first) throw new Error('no orders: seed the large data set first');
  // Numbers grow with time, so the order numbered 50,000 below the newest is ~50,000 in.
  const depth = Math.min(50_000, Math.floor(total / 2));
  const deep = await fetchJson('GET', `/api/orders?limit=1&q=${first.number - depth}`);
  const found =
    isObject(deep.body) && Array.isArray(deep.body.orders)
      ? (deep.body.orders as Array<{ id: string }>)[0]
      : undefined;
  return { productIds: list.map((p) => p.id), deepAfter: found?.id ?? first.id };
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
    url: (ctx) => `/api/orders?limit=25&after=${ctx.deepAfter}`,
    expectedStatus: 200,
    check: isList,
  },
  {
    name: 'order creation (1 item, stock taken in one transaction)',
    method: 'POST',
    url: () => ORDERS_API.list,
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
