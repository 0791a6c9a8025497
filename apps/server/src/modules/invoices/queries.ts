import { and, asc, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  INVOICE_TABS,
  computeInvoice,
  displayStatus,
  formatInvoiceNumber,
  type AddressBookEntry,
  type Invoice,
  type InvoiceKind,
  type InvoiceStats,
  type InvoiceSummary,
  type PaymentMethod,
  type addressBookBodySchema,
  type addressBookPatchSchema,
  type addressBookQuerySchema,
  type createInvoiceBodySchema,
  type invoiceListQuerySchema,
  type patchInvoiceBodySchema,
  type paymentBodySchema,
} from '@bo/contract/invoices';
import type { Executor, Tx } from '../../db/client.js';
import {
  invoiceCounters,
  invoiceItems,
  invoiceParties,
  invoicePayments,
  invoiceServices,
  invoiceStats,
  invoices,
  type PartyJson,
} from '../../db/schema/billing.js';
import { orderItems, orders } from '../../db/schema/commerce.js';
import { toCents } from '../../lib/money.js';
import { conflict, fieldError } from '../../lib/http-error.js';
import { notify } from '../../lib/notify.js';
import { escapeLike } from '../../lib/sql-like.js';

/** A 409 that names the rule broken, in the field list as the web form reads it. */
const ruleBroken = (code: string, message: string, field = 'status') =>
  conflict(message, [{ field, code, message }]);

type InvoiceRow = typeof invoices.$inferSelect;
type ItemRow = typeof invoiceItems.$inferSelect;
type PaymentRow = typeof invoicePayments.$inferSelect;
type PartyRow = typeof invoiceParties.$inferSelect;
type CreateBody = z.output<typeof createInvoiceBodySchema>;
type PatchBody = z.output<typeof patchInvoiceBodySchema>;
type ListQuery = z.output<typeof invoiceListQuerySchema>;
type PaymentBody = z.output<typeof paymentBodySchema>;

export const todayUtc = () => new Date().toISOString().slice(0, 10);
/** Timestamps at millisecond precision, so a cursor made from one finds its row again. */
const nowMs = () => new Date();

/* ------------------------------------------------------------------------------------------ */
/* Answers */

export function toSummary(row: InvoiceRow, today = todayUtc()): InvoiceSummary {
  return {
    id: row.id,
    kind: row.kind as InvoiceKind,
    invoiceNumber: row.invoiceNumber,
    number: row.number,
    status: displayStatus(row.status, row.dueDate, row.balance, today),
    currency: row.currency,
    customerId: row.customerId,
    to: partyJson(row.to),
    createdAt: row.createdAt.toISOString(),
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    subtotal: row.subtotal,
    discount: row.discount,
    taxes: row.taxes,
    shipping: row.shipping,
    total: row.total,
    paid: row.paid,
    balance: row.balance,
    sentCount: row.sentCount,
    lastSentAt: row.lastSentAt?.toISOString() ?? null,
    creditNoteFor: row.creditNoteFor,
    creditNoteId: row.creditNoteId,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toInvoice(
  row: InvoiceRow,
  items: ItemRow[],
  payments: PaymentRow[],
  orderNumber: number | null = null,
): Invoice {
  return {
    ...toSummary(row),
    orderId: row.orderId,
    orderNumber: row.orderId ? orderNumber : null,
    from: partyJson(row.from),
    notes: row.notes,
    items: items.map((i) => ({
      id: i.id,
      title: i.title,
      description: i.description,
      service: i.service,
      quantity: Number(i.quantity),
      price: i.price,
      taxRate: Number(i.taxRate),
      total: i.total,
      tax: i.tax,
    })),
    payments: payments.map((p) => ({
      id: p.id,
      amount: p.amount,
      paidAt: p.paidAt,
      method: p.method as PaymentMethod,
      reference: p.reference,
      createdAt: p.createdAt.toISOString(),
    })),
  };
}

export function toEntry(row: PartyRow): AddressBookEntry {
  return {
    id: row.id,
    kind: row.kind as AddressBookEntry['kind'],
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    city: row.city,
    postalCode: row.postalCode,
    region: row.region,
    country: row.country,
    taxId: row.taxId,
    userId: row.userId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A party as stored and answered; copies written before city, postal code and region had them. */
const partyJson = (p: Partial<PartyJson> & Pick<PartyJson, 'name'>): PartyJson => ({
  name: p.name,
  email: p.email ?? '',
  phone: p.phone ?? '',
  address: p.address ?? '',
  city: p.city ?? '',
  postalCode: p.postalCode ?? '',
  region: p.region ?? '',
  country: p.country ?? '',
  taxId: p.taxId ?? '',
});

const searchText = (to: PartyJson, invoiceNumber: string | null) =>
  [invoiceNumber ?? '', to.name, to.email].join(' ').toLowerCase();

/* ------------------------------------------------------------------------------------------ */
/* Reads */

export async function getInvoice(db: Executor, id: string): Promise<Invoice | undefined> {
  const [found] = await db
    .select({ row: invoices, orderNumber: orders.number })
    .from(invoices)
    .leftJoin(orders, eq(orders.id, invoices.orderId))
    .where(eq(invoices.id, id));
  if (!found) return undefined;
  const { row, orderNumber } = found;
  const [items, payments] = await Promise.all([
    db
      .select()
      .from(invoiceItems)
      .where(eq(invoiceItems.invoiceId, id))
      .orderBy(asc(invoiceItems.position)),
    db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, id))
      .orderBy(asc(invoicePayments.createdAt)),
  ]);
  return toInvoice(row, items, payments, orderNumber);
}

const emptyStats = () =>
  Object.fromEntries(
    INVOICE_TABS.map((t) => [t, { count: 0, amount: 0, balance: 0 }]),
  ) as InvoiceStats;

type StatRow = { status: string; late: boolean; count: string; amount: string; balance: string };

/** Rows of count, amount and balance per stored status (credit notes apart) folded into tabs. */
function foldStats(rows: StatRow[]): { stats: InvoiceStats; creditNotes: number } {
  const stats = emptyStats();
  let creditNotes = 0;
  for (const r of rows) {
    if (r.status === 'credit_note') {
      creditNotes += Number(r.count);
      continue;
    }
    const tab = r.status === 'sent' && r.late ? 'overdue' : r.status;
    const figure = stats[tab as keyof InvoiceStats];
    if (!figure) continue;
    for (const target of [figure, stats.all]) {
      target.count += Number(r.count);
      target.amount += Number(r.amount);
      target.balance += Number(r.balance);
    }
  }
  return { stats, creditNotes };
}

/**
 * Count, amount and balance per tab, from the maintained aggregate (a row per status and due
 * day), and the number of credit notes (kept there under their own key, outside the tabs);
 * within a range of due days when one is given.
 */
export async function readStats(
  db: Executor,
  today = todayUtc(),
  due: { from?: string; to?: string } = {},
): Promise<{ stats: InvoiceStats; creditNotes: number }> {
  const rows = await db
    .select({
      status: invoiceStats.status,
      late: sql<boolean>`${invoiceStats.dueDate} < ${today}::date`,
      count: sql<string>`sum(${invoiceStats.count})`,
      amount: sql<string>`sum(${invoiceStats.amount})`,
      balance: sql<string>`sum(${invoiceStats.balance})`,
    })
    .from(invoiceStats)
    .where(
      and(
        due.from ? gte(invoiceStats.dueDate, due.from) : undefined,
        due.to ? lte(invoiceStats.dueDate, due.to) : undefined,
      ),
    )
    .groupBy(sql`1`, sql`2`);
  return foldStats(rows);
}

/** The same figures over the invoices a filter keeps (search, service, kind, created days). */
async function readFilteredStats(db: Executor, where: SQL | undefined, today: string) {
  const rows = await db
    .select({
      status: sql<string>`CASE WHEN ${invoices.kind} = 'credit_note' THEN 'credit_note'
                               ELSE ${invoices.status} END`,
      late: sql<boolean>`${invoices.dueDate} < ${today}::date`,
      count: sql<string>`count(*)`,
      amount: sql<string>`coalesce(sum(${invoices.total}), 0)`,
      balance: sql<string>`coalesce(sum(${invoices.balance}), 0)`,
    })
    .from(invoices)
    .where(where)
    .groupBy(sql`1`, sql`2`);
  return foldStats(rows);
}

const SORT_COLUMNS = {
  createdAt: { column: invoices.createdAt, cast: 'timestamptz' },
  dueDate: { column: invoices.dueDate, cast: 'date' },
  total: { column: invoices.total, cast: 'bigint' },
} as const;

function encodeCursor(value: unknown, id: string) {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}
function decodeCursor(cursor: string): [string | number, string] {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      (typeof parsed[0] === 'string' || typeof parsed[0] === 'number') &&
      typeof parsed[1] === 'string' &&
      /^[0-9a-f-]{36}$/i.test(parsed[1])
    ) {
      return [parsed[0], parsed[1]];
    }
  } catch {
    // answered below
  }
  throw fieldError('cursor', 'invalid_cursor', 'This page cursor is not valid');
}

/** A status tab holds invoices (as the summary counts them); credit notes are under "all". */
function tabFilter(tab: ListQuery['status'], today: string): SQL | undefined {
  const invoice = eq(invoices.kind, 'invoice');
  switch (tab) {
    case 'all':
      return undefined;
    case 'sent':
      return and(eq(invoices.status, 'sent'), gte(invoices.dueDate, today), invoice);
    case 'overdue':
      return and(eq(invoices.status, 'sent'), lt(invoices.dueDate, today), invoice);
    default:
      return and(eq(invoices.status, tab), invoice);
  }
}

/**
 * A page of the list, with the summary and the number of matches (`summary: false` skips both,
 * for callers that only walk the rows).
 */
export async function listInvoices(db: Executor, q: ListQuery, { summary = true } = {}) {
  const today = todayUtc();
  // What narrows the list beside its tab: the summary follows these too.
  const filters: SQL[] = [];
  if (q.kind) filters.push(eq(invoices.kind, q.kind));
  const needle = q.q?.toLowerCase();
  if (needle) filters.push(sql`${invoices.search} LIKE ${`%${escapeLike(needle)}%`}`);
  if (q.service) filters.push(sql`${invoices.services} @> ARRAY[${q.service}]::text[]`);
  if (q.from) {
    filters.push(
      q.dateField === 'due'
        ? gte(invoices.dueDate, q.from)
        : gte(invoices.createdAt, new Date(`${q.from}T00:00:00Z`)),
    );
  }
  if (q.to) {
    filters.push(
      q.dateField === 'due'
        ? lte(invoices.dueDate, q.to)
        : lt(invoices.createdAt, new Date(Date.parse(`${q.to}T00:00:00Z`) + 86_400_000)),
    );
  }
  const where = and(tabFilter(q.status, today), ...filters);

  const sort = SORT_COLUMNS[q.sort];
  const descending = q.order === 'desc';
  const page: Array<SQL | undefined> = [where];
  if (q.cursor) {
    const [value, id] = decodeCursor(q.cursor);
    const cmp = descending ? sql.raw('<') : sql.raw('>');
    page.push(
      sql`(${sort.column}, ${invoices.id}) ${cmp} (${value}::${sql.raw(sort.cast)}, ${id}::uuid)`,
    );
  }
  const direction = descending ? desc : asc;
  // The summary follows every filter but the tab: a range of due days (or none) reads the
  // maintained aggregate, anything else sums the matches (the trigram or date index leads).
  const dueOnly = !needle && !q.service && !q.kind && (q.dateField === 'due' || (!q.from && !q.to));
  const [rows, summed] = await Promise.all([
    db
      .select()
      .from(invoices)
      .where(and(...page))
      .orderBy(direction(sort.column), direction(invoices.id))
      .limit(q.limit + 1),
    !summary
      ? null
      : dueOnly
        ? readStats(db, today, { from: q.from, to: q.to })
        : readFilteredStats(db, and(...filters), today),
  ]);
  const more = rows.length > q.limit;
  const pageRows = more ? rows.slice(0, q.limit) : rows;
  const last = pageRows.at(-1);
  const nextCursor =
    more && last
      ? encodeCursor(
          q.sort === 'createdAt'
            ? last.createdAt.toISOString()
            : q.sort === 'dueDate'
              ? last.dueDate
              : last.total,
          last.id,
        )
      : null;
  const stats = summed?.stats ?? emptyStats();
  // The number of matches is the summary's ("all" also holds the credit notes).
  const total =
    q.status === 'all' ? stats.all.count + (summed?.creditNotes ?? 0) : stats[q.status].count;
  return {
    invoices: pageRows.map((r) => toSummary(r, today)),
    total,
    stats,
    nextCursor,
  };
}

/** The rows of a filtered list, for the CSV export (capped). */
export async function exportRows(db: Executor, q: ListQuery, max: number) {
  const all: InvoiceSummary[] = [];
  let cursor: string | undefined = q.cursor;
  while (all.length < max) {
    const page = await listInvoices(db, { ...q, cursor, limit: 100 }, { summary: false });
    all.push(...page.invoices);
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return all.slice(0, max);
}

export async function listServices(db: Executor): Promise<string[]> {
  const rows = await db.select().from(invoiceServices).orderBy(asc(invoiceServices.name));
  return rows.map((r) => r.name);
}

/* ------------------------------------------------------------------------------------------ */
/* Address book */

export async function listParties(
  db: Executor,
  q: z.output<typeof addressBookQuerySchema>,
): Promise<AddressBookEntry[]> {
  const filters: Array<SQL | undefined> = [];
  if (q.kind) filters.push(eq(invoiceParties.kind, q.kind));
  if (q.q) {
    const like = `%${escapeLike(q.q.toLowerCase())}%`;
    filters.push(
      sql`(lower(${invoiceParties.name}) LIKE ${like} OR lower(${invoiceParties.email}) LIKE ${like})`,
    );
  }
  const rows = await db
    .select()
    .from(invoiceParties)
    .where(and(...filters))
    .orderBy(asc(invoiceParties.kind), asc(invoiceParties.name))
    .limit(q.limit);
  return rows.map(toEntry);
}

export async function createParty(db: Executor, body: z.output<typeof addressBookBodySchema>) {
  const [row] = await db
    .insert(invoiceParties)
    .values({ ...body, userId: body.userId ?? null })
    .returning();
  return toEntry(row!);
}

export async function patchParty(
  db: Executor,
  id: string,
  body: z.output<typeof addressBookPatchSchema>,
) {
  if (Object.values(body).every((v) => v === undefined)) {
    // Nothing to change: the entry as it is.
    const [row] = await db.select().from(invoiceParties).where(eq(invoiceParties.id, id));
    return row ? toEntry(row) : undefined;
  }
  const [row] = await db
    .update(invoiceParties)
    .set(body)
    .where(eq(invoiceParties.id, id))
    .returning();
  return row ? toEntry(row) : undefined;
}

export async function deleteParty(db: Executor, id: string) {
  const rows = await db.delete(invoiceParties).where(eq(invoiceParties.id, id)).returning();
  return rows.length > 0;
}

/* ------------------------------------------------------------------------------------------ */
/* Writes */

async function partyById(tx: Tx, id: string, kind: 'company' | 'customer', field: string) {
  const [row] = await tx.select().from(invoiceParties).where(eq(invoiceParties.id, id));
  if (!row || row.kind !== kind) {
    throw fieldError(field, 'unknown_party', 'Not found in the address book');
  }
  return row;
}

/** The issuing company: the one chosen, or the first in the address book. */
async function companyParty(tx: Tx, fromId: string | undefined): Promise<PartyJson> {
  if (fromId) return partyJson(await partyById(tx, fromId, 'company', 'fromId'));
  const [first] = await tx
    .select()
    .from(invoiceParties)
    .where(eq(invoiceParties.kind, 'company'))
    .orderBy(asc(invoiceParties.createdAt))
    .limit(1);
  if (!first) {
    throw fieldError(
      'fromId',
      'no_company',
      "Add your company's details to the address book first",
    );
  }
  return partyJson(first);
}

async function customerParty(
  tx: Tx,
  customerId: string | undefined,
  to: CreateBody['to'],
): Promise<{ customerId: string | null; to: PartyJson }> {
  if (customerId) {
    return {
      customerId,
      to: partyJson(await partyById(tx, customerId, 'customer', 'customerId')),
    };
  }
  return { customerId: null, to: partyJson(to!) };
}

function priced(body: Pick<CreateBody, 'items' | 'discount' | 'shipping'>) {
  const computed = computeInvoice(body);
  const items = body.items.map((item, i) => ({
    position: i,
    title: item.title,
    description: item.description,
    service: item.service,
    quantity: item.quantity.toFixed(2),
    price: item.price,
    taxRate: item.taxRate.toFixed(2),
    total: computed.lines[i]!.total,
    tax: computed.lines[i]!.tax,
  }));
  const services = [...new Set(body.items.map((i) => i.service).filter(Boolean))];
  return { computed, items, services };
}

async function rememberServices(tx: Tx, services: string[]) {
  if (services.length === 0) return;
  await tx
    .insert(invoiceServices)
    .values(services.map((name) => ({ name })))
    .onConflictDoNothing();
}

/** The next number of a series in a year: the counter's row lock keeps it gapless. */
async function nextNumber(tx: Tx, kind: InvoiceKind, year: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ kind, year, last: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.kind, invoiceCounters.year],
      set: { last: sql`${invoiceCounters.last} + 1` },
    })
    .returning({ last: invoiceCounters.last });
  return row!.last;
}

async function assignNumber(tx: Tx, row: InvoiceRow): Promise<InvoiceRow> {
  const year = Number(row.issueDate.slice(0, 4));
  const number = await nextNumber(tx, row.kind as InvoiceKind, year);
  const invoiceNumber = formatInvoiceNumber(row.kind as InvoiceKind, year, number);
  const [updated] = await tx
    .update(invoices)
    .set({
      number,
      year,
      invoiceNumber,
      status: 'sent',
      search: searchText(row.to, invoiceNumber),
      updatedAt: nowMs(),
    })
    .where(eq(invoices.id, row.id))
    .returning();
  return updated!;
}

export async function createInvoice(
  tx: Tx,
  body: CreateBody,
  userId: string,
  orderId: string | null = null,
) {
  const from = await companyParty(tx, body.fromId);
  const { customerId, to } = await customerParty(tx, body.customerId, body.to);
  const { computed, items, services } = priced(body);
  const now = nowMs();
  const [row] = await tx
    .insert(invoices)
    .values({
      kind: 'invoice',
      status: 'draft',
      currency: body.currency,
      customerId,
      orderId,
      from,
      to,
      search: searchText(to, null),
      issueDate: body.issueDate ?? todayUtc(),
      dueDate: body.dueDate,
      subtotal: computed.subtotal,
      discount: computed.discount,
      taxes: computed.taxes,
      shipping: computed.shipping,
      total: computed.total,
      balance: computed.total,
      services,
      notes: body.notes,
      createdBy: userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await tx.insert(invoiceItems).values(items.map((i) => ({ ...i, invoiceId: row!.id })));
  await rememberServices(tx, services);
  const final = body.status === 'sent' ? await assignNumber(tx, row!) : row!;
  return final.id;
}

/** Days an invoice made from an order gives to pay it. */
const ORDER_INVOICE_TERM_DAYS = 30;

/** The invoice (not cancelled) already made from an order: a second one answers 409 with its id. */
export async function invoiceOfOrder(db: Executor, orderId: string) {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.orderId, orderId),
        eq(invoices.kind, 'invoice'),
        sql`${invoices.status} <> 'cancelled'`,
      ),
    )
    .limit(1);
  return row?.id;
}

export const orderInvoicedConflict = (invoiceId: string) =>
  conflict('An invoice was already made from this order', [
    {
      field: 'orderId',
      code: 'order_invoiced',
      message: 'An invoice was already made from this order',
      params: { invoiceId },
    },
  ]);

/**
 * A draft from an order: its lines (name, quantity, unit price), its discount and shipping, the
 * customer and the billing address as the order has them. Orders keep one tax amount, not rates:
 * each line takes the order's effective rate (taxes over the discounted subtotal), so the invoice
 * adds up to the order's total. `undefined` when the order is not there or not the person's.
 */
export async function createInvoiceFromOrder(
  tx: Tx,
  orderId: string,
  userId: string,
  ownerId: string | undefined,
) {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), ownerId ? eq(orders.userId, ownerId) : undefined))
    .for('update');
  if (!order) return undefined;
  const existing = await invoiceOfOrder(tx, orderId);
  if (existing) throw orderInvoicedConflict(existing);
  const lines = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.name), asc(orderItems.id));
  const subtotal = toCents(order.subtotal);
  const discount = toCents(order.discount);
  const taxes = toCents(order.taxes);
  const taxed = subtotal - discount;
  const taxRate = taxed > 0 ? Math.min(100, Math.round((taxes * 10_000) / taxed) / 100) : 0;
  const billing = order.billing;
  const today = todayUtc();
  const body: CreateBody = {
    status: 'draft',
    to: partyJson({
      name: order.customerName,
      email: order.customerEmail,
      phone: billing.phone ?? '',
      address: billing.address ?? '',
    }),
    items: lines.map((l) => ({
      title: l.name,
      description: l.sku,
      service: '',
      quantity: l.quantity,
      price: toCents(l.price),
      taxRate,
    })),
    discount,
    shipping: toCents(order.shipping),
    currency: 'USD',
    issueDate: today,
    dueDate: new Date(Date.parse(today) + ORDER_INVOICE_TERM_DAYS * 86_400_000)
      .toISOString()
      .slice(0, 10),
    notes: `Order #${order.number}`,
  };
  return createInvoice(tx, body, userId, orderId);
}

async function lockInvoice(tx: Tx, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
  return row;
}

const FROZEN_FIELDS = [
  'customerId',
  'to',
  'fromId',
  'items',
  'discount',
  'shipping',
  'currency',
  'issueDate',
  'dueDate',
] as const;

export async function patchInvoice(tx: Tx, id: string, body: PatchBody) {
  const row = await lockInvoice(tx, id);
  if (!row) return undefined;
  if (row.status !== 'draft') {
    const touched = FROZEN_FIELDS.find((f) => body[f] !== undefined);
    if (touched) {
      throw ruleBroken(
        'invoice_frozen',
        'A sent invoice cannot be changed: cancel it with a credit note and duplicate it',
        touched,
      );
    }
    if (body.notes !== undefined) {
      await tx
        .update(invoices)
        .set({ notes: body.notes, updatedAt: nowMs() })
        .where(eq(invoices.id, id));
    }
    return id;
  }
  const set: Partial<typeof invoices.$inferInsert> = { updatedAt: nowMs() };
  if (body.fromId) set.from = await companyParty(tx, body.fromId);
  if (body.customerId || body.to) {
    const customer = await customerParty(tx, body.customerId, body.to);
    set.customerId = customer.customerId;
    set.to = customer.to;
    set.search = searchText(customer.to, null);
  }
  if (body.currency) set.currency = body.currency;
  if (body.issueDate) set.issueDate = body.issueDate;
  if (body.dueDate) set.dueDate = body.dueDate;
  if (body.notes !== undefined) set.notes = body.notes;
  if (body.items || body.discount !== undefined || body.shipping !== undefined) {
    const current = body.items
      ? body.items
      : (
          await tx
            .select()
            .from(invoiceItems)
            .where(eq(invoiceItems.invoiceId, id))
            .orderBy(asc(invoiceItems.position))
        ).map((i) => ({
          title: i.title,
          description: i.description,
          service: i.service,
          quantity: Number(i.quantity),
          price: i.price,
          taxRate: Number(i.taxRate),
        }));
    const { computed, items, services } = priced({
      items: current,
      discount: body.discount ?? row.discount,
      shipping: body.shipping ?? row.shipping,
    });
    Object.assign(set, {
      subtotal: computed.subtotal,
      discount: computed.discount,
      taxes: computed.taxes,
      shipping: computed.shipping,
      total: computed.total,
      balance: computed.total,
      services,
    });
    if (body.items) {
      await tx.delete(invoiceItems).where(eq(invoiceItems.invoiceId, id));
      await tx.insert(invoiceItems).values(items.map((i) => ({ ...i, invoiceId: id })));
      await rememberServices(tx, services);
    }
  }
  await tx.update(invoices).set(set).where(eq(invoices.id, id));
  return id;
}

/** Drafts only; anything issued stays (cancel it instead). */
export async function deleteInvoice(tx: Tx, id: string) {
  const row = await lockInvoice(tx, id);
  if (!row) return false;
  if (row.status !== 'draft') {
    throw ruleBroken('invoice_not_draft', 'Only a draft can be deleted: cancel an issued invoice');
  }
  await tx.delete(invoices).where(eq(invoices.id, id));
  return true;
}

/** Issues a draft (its number is given now) or counts one more sending of an issued one. */
export async function markSent(tx: Tx, id: string) {
  const row = await lockInvoice(tx, id);
  if (!row) return undefined;
  if (row.status === 'cancelled') {
    throw ruleBroken('invoice_cancelled', 'A cancelled invoice cannot be sent');
  }
  const issued = row.status === 'draft' ? await assignNumber(tx, row) : row;
  await tx
    .update(invoices)
    .set({ sentCount: sql`${invoices.sentCount} + 1`, lastSentAt: nowMs() })
    .where(eq(invoices.id, issued.id));
  return id;
}

export async function recordPayment(tx: Tx, id: string, body: PaymentBody, userId: string) {
  const row = await lockInvoice(tx, id);
  if (!row) return undefined;
  if (row.kind !== 'invoice') {
    throw ruleBroken('invoice_credit_note', 'A credit note takes no payment');
  }
  if (row.status === 'draft') {
    throw ruleBroken('invoice_not_sent', 'Send the invoice before recording a payment');
  }
  if (row.status === 'cancelled') {
    throw ruleBroken('invoice_cancelled', 'A cancelled invoice takes no payment');
  }
  if (body.amount > row.balance) {
    throw fieldError('amount', 'payment_exceeds_balance', 'More than the balance due');
  }
  await tx.insert(invoicePayments).values({
    invoiceId: id,
    amount: body.amount,
    paidAt: body.paidAt,
    method: body.method,
    reference: body.reference,
    recordedBy: userId,
    createdAt: nowMs(),
  });
  const balance = row.balance - body.amount;
  await tx
    .update(invoices)
    .set({
      paid: row.paid + body.amount,
      balance,
      status: balance === 0 ? 'paid' : row.status,
      updatedAt: nowMs(),
    })
    .where(eq(invoices.id, id));
  return id;
}

/**
 * Marks an issued invoice paid: a payment of its whole balance, under the rules of a single
 * payment (a draft, a cancelled invoice or a credit note takes none); one already paid is refused.
 */
export async function payInFull(
  tx: Tx,
  id: string,
  options: { method: PaymentMethod; paidAt: string },
  userId: string,
) {
  const row = await lockInvoice(tx, id);
  if (!row) return undefined;
  if (row.kind === 'invoice' && row.status === 'paid') {
    throw ruleBroken('invoice_paid', 'This invoice is already paid');
  }
  return recordPayment(
    tx,
    id,
    { amount: row.balance, paidAt: options.paidAt, method: options.method, reference: '' },
    userId,
  );
}

/** What a refused row of a bulk change is named by: its number (null for a draft) and customer. */
export async function invoiceNames(tx: Executor, id: string) {
  const [row] = await tx
    .select({ number: invoices.invoiceNumber, to: invoices.to })
    .from(invoices)
    .where(eq(invoices.id, id));
  return { number: row?.number ?? null, name: row?.to.name ?? '' };
}

/**
 * Cancels an invoice. A draft simply becomes cancelled; an issued one (sent or paid) gets a
 * credit note in the same transaction: numbered in its own series, the same lines negated.
 */
export async function cancelInvoice(tx: Tx, id: string, userId: string) {
  const row = await lockInvoice(tx, id);
  if (!row) return undefined;
  if (row.kind !== 'invoice') {
    throw ruleBroken('invoice_credit_note', 'A credit note cannot be cancelled');
  }
  if (row.status === 'cancelled') {
    throw ruleBroken('invoice_cancelled', 'This invoice is already cancelled');
  }
  let creditNoteId: string | null = null;
  if (row.status !== 'draft') {
    const today = todayUtc();
    const now = nowMs();
    const [note] = await tx
      .insert(invoices)
      .values({
        kind: 'credit_note',
        status: 'draft',
        currency: row.currency,
        customerId: row.customerId,
        from: row.from,
        to: row.to,
        search: searchText(row.to, null),
        issueDate: today,
        dueDate: today,
        subtotal: -row.subtotal,
        discount: -row.discount,
        taxes: -row.taxes,
        shipping: -row.shipping,
        total: -row.total,
        balance: 0,
        services: row.services,
        notes: row.invoiceNumber ? `Cancels ${row.invoiceNumber}` : '',
        creditNoteFor: id,
        createdBy: userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await copyLines(tx, id, note!.id, -1);
    await assignNumber(tx, note!);
    creditNoteId = note!.id;
  }
  await tx
    .update(invoices)
    .set({ status: 'cancelled', creditNoteId, updatedAt: nowMs() })
    .where(eq(invoices.id, id));
  return id;
}

/** Copies an invoice's lines onto another, negated for a credit note (`sign` -1). */
async function copyLines(tx: Tx, fromId: string, toId: string, sign: 1 | -1) {
  const lines = await tx
    .select()
    .from(invoiceItems)
    .where(eq(invoiceItems.invoiceId, fromId))
    .orderBy(asc(invoiceItems.position));
  if (lines.length === 0) return;
  await tx.insert(invoiceItems).values(
    lines.map(({ id: _id, invoiceId: _from, ...line }) => ({
      ...line,
      invoiceId: toId,
      price: sign * line.price,
      total: sign * line.total,
      tax: sign * line.tax,
    })),
  );
}

/** A new draft with the same customer, lines and amounts, due as far ahead as the original. */
export async function duplicateInvoice(tx: Tx, id: string, userId: string) {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id));
  if (!row) return undefined;
  if (row.kind !== 'invoice') {
    throw ruleBroken('invoice_credit_note', 'A credit note cannot be duplicated');
  }
  const today = todayUtc();
  const termDays = Math.max(
    0,
    Math.round((Date.parse(row.dueDate) - Date.parse(row.issueDate)) / 86_400_000),
  );
  const due = new Date(Date.parse(today) + termDays * 86_400_000).toISOString().slice(0, 10);
  const now = nowMs();
  const [copy] = await tx
    .insert(invoices)
    .values({
      kind: 'invoice',
      status: 'draft',
      currency: row.currency,
      customerId: row.customerId,
      from: row.from,
      to: row.to,
      search: searchText(row.to, null),
      issueDate: today,
      dueDate: due,
      subtotal: row.subtotal,
      discount: row.discount,
      taxes: row.taxes,
      shipping: row.shipping,
      total: row.total,
      balance: row.total,
      services: row.services,
      notes: row.notes,
      createdBy: userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await copyLines(tx, id, copy!.id, 1);
  return copy!.id;
}

/* ------------------------------------------------------------------------------------------ */
/* Overdue reminders                                                                           */

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
const dayBefore = (days: number) => daysAgo(days).toISOString().slice(0, 10);

/** Overdue by at least `minDaysOverdue` days, with a balance, and not mailed for `everyDays`. */
function remindable(opts: { minDaysOverdue: number; everyDays: number }) {
  return and(
    eq(invoices.kind, 'invoice'),
    eq(invoices.status, 'sent'),
    sql`${invoices.balance} > 0`,
    lt(invoices.dueDate, dayBefore(Math.max(0, opts.minDaysOverdue - 1))),
    sql`(${invoices.lastSentAt} IS NULL OR ${invoices.lastSentAt} < ${daysAgo(opts.everyDays)})`,
  );
}

export async function overdueToRemind(
  db: Executor,
  opts: { minDaysOverdue: number; everyDays: number; limit: number },
): Promise<string[]> {
  const rows = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(remindable(opts))
    .orderBy(asc(invoices.dueDate), asc(invoices.id))
    .limit(opts.limit);
  return rows.map((r) => r.id);
}

/** Takes one invoice for a reminder: true only for the one caller that moved its sent time. */
export async function claimReminder(
  tx: Tx,
  id: string,
  opts: { minDaysOverdue: number; everyDays: number },
): Promise<boolean> {
  const claimed = await tx
    .update(invoices)
    .set({ sentCount: sql`${invoices.sentCount} + 1`, lastSentAt: nowMs() })
    .where(and(eq(invoices.id, id), remindable(opts)))
    .returning({ id: invoices.id });
  return claimed.length === 1;
}

/**
 * Tells the people who read invoices that one was paid in full or is overdue (reminded), in the
 * transaction that records it.
 */
export async function notifyInvoice(
  tx: Tx,
  id: string,
  type: 'invoice.paid' | 'invoice.overdue',
  actorId: string | null,
) {
  const [row] = await tx
    .select({
      number: invoices.invoiceNumber,
      status: invoices.status,
      customer: invoiceParties.name,
    })
    .from(invoices)
    .leftJoin(invoiceParties, eq(invoiceParties.id, invoices.customerId))
    .where(eq(invoices.id, id));
  if (!row || (type === 'invoice.paid' && row.status !== 'paid')) return;
  await notify(tx, {
    type,
    to: { permission: 'invoices:read' },
    title: row.number ?? '',
    body: row.customer ?? '',
    link: `/dashboard/invoice/${id}`,
    recordId: id,
    actorId,
  });
}
