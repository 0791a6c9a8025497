import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '@bo/contract/invoices';
import type { Order } from '@bo/contract/orders';
import { productBody } from '../../../test/fixtures.js';
import { call, createTestApp, login, registerUser, type TestApp } from '../../../test/helpers.js';

/** Postal addresses of invoice parties, and invoices made from orders. */

let t: TestApp;
let admin: string;

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const address = {
  phone: '+33 1 23 45 67 89',
  address: '8 rue de Rivoli',
  city: 'Paris',
  postalCode: '75004',
  region: 'Île-de-France',
  country: 'fr',
};

async function party(payload: object) {
  return call(t.app, admin, { method: 'POST', url: '/api/invoices/parties', payload });
}

async function placeOrder(token: string) {
  const product = async (name: string, price: number) => {
    const res = await call(t.app, admin, {
      method: 'POST',
      url: '/api/products',
      payload: productBody({ name, code: name, price, quantity: 50, sizes: ['M'] }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().product.id as string;
  };
  const mug = await product('Mug', 12.5);
  const shirt = await product('Shirt', 30);
  const res = await call(t.app, token, {
    method: 'POST',
    url: '/api/orders',
    payload: {
      items: [
        { productId: mug, quantity: 3 },
        { productId: shirt, quantity: 1, size: 'M' },
      ],
      billing: {
        name: 'Jayvion Simon',
        phone: '+1 555 0100',
        address: '19034 Verna Unions, Apt. 164',
        email: 'jayvion@acme.test',
      },
      delivery: 'express',
      payment: 'card',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order as Order;
}

const fromOrder = (orderId: string, token = admin) =>
  call(t.app, token, { method: 'POST', url: `/api/orders/${orderId}/invoice` });

const getOrder = async (id: string) => {
  const res = await call(t.app, admin, { method: 'GET', url: `/api/orders/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order as Order;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).accessToken;
  const company = await party({
    kind: 'company',
    name: 'Minimal Studio SAS',
    email: 'billing@minimal.test',
    country: 'FR',
  });
  expect(company.statusCode, company.body).toBe(201);
});
afterAll(async () => {
  await t.close();
});

describe('party addresses', () => {
  it('keeps city, postal code, region, phone and the country code on the address book and the invoice', async () => {
    const created = await party({ kind: 'customer', name: 'Boulangerie Martin', ...address });
    expect(created.statusCode, created.body).toBe(201);
    const entry = created.json().party;
    expect(entry).toMatchObject({ ...address, country: 'FR' });

    const listed = await call(t.app, admin, {
      method: 'GET',
      url: '/api/invoices/parties?kind=customer&q=martin',
    });
    expect(listed.json().parties[0]).toMatchObject({ city: 'Paris', postalCode: '75004' });

    const patched = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/invoices/parties/${entry.id}`,
      payload: { city: 'Lyon', postalCode: '69001', region: 'Rhône' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().party).toMatchObject({ city: 'Lyon', region: 'Rhône', country: 'FR' });

    const res = await call(t.app, admin, {
      method: 'POST',
      url: '/api/invoices',
      payload: {
        customerId: entry.id,
        items: [{ title: 'Bread', quantity: 1, price: 500 }],
        dueDate: day(30),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const invoice = res.json().invoice as Invoice;
    expect(invoice.to).toMatchObject({
      city: 'Lyon',
      postalCode: '69001',
      region: 'Rhône',
      phone: address.phone,
      country: 'FR',
    });
    expect(invoice.orderId).toBeNull();

    // An inline customer keeps them too.
    const inline = await call(t.app, admin, {
      method: 'POST',
      url: '/api/invoices',
      payload: {
        to: { name: 'Inline Ltd', ...address, country: 'GB' },
        items: [{ title: 'Bread', quantity: 1, price: 500 }],
        dueDate: day(30),
      },
    });
    expect(inline.statusCode, inline.body).toBe(201);
    expect(inline.json().invoice.to).toMatchObject({ city: 'Paris', country: 'GB' });
  });

  it('refuses an unknown country code and overlong fields with the field named', async () => {
    for (const [field, value] of [
      ['country', 'XX'],
      ['country', 'FRA'],
      ['city', 'c'.repeat(101)],
      ['postalCode', '1'.repeat(21)],
      ['region', 'r'.repeat(101)],
      ['phone', '5'.repeat(51)],
    ] as const) {
      const res = await party({ kind: 'customer', name: 'Bad', [field]: value });
      expect(res.statusCode, `${field}=${value}`).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    }
    const inline = await call(t.app, admin, {
      method: 'POST',
      url: '/api/invoices',
      payload: {
        to: { name: 'Bad', city: 'x'.repeat(101) },
        items: [{ title: 'Bread', quantity: 1, price: 500 }],
        dueDate: day(30),
      },
    });
    expect(inline.statusCode).toBe(400);
    expect(inline.json().details.map((d: { field: string }) => d.field)).toContain('to.city');
  });

  it('prints the address lines and the country name on the PDF, and puts them in the UBL', async () => {
    const entry = (
      await party({ kind: 'customer', name: 'Zeta GmbH', email: 'ap@zeta.test', ...address })
    ).json().party;
    const res = await call(t.app, admin, {
      method: 'POST',
      url: '/api/invoices',
      payload: {
        customerId: entry.id,
        status: 'sent',
        items: [{ title: 'Bread', quantity: 1, price: 500 }],
        dueDate: day(30),
      },
    });
    const invoice = res.json().invoice as Invoice;
    const pdf = await call(t.app, admin, { method: 'GET', url: `/api/invoices/${invoice.id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    const parser = new PDFParse({ data: new Uint8Array(pdf.rawPayload) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain('75004 Paris');
    expect(text).toContain('Île-de-France');
    expect(text).toContain('France');

    const ubl = await call(t.app, admin, { method: 'GET', url: `/api/invoices/${invoice.id}/ubl` });
    expect(ubl.statusCode, ubl.body).toBe(200);
    expect(ubl.body).toContain('<cbc:CityName>Paris</cbc:CityName>');
    expect(ubl.body).toContain('<cbc:PostalZone>75004</cbc:PostalZone>');
    expect(ubl.body).toContain('<cbc:CountrySubentity>Île-de-France</cbc:CountrySubentity>');
    expect(ubl.body).toContain(`<cbc:Telephone>${address.phone}</cbc:Telephone>`);
  });
});

describe('POST /api/orders/:id/invoice', () => {
  it('makes a draft with the order’s lines, customer and address, linked both ways', async () => {
    const order = await placeOrder(admin);
    const res = await fromOrder(order.id);
    expect(res.statusCode, res.body).toBe(201);
    const invoice = res.json().invoice as Invoice;
    expect(invoice).toMatchObject({
      status: 'draft',
      orderId: order.id,
      orderNumber: order.number,
      customerId: null,
      currency: 'USD',
    });
    expect(invoice.to).toMatchObject({
      name: 'Jayvion Simon',
      email: 'jayvion@acme.test',
      phone: '+1 555 0100',
      address: '19034 Verna Unions, Apt. 164',
    });
    expect(
      invoice.items.map((i) => ({ title: i.title, quantity: i.quantity, price: i.price })),
    ).toEqual(
      order.items.map((i) => ({
        title: i.name,
        quantity: i.quantity,
        price: Math.round(i.price * 100),
      })),
    );
    // The same money as the order: 3 × 12.50 + 30 + 10 express shipping.
    expect(invoice.subtotal).toBe(Math.round(order.subtotal * 100));
    expect(invoice.shipping).toBe(1000);
    expect(invoice.total).toBe(Math.round(order.total * 100));

    // Read back, the invoice names its order, and the order its invoice.
    const read = await call(t.app, admin, { method: 'GET', url: `/api/invoices/${invoice.id}` });
    expect(read.json().invoice).toMatchObject({ orderId: order.id, orderNumber: order.number });
    expect((await getOrder(order.id)).invoices).toEqual([
      { id: invoice.id, invoiceNumber: null, status: 'draft' },
    ]);

    const audit = await call(t.app, admin, {
      method: 'GET',
      url: '/api/admin/audit?action=invoice.from_order',
    });
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.body).toContain(invoice.id);
  });

  it('answers 409 with the existing invoice’s id on a second call, until that one is cancelled', async () => {
    const order = await placeOrder(admin);
    const first = (await fromOrder(order.id)).json().invoice as Invoice;
    const again = await fromOrder(order.id);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().details[0]).toMatchObject({
      field: 'orderId',
      code: 'order_invoiced',
      params: { invoiceId: first.id },
    });

    // Two at once: one invoice.
    const raced = await Promise.all([fromOrder(order.id), fromOrder(order.id)]);
    expect(raced.map((r) => r.statusCode)).toEqual([409, 409]);

    const cancelled = await call(t.app, admin, {
      method: 'POST',
      url: `/api/invoices/${first.id}/cancel`,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const second = await fromOrder(order.id);
    expect(second.statusCode, second.body).toBe(201);
    const secondId = second.json().invoice.id;
    expect((await getOrder(order.id)).invoices.map((i) => [i.id, i.status])).toEqual([
      [first.id, 'cancelled'],
      [secondId, 'draft'],
    ]);
    // A duplicate of an order's invoice is a plain invoice, not a second one for the order.
    const dup = await call(t.app, admin, {
      method: 'POST',
      url: `/api/invoices/${secondId}/duplicate`,
    });
    expect(dup.statusCode, dup.body).toBe(201);
    expect(dup.json().invoice.orderId).toBeNull();
  });

  it('refuses without the invoice permission (403) and an unknown order (404)', async () => {
    const shopper = (await registerUser(t.app, { email: 'shopper@test.local' })).accessToken;
    const order = await placeOrder(shopper);
    const refused = await fromOrder(order.id, shopper);
    expect(refused.statusCode, refused.body).toBe(403);
    // The shopper reads their own order; its invoices are not theirs to see.
    await fromOrder(order.id);
    const own = await call(t.app, shopper, { method: 'GET', url: `/api/orders/${order.id}` });
    expect(own.statusCode).toBe(200);
    expect(own.json().order.invoices).toEqual([]);

    const missing = await fromOrder('00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    const bad = await fromOrder('not-a-uuid');
    expect(bad.statusCode).toBe(400);
  });
});
