import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { validateXML } from 'xmllint-wasm';
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

/**
 * The text of each page as pdf.js extracts it (what a viewer copies and searches): items joined
 * by a space, a line's end by a newline, runs of spaces made one. pdf.js gives each item in
 * reading order (its bidirectional pass turns a right-to-left run back into logical order).
 */
async function pdfJsText(bytes: Uint8Array) {
  const doc = await getDocument({ data: new Uint8Array(bytes) }).promise;
  try {
    const pages: Array<{ text: string; items: Array<{ str: string; x: number }> }> = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      const items = content.items.flatMap((i) =>
        'str' in i ? [{ str: i.str, x: i.transform[4] as number, eol: i.hasEOL }] : [],
      );
      const text = items
        .map((i) => i.str + (i.eol ? '\n' : ' '))
        .join('')
        .replace(/ +/g, ' ');
      pages.push({ text, items });
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

async function pdfBytes(id: string, lang: string) {
  const res = await call(t.app, admin, {
    method: 'GET',
    url: `/api/invoices/${id}/pdf?lang=${lang}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return new Uint8Array(res.rawPayload);
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

  it('sums the cards over the filters, not the whole ledger', async () => {
    // Two invoices due on a far day of their own, one of them paid, one of a unique customer.
    const far = day(301);
    const due = await create({ status: 'sent', dueDate: far });
    const paid = await create({ status: 'sent', dueDate: far });
    await call(t.app, admin, {
      method: 'POST',
      url: `/api/invoices/${paid.id}/payments`,
      payload: { amount: paid.total, paidAt: day(0), method: 'card' },
    });
    const whole = await list('?limit=1');
    const byDue = await list(`?dateField=due&from=${far}&to=${far}&limit=10`);
    expect(byDue.invoices.map((i) => i.id).sort()).toEqual([due.id, paid.id].sort());
    expect(byDue.total).toBe(2);
    expect(byDue.stats.all).toEqual({
      count: 2,
      amount: due.total + paid.total,
      balance: due.total,
    });
    expect(byDue.stats.sent.count).toBe(1);
    expect(byDue.stats.paid).toEqual({ count: 1, amount: paid.total, balance: 0 });
    expect(whole.stats.all.count).toBeGreaterThan(2);

    // A tab keeps the filter's cards and counts its own rows.
    const paidTab = await list(`?status=paid&dateField=due&from=${far}&to=${far}`);
    expect(paidTab.invoices.map((i) => i.id)).toEqual([paid.id]);
    expect(paidTab.total).toBe(1);
    expect(paidTab.stats).toEqual(byDue.stats);

    // Created today, searched by a customer no one else has: the cards are that customer's.
    const lone = await create({
      status: 'sent',
      customerId: undefined,
      to: { name: 'Quillon Orchards', email: 'q@quillon.test' },
    });
    const today = day(0);
    const searched = await list(`?q=quillon&from=${today}&to=${today}`);
    expect(searched.invoices.map((i) => i.id)).toEqual([lone.id]);
    expect(searched.stats.all).toEqual({ count: 1, amount: lone.total, balance: lone.total });
    expect(searched.stats.sent.count).toBe(1);
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

  it('keeps a rendered PDF until the invoice changes, with its file name', async () => {
    const inv = await create({ status: 'sent' });
    const get = () =>
      call(t.app, admin, { method: 'GET', url: `/api/invoices/${inv.id}/pdf?download=1` });
    const first = await get();
    expect(first.headers['x-cache']).toBe('miss');
    const again = await get();
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.headers['content-type']).toBe('application/pdf');
    expect(again.headers['content-disposition']).toBe(first.headers['content-disposition']);
    expect(again.headers['content-disposition']).toMatch(/^attachment; filename=".+\.pdf"$/);
    expect(Buffer.compare(again.rawPayload, first.rawPayload)).toBe(0);
    // Another language is another document.
    expect(
      (await call(t.app, admin, { method: 'GET', url: `/api/invoices/${inv.id}/pdf?lang=fr` }))
        .headers['x-cache'],
    ).toBe('miss');
    // A change to any invoice drops it.
    await t.database.query(`UPDATE invoices SET notes = 'changed' WHERE id = $1`, [inv.id]);
    expect((await get()).headers['x-cache']).toBe('miss');
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
    // Each script in its own embedded font, and each comes back as the letters it was set from.
    expect(res.rawPayload.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansArabic/);
    expect(res.rawPayload.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSC/);
    const text = await pdfText(inv.id, 'ar');
    expect(text).toContain('شركة الأمل');
    expect(text).toContain('上海市');
    expect(text).toContain('Thiết kế giao diện');
  });

  it('sets an Arabic invoice right to left, its words extracting as they read', async () => {
    const inv = await create({
      status: 'sent',
      customerId: undefined,
      to: { name: 'شركة النيل للتجارة', email: 'nile@example.test', address: 'شارع بنت الشاطئ 5' },
      items: [{ title: 'تصميم الموقع', quantity: 2, price: 50000, taxRate: 20 }],
      discount: 0,
      shipping: 0,
    });
    const [page] = await pdfJsText(await pdfBytes(inv.id, 'ar'));
    const { text, items } = page!;
    // Every Arabic label of the page, the customer's name and address and the line's title, each
    // in logical order: a copy or a search finds them (ب ت ن ي share one glyph in the font).
    for (const words of [
      'فاتورة',
      'من',
      'إلى',
      'تاريخ الإصدار',
      'تاريخ الاستحقاق',
      'الوصف',
      'الكمية',
      'سعر الوحدة',
      'الضريبة',
      'المبلغ',
      'المجموع الفرعي',
      'الإجمالي',
      'الرصيد المستحق',
      'الرقم الضريبي',
      'صفحة',
      'شركة النيل للتجارة',
      // A line mixing directions too: its runs are written in reading order.
      'شارع بنت الشاطئ 5',
      'الرقم الضريبي: FR12345678901',
      'تصميم الموقع',
    ]) {
      expect(text).toContain(words);
    }
    // Numbers and Latin names keep their own order.
    expect(text).toContain(inv.invoiceNumber!);
    expect(text).toContain('Minimal Studio SAS');
    expect(text).toContain('FR12345678901');
    expect(text).toContain('1,200.00 €');
    // No stray control characters where the font's dots were.
    expect([...text].filter((c) => c < ' ' && c !== '\n')).toEqual([]);
    // Mirrored: the seller's block and the description column on the right, the amounts on the
    // left.
    const x = (s: string) => items.find((i) => i.str === s)!.x;
    expect(x('من')).toBeGreaterThan(x('إلى'));
    expect(x('الوصف')).toBeGreaterThan(x('المبلغ'));
    expect(x('المجموع الفرعي')).toBeGreaterThan(x('1,000.00 €'));
    expect(x('Minimal Studio SAS')).toBeGreaterThan(x('فاتورة'));

    // The same invoice in English is set left to right and extracts its words as before.
    const [en] = await pdfJsText(await pdfBytes(inv.id, 'en'));
    for (const words of ['INVOICE', 'BILL TO', 'ISSUE DATE', 'Unit price', 'Balance due']) {
      expect(en!.text).toContain(words);
    }
    expect(en!.text).toContain('شركة النيل للتجارة');
    const ex = (s: string) => en!.items.find((i) => i.str === s)!.x;
    expect(ex('Description')).toBeLessThan(ex('Amount'));
  });

  it('shows the tax rate by rate, each on its base after the discount', async () => {
    const inv = await create({
      status: 'sent',
      items: [
        { title: 'Design', quantity: 3, price: 1999, taxRate: 20 },
        { title: 'Hosting', quantity: 1.5, price: 333, taxRate: 5.5 },
      ],
      discount: 500,
      shipping: 0,
    });
    // Lines 59.97 and 5.00; the 5.00 discount shared 4.62 / 0.38; 20 % of 55.35 = 11.07 and
    // 5.5 % of 4.62 = 0.2541 → 0.25: together the invoice's taxes, to the cent.
    expect(inv.taxes).toBe(1107 + 25);
    const [en] = await pdfJsText(await pdfBytes(inv.id, 'en'));
    expect(en!.text).toContain('Tax 20 % on €55.35 €11.07');
    expect(en!.text).toContain('Tax 5.5 % on €4.62 €0.25');
    // A rate no line has is not shown; the single "Taxes" line is gone.
    expect(en!.text).not.toContain('Tax 0 %');
    expect(en!.text).not.toContain('Taxes');
    const [ar] = await pdfJsText(await pdfBytes(inv.id, 'ar'));
    expect(ar!.text).toContain('الضريبة 20 % على 55.35 € 11.07 €');
    expect(ar!.text).toContain('الضريبة 5.5 % على 4.62 € 0.25 €');
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

describe('hostile input on the e-invoice, zip and reminder calls', () => {
  it('answers 400 naming the field for a NUL byte, a huge number or a bad id', async () => {
    const cases: Array<[string, string, object | undefined, string]> = [
      ['POST', '/api/invoices/pdf.zip', { ids: ['abc\u0000'] }, 'ids'],
      ['POST', '/api/invoices/pdf.zip', { ids: [] }, 'ids'],
      ['POST', '/api/invoices/pdf.zip', { ids: [customer], lang: 'xx' }, 'lang'],
      ['POST', '/api/invoices/reminders', { minDaysOverdue: 1e300 }, 'minDaysOverdue'],
      ['POST', '/api/invoices/reminders', { everyDays: -3 }, 'everyDays'],
      ['POST', '/api/invoices/reminders', { limit: 1.5 }, 'limit'],
      ['GET', '/api/invoices/not-a-uuid/ubl', undefined, 'id'],
      [
        'GET',
        '/api/invoices/00000000-0000-4000-8000-000000000000/pdf?format=xml',
        undefined,
        'format',
      ],
    ];
    for (const [method, url, payload, field] of cases) {
      const res = await call(t.app, admin, { method: method as 'GET' | 'POST', url, payload });
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      const fields = (res.json().details as Array<{ field: string }>).map((d) => d.field);
      expect(
        fields.some((f) => f.startsWith(field)),
        `${url}: ${fields.join()}`,
      ).toBe(true);
    }
    const missing = await call(t.app, admin, {
      method: 'GET',
      url: '/api/invoices/00000000-0000-4000-8000-000000000000/ubl',
    });
    expect(missing.statusCode).toBe(404);
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
      ['GET', `/api/invoices/${inv.id}/ubl`],
      ['POST', '/api/invoices/pdf.zip'],
      ['POST', '/api/invoices/reminders'],
      ['POST', '/api/invoices/warm-up'],
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

describe('e-invoice', () => {
  const schemaDir = fileURLToPath(new URL('./schemas/factur-x-en16931/', import.meta.url));
  const xsd = (name: string) => ({
    fileName: name,
    contents: readFileSync(path.join(schemaDir, name), 'utf8'),
  });
  const FX = 'Factur-X_1.07.3_EN16931';
  const facturXSchema = {
    schema: [xsd(`${FX}.xsd`)],
    preload: [
      xsd(`${FX}_urn_un_unece_uncefact_data_standard_QualifiedDataType_100.xsd`),
      xsd(
        `${FX}_urn_un_unece_uncefact_data_standard_ReusableAggregateBusinessInformationEntity_100.xsd`,
      ),
      xsd(`${FX}_urn_un_unece_uncefact_data_standard_UnqualifiedDataType_100.xsd`),
    ],
  };
  const text = (xml: string, tag: string) =>
    [...xml.matchAll(new RegExp(`<${tag}(?:\\s[^>]*)?>([^<]*)</${tag}>`, 'g'))].map((m) => m[1]);
  const money = (cents: number) => (cents / 100).toFixed(2);

  async function ubl(id: string) {
    const res = await call(t.app, admin, { method: 'GET', url: `/api/invoices/${id}/ubl` });
    return res;
  }

  it('answers an issued invoice as well-formed UBL 2.1 with the EN 16931 core fields and the same cents', async () => {
    const inv = await create({ status: 'sent' });
    const res = await ubl(inv.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const xml = res.body;
    const lint = await validateXML({
      xml: { fileName: 'invoice.xml', contents: xml },
      normalization: 'format',
    });
    expect(lint.errors).toEqual([]);
    expect(xml).toContain('xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"');
    expect(text(xml, 'cbc:CustomizationID')).toEqual(['urn:cen.eu:en16931:2017']);
    expect(text(xml, 'cbc:ID')[0]).toBe(inv.invoiceNumber);
    expect(text(xml, 'cbc:InvoiceTypeCode')).toEqual(['380']);
    expect(text(xml, 'cbc:DueDate')).toEqual([inv.dueDate]);
    // Seller and buyer, with the seller's VAT number and both countries.
    expect(text(xml, 'cbc:RegistrationName')).toEqual(['Minimal Studio SAS', 'Acme Corp']);
    expect(text(xml, 'cbc:CompanyID')).toContain('FR12345678901');
    expect(text(xml, 'cbc:IdentificationCode')).toEqual(['FR', 'US']);
    // Lines, a tax breakdown per rate (20, 5.5 and 0 with the untaxed shipping), and totals that
    // are the API's cents.
    expect(text(xml, 'cbc:InvoicedQuantity')).toEqual(['3', '1.5', '1']);
    const percents = text(xml, 'cbc:Percent');
    expect(new Set(percents)).toEqual(new Set(['0', '5.5', '20']));
    const taxAmounts = text(xml, 'cbc:TaxAmount');
    expect(taxAmounts[0]).toBe(money(inv.taxes));
    expect(taxAmounts.slice(1).reduce((a, b) => a + Math.round(Number(b) * 100), 0)).toBe(
      inv.taxes,
    );
    expect(text(xml, 'cbc:LineExtensionAmount')[0]).toBe(money(inv.subtotal));
    expect(text(xml, 'cbc:AllowanceTotalAmount')).toEqual([money(inv.discount)]);
    expect(text(xml, 'cbc:ChargeTotalAmount')).toEqual([money(inv.shipping)]);
    expect(text(xml, 'cbc:TaxInclusiveAmount')).toEqual([money(inv.total)]);
    expect(text(xml, 'cbc:PayableAmount')).toEqual([money(inv.balance)]);
    expect(text(xml, 'cbc:Note')).toContain(`Payable by ${inv.dueDate}`);
  });

  it('splits the discount per tax rate so each rate is taxed on exactly what its lines bear', async () => {
    const inv = await create({ status: 'sent' });
    const xml = (await ubl(inv.id)).body;
    // Taxable per rate = the rate's line totals − their discount shares (+ shipping at 0 %).
    const taxable = Object.fromEntries(
      [...xml.matchAll(/<cac:TaxSubtotal>([\s\S]*?)<\/cac:TaxSubtotal>/g)].map((m) => [
        text(m[1]!, 'cbc:Percent')[0],
        text(m[1]!, 'cbc:TaxableAmount')[0],
      ]),
    );
    expect(taxable).toEqual({
      '20': money(5997 - 400),
      '5.5': money(500 - 33),
      '0': money(1001 - 67 + 250),
    });
    const allowances = [...xml.matchAll(/<cac:AllowanceCharge>([\s\S]*?)<\/cac:AllowanceCharge>/g)]
      .map((m) => m[1]!)
      .filter((a) => a.includes('>false<'));
    expect(
      allowances.reduce((s, a) => s + Math.round(Number(text(a, 'cbc:Amount')[0]) * 100), 0),
    ).toBe(inv.discount);
  });

  it('answers a credit note as a UBL CreditNote referring to the invoice it cancels', async () => {
    const inv = await create({ status: 'sent' });
    const cancelled = (
      await call(t.app, admin, { method: 'POST', url: `/api/invoices/${inv.id}/cancel` })
    ).json().invoice as Invoice;
    const res = await ubl(cancelled.creditNoteId!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2');
    expect(text(res.body, 'cbc:CreditNoteTypeCode')).toEqual(['381']);
    expect(res.body).toMatch(
      new RegExp(`<cac:InvoiceDocumentReference>\\s*<cbc:ID>${inv.invoiceNumber}</cbc:ID>`),
    );
    // Positive amounts: the type says it is a credit.
    expect(text(res.body, 'cbc:TaxInclusiveAmount')).toEqual([money(inv.total)]);
  });

  it('refuses a draft, and a party without a country, with 409 naming the field', async () => {
    const draft = await create();
    const res = await ubl(draft.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().details[0].field).toBe('status');
    const noCountry = await create({
      status: 'sent',
      customerId: undefined,
      to: { name: 'Nowhere Ltd', email: 'ap@nowhere.test' },
    });
    const res2 = await ubl(noCountry.id);
    expect(res2.statusCode).toBe(409);
    expect(res2.json().details[0].field).toBe('to.country');
  });

  it('makes a Factur-X PDF whose embedded XML is valid against the Factur-X EN 16931 schema', async () => {
    const inv = await create({ status: 'sent' });
    const res = await call(t.app, admin, {
      method: 'GET',
      url: `/api/invoices/${inv.id}/pdf?format=facturx`,
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const doc = await getDocument({ data: new Uint8Array(res.rawPayload) }).promise;
    try {
      const attachments = (await doc.getAttachments()) as Record<
        string,
        { filename: string; content: Uint8Array }
      >;
      const file = Object.values(attachments).find((a) => a.filename === 'factur-x.xml');
      expect(file).toBeDefined();
      const xml = new TextDecoder().decode(file!.content);
      const result = await validateXML({
        xml: { fileName: 'factur-x.xml', contents: xml },
        ...facturXSchema,
      });
      expect(result.errors).toEqual([]);
      expect(result.valid).toBe(true);
      expect(xml).toContain(`<ram:ID>${inv.invoiceNumber}</ram:ID>`);
      expect(xml).toContain(`<ram:GrandTotalAmount>${money(inv.total)}</ram:GrandTotalAmount>`);
      // The page is still the invoice people read.
      const page = await doc.getPage(1);
      const content = await page.getTextContent();
      const words = content.items.map((i) => ('str' in i ? i.str : '')).join(' ');
      expect(words).toContain(inv.invoiceNumber!);
    } finally {
      await doc.destroy();
    }
    // The schema does catch a broken document (the check above can fail).
    const broken = await validateXML({
      xml: {
        fileName: 'bad.xml',
        contents:
          '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"/>',
      },
      ...facturXSchema,
    });
    expect(broken.valid).toBe(false);
  });

  it('mails the Factur-X PDF, so the buyer’s accounting reads the invoice as it is', async () => {
    const inv = await create({ status: 'sent' });
    await call(t.app, admin, { method: 'POST', url: `/api/invoices/${inv.id}/send`, payload: {} });
    const outbox = await call(t.app, admin, {
      method: 'GET',
      url: '/api/admin/outbox?to=ap@acme.test&limit=100',
    });
    const message = (
      outbox.json().messages as Array<{ subject: string; attachments: Array<{ size: number }> }>
    ).find((m) => m.subject.includes(inv.invoiceNumber!));
    const plain = await call(t.app, admin, { method: 'GET', url: `/api/invoices/${inv.id}/pdf` });
    // The plain PDF plus the embedded XML and PDF/A metadata.
    expect(message!.attachments[0]!.size).toBeGreaterThan(plain.rawPayload.length + 2000);
  });
});

describe('bulk download and reminders', () => {
  it('zips the PDFs of the chosen invoices', async () => {
    const a = await create({ status: 'sent' });
    const b = await create();
    const res = await call(t.app, admin, {
      method: 'POST',
      url: '/api/invoices/pdf.zip',
      payload: { ids: [a.id, b.id, a.id] },
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual(
      [`${a.invoiceNumber}.pdf`, `draft-${b.id.slice(0, 8)}.pdf`].sort(),
    );
    for (const bytes of Object.values(files)) {
      expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    }
    const missing = await call(t.app, admin, {
      method: 'POST',
      url: '/api/invoices/pdf.zip',
      payload: { ids: [a.id, '00000000-0000-4000-8000-000000000000'] },
    });
    expect(missing.statusCode).toBe(404);
    const tooMany = await call(t.app, admin, {
      method: 'POST',
      url: '/api/invoices/pdf.zip',
      payload: { ids: Array.from({ length: 51 }, () => a.id) },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().details[0].field).toBe('ids');
  });

  it('gets the renderer ready on request, answering at once with nothing to read', async () => {
    const res = await call(t.app, admin, { method: 'POST', url: '/api/invoices/warm-up' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    // A PDF right after it renders as usual (the warm-up leaves nothing half done).
    const inv = await create({ status: 'sent' });
    expect((await pdfText(inv.id)).length).toBeGreaterThan(0);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/invoices/warm-up' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('renders off the main thread: other requests answer while a zip is being made', async () => {
    const ids = await Promise.all(
      Array.from({ length: 8 }, async () => (await create({ status: 'sent' })).id),
    );
    let done = false;
    const zip = call(t.app, admin, {
      method: 'POST',
      url: '/api/invoices/pdf.zip',
      payload: { ids },
    }).finally(() => (done = true));
    const waits: number[] = [];
    while (!done) {
      const started = performance.now();
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      waits.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 5));
    }
    expect((await zip).statusCode).toBe(200);
    // 8 Factur-X PDFs take well over a second of CPU; the loop stays free meanwhile. A render on
    // the main thread would hold every health check for a whole document or more; 300 ms leaves
    // room for a machine busy with other suites, far below that.
    expect(waits.length).toBeGreaterThan(5);
    expect(Math.max(...waits)).toBeLessThan(300);
  });

  it('reminds each overdue invoice once, with the PDF, and not again within the week', async () => {
    const overdue = await create({ status: 'sent', dueDate: day(-10) });
    const notYet = await create({ status: 'sent', dueDate: day(5) });
    // Sending counts as a mail: a reminder waits a week after it, unless asked for sooner.
    const first = await call(t.app, admin, {
      method: 'POST',
      url: '/api/invoices/reminders',
      payload: { everyDays: 7 },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().invoiceIds).not.toContain(overdue.id);
    const res = await call(t.app, admin, {
      method: 'POST',
      url: '/api/invoices/reminders',
      payload: { everyDays: 1, minDaysOverdue: 1, limit: 500 },
    });
    expect(res.statusCode, res.body).toBe(200);
    // Created and sent just now: "every day" still counts the send of a moment ago.
    expect(res.json().invoiceIds).not.toContain(notYet.id);
    // Claim it by moving its last mail back, as a week would.
    await t.app.services.database.query(
      `UPDATE invoices SET last_sent_at = now() - interval '8 days' WHERE id = $1`,
      [overdue.id],
    );
    const [r1, r2] = await Promise.all(
      [1, 2].map(() =>
        call(t.app, admin, { method: 'POST', url: '/api/invoices/reminders', payload: {} }),
      ),
    );
    const ids = [...r1!.json().invoiceIds, ...r2!.json().invoiceIds];
    expect(ids.filter((id: string) => id === overdue.id)).toHaveLength(1);
    expect(ids).not.toContain(notYet.id);
    const outbox = await call(t.app, admin, {
      method: 'GET',
      url: '/api/admin/outbox?to=ap@acme.test&limit=100',
    });
    const reminders = (
      outbox.json().messages as Array<{ subject: string; attachments: Array<{ filename: string }> }>
    ).filter((m) => m.subject === `Reminder: invoice ${overdue.invoiceNumber} is overdue`);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.attachments[0]!.filename).toBe(`${overdue.invoiceNumber}.pdf`);
    const after = await call(t.app, admin, { method: 'GET', url: `/api/invoices/${overdue.id}` });
    expect(after.json().invoice.sentCount).toBe(2);
    const again = await call(t.app, admin, {
      method: 'POST',
      url: '/api/invoices/reminders',
      payload: {},
    });
    expect(again.json().invoiceIds).not.toContain(overdue.id);
  });
});
