import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import type { ExportRecord } from '@bo/contract/exports';
import type { Notification } from '@bo/contract/notifications';
import { exportFiles, users } from '../../db/schema/index.js';
import { productBody } from '../../../test/fixtures.js';
import { call, createTestApp, login, registerUser, type TestApp } from '../../../test/helpers.js';
import { pruneExports, runExport } from '../../lib/exports.js';

/** Orders seeded; the threshold below it makes their export a job (EXPORT_SYNC_MAX in production). */
const ORDERS = 30;
const SYNC_MAX = 10;

let t: TestApp;
let admin: string;
let adminId: string;
let shopper: string;

async function until<T>(check: () => Promise<T> | T, ms = 30_000): Promise<NonNullable<T>> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 150));
  }
}

const myExports = async (token: string) => {
  const res = await call(t.app, token, { method: 'GET', url: '/api/exports' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { exports: ExportRecord[]; total: number };
};

/** Waits for one export to be done (or failed) and answers it as My exports lists it. */
const finished = (token: string, id: string) =>
  until(async () =>
    (await myExports(token)).exports.find(
      (e) => e.id === id && (e.status === 'done' || e.status === 'failed'),
    ),
  );

/** Every order number of the list for a filter, through the list's own pages, and its total. */
async function listed(token: string, query: string) {
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

beforeAll(async () => {
  t = await createTestApp({
    jobs: { workers: true, pollSeconds: 0.5 },
    exportSyncMax: SYNC_MAX,
  });
  const signedIn = await login(t.app);
  admin = signedIn.accessToken;
  adminId = signedIn.user.id;
  // The administrator reads French: headers follow the language stored with the account.
  await t.database.db.update(users).set({ locale: 'fr' }).where(eq(users.id, adminId));
  shopper = (await registerUser(t.app, { email: 'export-buyer@test.local' })).accessToken;
  const made = await call(t.app, admin, {
    method: 'POST',
    url: '/api/products',
    payload: productBody({ name: 'Exported', price: 12.5, quantity: 1000, sizes: ['9'] }),
  });
  expect(made.statusCode, made.body).toBe(201);
  for (let i = 0; i < ORDERS; i++) {
    const res = await call(t.app, shopper, {
      method: 'POST',
      url: '/api/orders',
      payload: {
        items: [{ productId: made.json().product.id, quantity: 1 + (i % 3), size: '9' }],
        billing: { name: 'Jayvion Simon', phone: '+1 555 0100', address: '19 Verna Unions' },
        delivery: 'standard',
        payment: 'card',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('an export above the threshold', () => {
  let xlsx: ExportRecord;

  it('answers 202 with the export, and the job writes every row of the filter', async () => {
    const query = 'sort=number&order=asc';
    const res = await call(t.app, admin, {
      method: 'GET',
      url: `/api/orders/export?format=xlsx&${query}`,
    });
    expect(res.statusCode, res.body).toBe(202);
    const asked = res.json().export as ExportRecord;
    expect(asked).toMatchObject({ list: 'orders', format: 'xlsx', status: 'queued', rows: null });
    expect(asked.filter).toMatchObject({ sort: 'number', order: 'asc' });
    const days = (Date.parse(asked.expiresAt) - Date.parse(asked.createdAt)) / 86_400_000;
    expect(Math.round(days)).toBe(7);

    xlsx = await finished(admin, asked.id);
    const list = await listed(admin, query);
    expect(list.total).toBeGreaterThanOrEqual(ORDERS);
    expect(xlsx).toMatchObject({ status: 'done', rows: list.total, error: null });
    expect(xlsx.bytes).toBeGreaterThan(0);

    const file = await call(t.app, admin, { method: 'GET', url: `/api/exports/${xlsx.id}/file` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(file.headers['content-disposition']).toContain(xlsx.fileName);
    expect(Number(file.headers['content-length'])).toBe(xlsx.bytes);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Orders')!;
    // The header in the person's language; then every row, in the list's order, typed.
    expect(sheet.getRow(1).getCell(1).value).toBe('Commande');
    expect(sheet.getRow(1).getCell(3).value).toBe('Statut');
    expect(sheet.rowCount).toBe(list.total + 1);
    const numbers = Array.from(
      { length: list.total },
      (_, i) => sheet.getRow(i + 2).getCell(1).value,
    );
    expect(numbers).toEqual(list.numbers);
    expect(sheet.getRow(2).getCell(2).value).toBeInstanceOf(Date);
    expect(typeof sheet.getRow(2).getCell(11).value).toBe('number');
  });

  it('notifies the person, with a link to My exports, and is audited with its row count', async () => {
    const res = await call(t.app, admin, { method: 'GET', url: '/api/notifications' });
    const notice = (res.json().notifications as Notification[]).find(
      (n) => n.type === 'export.ready' && n.recordId === xlsx.id,
    );
    expect(notice).toMatchObject({ link: '/dashboard/exports', title: xlsx.fileName });
    expect(notice!.body).toBe(String(xlsx.rows));
    const log = await call(t.app, admin, {
      method: 'GET',
      url: '/api/admin/audit?action=order.export&limit=5',
    });
    const entry = (log.json().entries as Array<{ targetId: string; meta: object }>).find(
      (e) => e.targetId === xlsx.id,
    );
    expect(entry?.meta).toMatchObject({ format: 'xlsx', rows: xlsx.rows, job: true });
  });

  it("writes a person's own orders as CSV, headers in their browser's language, values plain", async () => {
    const res = await call(t.app, shopper, {
      method: 'GET',
      url: '/api/orders/export?format=csv&status=pending',
      headers: { 'accept-language': 'vi-VN,vi;q=0.9,en;q=0.5' },
    });
    expect(res.statusCode, res.body).toBe(202);
    const done = await finished(shopper, res.json().export.id);
    const mine = await listed(shopper, 'status=pending');
    expect(done).toMatchObject({ status: 'done', rows: mine.total, format: 'csv' });
    const file = await call(t.app, shopper, { method: 'GET', url: `/api/exports/${done.id}/file` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    const lines = file.body.trim().split('\r\n');
    expect(lines[0]!.startsWith('Đơn hàng,Ngày,Trạng thái')).toBe(true);
    expect(lines).toHaveLength(mine.total + 1);
    expect(lines[1]).toMatch(/^"\d+","\d{4}-\d{2}-\d{2}T[\d:.]+Z","pending",/);
    expect(lines[1]).toMatch(/"\d+\.\d{2}"/);
    // The administrator's export is not the shopper's to see, download or delete.
    expect((await myExports(shopper)).exports.map((e) => e.id)).not.toContain(xlsx.id);
    const theirs = await call(t.app, shopper, {
      method: 'GET',
      url: `/api/exports/${xlsx.id}/file`,
    });
    expect(theirs.statusCode).toBe(404);
    const drop = await call(t.app, shopper, { method: 'DELETE', url: `/api/exports/${xlsx.id}` });
    expect(drop.statusCode).toBe(404);
  });

  it('answers at once at or under the threshold, with the same localized header', async () => {
    const { numbers } = await listed(admin, 'sort=number&order=asc');
    const res = await call(t.app, admin, {
      method: 'GET',
      url: `/api/orders/export?format=csv&q=%23${numbers[0]}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body.split('\r\n')[0]).toBe(
      'Commande,Date,Statut,Client,E-mail,Articles,Sous-total,Remise,Livraison,Taxes,Total,Mode de livraison,Paiement,Code de réduction',
    );
    expect(res.body.trim().split('\r\n')).toHaveLength(2);
  });

  it('refuses the export to a person without orders:read', async () => {
    const pending = (
      await registerUser(t.app, { email: 'export-pending@test.local' }, { pending: true })
    ).accessToken;
    const res = await call(t.app, pending, { method: 'GET', url: '/api/orders/export' });
    expect(res.statusCode).toBe(403);
  });

  it('deletes an export with its file', async () => {
    const key = (
      await t.database.db
        .select({ k: exportFiles.storageKey })
        .from(exportFiles)
        .where(eq(exportFiles.id, xlsx.id))
    )[0]!.k!;
    expect(await t.app.storage.stat(key)).not.toBeNull();
    const res = await call(t.app, admin, { method: 'DELETE', url: `/api/exports/${xlsx.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect((await myExports(admin)).exports.map((e) => e.id)).not.toContain(xlsx.id);
    expect(await t.app.storage.stat(key)).toBeNull();
    const again = await call(t.app, admin, { method: 'GET', url: `/api/exports/${xlsx.id}/file` });
    expect(again.statusCode).toBe(404);
  });

  it('prunes expired exports and their files; an expired one is no longer downloaded', async () => {
    const res = await call(t.app, admin, { method: 'GET', url: '/api/orders/export?format=csv' });
    expect(res.statusCode).toBe(202);
    const done = await finished(admin, res.json().export.id);
    const [row] = await t.database.db
      .update(exportFiles)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(exportFiles.id, done.id))
      .returning();
    const gone = await call(t.app, admin, { method: 'GET', url: `/api/exports/${done.id}/file` });
    expect(gone.statusCode).toBe(404);
    expect(await t.app.storage.stat(row!.storageKey!)).not.toBeNull();
    expect((await pruneExports(t.database.db, t.app.storage)).removed).toBe(1);
    expect(await t.app.storage.stat(row!.storageKey!)).toBeNull();
    expect((await myExports(admin)).exports.map((e) => e.id)).not.toContain(done.id);
  });

  it('marks an export failed when its last attempt fails', async () => {
    const [row] = await t.database.db
      .insert(exportFiles)
      .values({
        ownerId: adminId,
        list: 'no-such-list',
        format: 'csv',
        filter: {},
        scope: 'all',
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    await expect(
      runExport(t.app, row!.id, { lastAttempt: true, signal: new AbortController().signal }),
    ).rejects.toThrow();
    const [after] = await t.database.db
      .select()
      .from(exportFiles)
      .where(eq(exportFiles.id, row!.id));
    expect(after).toMatchObject({ status: 'failed', storageKey: null });
    expect(after!.error).toContain('no-such-list');
  });
});
