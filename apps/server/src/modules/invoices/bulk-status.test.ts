import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateInvoiceBody, Invoice } from '@bo/contract/invoices';
import type { InvoiceBulkStatusAnswer } from '@bo/contract/invoices-bulk';
import { call, createTestApp, login, registerUser, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
let admin: string;
let customer: string;

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function create(over: Partial<CreateInvoiceBody> = {}) {
  const res = await call(t.app, admin, {
    method: 'POST',
    url: '/api/invoices',
    payload: {
      status: 'draft',
      customerId: customer,
      items: [{ title: 'Design', quantity: 2, price: 1500, taxRate: 20 }],
      currency: 'EUR',
      dueDate: day(30),
      ...over,
    } satisfies CreateInvoiceBody,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().invoice as Invoice;
}

const one = async (id: string) =>
  (await call(t.app, admin, { method: 'GET', url: `/api/invoices/${id}` })).json()
    .invoice as Invoice;

const bulk = (payload: object, token = admin) =>
  call(t.app, token, { method: 'POST', url: '/api/invoices/bulk-status', payload });

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).accessToken;
  const party = async (payload: object) => {
    const res = await call(t.app, admin, { method: 'POST', url: '/api/invoices/parties', payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().party.id as string;
  };
  await party({ kind: 'company', name: 'Bulk Seller', email: 'ar@seller.test', country: 'FR' });
  customer = await party({
    kind: 'customer',
    name: 'Bulk Buyer',
    email: 'ap@bulk.test',
    country: 'US',
  });
});
afterAll(() => t.close());

describe('POST /api/invoices/bulk-status', () => {
  it('marks issued invoices paid in full and names the draft and the cancelled one it refuses', async () => {
    const sent = await create({ status: 'sent' });
    const partly = await create({ status: 'sent' });
    const pay = await call(t.app, admin, {
      method: 'POST',
      url: `/api/invoices/${partly.id}/payments`,
      payload: { amount: 1000, paidAt: day(0), method: 'card' },
    });
    expect(pay.statusCode, pay.body).toBe(201);
    const draft = await create();
    const cancelled = await create({ status: 'sent' });
    const cancel = await call(t.app, admin, {
      method: 'POST',
      url: `/api/invoices/${cancelled.id}/cancel`,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const res = await bulk({
      ids: [sent.id, partly.id, draft.id, cancelled.id],
      status: 'paid',
      method: 'bank_transfer',
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as InvoiceBulkStatusAnswer;
    expect(answer.changed.sort()).toEqual([sent.id, partly.id].sort());
    expect(answer.refused).toEqual([
      expect.objectContaining({
        id: draft.id,
        number: null,
        name: 'Bulk Buyer',
        code: 'invoice_not_sent',
      }),
      expect.objectContaining({
        id: cancelled.id,
        number: cancelled.invoiceNumber,
        code: 'invoice_cancelled',
      }),
    ]);
    // Paid in full: the whole balance as one payment, the balance zero.
    for (const id of [sent.id, partly.id]) {
      const invoice = await one(id);
      expect(invoice.status).toBe('paid');
      expect(invoice.balance).toBe(0);
      expect(invoice.paid).toBe(invoice.total);
      expect(invoice.payments.at(-1)).toMatchObject({ method: 'bank_transfer' });
    }
    expect((await one(partly.id)).payments).toHaveLength(2);
    expect((await one(draft.id)).status).toBe('draft');

    // Paid again: refused, nothing recorded twice.
    const again = await bulk({ ids: [sent.id], status: 'paid' });
    expect(again.json()).toMatchObject({
      changed: [],
      refused: [{ id: sent.id, code: 'invoice_paid' }],
    });
    expect((await one(sent.id)).payments).toHaveLength(1);

    const log = await call(t.app, admin, {
      method: 'GET',
      url: '/api/admin/audit?action=invoice.bulk_status&limit=1',
    });
    expect(log.json().entries[0].meta).toMatchObject({ status: 'paid', count: 2, refused: 2 });
  });

  it('cancels drafts simply and issued invoices with a credit note; a credit note is refused', async () => {
    const draft = await create();
    const sent = await create({ status: 'sent' });
    const res = await bulk({ ids: [draft.id, sent.id], status: 'cancelled' });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as InvoiceBulkStatusAnswer).changed.sort()).toEqual(
      [draft.id, sent.id].sort(),
    );
    expect((await one(draft.id)).status).toBe('cancelled');
    expect((await one(draft.id)).creditNoteId).toBeNull();
    const issued = await one(sent.id);
    expect(issued.status).toBe('cancelled');
    expect(issued.creditNoteId).toEqual(expect.any(String));

    const note = issued.creditNoteId!;
    const missing = '00000000-0000-4000-8000-000000000000';
    const refused = await bulk({ ids: [note, sent.id, missing], status: 'cancelled' });
    expect(refused.json()).toEqual({
      changed: [],
      refused: [
        expect.objectContaining({ id: note, code: 'invoice_credit_note' }),
        expect.objectContaining({ id: sent.id, code: 'invoice_cancelled' }),
        expect.objectContaining({ id: missing, code: 'not_found' }),
      ],
    });
    const log = await call(t.app, admin, {
      method: 'GET',
      url: '/api/admin/audit?action=invoice.bulk_status&limit=1',
    });
    expect(log.json().entries[0].meta).toMatchObject({ status: 'cancelled', count: 2 });
  });

  it('is refused without invoices:write (403) and names a bad body field (400)', async () => {
    const inv = await create();
    const { accessToken: plain } = await registerUser(t.app, { email: 'bulk-plain@test.local' });
    expect((await bulk({ ids: [inv.id], status: 'cancelled' }, plain)).statusCode).toBe(403);
    expect((await one(inv.id)).status).toBe('draft');
    for (const [payload, field] of [
      [{ ids: [], status: 'paid' }, 'ids'],
      [{ ids: ['nope'], status: 'paid' }, 'ids'],
      [{ ids: [inv.id], status: 'sent' }, 'status'],
      [{ ids: [inv.id], status: 'paid', method: 'gold' }, 'method'],
    ] as const) {
      const res = await bulk(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(res.json().details)).toContain(field);
    }
  });
});
