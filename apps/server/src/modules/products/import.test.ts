import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Import, ImportPreviewAnswer } from '@bo/contract/imports';
import { call, createTestApp, login, registerUser, type TestApp } from '../../../test/helpers.js';

/** Waits until `check` answers something truthy, polling; fails after `ms`. */
async function until<T>(check: () => Promise<T> | T, ms = 120_000): Promise<NonNullable<T>> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 200));
  }
}

function upload(t: TestApp, token: string, csv: string, name = 'products.csv') {
  const boundary = '----bo-test-product-import';
  return call(t.app, token, {
    method: 'POST',
    url: '/api/products/imports',
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from(csv),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

/** 50 products in the English header; rows 7, 23 and 41 (file rows) are wrong. */
function productsCsv(prefix: string): string {
  const lines = ['Name,SKU,Category,Price,Sale price,Quantity,Published'];
  for (let i = 1; i <= 50; i++) {
    const row = i + 1;
    const cells = [`${prefix} product ${i}`, `${prefix}-${i}`, 'Apparel', '20.5', '', '3', 'yes'];
    if (row === 7) cells[3] = 'cheap';
    if (row === 23) cells[0] = '';
    if (row === 41) cells[4] = '30';
    lines.push(cells.join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

describe('product import', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp({ jobs: { workers: true, pollSeconds: 0.5, maintenanceSeconds: 1 } });
    admin = (await login(t.app)).accessToken;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const preview = async (id: string, body: object, token = admin) => {
    const res = await call(t.app, token, {
      method: 'POST',
      url: `/api/products/imports/${id}/preview`,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ImportPreviewAnswer;
  };
  const run = async (id: string, body: object) => {
    const res = await call(t.app, admin, {
      method: 'POST',
      url: `/api/products/imports/${id}/run`,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(202);
    return until(async () => {
      const got = await call(t.app, admin, { method: 'GET', url: `/api/products/imports/${id}` });
      const imp = got.json().import as Import;
      if (imp.status === 'failed') throw new Error(imp.error ?? 'failed');
      return imp.status === 'done' ? imp : null;
    });
  };
  const uploaded = async (csv: string) => {
    const res = await upload(t, admin, csv);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().import as Import;
  };

  it('previews 50 rows naming the 3 bad ones in French, then creates 47', async () => {
    const imp = await uploaded(productsCsv('IMPA'));
    expect(imp.suggestedMapping).toMatchObject({
      name: 'Name',
      sku: 'SKU',
      category: 'Category',
      price: 'Price',
      priceSale: 'Sale price',
      quantity: 'Quantity',
      published: 'Published',
    });
    const options = { mapping: imp.suggestedMapping, duplicates: 'update', lang: 'fr' };
    const dry = await preview(imp.id, options);
    expect(dry.counts).toEqual({ create: 47, update: 0, unchanged: 0, skip: 0, error: 3 });
    expect(dry.rows.map((r) => [r.row, r.errors[0]!.field])).toEqual([
      [7, 'price'],
      [23, 'name'],
      [41, 'priceSale'],
    ]);
    expect(dry.rows[2]!.errors[0]).toMatchObject({
      code: 'sale_not_below_price',
      message: 'Le prix soldé doit être inférieur au prix',
    });
    const done = await run(imp.id, options);
    expect(done.report).toMatchObject({ created: 47, updated: 0, skipped: 0 });
    expect(done.report!.refused.map((r) => r.row)).toEqual([7, 23, 41]);
    expect(done.progress).toEqual({ processed: 47, total: 47 });
    const count = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM products WHERE sku LIKE 'IMPA-%'`,
    );
    expect(count[0]!.n).toBe(47);
    const logged = await t.database.query<{ meta: Record<string, unknown> }>(
      `SELECT meta FROM audit_log WHERE action = 'product.import' AND target_id = $1`,
      [imp.id],
    );
    expect(logged[0]!.meta).toMatchObject({ created: 47, refused: 3 });
  }, 180_000);

  it('updates or skips products whose SKU exists, as chosen', async () => {
    const first = await uploaded('sku,name,category,price\r\nIMPB-1,Dup one,Shoes,10\r\n');
    await run(first.id, { mapping: first.suggestedMapping, duplicates: 'update' });
    const csv =
      'sku,name,category,price\r\nIMPB-1,Dup one renamed,Shoes,12\r\nIMPB-2,Dup two,Shoes,9\r\n';
    const skip = await uploaded(csv);
    const skipped = await run(skip.id, { mapping: skip.suggestedMapping, duplicates: 'skip' });
    expect(skipped.report).toMatchObject({ created: 1, updated: 0, skipped: 1 });
    const update = await uploaded(csv);
    const dry = await preview(update.id, {
      mapping: update.suggestedMapping,
      duplicates: 'update',
    });
    expect(dry.counts).toMatchObject({ update: 1, unchanged: 1, create: 0 });
    const updated = await run(update.id, {
      mapping: update.suggestedMapping,
      duplicates: 'update',
    });
    expect(updated.report).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    const got = await t.database.query<{ name: string; price: string }>(
      `SELECT name, price::text AS price FROM products WHERE sku = 'IMPB-1'`,
    );
    expect(got[0]).toMatchObject({ name: 'Dup one renamed' });
    expect(Number(got[0]!.price)).toBe(12);
  }, 180_000);

  it('reads its own export back: nothing created, nothing updated', async () => {
    const exported = await call(t.app, admin, { method: 'GET', url: '/api/products/export' });
    expect(exported.statusCode).toBe(200);
    const imp = await uploaded(exported.body);
    expect(imp.suggestedMapping).toMatchObject({
      name: 'name',
      sku: 'sku',
      code: 'code',
      category: 'category',
      price: 'price',
      priceSale: 'priceSale',
      quantity: 'quantity',
      published: 'published',
    });
    const options = { mapping: imp.suggestedMapping, duplicates: 'update' };
    const dry = await preview(imp.id, options);
    expect(dry.counts).toEqual({
      create: 0,
      update: 0,
      unchanged: imp.rowCount,
      skip: 0,
      error: 0,
    });
    const done = await run(imp.id, options);
    expect(done.report).toMatchObject({ created: 0, updated: 0, unchanged: imp.rowCount });
  }, 180_000);

  it('needs products:write, and an import is its uploader’s alone', async () => {
    const imp = await uploaded('sku,name,category,price\r\nIMPC-1,Other,Shoes,10\r\n');
    const plain = (await registerUser(t.app, { email: 'plain@product-import.test' })).accessToken;
    expect((await upload(t, plain, 'sku\r\nX\r\n')).statusCode).toBe(403);
    const options = { mapping: imp.suggestedMapping, duplicates: 'skip' };
    for (const [method, url] of [
      ['GET', `/api/products/imports/${imp.id}`],
      ['POST', `/api/products/imports/${imp.id}/preview`],
      ['POST', `/api/products/imports/${imp.id}/run`],
    ] as const) {
      const res = await call(t.app, plain, {
        method,
        url,
        ...(method === 'POST' ? { payload: options } : {}),
      });
      expect(res.statusCode, url).toBe(403);
    }
    await registerUser(t.app, {
      email: 'other.admin@product-import.test',
      password: 'Other-admin-pass-42',
    });
    await t.database.query(
      `UPDATE users SET role = 'admin' WHERE email = 'other.admin@product-import.test'`,
    );
    const other = (await login(t.app, 'other.admin@product-import.test', 'Other-admin-pass-42'))
      .accessToken;
    for (const [method, url] of [
      ['GET', `/api/products/imports/${imp.id}`],
      ['POST', `/api/products/imports/${imp.id}/preview`],
      ['POST', `/api/products/imports/${imp.id}/run`],
    ] as const) {
      const res = await call(t.app, other, {
        method,
        url,
        ...(method === 'POST' ? { payload: options } : {}),
      });
      expect(res.statusCode, url).toBe(404);
    }
    const wrong = await call(t.app, admin, {
      method: 'POST',
      url: `/api/products/imports/${imp.id}/preview`,
      payload: { mapping: { name: 'name' }, duplicates: 'update' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details[0].field).toBe('mapping.sku');
  }, 120_000);
});
