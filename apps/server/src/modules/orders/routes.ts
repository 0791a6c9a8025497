import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { idParamsSchema } from '@bo/contract/common';
import { DASHBOARD_EVENTS } from '@bo/contract/dashboards';
import { exportAnswerSchema } from '@bo/contract/exports';
import {
  ORDERS_API,
  ORDER_EXPORT_MAX,
  ORDER_TRANSITIONS,
  STOCK_HOLDING_STATUSES,
  createOrderBodySchema,
  discountCheckAnswerSchema,
  discountCheckQuerySchema,
  orderAnswerSchema,
  orderBulkStatusAnswerSchema,
  orderBulkStatusBodySchema,
  orderExportQuerySchema,
  orderListQuerySchema,
  orderStatusBodySchema,
  ordersAnswerSchema,
  type Order,
} from '@bo/contract/orders';
import { orders as ordersTable } from '../../db/schema/commerce.js';
import { SERVICE_ACTOR_ID, audit } from '../../lib/audit.js';
import { toCsv } from '../../lib/csv.js';
import {
  orderCsvValues,
  orderExportColumns,
  orderSheetValues,
  ordersExportSource,
} from './export.js';
import { CSV_TYPE, XLSX_TYPE, xlsxBuffer } from '../../lib/export-writer.js';
import { defineExportSource, exportLang, queueExport } from '../../lib/exports.js';
import { HttpError, fieldError, notFound } from '../../lib/http-error.js';
import { errorResponses, mediaAnswer, withExample } from '../../lib/route-schemas.js';
import { requireAuth, type AuthContext } from '../../plugins/auth.js';
import { toCents } from '../../lib/money.js';
import { emitWebhookEvent } from '../../lib/webhooks.js';
import {
  alreadyRedeemed,
  changeOrderStatus,
  countOrdersUpTo,
  createOrder,
  discountFor,
  exportOrderRows,
  getOrder,
  listOrders,
} from './queries.js';

/** Discount code checks one person may make in 15 minutes. */
const DISCOUNT_CHECKS_PER_WINDOW = 20;

/** What order answers read; searches find customers in order_customers. */
const ORDER_TABLES = ['orders', 'order_items', 'order_daily_stats', 'order_customers'];

/** One order also lists the invoices made from it. */
const ORDER_ONE_TABLES = [...ORDER_TABLES, 'invoices'];

/** The invoices made from an order are shown to those who may read invoices. */
const visible = (auth: AuthContext, order: Order): Order =>
  auth.permissions.has('invoices:read') ? order : { ...order, invoices: [] };

/** Staff who manage orders see everyone's (one answer per role); others their own. */
const ownOrAll = (auth: AuthContext) => (auth.permissions.has('orders:write') ? 'role' : 'user');

export async function orderRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, limiter, events } = app.services;
  defineExportSource('orders', ordersExportSource);
  /** Dashboards showing orders refetch on this (it says only which day's figures moved). */
  const ordersChanged = (createdAt: string) =>
    events.publish({
      type: DASHBOARD_EVENTS.ordersChanged,
      audience: 'all',
      payload: { day: createdAt.slice(0, 10) },
    });

  app.post(
    ORDERS_API.list,
    {
      config: { permission: 'orders:create' },
      schema: {
        operationId: 'createOrder',
        tags: ['orders'],
        summary: 'Place an order: totals computed here, stock taken in the same transaction',
        body: withExample(createOrderBodySchema, {
          items: [{ productId: '9b2f4c1e-3d5a-4e6f-8a7b-1c2d3e4f5a6b', quantity: 2, size: 'M' }],
          billing: {
            name: 'Jayvion Simon',
            phone: '+33 1 23 45 67 89',
            address: '19 rue de la Paix, 75002 Paris',
            email: 'jayvion.simon@acme.test',
          },
          delivery: 'standard',
          payment: 'card',
        }),
        response: { 201: orderAnswerSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const order = await createOrder(db, request.body, { userId: auth.userId, email: auth.email });
      await audit(db, request, {
        actorId: auth.userId,
        action: 'order.create',
        targetId: order.id,
        meta: { number: order.number },
      });
      await ordersChanged(order.createdAt);
      await emitWebhookEvent(app, 'order.created', { order });
      reply.status(201);
      return { order };
    },
  );

  app.get(
    ORDERS_API.discount,
    {
      config: { permission: 'orders:create' },
      schema: {
        operationId: 'checkDiscountCode',
        tags: ['orders'],
        summary: 'Check a discount code before placing the order',
        querystring: discountCheckQuerySchema,
        response: { 200: discountCheckAnswerSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      // Guessing codes is slow: a window per person.
      const key = `discount:${auth.userId}`;
      const window = { limit: DISCOUNT_CHECKS_PER_WINDOW, seconds: 15 * 60 };
      await limiter.check([key], window);
      await limiter.hit(key, window);
      const found = await discountFor(db, request.query.code);
      if (!found)
        throw fieldError('code', 'invalid_discount_code', 'This discount code is not valid');
      if (await alreadyRedeemed(db, found.code, auth.userId)) {
        throw fieldError('code', 'discount_code_used', 'You have already used this code');
      }
      return {
        discount: {
          code: found.code,
          percent: found.percent,
          amount: found.amount === null ? null : toCents(found.amount) / 100,
        },
      };
    },
  );

  app.get(
    ORDERS_API.list,
    {
      config: { permission: 'orders:read', cache: { tables: ORDER_TABLES, scope: ownOrAll } },
      schema: {
        operationId: 'listOrders',
        tags: ['orders'],
        summary:
          'Orders, paged, filtered by status and days, searched by customer or number (own orders only without orders:write)',
        querystring: orderListQuerySchema,
        response: { 200: ordersAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      // Staff who manage orders see all of them; everyone else sees the orders they placed.
      const ownerId = auth.permissions.has('orders:write') ? undefined : auth.userId;
      return listOrders(db, request.query, ownerId);
    },
  );

  app.get(
    ORDERS_API.export,
    {
      config: { permission: 'orders:read' },
      schema: {
        operationId: 'exportOrders',
        tags: ['orders'],
        summary: `The list's filter, every page of it, as CSV or XLSX with headers in my language (own orders only without orders:write); above ${ORDER_EXPORT_MAX} orders (EXPORT_SYNC_MAX) it is written by a job: 202 and the export, found in My exports`,
        querystring: orderExportQuerySchema,
        response: {
          200: mediaAnswer(
            'text/csv',
            'The orders as CSV: a header line, ISO times, amounts with a decimal point',
          ),
          202: exportAnswerSchema,
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      // The rows the list shows this person: everyone's with orders:write, else their own.
      const ownerId = auth.permissions.has('orders:write') ? undefined : auth.userId;
      const syncMax = Math.min(
        app.services.config.exportSyncMax ?? ORDER_EXPORT_MAX,
        ORDER_EXPORT_MAX,
      );
      const lang = await exportLang(db, auth.userId, request.headers['accept-language']);
      // Counted first (up to the threshold only), so a large export reads no row here.
      if ((await countOrdersUpTo(db, request.query, ownerId, syncMax)) > syncMax) {
        // A service token belongs to no person, so it has no My exports to find a file in.
        if (auth.userId === SERVICE_ACTOR_ID)
          throw fieldError(
            'status',
            'export_too_large',
            `An export answered at once holds at most ${syncMax} orders: narrow the filter (status, days or search)`,
            400,
            { maximum: syncMax },
          );
        const { format, ...filter } = request.query;
        const record = await queueExport(app, request, {
          ownerId: auth.userId,
          list: 'orders',
          format,
          filter: Object.fromEntries(
            Object.entries(filter)
              .filter(([, v]) => v !== undefined && v !== '')
              .map(([k, v]) => [k, String(v)]),
          ),
          scope: ownerId ? 'own' : 'all',
          lang,
        });
        return reply.code(202).send({ export: record });
      }
      const rows = await exportOrderRows(db, request.query, ownerId, syncMax);
      await audit(db, request, {
        actorId: auth.userId,
        action: 'order.export',
        meta: { format: request.query.format, rows: rows.length, filter: request.query },
      });
      const columns = orderExportColumns(lang);
      if (request.query.format === 'xlsx') {
        reply.header('content-type', XLSX_TYPE);
        reply.header('content-disposition', 'attachment; filename="orders.xlsx"');
        return xlsxBuffer('Orders', columns, rows.map(orderSheetValues));
      }
      reply.header('content-type', CSV_TYPE);
      reply.header('content-disposition', 'attachment; filename="orders.csv"');
      return toCsv(
        columns.map((c) => c.header),
        rows.map(orderCsvValues),
      );
    },
  );

  app.get(
    ORDERS_API.one.pattern,
    {
      config: {
        permission: 'orders:read',
        cache: { tables: ORDER_ONE_TABLES, scope: ownOrAll },
      },
      schema: {
        operationId: 'getOrder',
        tags: ['orders'],
        summary: 'One order with its lines',
        params: idParamsSchema,
        response: { 200: orderAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const ownerId = auth.permissions.has('orders:write') ? undefined : auth.userId;
      const order = await getOrder(db, request.params.id, ownerId);
      if (!order) throw notFound('Order');
      return { order: visible(auth, order) };
    },
  );

  app.patch(
    ORDERS_API.one.pattern,
    {
      config: { permission: 'orders:write' },
      schema: {
        operationId: 'updateOrderStatus',
        tags: ['orders'],
        summary: 'Change the status; cancelling or refunding returns the stock once',
        params: idParamsSchema,
        body: orderStatusBodySchema,
        response: { 200: orderAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const order = await changeOrderStatus(
        db,
        request.params.id,
        request.body.status,
        ORDER_TRANSITIONS,
        STOCK_HOLDING_STATUSES,
        auth.userId,
      );
      if (!order) throw notFound('Order');
      await audit(db, request, {
        actorId: auth.userId,
        action: 'order.status',
        targetId: order.id,
        meta: { status: order.status },
      });
      await ordersChanged(order.createdAt);
      await emitWebhookEvent(app, 'order.updated', { order });
      return { order: visible(auth, order) };
    },
  );

  app.post(
    ORDERS_API.bulkStatus,
    {
      config: { permission: 'orders:write' },
      schema: {
        operationId: 'bulkUpdateOrderStatus',
        tags: ['orders'],
        summary:
          'Several orders to one status in one transaction; those that cannot move are named with the reason',
        body: orderBulkStatusBodySchema,
        response: { 200: orderBulkStatusAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { status } = request.body;
      const ids = [...new Set(request.body.ids)];
      const { changed, refused } = await db.transaction(async (tx) => {
        const done: Order[] = [];
        const no: Array<{ id: string; number: number | null; code: string; message: string }> = [];
        for (const id of ids) {
          // Each order in a savepoint of its own: a refused one leaves the others' changes.
          try {
            const order = await changeOrderStatus(
              tx,
              id,
              status,
              ORDER_TRANSITIONS,
              STOCK_HOLDING_STATUSES,
              auth.userId,
            );
            if (order) done.push(order);
            else no.push({ id, number: null, code: 'not_found', message: 'Order not found' });
          } catch (error) {
            if (!(error instanceof HttpError) || error.statusCode !== 409) throw error;
            const detail = error.details?.[0];
            const [row] = await tx
              .select({ number: ordersTable.number })
              .from(ordersTable)
              .where(eq(ordersTable.id, id));
            no.push({
              id,
              number: row?.number ?? null,
              code: detail?.code ?? 'conflict',
              message: detail?.message ?? error.message,
            });
          }
        }
        if (done.length)
          await audit(tx, request, {
            actorId: auth.userId,
            action: 'order.bulk_status',
            meta: {
              status,
              count: done.length,
              numbers: done.map((o) => o.number),
              refused: no.length,
            },
          });
        return { changed: done, refused: no };
      });
      for (const order of changed) {
        await ordersChanged(order.createdAt);
        await emitWebhookEvent(app, 'order.updated', { order });
      }
      return { changed: changed.map((o) => o.id), refused };
    },
  );
}
