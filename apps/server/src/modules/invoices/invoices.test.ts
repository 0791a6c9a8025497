import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import type { CreateInvoiceBody, Invoice, InvoicesAnswer } from '@bo/contract/invoices';
import { call, createTestApp, login, registerUser, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
let admin: string;
let company: string;
let customer: string;

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const body = (over: Partial<CreateInvoiceBody> = {}): CreateInvoiceBody => ({
  status: 'draft',
  customerId: customer,
  items: [
    { title: 'Design', quantity: 3, price: 1999, taxRate: 20, service: 'Design' },
    { title: 'Hosting', quantity: 1.5, price: 333, taxRate: 5.5, service: 'Hosting' },
    { title: 'Support', quantity: 1, price: 1001, taxRate: 0 },
  ],
  discount: 500,
  shipping: 250,
  currency: 'EUR',
  dueDate: day(30),
  ...over,
});

async function create(over: Partial<CreateInvoiceBody> = {}, token = admin) {
  const res = await call(t.app, token, {
    method: 'POST',
    url: '/api/invoices',
    payload: body(over),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().invoice as Invoice;
}

async function list(query = '') {
  const res = await call(t.app, admin, { method: 'GET', url: `/api/invoices${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as InvoicesAnswer;
}

async function pdfText(id: string, lang = 'en') {
  const res = await call(t.app, admin, {
    method: 'GET',
    url: `/api/invoices/${id}/pdf?lang=${lang}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).accessToken;
  const party = async (payload: object) => {
    const res = await call(t.app, admin, { method: 'POST', url: '/api/invoices/parties', payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().party.id as string;
  };
  company = await party({
    kind: 'company',
    name: 'Minimal Studio SAS',
    email: 'billing@minimal.test',
    address: '12 rue de la Paix, Paris',
    country: 'FR',
    taxId: 'FR12345678901',
  });
  customer = await party({
    kind: 'customer',
    name: 'Acme Corp',
    email: 'ap@acme.test',
    address: '1 Main St, Springfield',
    country: 'US',
  });
});
afterAll(() => t.close());

describe('amounts', () => {
  it('are computed on the server to the cent, whatever totals the client sends', async () => {
    const res = await call(t.app, admin, {
      method: 'POST',
      url: '/api/invoices',
      payload: { ...body(), total: 1, subtotal: 1, taxes: 0 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const inv = res.json().invoice as Invoice;
    // Lines: 3 × 19.99 = 59.97; 1.5 × 3.33 = 4.995 → 5.00 (half-up); 10.01.
    expect(inv.items.map((i) => i.total)).toEqual([5997, 500, 1001]);
    expect(inv.subtotal).toBe(7498);
    // Discount 5.00 shared by line totals: 399.9 → 400, 33.3 → 33, 66.7 → 67 (largest remainder).
    // Taxes: (5997 − 400) × 20 % = 1119.4 → 1119; (500 − 33) × 5.5 % = 25.685 → 26; 0.
    expect(inv.items.map((i) => i.tax)).toEqual([1119, 26, 0]);
    expect(inv.discount).toBe(500);
    expect(inv.taxes).toBe(1145);
    expect(inv.shipping).toBe(250);
    expect(inv.total).toBe(7498 - 500 + 1145 + 250);
    expect(inv.balance).toBe(inv.total);
    expect(inv.status).toBe('draft');
    expect(inv.invoiceNumber).toBeNull();
    expect(inv.from.name).toBe('Minimal Studio SAS');
    expect(inv.to.name).toBe('Acme Corp');
  });

  it('refuses bad lines with the field named', async () => {
    const res = await call(t.app, admin, {
      method: 'POST',
      url: '/api/invoices',
      payload: body({ items: [{ title: '', quantity: -1, price: 1.5, taxRate: 200 }] }),
    });
    expect(res.statusCode).toBe(400);
    const fields = (res.json().details as Array<{ field: string }>).map((d) => d.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'items.0.title',
        'items.0.quantity',
        'items.0.price',
        'items.0.taxRate',
      ]),
    );
    const noCustomer = await call(t.app, admin, {
      method: 'POST',
      url: '/api/invoices',
      payload: { ...body(), customerId: undefined },
    });
    expect(noCustomer.statusCode).toBe(400);
    expect(noCustomer.json().details[0].field).toBe('customerId');
  });
});

describe('numbering', () => {
  it('gives 50 invoices created at once as sent 50 distinct consecutive numbers', async () => {
    const year = new Date().getUTCFullYear();
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(t.app, admin, {
          method: 'POST',
          url: '/api/invoices',
          payload: body({ status: 'sent' }),
        }),
      ),
    );
    const numbers = results.map((r) => {
      expect(r.statusCode, r.body).toBe(201);
      return (r.json().invoice as Invoice).number!;
    });
    const sorted = [...numbers].sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(50);
    expect(sorted.at(-1)! - sorted[0]! + 1).toBe(50);
    const one = results[0]!.json().invoice as Invoice;
    expect(one.invoiceNumber).toBe(`INV-${year}-${String(one.number).padStart(5, '0')}`);
    expect(one.status).toBe('sent');
    expect(one.sentCount).toBe(1);
  });

  it('numbers a draft only when it is sent, after the ones before it', async () => {
    const draft = await create();
    // The highest number given so far (creation order and numbering order may differ when
    // invoices are created at once).
    const issued = (await list('?kind=invoice&limit=100')).invoices;
    const highest = Math.max(...issued.map((i) => i.number ?? 0));
    const res = await call(t.app, admin, {
      method: 'POST',
      url: `/api/invoices/${draft.id}/send`,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json().invoice as Invoice;
    expect(sent.number).toBe(highest + 1);
    expect(sent.sentCount).toBe(1);
  });
});

describe('rules', () => {
  it('freezes a sent invoice: editing its lines or amounts is 409 naming the rule; notes may change', async () => {
    const inv = await create({ status: 'sent' });
    for (const payload of [
      { items: [{ title: 'Other', quantity: 1, price: 1, taxRate: 0 }] },
      { discount: 0 },
      { dueDate: day(60) },
    ]) {
      const res = await call(t.app, admin, {
        method: 'PATCH',
        url: `/api/invoices/${inv.id}`,
        payload,
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().details[0].code).toBe('invoice_frozen');
    }
    const after = await call(t.app, admin, { method: 'GET', url: `/api/invoices/${inv.id}` });
    expect(after.json().invoice.total).toBe(inv.total);
    const notes = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/invoices/${inv.id}`,
      payload: { notes: 'Paid by transfer, thanks' },
    });
    expect(notes.statusCode).toBe(200);
    expect(notes.json().invoice.notes).toBe('Paid by transfer, thanks');
  });

  it('edits a draft and recomputes it; deletes drafts only', async () => {
    const draft = await create();
    const res = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/invoices/${draft.id}`,
      payload: { items: [{ title: 'Audit', quantity: 2, price: 10000, taxRate: 10 }], discount: 0 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json().invoice as Invoice;
    expect(edited.subtotal).toBe(20000);
    expect(edited.taxes).toBe(2000);
    expect(edited.total).toBe(20000 + 2000 + 250);
    const sent = await create({ status: 'sent' });
    const refused = await call(t.app, admin, { method: 'DELETE', url: `/api/invoices/${sent.id}` });
    expect(refused.statusCode).toBe(409);
    const del = await call(t.app, admin, { method: 'DELETE', url: `/api/invoices/${draft.id}` });
    expect(del.statusCode).toBe(200);
    const gone = await call(t.app, admin, { method: 'GET', url: `/api/invoices/${draft.id}` });
    expect(gone.statusCode).toBe(404);
  });

  it('leaves a partly paid invoice unpaid with the right balance; the last payment marks it paid', async () => {
    const inv = await create({ status: 'sent' });
    const pay = (amount: number) =>
      call(t.app, admin, {
        method: 'POST',
        url: `/api/invoices/${inv.id}/payments`,
        payload: { amount, paidAt: day(0), method: 'bank_transfer', reference: 'VIR-1' },
      });
    const first = await pay(1000);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().invoice.status).toBe('sent');
    expect(first.json().invoice.paid).toBe(1000);
    expect(first.json().invoice.balance).toBe(inv.total - 1000);
    const tooMuch = await pay(inv.total);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().details[0].field).toBe('amount');
    const last = await pay(inv.total - 1000);
    expect(last.statusCode).toBe(201);
    const paid = last.json().invoice as Invoice;
    expect(paid.status).toBe('paid');
    expect(paid.balance).toBe(0);
    expect(paid.payments.map((p) => p.amount)).toEqual([1000, inv.total - 1000]);
    const draft = await create();
    const onDraft = await call(t.app, admin, {
      method: 'POST',
      url: `/api/invoices/${draft.id}/payments`,
      payload: { amount: 100, paidAt: day(0), method: 'cash' },
    });
    expect(onDraft.statusCode).toBe(409);
  });

  it('cancels an issued invoice with a numbered credit note that negates it', async () => {
    const inv = await create({ status: 'sent' });
    const res = await call(t.app, admin, { method: 'POST', url: `/api/invoices/${inv.id}/cancel` });
    expect(res.statusCode, res.body).toBe(200);
    const cancelled = res.json().invoice as Invoice;
    expect(cancelled.status).toBe('cancelled');
    const note = (
      await call(t.app, admin, { method: 'GET', url: `/api/invoices/${cancelled.creditNoteId}` })
    ).json().invoice as Invoice;
    expect(note.kind).toBe('credit_note');
    expect(note.invoiceNumber).toMatch(/^CN-\d{4}-\d{5}$/);
    expect(note.total).toBe(-inv.total);
    expect(note.creditNoteFor).toBe(inv.id);
    const again = await call(t.app, admin, {
      method: 'POST',
      url: `/api/invoices/${inv.id}/cancel`,
    });
    expect(again.statusCode).toBe(409);
  });

  it('duplicates an invoice as a new draft', async () => {
    const inv = await create({ status: 'sent' });
    const res = await call(t.app, admin, {
      method: 'POST',
      url: `/api/invoices/${inv.id}/duplicate`,
    });
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json().invoice as Invoice;
    expect(copy.status).toBe('draft');
    expect(copy.id).not.toBe(inv.id);
    expect(copy.total).toBe(inv.total);
    expect(copy.items.map((i) => i.title)).toEqual(inv.items.map((i) => i.title));
  });

  it('derives overdue from the due day and the balance', async () => {
    const inv = await create({ status: 'sent', issueDate: day(-40), dueDate: day(-10) });
    expect(inv.status).toBe('overdue');
    const overdue = await list('?status=overdue&limit=100');
    expect(overdue.invoices.map((i) => i.id)).toContain(inv.id);
    const pending = await list('?status=sent&limit=100');
    expect(pending.invoices.map((i) => i.id)).not.toContain(inv.id);
  });
});

describe('list', () => {
  it('answers stats that agree with the rows, and grow with a payment', async () => {
    const before = await list('?limit=1');
    const tabs = ['draft', 'sent', 'paid', 'overdue', 'cancelled'] as const;
    for (const tab of tabs) {
      let seen = 0;
      let amount = 0;
      let cursor: string | null = null;
      do {
        const page: InvoicesAnswer = await list(
          `?status=${tab}&limit=100${cursor ? `&cursor=${cursor}` : ''}`,
        );
        seen += page.invoices.length;
        amount += page.invoices.reduce((a, i) => a + i.total, 0);
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen, tab).toBe(before.stats[tab].count);
      expect(amount, tab).toBe(before.stats[tab].amount);
    }
    const inv = await create({ status: 'sent' });
    await call(t.app, admin, {
      method: 'POST',
      url: `/api/invoices/${inv.id}/payments`,
      payload: { amount: inv.total, paidAt: day(0), method: 'card' },
    });
    const after = await list('?limit=1');
    expect(after.stats.paid.count).toBe(before.stats.paid.count + 1);
    expect(after.stats.paid.amount).toBe(before.stats.paid.amount + inv.total);
  });

  it('searches by customer and number, filters by service and dates, pages without overlap', async () => {
    const other = await create({
      status: 'sent',
      customerId: undefined,
      to: { name: 'Zebra Logistics', email: 'zebra@zl.test' },
      items: [{ title: 'Freight', quantity: 1, price: 500, taxRate: 0, service: 'Transport' }],
    });
    const byName = await list('?q=zebra');
    expect(byName.invoices.map((i) => i.id)).toEqual([other.id]);
    expect(byName.total).toBe(1);
    const byNumber = await list(`?q=${other.invoiceNumber}`);
    expect(byNumber.invoices.map((i) => i.id)).toEqual([other.id]);
    const byService = await list('?service=Transport');
    expect(byService.invoices.map((i) => i.id)).toEqual([other.id]);
    const future = await list(`?dateField=due&from=${day(365)}`);
    expect(future.total).toBe(0);

    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page: InvoicesAnswer = await list(
        `?sort=total&order=asc&limit=7${cursor ? `&cursor=${cursor}` : ''}`,
      );
      ids.push(...page.invoices.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    const all = await list('?limit=1');
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(all.total);
    const bad = await call(t.app, admin, { method: 'GET', url: '/api/invoices?cursor=nonsense' });
    expect(bad.statusCode).toBe(400);
  });

  it('exports the filtered list as CSV', async () => {
    const res = await call(t.app, admin, {
      method: 'GET',
      url: '/api/invoices/export.csv?q=zebra',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"Zebra Logistics"');
  });
});

describe('PDF and mail', () => {
  it('renders a valid PDF with the number, the customer and the total', async () => {
    const inv = await create({ status: 'sent' });
    const text = await pdfText(inv.id);
    expect(text).toContain(inv.invoiceNumber!);
    expect(text).toContain('Acme Corp');
    const total = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(
      inv.total / 100,
    );
    expect(text).toContain(total);
  });

  it('renders an Arabic customer name and Chinese and Vietnamese text', async () => {
    const inv = await create({
      customerId: undefined,
      to: { name: 'شركة الأمل', email: 'amal@example.test', address: '上海市 人民路 1号' },
      items: [{ title: 'Thiết kế giao diện', quantity: 1, price: 10000, taxRate: 10 }],
    });
    const res = await call(t.app, admin, {
      method: 'GET',
      url: `/api/invoices/${inv.id}/pdf?lang=ar`,
    });
    // The Arabic font is embedded and used: its letters come out as Arabic text (the font draws
    // dots as separate marks, so a text extractor cannot give the exact letters back).
    expect(res.rawPayload.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansArabic/);
    expect(res.rawPayload.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSC/);
    const text = await pdfText(inv.id, 'ar');
    expect(text).toMatch(/[\u0621-\u064A]{3,}/);
    expect(text).toContain('上海市');
    expect(text).toContain('Thiết kế giao diện');
  });

  it('sends the invoice by mail with the PDF attached, through the outbox', async () => {
    const inv = await create();
    const res = await call(t.app, admin, {
      method: 'POST',
      url: `/api/invoices/${inv.id}/send`,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json().invoice as Invoice;
    const outbox = await call(t.app, admin, {
      method: 'GET',
      url: '/api/admin/outbox?to=ap@acme.test&limit=100',
    });
    const message = (
      outbox.json().messages as Array<{
        subject: string;
        attachments: Array<{ filename: string; contentType: string; size: number }>;
      }>
    ).find((m) => m.subject.includes(sent.invoiceNumber!));
    expect(message).toBeDefined();
    expect(message!.attachments).toEqual([
      {
        filename: `${sent.invoiceNumber}.pdf`,
        contentType: 'application/pdf',
        size: expect.any(Number),
      },
    ]);
    expect(message!.attachments[0]!.size).toBeGreaterThan(1000);
    const again = await call(t.app, admin, {
      method: 'POST',
      url: `/api/invoices/${inv.id}/send`,
      payload: {},
    });
    expect(again.json().invoice.sentCount).toBe(2);
    expect(again.json().invoice.number).toBe(sent.number);
  });
});

describe('access', () => {
  it('refuses a person without the invoices permission with 403', async () => {
    const { accessToken: token } = await registerUser(t.app, { email: 'plain@test.local' });
    const inv = await create();
    for (const [method, url] of [
      ['GET', '/api/invoices'],
      ['GET', `/api/invoices/${inv.id}`],
      ['GET', `/api/invoices/${inv.id}/pdf`],
      ['POST', '/api/invoices'],
      ['POST', `/api/invoices/${inv.id}/send`],
      ['GET', '/api/invoices/parties'],
    ] as const) {
      const res = await call(t.app, token, {
        method,
        url,
        payload: method === 'POST' ? body() : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    void company;
  });
});
