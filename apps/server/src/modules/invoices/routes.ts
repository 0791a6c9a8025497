import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { zipSync } from 'fflate';
import { z } from 'zod';
import { idParamsSchema, okSchema } from '@bo/contract/common';
import {
  INVOICES_API,
  INVOICE_ZIP_MAX,
  addressBookAnswerSchema,
  addressBookBodySchema,
  addressBookEntryAnswerSchema,
  addressBookPatchSchema,
  addressBookQuerySchema,
  createInvoiceBodySchema,
  invoiceAnswerSchema,
  invoiceListQuerySchema,
  invoiceServicesAnswerSchema,
  invoicesAnswerSchema,
  patchInvoiceBodySchema,
  paymentBodySchema,
  pdfZipBodySchema,
  remindersAnswerSchema,
  remindersBodySchema,
  sendInvoiceBodySchema,
  type Invoice,
} from '@bo/contract/invoices';
import {
  INVOICES_BULK_API,
  invoiceBulkStatusAnswerSchema,
  invoiceBulkStatusBodySchema,
} from '@bo/contract/invoices-bulk';
import { ORDERS_API } from '@bo/contract/orders';
import { audit } from '../../lib/audit.js';
import { toCsv } from '../../lib/csv.js';
import { isUniqueViolation } from '../../db/errors.js';
import { HttpError, fieldError, forbidden, notFound } from '../../lib/http-error.js';
import type { Mailer } from '../../lib/mailer.js';
import { errorResponses, mediaAnswer, withExample } from '../../lib/route-schemas.js';
import { requireAuth } from '../../plugins/auth.js';
import type { Db } from '../../db/client.js';
import { PDF_LANGS, type PdfLang } from './pdf-langs.js';
import {
  closeRenderer,
  renderFacturXPdf,
  renderPdf,
  renderUblXml,
  warmRenderer,
} from './renderer.js';
import { emitWebhookEvent } from '../../lib/webhooks.js';
import {
  cancelInvoice,
  createInvoice,
  createInvoiceFromOrder,
  invoiceNames,
  invoiceOfOrder,
  payInFull,
  orderInvoicedConflict,
  createParty,
  deleteInvoice,
  deleteParty,
  duplicateInvoice,
  exportRows,
  getInvoice,
  listInvoices,
  listParties,
  listServices,
  markSent,
  overdueToRemind,
  claimReminder,
  patchInvoice,
  patchParty,
  notifyInvoice,
  recordPayment,
  todayUtc,
} from './queries.js';

/** What invoice answers read. The day is part of the key: overdue derives from it. */
const INVOICE_TABLES = ['invoices', 'invoice_items', 'invoice_payments', 'invoice_stats'];
const cacheRule = { tables: INVOICE_TABLES, scope: 'role' as const, vary: todayUtc };

/** Rows a CSV export holds at most. */
export const INVOICE_EXPORT_MAX = 10_000;

const pdfQuerySchema = z.object({
  lang: z.enum(PDF_LANGS).default('en'),
  /** `attachment` to download; inline (the viewer, print) by default. */
  download: z.enum(['0', '1']).default('0'),
  /** `facturx`: the same PDF as PDF/A-3 with the EN 16931 XML embedded (issued invoices). */
  format: z.enum(['pdf', 'facturx']).default('pdf'),
});

const downloadQuerySchema = z.object({ download: z.enum(['0', '1']).default('0') });

const baseName = (invoice: Invoice) => invoice.invoiceNumber ?? `draft-${invoice.id.slice(0, 8)}`;
const fileName = (invoice: Invoice) => `${baseName(invoice)}.pdf`;

/** The number of the invoice a credit note cancels (the e-invoice refers to it). */
async function precedingNumber(db: Db, invoice: Invoice) {
  if (invoice.kind !== 'credit_note' || !invoice.creditNoteFor) return null;
  return (await getInvoice(db, invoice.creditNoteFor))?.invoiceNumber ?? null;
}

/**
 * The PDF a customer receives: Factur-X (the XML embedded) when the invoice can be an e-invoice
 * (numbered, both parties with a country and an address), the plain PDF otherwise.
 */
async function customerPdf(db: Db, invoice: Invoice, lang: PdfLang = 'en') {
  const ready =
    invoice.invoiceNumber &&
    invoice.items.length > 0 &&
    invoice.from.country &&
    invoice.from.email &&
    invoice.to.country &&
    invoice.to.email;
  if (!ready) return renderPdf(invoice, lang);
  return renderFacturXPdf(invoice, await precedingNumber(db, invoice), fileName(invoice), lang);
}

/** Mails the invoice with its PDF attached, through the outbox (and SMTP_URL when set). */
async function mailInvoice(
  db: Db,
  mailer: Mailer,
  invoice: Invoice,
  options: { to?: string; message?: string; reminder?: boolean },
) {
  const to = options.to ?? invoice.to.email;
  const pdf = await customerPdf(db, invoice);
  const amount = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: invoice.currency,
  }).format(invoice.balance / 100);
  const subject = options.reminder
    ? `Reminder: invoice ${invoice.invoiceNumber} is overdue`
    : `Invoice ${invoice.invoiceNumber} from ${invoice.from.name}`;
  const text = [
    `Hello ${invoice.to.name},`,
    '',
    options.message ??
      (options.reminder
        ? `Invoice ${invoice.invoiceNumber} was due on ${invoice.dueDate}; ${amount} is still open.`
        : `Please find attached invoice ${invoice.invoiceNumber}, due on ${invoice.dueDate}: ${amount}.`),
    '',
    invoice.from.name,
  ].join('\n');
  await mailer.send({
    to,
    subject,
    text,
    attachments: [{ filename: fileName(invoice), contentType: 'application/pdf', content: pdf }],
  });
}

export async function invoiceRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, mailer } = app.services;
  app.addHook('onClose', closeRenderer);

  const load = async (id: string) => {
    const invoice = await getInvoice(db, id);
    if (!invoice) throw notFound('Invoice');
    return invoice;
  };

  app.get(
    INVOICES_API.list,
    {
      config: { permission: 'invoices:read', cache: cacheRule },
      schema: {
        operationId: 'listInvoices',
        tags: ['invoices'],
        summary:
          'Invoices by status tab, filtered by service, dates and customer or number, cursor paged, with the summary per status',
        querystring: invoiceListQuerySchema,
        response: { 200: invoicesAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listInvoices(db, request.query),
  );

  app.get(
    INVOICES_API.exportCsv,
    {
      config: { permission: 'invoices:read' },
      schema: {
        operationId: 'exportInvoicesCsv',
        tags: ['invoices'],
        summary: `The filtered list as CSV (at most ${INVOICE_EXPORT_MAX} rows; amounts in units)`,
        querystring: invoiceListQuerySchema,
        response: {
          200: mediaAnswer('text/csv', 'The invoices as CSV, a header line first'),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const rows = await exportRows(db, request.query, INVOICE_EXPORT_MAX);
      const units = (cents: number) => (cents / 100).toFixed(2);
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', 'attachment; filename="invoices.csv"');
      return toCsv(
        [
          'number',
          'kind',
          'status',
          'customer',
          'email',
          'issueDate',
          'dueDate',
          'currency',
          'subtotal',
          'discount',
          'taxes',
          'shipping',
          'total',
          'paid',
          'balance',
          'sentCount',
          'createdAt',
        ],
        rows.map((i) => [
          i.invoiceNumber ?? '',
          i.kind,
          i.status,
          i.to.name,
          i.to.email,
          i.issueDate,
          i.dueDate,
          i.currency,
          units(i.subtotal),
          units(i.discount),
          units(i.taxes),
          units(i.shipping),
          units(i.total),
          units(i.paid),
          units(i.balance),
          i.sentCount,
          i.createdAt,
        ]),
      );
    },
  );

  app.get(
    INVOICES_API.services,
    {
      config: {
        permission: 'invoices:read',
        cache: { tables: ['invoice_services'], scope: 'role' },
      },
      schema: {
        operationId: 'listInvoiceServices',
        tags: ['invoices'],
        summary: 'The services invoice lines have named, for the filter',
        response: { 200: invoiceServicesAnswerSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ services: await listServices(db) }),
  );

  /* Address book */

  app.get(
    INVOICES_API.parties,
    {
      config: {
        permission: 'invoices:read',
        cache: { tables: ['invoice_parties'], scope: 'role' },
      },
      schema: {
        operationId: 'listInvoiceParties',
        tags: ['invoices'],
        summary: "The address book: the company's details and customers",
        querystring: addressBookQuerySchema,
        response: { 200: addressBookAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ parties: await listParties(db, request.query) }),
  );

  app.post(
    INVOICES_API.parties,
    {
      config: { permission: 'invoices:write' },
      schema: {
        operationId: 'createInvoiceParty',
        tags: ['invoices'],
        summary: 'Add to the address book',
        body: addressBookBodySchema,
        response: { 201: addressBookEntryAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const party = await createParty(db, request.body);
      await audit(db, request, {
        actorId: auth.userId,
        action: 'invoice_party.create',
        targetId: party.id,
        meta: { kind: party.kind },
      });
      reply.status(201);
      return { party };
    },
  );

  app.patch(
    INVOICES_API.party.pattern,
    {
      config: { permission: 'invoices:write' },
      schema: {
        operationId: 'updateInvoiceParty',
        tags: ['invoices'],
        summary: 'Edit an address book entry (issued invoices keep their copy)',
        params: idParamsSchema,
        body: addressBookPatchSchema,
        response: { 200: addressBookEntryAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const party = await patchParty(db, request.params.id, request.body);
      if (!party) throw notFound('Address book entry');
      await audit(db, request, {
        actorId: auth.userId,
        action: 'invoice_party.update',
        targetId: party.id,
      });
      return { party };
    },
  );

  app.delete(
    INVOICES_API.party.pattern,
    {
      config: { permission: 'invoices:write' },
      schema: {
        operationId: 'deleteInvoiceParty',
        tags: ['invoices'],
        summary: 'Remove an address book entry (invoices keep their copy)',
        params: idParamsSchema,
        response: { 200: okSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      if (!(await deleteParty(db, request.params.id))) throw notFound('Address book entry');
      await audit(db, request, {
        actorId: auth.userId,
        action: 'invoice_party.delete',
        targetId: request.params.id,
      });
      return { ok: true as const };
    },
  );

  /* Invoices */

  app.post(
    INVOICES_API.list,
    {
      config: { permission: 'invoices:write' },
      schema: {
        operationId: 'createInvoice',
        tags: ['invoices'],
        summary:
          'Create an invoice: amounts computed here; as "sent" it is numbered in the same transaction and mailed',
        body: withExample(createInvoiceBodySchema, {
          to: {
            name: 'Acme Ltd',
            email: 'billing@acme.test',
            country: 'FR',
            address: '1 quai Voltaire, Paris',
          },
          items: [{ title: 'Consulting', quantity: 2, price: 15000, taxRate: 20 }],
          currency: 'EUR',
          dueDate: '2026-12-31',
        }),
        response: { 201: invoiceAnswerSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const body = request.body;
      if (body.status === 'sent' && !(body.to?.email || body.customerId)) {
        throw fieldError('to.email', 'email_required', 'An email is needed to send the invoice');
      }
      const id = await db.transaction((tx) => createInvoice(tx, body, auth.userId));
      let invoice = await load(id);
      // Issued with the customer's email: mailed now (an address book entry may have none).
      const mailed = body.status === 'sent' && invoice.to.email !== '';
      if (mailed) {
        await mailInvoice(db, mailer, invoice, {});
        await db.transaction((tx) => markSent(tx, id));
        invoice = await load(id);
      }
      await audit(db, request, {
        actorId: auth.userId,
        action: 'invoice.create',
        targetId: id,
        meta: { number: invoice.invoiceNumber, status: invoice.status, mailed },
      });
      reply.status(201);
      return { invoice };
    },
  );

  app.get(
    INVOICES_API.one.pattern,
    {
      config: { permission: 'invoices:read', cache: cacheRule },
      schema: {
        operationId: 'getInvoice',
        tags: ['invoices'],
        summary: 'One invoice with its lines and payments',
        params: idParamsSchema,
        response: { 200: invoiceAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ invoice: await load(request.params.id) }),
  );

  app.patch(
    INVOICES_API.one.pattern,
    {
      config: { permission: 'invoices:write' },
      schema: {
        operationId: 'updateInvoice',
        tags: ['invoices'],
        summary:
          'Edit a draft (amounts recomputed); a sent invoice takes only notes — anything else is 409',
        params: idParamsSchema,
        body: patchInvoiceBodySchema,
        response: { 200: invoiceAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const id = await db.transaction((tx) => patchInvoice(tx, request.params.id, request.body));
      if (!id) throw notFound('Invoice');
      await audit(db, request, {
        actorId: auth.userId,
        action: 'invoice.update',
        targetId: id,
        meta: { fields: Object.keys(request.body) },
      });
      return { invoice: await load(id) };
    },
  );

  app.delete(
    INVOICES_API.one.pattern,
    {
      config: { permission: 'invoices:write' },
      schema: {
        operationId: 'deleteInvoice',
        tags: ['invoices'],
        summary: 'Delete a draft (an issued invoice is cancelled instead: 409)',
        params: idParamsSchema,
        response: { 200: okSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const deleted = await db.transaction((tx) => deleteInvoice(tx, request.params.id));
      if (!deleted) throw notFound('Invoice');
      await audit(db, request, {
        actorId: auth.userId,
        action: 'invoice.delete',
        targetId: request.params.id,
      });
      return { ok: true as const };
    },
  );

  app.post(
    INVOICES_API.send.pattern,
    {
      config: { permission: 'invoices:write' },
      schema: {
        operationId: 'sendInvoice',
        tags: ['invoices'],
        summary:
          'Send by mail with the PDF attached: a draft is numbered first; an overdue one gets a reminder',
        params: idParamsSchema,
        body: sendInvoiceBodySchema,
        response: { 200: invoiceAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const current = await load(request.params.id);
      const to = request.body?.to ?? current.to.email;
      if (!to) throw fieldError('to', 'email_required', 'An email is needed to send the invoice');
      // Numbered (when a draft) and counted in one transaction; mailed once that is committed.
      await db.transaction((tx) => markSent(tx, current.id));
      const invoice = await load(current.id);
      await mailInvoice(db, mailer, invoice, {
        to,
        message: request.body?.message,
        reminder: invoice.status === 'overdue',
      });
      await audit(db, request, {
        actorId: auth.userId,
        action: 'invoice.send',
        targetId: invoice.id,
        meta: { number: invoice.invoiceNumber, to, reminder: invoice.status === 'overdue' },
      });
      await emitWebhookEvent(app, 'invoice.sent', { invoice });
      return { invoice };
    },
  );

  app.post(
    INVOICES_API.payments.pattern,
    {
      config: { permission: 'invoices:write' },
      schema: {
        operationId: 'recordInvoicePayment',
        tags: ['invoices'],
        summary: 'Record a payment, full or partial; the last one marks the invoice paid',
        params: idParamsSchema,
        body: paymentBodySchema,
        response: { 201: invoiceAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const id = await db.transaction(async (tx) => {
        const paid = await recordPayment(tx, request.params.id, request.body, auth.userId);
        if (paid) await notifyInvoice(tx, paid, 'invoice.paid', auth.userId);
        return paid;
      });
      if (!id) throw notFound('Invoice');
      const invoice = await load(id);
      await audit(db, request, {
        actorId: auth.userId,
        action: 'invoice.payment',
        targetId: id,
        meta: {
          amount: request.body.amount,
          currency: invoice.currency,
          method: request.body.method,
          status: invoice.status,
        },
      });
      if (invoice.status === 'paid') await emitWebhookEvent(app, 'invoice.paid', { invoice });
      reply.status(201);
      return { invoice };
    },
  );

  app.post(
    INVOICES_API.cancel.pattern,
    {
      config: { permission: 'invoices:write' },
      schema: {
        operationId: 'cancelInvoice',
        tags: ['invoices'],
        summary: 'Cancel: a draft simply, an issued invoice with a credit note',
        params: idParamsSchema,
        response: { 200: invoiceAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const id = await db.transaction((tx) => cancelInvoice(tx, request.params.id, auth.userId));
      if (!id) throw notFound('Invoice');
      const invoice = await load(id);
      await audit(db, request, {
        actorId: auth.userId,
        action: 'invoice.cancel',
        targetId: id,
        meta: { creditNoteId: invoice.creditNoteId },
      });
      return { invoice };
    },
  );

  app.post(
    INVOICES_BULK_API.bulkStatus,
    {
      config: { permission: 'invoices:write' },
      schema: {
        operationId: 'bulkUpdateInvoiceStatus',
        tags: ['invoices'],
        summary:
          "Several invoices marked paid (their whole balance) or cancelled in one transaction, each under the single action's rules; those refused are named with the reason",
        body: invoiceBulkStatusBodySchema,
        response: { 200: invoiceBulkStatusAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { status, method } = request.body;
      const paidAt = request.body.paidAt ?? todayUtc();
      const ids = [...new Set(request.body.ids)];
      const { changed, refused } = await db.transaction(async (tx) => {
        const done: string[] = [];
        const no: Array<{
          id: string;
          number: string | null;
          name: string;
          code: string;
          message: string;
        }> = [];
        for (const id of ids) {
          // Each invoice in a savepoint of its own: a refused one leaves the others' changes.
          try {
            const changedId = await tx.transaction(async (sp) => {
              if (status === 'cancelled') return cancelInvoice(sp, id, auth.userId);
              const paid = await payInFull(sp, id, { method, paidAt }, auth.userId);
              if (paid) await notifyInvoice(sp, paid, 'invoice.paid', auth.userId);
              return paid;
            });
            if (changedId) done.push(changedId);
            else
              no.push({
                id,
                number: null,
                name: '',
                code: 'not_found',
                message: 'Invoice not found',
              });
          } catch (error) {
            if (!(error instanceof HttpError) || error.statusCode !== 409) throw error;
            const detail = error.details?.[0];
            no.push({
              id,
              ...(await invoiceNames(tx, id)),
              code: detail?.code ?? 'conflict',
              message: detail?.message ?? error.message,
            });
          }
        }
        if (done.length)
          await audit(tx, request, {
            actorId: auth.userId,
            action: 'invoice.bulk_status',
            meta: {
              status,
              count: done.length,
              refused: no.length,
              invoiceIds: done.slice(0, 100),
            },
          });
        return { changed: done, refused: no };
      });
      if (status === 'paid') {
        for (const id of changed) {
          await emitWebhookEvent(app, 'invoice.paid', { invoice: await load(id) });
        }
      }
      return { changed, refused };
    },
  );

  app.post(
    INVOICES_API.duplicate.pattern,
    {
      config: { permission: 'invoices:write' },
      schema: {
        operationId: 'duplicateInvoice',
        tags: ['invoices'],
        summary: 'A new draft with the same customer and lines',
        params: idParamsSchema,
        response: { 201: invoiceAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const id = await db.transaction((tx) => duplicateInvoice(tx, request.params.id, auth.userId));
      if (!id) throw notFound('Invoice');
      await audit(db, request, {
        actorId: auth.userId,
        action: 'invoice.duplicate',
        targetId: id,
        meta: { from: request.params.id },
      });
      reply.status(201);
      return { invoice: await load(id) };
    },
  );

  app.post(
    ORDERS_API.invoice.pattern,
    {
      config: { permission: 'invoices:write' },
      schema: {
        operationId: 'createInvoiceFromOrder',
        tags: ['invoices'],
        summary:
          "A draft from an order (its lines, customer and address), linked to it; one per order unless cancelled — 409 with the invoice's id otherwise",
        params: idParamsSchema,
        response: { 201: invoiceAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      // Only someone who may read the order: all of them with orders:write, else their own.
      if (!auth.permissions.has('orders:read')) throw forbidden();
      const ownerId = auth.permissions.has('orders:write') ? undefined : auth.userId;
      const orderId = request.params.id;
      let id: string | undefined;
      try {
        id = await db.transaction((tx) =>
          createInvoiceFromOrder(tx, orderId, auth.userId, ownerId),
        );
      } catch (err) {
        // Two at once: the unique index let one through; the other names it.
        const existing = isUniqueViolation(err, 'invoices_order_key')
          ? await invoiceOfOrder(db, orderId)
          : undefined;
        throw existing ? orderInvoicedConflict(existing) : err;
      }
      if (!id) throw notFound('Order');
      const invoice = await load(id);
      await audit(db, request, {
        actorId: auth.userId,
        action: 'invoice.from_order',
        targetId: id,
        meta: { orderId, orderNumber: invoice.orderNumber },
      });
      reply.status(201);
      return { invoice };
    },
  );

  app.get(
    INVOICES_API.pdf.pattern,
    {
      // The same bytes until the invoice changes: kept like a list answer (a hit renders nothing).
      config: { permission: 'invoices:read', cache: cacheRule },
      schema: {
        operationId: 'getInvoicePdf',
        tags: ['invoices'],
        summary: 'The invoice as an A4 PDF (the same bytes the customer receives)',
        params: idParamsSchema,
        querystring: pdfQuerySchema,
        response: {
          200: mediaAnswer('application/pdf', 'The invoice as a PDF'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const invoice = await load(request.params.id);
      const lang = request.query.lang as PdfLang;
      const pdf =
        request.query.format === 'facturx'
          ? await renderFacturXPdf(
              invoice,
              await precedingNumber(db, invoice),
              fileName(invoice),
              lang,
            )
          : await renderPdf(invoice, lang);
      const disposition = request.query.download === '1' ? 'attachment' : 'inline';
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `${disposition}; filename="${fileName(invoice)}"`)
        .header('cache-control', 'private, no-store');
      return reply.send(pdf);
    },
  );

  app.get(
    INVOICES_API.ubl.pattern,
    {
      // The same bytes until the invoice changes: kept like a list answer (a hit renders nothing).
      config: { permission: 'invoices:read', cache: cacheRule },
      schema: {
        operationId: 'getInvoiceUbl',
        tags: ['invoices'],
        summary:
          'The issued invoice (or credit note) as UBL 2.1 XML with the EN 16931 core fields; 409 for a draft or a party without country or email',
        params: idParamsSchema,
        querystring: downloadQuerySchema,
        response: {
          200: mediaAnswer('application/xml', 'The invoice as UBL 2.1 XML'),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const invoice = await load(request.params.id);
      const xml = await renderUblXml(invoice, await precedingNumber(db, invoice));
      const disposition = request.query.download === '1' ? 'attachment' : 'inline';
      reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `${disposition}; filename="${baseName(invoice)}.xml"`)
        .header('cache-control', 'private, no-store');
      return reply.send(xml);
    },
  );

  app.post(
    INVOICES_API.pdfZip,
    {
      config: { permission: 'invoices:read' },
      schema: {
        operationId: 'downloadInvoicePdfsZip',
        tags: ['invoices'],
        summary: `The PDFs of the chosen invoices in one zip (at most ${INVOICE_ZIP_MAX})`,
        body: pdfZipBodySchema,
        response: {
          200: mediaAnswer('application/zip', 'The PDFs in one zip'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const ids = [...new Set(request.body.ids)];
      const chosen: Invoice[] = [];
      for (const id of ids) {
        const invoice = await getInvoice(db, id);
        if (!invoice) throw fieldError('ids', 'not_found', `Invoice ${id} not found`, 404);
        chosen.push(invoice);
      }
      // Rendered side by side on the worker pool.
      const pdfs = await Promise.all(
        chosen.map((invoice) => customerPdf(db, invoice, request.body.lang as PdfLang)),
      );
      // PDFs are compressed already: stored as they are.
      const files: Record<string, [Uint8Array, { level: 0 }]> = {};
      chosen.forEach((invoice, i) => {
        let name = fileName(invoice);
        for (let n = 2; files[name]; n++) name = `${baseName(invoice)}-${n}.pdf`;
        files[name] = [pdfs[i]!, { level: 0 }];
      });
      const zip = zipSync(files);
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="invoices-${todayUtc()}.zip"`)
        .header('cache-control', 'private, no-store');
      return reply.send(Buffer.from(zip));
    },
  );

  app.post(
    INVOICES_API.warmUp,
    {
      config: { permission: 'invoices:write' },
      schema: {
        operationId: 'warmInvoiceRenderer',
        tags: ['invoices'],
        summary:
          'Get the PDF renderer ready for a send soon (the editor calls it while open); answers at once',
        response: { 204: z.null(), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      requireAuth(request);
      // Off the request's path: the answer does not wait for the worker.
      warmRenderer().catch((err: unknown) => request.log.warn({ err }, 'renderer warm-up failed'));
      reply.status(204);
      return null;
    },
  );

  app.post(
    INVOICES_API.reminders,
    {
      config: { permission: 'invoices:write' },
      schema: {
        operationId: 'sendInvoiceReminders',
        tags: ['invoices'],
        summary:
          'Mail a reminder, PDF attached, for every overdue invoice not reminded lately (the scheduled job does the same)',
        body: remindersBodySchema,
        response: { 200: remindersAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const result = await sendOverdueReminders(db, mailer, request.body ?? {});
      await audit(db, request, {
        actorId: auth.userId,
        action: 'invoice.reminders',
        meta: { sent: result.sent, invoiceIds: result.invoiceIds.slice(0, 100) },
      });
      return result;
    },
  );
}

/**
 * Reminders for overdue invoices: each candidate is claimed in its own short transaction (its
 * last-sent time moved forward only if it is still overdue and not reminded since), so two
 * instances, or the schedule and a person, never remind the same invoice twice.
 */
export async function sendOverdueReminders(
  db: Db,
  mailer: Mailer,
  options: { minDaysOverdue?: number; everyDays?: number; limit?: number },
) {
  const minDaysOverdue = options.minDaysOverdue ?? 1;
  const everyDays = options.everyDays ?? 7;
  const limit = options.limit ?? 100;
  const candidates = await overdueToRemind(db, { minDaysOverdue, everyDays, limit });
  const invoiceIds: string[] = [];
  const skipped: Array<{ id: string; reason: string }> = [];
  for (const id of candidates) {
    const claimed = await db.transaction(async (tx) => {
      const won = await claimReminder(tx, id, { minDaysOverdue, everyDays });
      if (won) await notifyInvoice(tx, id, 'invoice.overdue', null);
      return won;
    });
    if (!claimed) continue;
    const invoice = await getInvoice(db, id);
    if (!invoice) continue;
    if (!invoice.to.email) {
      skipped.push({ id, reason: 'no_email' });
      continue;
    }
    await mailInvoice(db, mailer, invoice, { reminder: true });
    invoiceIds.push(id);
  }
  return { sent: invoiceIds.length, invoiceIds, skipped };
}
