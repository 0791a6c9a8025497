import { apiPath } from './api-path';

// Kept apart from the zod schemas so the web app can import them without bundling zod.

export const ORDERS_API = {
  list: '/api/orders',
  one: apiPath('/api/orders/:id'),
  discount: '/api/orders/discount-codes/check',
  /** A draft invoice made from the order (its lines, customer and address); the invoices area serves it. */
  invoice: apiPath('/api/orders/:id/invoice'),
  /** The list's current filter, every page of it, as a file: `?format=csv&status=completed`. */
  export: '/api/orders/export',
  /** Several orders to one status in one request: those that cannot are named with the reason. */
  bulkStatus: '/api/orders/bulk-status',
} as const;

/** Orders one bulk action takes at most (a list's page at its largest). */
export const ORDER_BULK_MAX = 100;

/** Orders one export holds at most; a larger filter is refused, naming the count. */
export const ORDER_EXPORT_MAX = 10_000;

export const ORDER_STATUSES = ['pending', 'completed', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Statuses that hold stock; moving from one of these to a releasing one returns the stock once. */
export const STOCK_HOLDING_STATUSES: readonly OrderStatus[] = ['pending', 'completed'];
/** Allowed moves; cancelled and refunded are final so stock can never be returned twice. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['completed', 'cancelled', 'refunded'],
  completed: ['refunded', 'cancelled'],
  cancelled: [],
  refunded: [],
};

/** Delivery options and their price in cents: the server's table, shown by the web. */
export const DELIVERY_OPTIONS = [
  { value: 'standard', priceCents: 0, days: '5-7' },
  { value: 'express', priceCents: 1000, days: '1-2' },
] as const;
export const DELIVERY_VALUES = ['standard', 'express'] as const;
export type Delivery = (typeof DELIVERY_VALUES)[number];
export const PAYMENT_METHODS = ['paypal', 'card', 'cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const MAX_ORDER_LINES = 50;
