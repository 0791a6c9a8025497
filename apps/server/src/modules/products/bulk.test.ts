import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductBody } from '@bo/contract/products';
import { productBody } from '../../../test/fixtures.js';
import { call, createTestApp, login, registerUser, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
let admin: string;
let shopper: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).accessToken;
  shopper = (await registerUser(t.app, { email: 'bulk-shopper@test.local' })).accessToken;
});
afterAll(async () => {
  await t.close();
});

async function create(over: Partial<ProductBody> = {}) {
  const res = await call(t.app, admin, {
    method: 'POST',
    url: '/api/products',
    payload: productBody({ sku: `BULK-${randomUUID().slice(0, 8)}`, ...over }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product as { id: string; slug: string; name: string };
}
const bulk = (token: string, payload: Record<string, unknown>) =>
  call(t.app, token, { method: 'POST', url: '/api/products/bulk', payload });
const product = async (slug: string) =>
  (await call(t.app, admin, { method: 'GET', url: `/api/products/product?name=${slug}` })).json()
    .product as { published: boolean; categoryKey: string } | undefined;

describe('POST /api/products/bulk', () => {
  it('hides, publishes and moves several in one request, names the refused, audits once', async () => {
    const a = await create({ name: 'Bulk Alpha', published: true, category: 'shoes' });
    const b = await create({ name: 'Bulk Beta', published: true, category: 'shoes' });
    const gone = randomUUID();

    const hide = await bulk(admin, { ids: [a.id, b.id, gone], action: 'hide' });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(hide.json().changed.sort()).toEqual([a.id, b.id].sort());
    expect(hide.json().refused).toEqual([
      { id: gone, name: null, code: 'not_found', message: expect.any(String) },
    ]);
    expect((await product(a.slug))?.published).toBe(false);
    expect((await product(b.slug))?.published).toBe(false);
    const log = await call(t.app, admin, {
      method: 'GET',
      url: '/api/admin/audit?action=product.bulk_update&limit=5',
    });
    expect(log.json().entries).toHaveLength(1);
    expect(log.json().entries[0].meta).toMatchObject({ action: 'hide', count: 2, refused: 1 });

    // The list's read cache sees the change at once.
    const drafts = await call(t.app, admin, {
      method: 'GET',
      url: '/api/products?published=false&q=Bulk&limit=50&page=1',
    });
    expect(drafts.json().products.map((p: { id: string }) => p.id)).toEqual(
      expect.arrayContaining([a.id, b.id]),
    );

    const publish = await bulk(admin, { ids: [a.id], action: 'publish' });
    expect(publish.json()).toEqual({ changed: [a.id], refused: [] });
    expect((await product(a.slug))?.published).toBe(true);

    // A category as a product write takes it: our key or the family's label.
    const move = await bulk(admin, { ids: [a.id, b.id], action: 'category', category: 'Apparel' });
    expect(move.json().changed).toHaveLength(2);
    expect((await product(b.slug))?.categoryKey).toBe('apparel');
  });

  it('deletes several and refuses those already gone', async () => {
    const a = await create({ name: 'Bulk Gamma' });
    const b = await create({ name: 'Bulk Delta' });
    const first = await bulk(admin, { ids: [a.id], action: 'delete' });
    expect(first.json()).toEqual({ changed: [a.id], refused: [] });
    const again = await bulk(admin, { ids: [a.id, b.id], action: 'delete' });
    expect(again.json().changed).toEqual([b.id]);
    expect(again.json().refused[0]).toMatchObject({ id: a.id, code: 'not_found' });
    expect(await product(b.slug)).toBeUndefined();
    const log = await call(t.app, admin, {
      method: 'GET',
      url: '/api/admin/audit?action=product.bulk_delete&limit=1',
    });
    expect(log.json().entries[0].meta).toMatchObject({ action: 'delete', count: 1, refused: 1 });
  });

  it('refuses bad input naming the field, and anyone without products:write', async () => {
    const a = await create({ name: 'Bulk Epsilon' });
    const noCategory = await bulk(admin, { ids: [a.id], action: 'category' });
    expect(noCategory.statusCode).toBe(400);
    expect(JSON.stringify(noCategory.json().details)).toContain('category');
    const empty = await bulk(admin, { ids: [], action: 'hide' });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json().details)).toContain('ids');
    const badAction = await bulk(admin, { ids: [a.id], action: 'archive' });
    expect(badAction.statusCode).toBe(400);
    expect(JSON.stringify(badAction.json().details)).toContain('action');
    const tooMany = await bulk(admin, {
      ids: Array.from({ length: 501 }, () => randomUUID()),
      action: 'hide',
    });
    expect(tooMany.statusCode).toBe(400);
    const shopperTry = await bulk(shopper, { ids: [a.id], action: 'hide' });
    expect(shopperTry.statusCode).toBe(403);
  });
});
