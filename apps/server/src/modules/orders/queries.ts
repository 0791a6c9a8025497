import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  DELIVERY_OPTIONS,
  ORDER_LIST_MAX_OFFSET,
  ORDER_STATUSES,
  type CreateOrderBody,
  type Order,
  type OrderStatus,
  type OrderSummary,
  type orderListQuerySchema,
  type createOrderBodySchema,
} from '@bo/contract/orders';
import type { z } from 'zod';
import type { Executor, Tx } from '../../db/client.js';
import {
  discountCodes,
  discountRedemptions,
  orderCustomers,
  orderDailyStats,
  orderItems,
  orders,
  products,
} from '../../db/schema/commerce.js';
import { invoices } from '../../db/schema/billing.js';
import { HttpError, conflict, fieldError } from '../../lib/http-error.js';
import { notify } from '../../lib/notify.js';
import { escapeLike } from '../../lib/sql-like.js';
import { centsToDecimal, centsToNumber, toCents } from '../../lib/money.js';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;
type ListQuery = z.output<typeof orderListQuerySchema>;
type Body = z.output<typeof createOrderBodySchema>;

const money = (v: string) => centsToNumber(toCents(v));
const asStatus = (s: string): OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(s) ? (s as OrderStatus) : 'pending';

/** The columns an order's summary reads (not its billing address, owner or lines). */
const SUMMARY_COLUMNS = {
  id: orders.id,
  number: orders.number,
  customerName: orders.customerName,
  customerEmail: orders.customerEmail,
  status: orders.status,
  subtotal: orders.subtotal,
  discount: orders.discount,
  shipping: orders.shipping,
  taxes: orders.taxes,
  total: orders.total,
  itemsCount: orders.itemsCount,
  delivery: orders.delivery,
  payment: orders.payment,
  discountCode: orders.discountCode,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
};
type SummaryRow = Pick<OrderRow, keyof typeof SUMMARY_COLUMNS>;

export function toOrderSummary(row: SummaryRow): OrderSummary {
  return {
    id: row.id,
    number: row.number,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    status: asStatus(row.status),
    subtotal: money(row.subtotal),
    discount: money(row.discount),
    shipping: money(row.shipping),
    taxes: money(row.taxes),
    total: money(row.total),
    itemsCount: row.itemsCount,
    delivery: row.delivery,
    payment: row.payment,
    discountCode: row.discountCode,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toOrder(row: OrderRow, items: ItemRow[], made: Order['invoices'] = []): Order {
  return {
    ...toOrderSummary(row),
    billing: row.billing,
    invoices: made,
    items: items.map((i) => ({
      id: i.id,
      productId: i.productId,
      name: i.name,
      sku: i.sku,
      cover: i.cover,
      price: money(i.price),
      quantity: i.quantity,
      colour: i.colour,
      size: i.size,
    })),
  };
}

/** The invoices made from an order, oldest first. */
export async function orderInvoices(db: Executor, orderId: string): Promise<Order['invoices']> {
  return db
    .select({ id: invoices.id, invoiceNumber: invoices.invoiceNumber, status: invoices.status })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')))
    .orderBy(asc(invoices.createdAt), asc(invoices.id));
}

/** The UTC day an order counts on in order_daily_stats. */
export const statsDay = (d: Date) => d.toISOString().slice(0, 10);

/** Adds (or with sign -1 removes) one order to the day's aggregate of a status. */
export async function bumpDailyStats(
  tx: Tx,
  day: string,
  status: string,
  items: number,
  totalCents: number,
  sign: 1 | -1,
) {
  await tx
    .insert(orderDailyStats)
    .values({
      day,
      status,
      orders: sign,
      items: sign * items,
      revenue: centsToDecimal(sign * totalCents),
    })
    .onConflictDoUpdate({
      target: [orderDailyStats.day, orderDailyStats.status],
      set: {
        orders: sql`${orderDailyStats.orders} + ${sign}`,
        items: sql`${orderDailyStats.items} + ${sign * items}`,
        revenue: sql`${orderDailyStats.revenue} + ${centsToDecimal(sign * totalCents)}::numeric`,
      },
    });
}

export async function discountFor(db: Executor, code: string) {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(
      and(
        eq(sql`upper(${discountCodes.code})`, code.toUpperCase()),
        eq(discountCodes.active, true),
      ),
    );
  return row;
}

/** Whether this person already placed an order with this code (one use per person). */
export async function alreadyRedeemed(db: Executor, code: string, userId: string) {
  const rows = await db
    .select({ code: discountRedemptions.code })
    .from(discountRedemptions)
    .where(and(eq(discountRedemptions.code, code), eq(discountRedemptions.userId, userId)));
  return rows.length > 0;
}

/** The discount in cents a code gives on a subtotal; never more than the subtotal. */
export function discountCents(
  code: { percent: number | null; amount: string | null },
  subtotalCents: number,
): number {
  if (code.percent !== null)
    return Math.min(subtotalCents, Math.floor((subtotalCents * code.percent) / 100));
  if (code.amount !== null) return Math.min(subtotalCents, toCents(code.amount));
  return 0;
}

export interface OrderCustomer {
  userId: string;
  email: string;
}

/**
 * Creates the order: prices come from the catalogue (never the browser); stock is taken with a
 * conditional UPDATE per product inside the transaction, so two buyers can never both take the
 * last item — on PostgreSQL the row lock serialises them and the second sees the new quantity.
 */
export async function createOrder(
  db: Executor,
  body: Body,
  customer: OrderCustomer,
): Promise<Order> {
  const ids = [...new Set(body.items.map((i) => i.productId))];
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(products).where(inArray(products.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r]));
    body.items.forEach((item, index) => {
      const p = byId.get(item.productId);
      if (!p || !p.published)
        throw fieldError(
          `items.${index}.productId`,
          'product_not_found',
          'This product is not for sale',
          400,
        );
      if (item.colour && p.colors.length && !p.colors.includes(item.colour))
        throw fieldError(
          `items.${index}.colour`,
          'invalid_value',
          `"${p.name}" does not come in this colour`,
        );
      if (item.size && p.sizes.length && !p.sizes.includes(item.size))
        throw fieldError(
          `items.${index}.size`,
          'invalid_value',
          `"${p.name}" does not come in this size`,
        );
    });

    const wanted = new Map<string, number>();
    for (const item of body.items)
      wanted.set(item.productId, (wanted.get(item.productId) ?? 0) + item.quantity);
    // A fixed order (by id) so two orders for the same products never wait on each other in a cycle.
    for (const id of [...wanted.keys()].sort()) {
      const n = wanted.get(id)!;
      const taken = await tx
        .update(products)
        .set({
          quantity: sql`${products.quantity} - ${n}`,
          sold: sql`${products.sold} + ${n}`,
          updatedAt: new Date(),
        })
        .where(and(eq(products.id, id), gte(products.quantity, n)))
        .returning({ id: products.id });
      if (!taken.length) {
        const p = byId.get(id)!;
        const [now] = await tx
          .select({ quantity: products.quantity })
          .from(products)
          .where(eq(products.id, id));
        const index = body.items.findIndex((i) => i.productId === id);
        throw new HttpError(
          409,
          'OUT_OF_STOCK',
          `Not enough "${p.name}" in stock (available: ${now?.quantity ?? 0})`,
          [
            {
              field: `items.${index}.quantity`,
              code: 'insufficient_stock',
              message: `Not enough "${p.name}" in stock`,
              params: {
                productId: id,
                product: p.name,
                available: now?.quantity ?? 0,
                requested: n,
              },
            },
          ],
        );
      }
    }

    const unit = (id: string) => {
      const p = byId.get(id)!;
      return p.priceSale !== null ? toCents(p.priceSale) : toCents(p.price);
    };
    const subtotal = body.items.reduce((sum, i) => sum + unit(i.productId) * i.quantity, 0);
    let discount = 0;
    let code: string | null = null;
    if (body.discountCode) {
      const found = await discountFor(tx, body.discountCode);
      if (!found)
        throw fieldError(
          'discountCode',
          'invalid_discount_code',
          'This discount code is not valid',
        );
      discount = discountCents(found, subtotal);
      code = found.code;
      if (customer.userId && (await alreadyRedeemed(tx, code, customer.userId))) {
        throw fieldError('discountCode', 'discount_code_used', 'You have already used this code');
      }
    }
    const shipping = DELIVERY_OPTIONS.find((d) => d.value === body.delivery)?.priceCents ?? 0;
    const total = subtotal - discount + shipping;
    const itemsCount = body.items.reduce((sum, i) => sum + i.quantity, 0);
    const billing: Record<string, string> = {
      name: body.billing.name,
      phone: body.billing.phone,
      address: body.billing.address,
      addressType: body.billing.addressType,
      ...(body.billing.email ? { email: body.billing.email } : {}),
    };

    const [order] = await tx
      .insert(orders)
      .values({
        userId: customer.userId,
        customerName: body.billing.name,
        customerEmail: body.billing.email ?? customer.email,
        status: 'pending',
        subtotal: centsToDecimal(subtotal),
        discount: centsToDecimal(discount),
        shipping: centsToDecimal(shipping),
        taxes: '0',
        total: centsToDecimal(total),
        itemsCount,
        billing,
        delivery: body.delivery,
        payment: body.payment,
        discountCode: code,
      })
      .returning();
    // Before the lines: their triggers and the daily figures below update the day's rollup rows,
    // which every order of the day shares, and hold them until commit; storing one notification
    // per person who handles orders should not happen while the other orders wait.
    await notify(tx, {
      type: 'order.created',
      to: { permission: 'orders:write' },
      title: `#${order!.number}`,
      body: order!.customerName,
      link: `/dashboard/e-commerce/orders/${order!.id}`,
      recordId: order!.id,
      actorId: customer.userId,
    });
    const items = await tx
      .insert(orderItems)
      .values(
        body.items.map((i) => {
          const p = byId.get(i.productId)!;
          return {
            orderId: order!.id,
            productId: p.id,
            name: p.name,
            sku: p.sku,
            cover: p.images[0] ?? null,
            price: centsToDecimal(unit(p.id)),
            quantity: i.quantity,
            colour: i.colour ?? null,
            size: i.size ?? null,
          };
        }),
      )
      .returning();
    if (code && customer.userId) {
      // The primary key (code, person) makes a second use fail even if two orders race.
      const used = await tx
        .insert(discountRedemptions)
        .values({ code, userId: customer.userId, orderId: order!.id })
        .onConflictDoNothing()
        .returning({ code: discountRedemptions.code });
      if (!used.length) {
        throw fieldError('discountCode', 'discount_code_used', 'You have already used this code');
      }
    }
    await bumpDailyStats(tx, statsDay(order!.createdAt), 'pending', itemsCount, total, 1);
    return toOrder(order!, items);
  });
}

/** One order; with `ownerId`, only if that person placed it (people who may not see all orders). */
export async function getOrder(
  db: Executor,
  id: string,
  ownerId?: string,
): Promise<Order | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), ownerId ? eq(orders.userId, ownerId) : undefined));
  if (!row) return undefined;
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, id))
    .orderBy(asc(orderItems.name));
  return toOrder(row, items, await orderInvoices(db, id));
}

const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const nextDay = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

function orderFilters(q: ListQuery, ownerId?: string): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (ownerId) where.push(eq(orders.userId, ownerId));
  if (q.status) where.push(eq(orders.status, q.status));
  if (q.from) where.push(gte(orders.createdAt, dayStart(q.from)));
  if (q.to) where.push(lt(orders.createdAt, nextDay(q.to)));
  if (q.q) {
    const digits = q.q.replace(/^#/, '');
    if (/^\d{1,15}$/.test(digits)) where.push(eq(orders.number, Number(digits)));
    else {
      // The customers an order can be placed as are about one per person: they are matched in
      // order_customers (trigram index), and their orders read through orders_user_idx; orders
      // whose account was deleted (user_id null) are few and checked directly. The order's own
      // name and e-mail are then matched, so the answer is what the orders say.
      const pattern = `%${escapeLike(q.q.toLowerCase())}%`;
      where.push(
        sql`(${orders.userId} = ANY(ARRAY(SELECT ${orderCustomers.userId} FROM ${orderCustomers} WHERE lower(${orderCustomers.name} || ' ' || ${orderCustomers.email}) LIKE ${pattern})) OR ${orders.userId} IS NULL)`,
        sql`lower(${orders.customerName} || ' ' || ${orders.customerEmail}) LIKE ${pattern}`,
      );
    }
  }
  return where.length ? and(...where) : undefined;
}

/** Where a keyset page starts: the sort value and id of the order named by `after` / `before`. */
async function cursorOf(
  db: Executor,
  q: ListQuery,
  sortColumn: typeof orders.createdAt | typeof orders.total | typeof orders.number,
  ownerId?: string,
): Promise<SQL | undefined> {
  if (q.after && q.before)
    throw fieldError('before', 'invalid_value', 'Give either after or before, not both');
  const field = q.after ? 'after' : q.before ? 'before' : undefined;
  if (!field) return undefined;
  // Read as text, so a timestamp keeps its microseconds and a total its exact decimals.
  const [row] = await db
    .select({ value: sql<string>`${sortColumn}::text` })
    .from(orders)
    .where(and(eq(orders.id, q[field]!), ownerId ? eq(orders.userId, ownerId) : undefined));
  if (!row)
    throw fieldError(field, 'not_found', 'This order is not in the list: start again from page 1');
  // The page runs backwards from `before`; rows are put back in the asked order afterwards.
  const descending = (q.order !== 'asc') !== (field === 'before');
  const type =
    sortColumn === orders.createdAt
      ? 'timestamptz'
      : sortColumn === orders.total
        ? 'numeric'
        : 'int8';
  const value = sql`${row.value}::${sql.raw(type)}`;
  return descending
    ? sql`(${sortColumn}, ${orders.id}) < (${value}, ${q[field]}::uuid)`
    : sql`(${sortColumn}, ${orders.id}) > (${value}, ${q[field]}::uuid)`;
}

/**
 * The order list. Paging goes through the covering index first (ids only), so a deep page walks
 * index entries rather than whole rows; the total comes from order_daily_stats unless a search
 * is given, so no request counts a million rows. A page number reaches at most
 * ORDER_LIST_MAX_OFFSET rows in; past it, pages are read after (or before) a known order, which is
 * an index range of one page at any depth (docs/decisions/005).
 */
/** A page of orders; with `ownerId`, only that person's own orders. */
export async function listOrders(db: Executor, q: ListQuery, ownerId?: string) {
  const offset = (q.page - 1) * q.limit;
  if (!q.after && !q.before && offset > ORDER_LIST_MAX_OFFSET) {
    const maxPage = Math.floor(ORDER_LIST_MAX_OFFSET / q.limit) + 1;
    throw fieldError(
      'page',
      'too_big',
      `Pages by number go up to ${maxPage} at ${q.limit} a page; continue with after (the last order shown)`,
      400,
      { maximum: maxPage },
    );
  }
  const sortColumn =
    q.sort === 'total' ? orders.total : q.sort === 'number' ? orders.number : orders.createdAt;
  const cursor = await cursorOf(db, q, sortColumn, ownerId);
  const where = orderFilters(q, ownerId);
  const dir = q.order === 'asc' ? asc : desc;
  const scanDir = q.before ? (q.order === 'asc' ? desc : asc) : dir;
  const page = db
    .select({ id: orders.id })
    .from(orders)
    .where(cursor ? and(where, cursor) : where)
    .orderBy(scanDir(sortColumn), scanDir(orders.id))
    .limit(q.limit)
    .offset(cursor ? 0 : offset)
    .as('page');
  const rowsPromise = db
    .select({ order: orders })
    .from(page)
    .innerJoin(orders, eq(orders.id, page.id))
    .orderBy(dir(sortColumn), dir(orders.id));
  // The daily aggregates count everyone's orders; one person's (or a search) is counted directly.
  const totalPromise =
    q.q || ownerId
      ? db
          .select({ n: sql<number>`count(*)::int` })
          .from(orders)
          .where(where)
          .then((r) => Number(r[0]?.n ?? 0))
      : countFromStats(db, q);
  const [rows, total] = await Promise.all([rowsPromise, totalPromise]);
  return { orders: rows.map((r) => toOrderSummary(r.order)), total };
}

/**
 * Every order of a filter, in the list's sort, for an export: at most `max` (one more is read to
 * tell a larger filter, which the caller refuses).
 */
export async function exportOrderRows(
  db: Executor,
  q: Pick<ListQuery, 'sort' | 'order' | 'status' | 'from' | 'to' | 'q'>,
  ownerId: string | undefined,
  max: number,
): Promise<OrderSummary[]> {
  const sortColumn =
    q.sort === 'total' ? orders.total : q.sort === 'number' ? orders.number : orders.createdAt;
  const dir = q.order === 'asc' ? asc : desc;
  const rows = await db
    .select()
    .from(orders)
    .where(orderFilters(q as ListQuery, ownerId))
    .orderBy(dir(sortColumn), dir(orders.id))
    .limit(max + 1);
  return rows.map(toOrderSummary);
}

/** How many orders a filter holds, counted up to `max` + 1 only (is it more than `max`?). */
export async function countOrdersUpTo(
  db: Executor,
  q: Pick<ListQuery, 'status' | 'from' | 'to' | 'q'>,
  ownerId: string | undefined,
  max: number,
): Promise<number> {
  const capped = db
    .select({ id: orders.id })
    .from(orders)
    .where(orderFilters(q as ListQuery, ownerId))
    .limit(max + 1)
    .as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return Number(row?.n ?? 0);
}

/**
 * Every order of a filter, in the list's sort, page after page (for an export made as a job):
 * each page starts after the last row of the one before (keyset), so no page costs more than the
 * first and at most one page is in memory. The sort value is carried as text, so a time keeps its
 * microseconds and a total its exact decimals.
 */
export async function* orderExportPages(
  db: Executor,
  q: Pick<ListQuery, 'sort' | 'order' | 'status' | 'from' | 'to' | 'q'>,
  ownerId: string | undefined,
  pageSize: number,
  signal?: AbortSignal,
): AsyncGenerator<OrderSummary[]> {
  const sortColumn =
    q.sort === 'total' ? orders.total : q.sort === 'number' ? orders.number : orders.createdAt;
  const type =
    sortColumn === orders.createdAt
      ? 'timestamptz'
      : sortColumn === orders.total
        ? 'numeric'
        : 'int8';
  const descending = q.order !== 'asc';
  const dir = descending ? desc : asc;
  const where = orderFilters(q as ListQuery, ownerId);
  let last: { k: string; id: string } | undefined;
  for (;;) {
    signal?.throwIfAborted();
    const after = last
      ? descending
        ? sql`(${sortColumn}, ${orders.id}) < (${last.k}::${sql.raw(type)}, ${last.id}::uuid)`
        : sql`(${sortColumn}, ${orders.id}) > (${last.k}::${sql.raw(type)}, ${last.id}::uuid)`
      : undefined;
    // Only the summary's columns: on the embedded store, reading a row's every column (its
    // billing address as JSON) costs three times the time of the export.
    const page = await db
      .select({ ...SUMMARY_COLUMNS, k: sql<string>`${sortColumn}::text` })
      .from(orders)
      .where(after ? and(where, after) : where)
      .orderBy(dir(sortColumn), dir(orders.id))
      .limit(pageSize);
    if (!page.length) return;
    yield page.map(toOrderSummary);
    if (page.length < pageSize) return;
    const end = page[page.length - 1]!;
    last = { k: end.k, id: end.id };
  }
}

async function countFromStats(db: Executor, q: ListQuery): Promise<number> {
  const where: (SQL | undefined)[] = [];
  if (q.status) where.push(eq(orderDailyStats.status, q.status));
  if (q.from) where.push(gte(orderDailyStats.day, q.from));
  if (q.to) where.push(sql`${orderDailyStats.day} <= ${q.to}`);
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${orderDailyStats.orders}), 0)::int` })
    .from(orderDailyStats)
    .where(where.length ? and(...where) : undefined);
  return Number(row?.n ?? 0);
}

/**
 * Moves an order to a new status. The status is changed with a conditional UPDATE on the old one,
 * so of two concurrent cancellations only one wins, and only that one returns the stock.
 */
export async function changeOrderStatus(
  db: Executor,
  id: string,
  next: OrderStatus,
  allowed: Record<OrderStatus, readonly OrderStatus[]>,
  holding: readonly OrderStatus[],
  /** Who changes it (not notified of their own change). */
  actorId: string | null = null,
): Promise<Order | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!current) return undefined;
    const from = asStatus(current.status);
    if (from === next)
      return toOrder(
        current,
        await tx.select().from(orderItems).where(eq(orderItems.orderId, id)),
        await orderInvoices(tx, id),
      );
    if (!allowed[from].includes(next)) {
      throw conflict(`An order that is ${from} cannot become ${next}`, [
        {
          field: 'status',
          code: 'invalid_transition',
          message: `Cannot go from ${from} to ${next}`,
          params: { from, to: next },
        },
      ]);
    }
    const [updated] = await tx
      .update(orders)
      .set({ status: next, updatedAt: new Date() })
      .where(and(eq(orders.id, id), eq(orders.status, from)))
      .returning();
    if (!updated) throw conflict('The order changed meanwhile, reload it');
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, id));
    if (holding.includes(from) && !holding.includes(next)) {
      for (const item of items) {
        if (!item.productId) continue; // the product was deleted since: nothing to return to
        await tx
          .update(products)
          .set({
            quantity: sql`${products.quantity} + ${item.quantity}`,
            sold: sql`greatest(${products.sold} - ${item.quantity}, 0)`,
          })
          .where(eq(products.id, item.productId));
      }
    }
    const day = statsDay(current.createdAt);
    const totalCents = toCents(current.total);
    await bumpDailyStats(tx, day, from, current.itemsCount, totalCents, -1);
    await bumpDailyStats(tx, day, next, current.itemsCount, totalCents, 1);
    await notify(tx, {
      type: 'order.status',
      to: { users: [current.userId] },
      title: `#${current.number}`,
      body: next,
      link: `/dashboard/e-commerce/orders/${id}`,
      recordId: id,
      actorId,
    });
    return toOrder(updated, items, await orderInvoices(tx, id));
  });
}
export type { CreateOrderBody };
