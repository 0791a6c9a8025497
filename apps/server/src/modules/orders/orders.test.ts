import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import type { CreateOrderBody } from '@bo/contract/orders';
import type { ProductBody } from '@bo/contract/products';
import { discountCodes, orderDailyStats } from '../../db/schema/commerce.js';
import { productBody } from '../../../test/fixtures.js';
import { call, createTestApp, login, registerUser, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
let admin: string;
let shopper: string;

// What the order tests rely on: a $10 product with 10 in stock and one size.
const product = (over: Partial<ProductBody>): ProductBody =>
  productBody({
    name: 'Runner',
    code: 'C-1',
    description: '',
    images: ['/uploads/r.png'],
    price: 10,
    quantity: 10,
    sizes: ['9'],
    tags: [],
    ...over,
  });

async function createProduct(over: Partial<ProductBody>) {
  const res = await call(t.app, admin, {
    method: 'POST',
    url: '/api/products',
    payload: product(over),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product as { id: string; slug: string };
}
async function stockOf(slug: string) {
  const res = await call(t.app, admin, {
    method: 'GET',
    url: `/api/products/product?name=${slug}`,
  });
  return res.json().product as { quantity: number; sold: number };
}

const billing = {
  name: 'Jayvion Simon',
  phone: '+1 555 0100',
  address: '19034 Verna Unions, Apt. 164',
};
const orderBody = (
  items: CreateOrderBody['items'],
  over: Partial<CreateOrderBody> = {},
): CreateOrderBody => ({
  items,
  billing,
  delivery: 'standard',
  payment: 'card',
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).accessToken;
  shopper = (await registerUser(t.app, { email: 'buyer@test.local' })).accessToken;
  await t.database.db.insert(discountCodes).values([
    { code: 'TEN', percent: 10 },
    { code: 'FIVEOFF', amount: '5.00' },
    { code: 'OLD', percent: 50, active: false },
  ]);
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/orders', () => {
  it('computes subtotal, discount, shipping and total in cents from catalogue prices, and takes the stock', async () => {
    const a = await createProduct({ name: 'Cent A', price: 0.1, quantity: 5 });
    const b = await createProduct({ name: 'Cent B', price: 20, priceSale: 19.99, quantity: 5 });
    const res = await call(t.app, shopper, {
      method: 'POST',
      url: '/api/orders',
      payload: {
        ...orderBody(
          [
            { productId: a.id, quantity: 3, colour: '#000000' },
            { productId: b.id, quantity: 1, colour: '#FFFFFF', size: '9' },
            // A price sent by the browser is not part of the contract and is ignored.
            { productId: a.id, quantity: 1, colour: '#FFFFFF', price: 0 } as never,
          ],
          { delivery: 'express', discountCode: 'ten' },
        ),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { order } = res.json();
    // 4 × 0.10 + 19.99 = 20.39; 10% = 2.03 (floored); express 10.00
    expect(order).toMatchObject({
      subtotal: 20.39,
      discount: 2.03,
      shipping: 10,
      total: 28.36,
      itemsCount: 5,
      status: 'pending',
      discountCode: 'TEN',
      customerName: 'Jayvion Simon',
      customerEmail: 'buyer@test.local',
    });
    expect(order.items).toHaveLength(3);
    expect(order.number).toBeGreaterThan(0);
    expect(await stockOf(a.slug)).toMatchObject({ quantity: 1, sold: 4 });
    expect(await stockOf(b.slug)).toMatchObject({ quantity: 4, sold: 1 });
  });

  it('caps a fixed discount at the subtotal', async () => {
    const a = await createProduct({ name: 'Cheap', price: 3 });
    const res = await call(t.app, shopper, {
      method: 'POST',
      url: '/api/orders',
      payload: orderBody([{ productId: a.id, quantity: 1 }], { discountCode: 'FIVEOFF' }),
    });
    expect(res.json().order).toMatchObject({ subtotal: 3, discount: 3, total: 0 });
    // A code serves one person once: the second order with it is refused, and takes nothing.
    const again = await call(t.app, shopper, {
      method: 'POST',
      url: '/api/orders',
      payload: orderBody([{ productId: a.id, quantity: 1 }], { discountCode: 'fiveoff' }),
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().details[0]).toMatchObject({
      field: 'discountCode',
      code: 'discount_code_used',
    });
  });

  it('limits discount code checks per person (no guessing codes at full speed)', async () => {
    const guesser = (await registerUser(t.app, { email: 'guesser@test.local' })).accessToken;
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await call(t.app, guesser, {
        method: 'GET',
        url: `/api/orders/discount-codes/check?code=GUESS${i}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('answers 409 naming the product when stock is short, and takes nothing', async () => {
    const a = await createProduct({ name: 'Scarce Boot', quantity: 2 });
    const b = await createProduct({ name: 'Plenty Boot', quantity: 50 });
    const res = await call(t.app, shopper, {
      method: 'POST',
      url: '/api/orders',
      payload: orderBody([
        { productId: b.id, quantity: 1 },
        { productId: a.id, quantity: 3 },
      ]),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('Scarce Boot');
    expect(res.json().details[0]).toMatchObject({
      field: 'items.1.quantity',
      code: 'insufficient_stock',
      params: { product: 'Scarce Boot', available: 2 },
    });
    expect((await stockOf(b.slug)).quantity).toBe(50);
  });

  it('refuses an unknown or unpublished product, a bad colour, a bad code, and bad input', async () => {
    const draft = await createProduct({ name: 'Draft Only', published: false });
    const ok = await createProduct({ name: 'Ok Product' });
    const cases: Array<[unknown, number, string]> = [
      [
        orderBody([{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }]),
        400,
        'items.0.productId',
      ],
      [orderBody([{ productId: draft.id, quantity: 1 }]), 400, 'items.0.productId'],
      [orderBody([{ productId: ok.id, quantity: 1, colour: '#123456' }]), 400, 'items.0.colour'],
      [
        orderBody([{ productId: ok.id, quantity: 1 }], { discountCode: 'OLD' }),
        400,
        'discountCode',
      ],
      [orderBody([{ productId: ok.id, quantity: 0 }]), 400, 'items.0.quantity'],
      [orderBody([]), 400, 'items'],
      [{ ...orderBody([{ productId: ok.id, quantity: 1 }]), payment: 'bitcoin' }, 400, 'payment'],
      [
        { ...orderBody([{ productId: ok.id, quantity: 1 }]), billing: { name: '' } },
        400,
        'billing.name',
      ],
    ];
    for (const [payload, status, field] of cases) {
      const res = await call(t.app, shopper, {
        method: 'POST',
        url: '/api/orders',
        payload: payload as object,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect((await stockOf(ok.slug)).quantity).toBe(10);
  });

  it('checks a discount code ahead of the order, once per person', async () => {
    const newcomer = (await registerUser(t.app, { email: 'newcomer@test.local' })).accessToken;
    expect(
      (
        await call(t.app, newcomer, {
          method: 'GET',
          url: '/api/orders/discount-codes/check?code=ten',
        })
      ).json(),
    ).toEqual({ discount: { code: 'TEN', percent: 10, amount: null } });
    // The shopper already placed an order with TEN.
    const used = await call(t.app, shopper, {
      method: 'GET',
      url: '/api/orders/discount-codes/check?code=ten',
    });
    expect(used.statusCode).toBe(400);
    expect(used.json().details[0]).toMatchObject({
      field: 'code',
      code: 'discount_code_used',
    });
    const bad = await call(t.app, shopper, {
      method: 'GET',
      url: '/api/orders/discount-codes/check?code=nope',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toMatchObject({
      field: 'code',
      code: 'invalid_discount_code',
    });
  });

  it('never oversells: 20 parallel orders for 5 in stock → 5 accepted, 15 answered 409, stock 0; cancelling one returns 1', async () => {
    const p = await createProduct({ name: 'Last Five', quantity: 5 });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(t.app, shopper, {
          method: 'POST',
          url: '/api/orders',
          payload: orderBody([{ productId: p.id, quantity: 1 }]),
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    expect(await stockOf(p.slug)).toMatchObject({ quantity: 0, sold: 5 });

    const accepted = results.find((r) => r.statusCode === 201)!.json().order;
    // Two cancellations at once: only one may return the stock.
    const [c1, c2] = await Promise.all([
      call(t.app, admin, {
        method: 'PATCH',
        url: `/api/orders/${accepted.id}`,
        payload: { status: 'cancelled' },
      }),
      call(t.app, admin, {
        method: 'PATCH',
        url: `/api/orders/${accepted.id}`,
        payload: { status: 'cancelled' },
      }),
    ]);
    expect([c1.statusCode, c2.statusCode]).toEqual([200, 200]);
    expect(await stockOf(p.slug)).toMatchObject({ quantity: 1, sold: 4 });
    // Refunding a cancelled order is refused and returns nothing more.
    const refund = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/orders/${accepted.id}`,
      payload: { status: 'refunded' },
    });
    expect(refund.statusCode).toBe(409);
    expect(refund.json().details[0]).toMatchObject({ field: 'status', code: 'invalid_transition' });
    expect((await stockOf(p.slug)).quantity).toBe(1);
  });

  it('needs orders:create and a token', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/orders', payload: {} })).statusCode,
    ).toBe(401);
  });
});

describe('order list, details and status', () => {
  let ids: string[] = [];
  beforeAll(async () => {
    const p = await createProduct({ name: 'Listed', quantity: 100, price: 12.5 });
    ids = [];
    for (const name of ['Alice Listing', 'Bob Listing', 'Carol Listing']) {
      const res = await call(t.app, shopper, {
        method: 'POST',
        url: '/api/orders',
        payload: orderBody([{ productId: p.id, quantity: 2 }], { billing: { ...billing, name } }),
      });
      ids.push(res.json().order.id);
    }
  });

  it('lists newest first with a total, pages, searches by customer and number, filters by status and day', async () => {
    const all = (await call(t.app, admin, { method: 'GET', url: '/api/orders' })).json();
    expect(all.total).toBe(all.orders.length);
    expect(all.orders[0].customerName).toBe('Carol Listing');
    const page2 = (
      await call(t.app, admin, { method: 'GET', url: '/api/orders?limit=1&page=2' })
    ).json();
    expect(page2.orders).toHaveLength(1);
    expect(page2.orders[0].id).toBe(all.orders[1].id);
    const search = (await call(t.app, admin, { method: 'GET', url: '/api/orders?q=bob' })).json();
    expect(search).toMatchObject({ total: 1, orders: [{ customerName: 'Bob Listing' }] });
    const byNumber = (
      await call(t.app, admin, { method: 'GET', url: `/api/orders?q=%23${all.orders[0].number}` })
    ).json();
    expect(byNumber.orders[0].id).toBe(all.orders[0].id);
    const today = new Date().toISOString().slice(0, 10);
    const todays = (
      await call(t.app, admin, {
        method: 'GET',
        url: `/api/orders?from=${today}&to=${today}&status=pending`,
      })
    ).json();
    expect(todays.total).toBe(todays.orders.length);
    expect(todays.orders.every((o: { status: string }) => o.status === 'pending')).toBe(true);
    const none = (
      await call(t.app, admin, { method: 'GET', url: '/api/orders?from=2000-01-01&to=2000-01-02' })
    ).json();
    expect(none).toEqual({ orders: [], total: 0 });
    expect(
      (await call(t.app, admin, { method: 'GET', url: '/api/orders?status=lost' })).statusCode,
    ).toBe(400);
  });

  it('finds orders by the name and e-mail written on them, and by the customer’s e-mail', async () => {
    const byName = (
      await call(t.app, admin, { method: 'GET', url: '/api/orders?q=carol%20list' })
    ).json();
    expect(byName.orders.map((o: { id: string }) => o.id)).toEqual([ids[2]]);
    const mine = (
      await call(t.app, shopper, { method: 'GET', url: '/api/orders?limit=100' })
    ).json();
    const email = mine.orders[0].customerEmail as string;
    const byEmail = (
      await call(t.app, admin, {
        method: 'GET',
        url: `/api/orders?limit=100&q=${encodeURIComponent(email.toUpperCase())}`,
      })
    ).json();
    expect(byEmail.total).toBe(byEmail.orders.length);
    expect(byEmail.orders.map((o: { id: string }) => o.id)).toEqual(
      expect.arrayContaining([...ids].reverse()),
    );
    expect(byEmail.orders.every((o: { customerEmail: string }) => o.customerEmail === email)).toBe(
      true,
    );
    const nobody = (
      await call(t.app, admin, { method: 'GET', url: '/api/orders?q=no-such-customer' })
    ).json();
    expect(nobody).toEqual({ orders: [], total: 0 });
  });

  it('reads the next and previous pages after and before an order, in every sort', async () => {
    for (const sort of ['createdAt', 'number', 'total']) {
      for (const order of ['asc', 'desc']) {
        const base = `/api/orders?sort=${sort}&order=${order}`;
        const all = (await call(t.app, admin, { method: 'GET', url: `${base}&limit=100` })).json();
        const ids: string[] = all.orders.map((o: { id: string }) => o.id);
        expect(ids.length).toBeGreaterThanOrEqual(3);
        const next = await call(t.app, admin, {
          method: 'GET',
          url: `${base}&limit=2&after=${ids[0]}`,
        });
        expect(next.statusCode).toBe(200);
        expect(next.json().orders.map((o: { id: string }) => o.id)).toEqual(ids.slice(1, 3));
        expect(next.json().total).toBe(all.total);
        const prev = await call(t.app, admin, {
          method: 'GET',
          url: `${base}&limit=2&before=${ids[2]}`,
        });
        expect(prev.json().orders.map((o: { id: string }) => o.id)).toEqual(ids.slice(0, 2));
        const end = await call(t.app, admin, {
          method: 'GET',
          url: `${base}&limit=2&after=${ids.at(-1)}`,
        });
        expect(end.json().orders).toEqual([]);
      }
    }
  });

  it('refuses page numbers more than 10,000 orders in (400 on page), and unknown cursors', async () => {
    const deep = await call(t.app, admin, { method: 'GET', url: '/api/orders?limit=100&page=102' });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().details[0]).toMatchObject({
      field: 'page',
      code: 'too_big',
      params: { maximum: 101 },
    });
    const last = await call(t.app, admin, { method: 'GET', url: '/api/orders?limit=100&page=101' });
    expect(last.statusCode).toBe(200);
    const unknown = await call(t.app, admin, {
      method: 'GET',
      url: '/api/orders?after=00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details[0]).toMatchObject({ field: 'after', code: 'not_found' });
  });

  it('shows one order with its lines; 404 unknown, 400 bad id', async () => {
    const res = await call(t.app, shopper, { method: 'GET', url: `/api/orders/${ids[0]}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({
      customerName: 'Alice Listing',
      subtotal: 25,
      items: [{ name: 'Listed', quantity: 2, price: 12.5 }],
    });
    expect(
      (
        await call(t.app, admin, {
          method: 'GET',
          url: '/api/orders/00000000-0000-4000-8000-000000000000',
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(t.app, admin, { method: 'GET', url: '/api/orders/42' })).statusCode).toBe(
      400,
    );
  });

  it('shows a person without orders:write only the orders they placed', async () => {
    const { accessToken: other } = await registerUser(t.app, { email: 'other.buyer@test.local' });
    const mine = (await call(t.app, other, { method: 'GET', url: '/api/orders' })).json();
    expect(mine).toEqual({ orders: [], total: 0 });
    const foreign = await call(t.app, other, { method: 'GET', url: `/api/orders/${ids[0]}` });
    expect(foreign.statusCode).toBe(404);

    const own = (await call(t.app, shopper, { method: 'GET', url: '/api/orders' })).json();
    expect(own.total).toBe(own.orders.length);
    expect(own.orders.map((o: { id: string }) => o.id)).toEqual(expect.arrayContaining(ids));
    const shown = await call(t.app, shopper, { method: 'GET', url: `/api/orders/${ids[0]}` });
    expect(shown.statusCode).toBe(200);
  });

  it('changes status with orders:write only, keeps the daily stats in step', async () => {
    expect(
      (
        await call(t.app, shopper, {
          method: 'PATCH',
          url: `/api/orders/${ids[1]}`,
          payload: { status: 'completed' },
        })
      ).statusCode,
    ).toBe(403);
    const done = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/orders/${ids[1]}`,
      payload: { status: 'completed' },
    });
    expect(done.json().order.status).toBe('completed');
    const refunded = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/orders/${ids[1]}`,
      payload: { status: 'refunded' },
    });
    expect(refunded.json().order.status).toBe('refunded');
    const back = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/orders/${ids[1]}`,
      payload: { status: 'pending' },
    });
    expect(back.statusCode).toBe(409);
    expect(
      (
        await call(t.app, admin, {
          method: 'PATCH',
          url: '/api/orders/00000000-0000-4000-8000-000000000000',
          payload: { status: 'completed' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(t.app, admin, {
          method: 'PATCH',
          url: `/api/orders/${ids[1]}`,
          payload: { status: 'lost' },
        })
      ).statusCode,
    ).toBe(400);

    const stats = await t.database.db
      .select()
      .from(orderDailyStats)
      .where(eq(orderDailyStats.status, 'refunded'));
    expect(stats.reduce((s, r) => s + r.orders, 0)).toBe(1);
    const list = (
      await call(t.app, admin, { method: 'GET', url: '/api/orders?status=refunded' })
    ).json();
    expect(list.total).toBe(1);
    expect(list.orders[0].id).toBe(ids[1]);
  });
});

describe('GET /api/orders/export', () => {
  /** The order numbers of a CSV export, in its order (the first column, quoted). */
  const numbersOf = (csv: string) =>
    csv
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => Number(line.slice(1, line.indexOf('"', 1))));

  async function listedNumbers(token: string, query: string) {
    const numbers: number[] = [];
    let total = 0;
    for (let page = 1; ; page++) {
      const res = await call(t.app, token, {
        method: 'GET',
        url: `/api/orders?limit=100&page=${page}&${query}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      total = res.json().total;
      const rows = res.json().orders as Array<{ number: number }>;
      numbers.push(...rows.map((o) => o.number));
      if (rows.length < 100) break;
    }
    return { numbers, total };
  }

  it('holds exactly the filtered rows of every page, in the list order, and is audited', async () => {
    // Orders of two statuses, so the filter has something to leave out.
    const p = await createProduct({ name: 'Export me', price: 12.5, quantity: 50 });
    for (let i = 0; i < 3; i++) {
      const made = await call(t.app, shopper, {
        method: 'POST',
        url: '/api/orders',
        payload: orderBody([{ productId: p.id, quantity: 1 }]),
      });
      expect(made.statusCode, made.body).toBe(201);
      if (i === 0) {
        const done = await call(t.app, admin, {
          method: 'PATCH',
          url: `/api/orders/${made.json().order.id}`,
          payload: { status: 'completed' },
        });
        expect(done.statusCode, done.body).toBe(200);
      }
    }
    const query = 'status=pending&sort=number&order=asc';
    const res = await call(t.app, admin, {
      method: 'GET',
      url: `/api/orders/export?format=csv&${query}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('orders.csv');
    const [header, first] = res.body.split('\r\n');
    // Headers in the person's language (English here: none stored, none asked).
    expect(header).toBe(
      'Order,Date,Status,Customer,Email,Items,Subtotal,Discount,Shipping,Taxes,Total,Delivery,Payment,Discount code',
    );
    // Plain ISO times and decimal points, whatever the reader's language.
    expect(first).toMatch(/^"\d+","\d{4}-\d{2}-\d{2}T[\d:.]+Z","pending",/);
    expect(first).toMatch(/"\d+\.\d{2}"/);
    const listed = await listedNumbers(admin, query);
    expect(numbersOf(res.body)).toEqual(listed.numbers);
    expect(numbersOf(res.body)).toHaveLength(listed.total);
    expect(listed.total).toBeGreaterThanOrEqual(2);

    const log = await call(t.app, admin, {
      method: 'GET',
      url: '/api/admin/audit?action=order.export&limit=5',
    });
    expect(log.json().entries[0].meta).toMatchObject({ format: 'csv', rows: listed.total });
  });

  it('exports the same rows as an Excel workbook a spreadsheet reads back, typed', async () => {
    const query = 'status=pending&sort=number&order=asc';
    const res = await call(t.app, admin, {
      method: 'GET',
      url: `/api/orders/export?format=xlsx&${query}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toContain('orders.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Orders')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Order');
    const listed = await listedNumbers(admin, query);
    expect(sheet.rowCount).toBe(listed.total + 1);
    const numbers = Array.from(
      { length: listed.total },
      (_, i) => sheet.getRow(i + 2).getCell(1).value,
    );
    expect(numbers).toEqual(listed.numbers);
    // A date is a date and an amount a number, so the spreadsheet sorts and sums them.
    expect(sheet.getRow(2).getCell(2).value).toBeInstanceOf(Date);
    expect(typeof sheet.getRow(2).getCell(11).value).toBe('number');
  });

  it('exports only what the list shows the person, and nothing without orders:read', async () => {
    const own = await call(t.app, shopper, { method: 'GET', url: '/api/orders/export' });
    expect(own.statusCode, own.body).toBe(200);
    const mine = await listedNumbers(shopper, 'sort=createdAt&order=desc');
    expect(numbersOf(own.body)).toEqual(mine.numbers);
    const everyone = await listedNumbers(admin, '');
    expect(everyone.total).toBeGreaterThan(0);
    // Someone else's orders (the administrator's view holds more than the shopper's own).
    const other = (await registerUser(t.app, { email: 'exporter-two@test.local' })).accessToken;
    const none = await call(t.app, other, { method: 'GET', url: '/api/orders/export' });
    expect(none.statusCode).toBe(200);
    expect(numbersOf(none.body)).toEqual([]);

    const pending = (await registerUser(t.app, { email: 'not-yet@test.local' }, { pending: true }))
      .accessToken;
    const refused = await call(t.app, pending, { method: 'GET', url: '/api/orders/export' });
    expect(refused.statusCode).toBe(403);
    const xlsx = await call(t.app, admin, { method: 'GET', url: '/api/orders/export?format=pdf' });
    expect(xlsx.statusCode).toBe(400);
    expect(JSON.stringify(xlsx.json().details)).toContain('format');
  });
});

describe('POST /api/orders/bulk-status', () => {
  it('moves several orders in one request, names the ones that cannot move and why', async () => {
    const p = await createProduct({ name: 'Bulk lot', price: 10, quantity: 20 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const made = await call(t.app, shopper, {
        method: 'POST',
        url: '/api/orders',
        payload: orderBody([{ productId: p.id, quantity: 2 }]),
      });
      expect(made.statusCode, made.body).toBe(201);
      ids.push(made.json().order.id);
    }
    // The third is refunded first: refunded is final, so it cannot be completed.
    const refunded = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/orders/${ids[2]}`,
      payload: { status: 'refunded' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const stockBefore = await stockOf(p.slug);

    const res = await call(t.app, admin, {
      method: 'POST',
      url: '/api/orders/bulk-status',
      payload: { ids, status: 'cancelled' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as {
      changed: string[];
      refused: Array<{ id: string; number: number; code: string }>;
    };
    expect(answer.changed.sort()).toEqual(ids.slice(0, 2).sort());
    expect(answer.refused).toEqual([
      expect.objectContaining({
        id: ids[2],
        code: 'invalid_transition',
        number: expect.any(Number),
      }),
    ]);
    // The two cancelled returned their stock once; the refunded one is as it was.
    expect((await stockOf(p.slug)).quantity).toBe(stockBefore.quantity + 4);
    for (const [id, status] of [
      [ids[0], 'cancelled'],
      [ids[1], 'cancelled'],
      [ids[2], 'refunded'],
    ] as const) {
      const one = await call(t.app, admin, { method: 'GET', url: `/api/orders/${id}` });
      expect(one.json().order.status).toBe(status);
    }
    const log = await call(t.app, admin, {
      method: 'GET',
      url: '/api/admin/audit?action=order.bulk_status&limit=1',
    });
    expect(log.json().entries[0].meta).toMatchObject({ status: 'cancelled', count: 2, refused: 1 });

    // Only those who manage orders act on several; too many at once, or none, is refused.
    const shopperTry = await call(t.app, shopper, {
      method: 'POST',
      url: '/api/orders/bulk-status',
      payload: { ids: ids.slice(0, 1), status: 'completed' },
    });
    expect(shopperTry.statusCode).toBe(403);
    const empty = await call(t.app, admin, {
      method: 'POST',
      url: '/api/orders/bulk-status',
      payload: { ids: [], status: 'completed' },
    });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json().details)).toContain('ids');
  });
});
