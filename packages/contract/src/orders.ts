import { z } from 'zod';
import { bulkAnswerWith, isoDay, listQuerySchema } from './common';
import {
  DELIVERY_VALUES,
  MAX_ORDER_LINES,
  ORDER_BULK_MAX,
  ORDER_STATUSES,
  PAYMENT_METHODS,
} from './orders-constants';

export * from './orders-constants';

export const orderItemBodySchema = z.object({
  productId: z.string().uuid(),
  quantity: z.number().int().min(1).max(1000),
  colour: z.string().trim().max(20).optional(),
  size: z.string().trim().max(10).optional(),
});

export const billingSchema = z.object({
  name: z.string().trim().min(1).max(120),
  phone: z.string().trim().min(4).max(40),
  address: z.string().trim().min(3).max(300),
  email: z.string().trim().email().max(200).optional(),
  addressType: z.enum(['home', 'office']).default('home'),
});
export type Billing = z.infer<typeof billingSchema>;

export const createOrderBodySchema = z.object({
  items: z.array(orderItemBodySchema).min(1).max(MAX_ORDER_LINES),
  billing: billingSchema,
  delivery: z.enum(DELIVERY_VALUES),
  discountCode: z.string().trim().max(40).optional(),
  payment: z.enum(PAYMENT_METHODS),
});
export type CreateOrderBody = z.input<typeof createOrderBodySchema>;

export const orderItemSchema = z.object({
  id: z.string().uuid(),
  productId: z.string().uuid().nullable(),
  name: z.string(),
  sku: z.string(),
  cover: z.string().nullable(),
  price: z.number(),
  quantity: z.number().int(),
  colour: z.string().nullable(),
  size: z.string().nullable(),
});

export const orderSummarySchema = z.object({
  id: z.string().uuid(),
  number: z.number().int(),
  customerName: z.string(),
  customerEmail: z.string(),
  status: z.enum(ORDER_STATUSES),
  subtotal: z.number(),
  discount: z.number(),
  shipping: z.number(),
  taxes: z.number(),
  total: z.number(),
  itemsCount: z.number().int(),
  delivery: z.string(),
  payment: z.string(),
  discountCode: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;
export const orderSchema = orderSummarySchema.extend({
  billing: z.record(z.string(), z.string()),
  items: z.array(orderItemSchema),
  /** Invoices made from this order (cancelled ones too), oldest first; empty without invoices:read. */
  invoices: z.array(
    z.object({
      id: z.string().uuid(),
      /** INV-2026-00042; null while a draft. */
      invoiceNumber: z.string().nullable(),
      status: z.string(),
    }),
  ),
});
export type Order = z.infer<typeof orderSchema>;

export const orderAnswerSchema = z.object({ order: orderSchema });
export const ordersAnswerSchema = z.object({
  orders: z.array(orderSummarySchema),
  total: z.number().int(),
});

/**
 * How deep a page number may reach: `(page - 1) × limit` up to this many rows. Beyond it the list
 * answers 400 on `page` and the next pages are read with `after` (see docs/decisions/005).
 */
export const ORDER_LIST_MAX_OFFSET = 10_000;

export const orderListQuerySchema = listQuerySchema.extend({
  sort: z.enum(['createdAt', 'total', 'number']).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  status: z.enum(ORDER_STATUSES).optional(),
  /** Inclusive days (UTC), YYYY-MM-DD. */
  from: isoDay.optional(),
  to: isoDay.optional(),
  /**
   * Keyset paging: the id of the last order of the page before; the answer is the `limit` orders
   * right after it in the same sort, at any depth, and `page` skips nothing. `before` (the first
   * order of the page after) goes back the same way.
   */
  after: z.string().uuid().optional(),
  before: z.string().uuid().optional(),
});
export type OrderListQuery = z.input<typeof orderListQuerySchema>;

/** An export: the list's filters and sort, every page, as CSV or an Excel workbook. */
export const orderExportQuerySchema = orderListQuerySchema
  .pick({ sort: true, order: true, status: true, from: true, to: true, q: true })
  .extend({ format: z.enum(['csv', 'xlsx']).default('csv') });
export type OrderExportQuery = z.input<typeof orderExportQuerySchema>;

export const orderStatusBodySchema = z.object({ status: z.enum(ORDER_STATUSES) });

export const orderBulkStatusBodySchema = z.object({
  ids: z.array(z.string().uuid()).min(1).max(ORDER_BULK_MAX),
  status: z.enum(ORDER_STATUSES),
});
export type OrderBulkStatusBody = z.input<typeof orderBulkStatusBodySchema>;
/**
 * What a bulk change did: the orders now in the status (those already in it count as changed),
 * and those refused, each with its number and why (`invalid_transition`, `not_found`).
 */
export const orderBulkStatusAnswerSchema = bulkAnswerWith({ number: z.number().int().nullable() });
export type OrderBulkStatusAnswer = z.infer<typeof orderBulkStatusAnswerSchema>;

export const discountCheckQuerySchema = z.object({ code: z.string().trim().min(1).max(40) });
export const discountCheckAnswerSchema = z.object({
  discount: z.object({
    code: z.string(),
    percent: z.number().nullable(),
    amount: z.number().nullable(),
  }),
});
