import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductBody } from '@bo/contract/products';
import { productBody } from '../../../test/fixtures.js';
import { call, createTestApp, login, registerUser, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
let admin: string;
let shopper: string;

const sampleProduct = productBody;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).accessToken;
  shopper = (await registerUser(t.app, { email: 'shopper@test.local' })).accessToken;
});
afterAll(async () => {
  await t.close();
});

async function create(over: Partial<ProductBody> = {}) {
  const res = await call(t.app, admin, {
    method: 'POST',
    url: '/api/products',
    payload: sampleProduct(over),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product as { id: string; slug: string; name: string };
}

describe('catalogue writes', () => {
  it('creates a product with a readable unique slug, derived stock state and exact money', async () => {
    const a = await create({ name: 'Zoom Fly 5', price: 19.99, priceSale: 9.95, quantity: 3 });
    const b = await create({ name: 'Zoom Fly 5' });
    expect(a.slug).toBe('zoom-fly-5');
    expect(b.slug).toBe('zoom-fly-5-2');
    const res = await call(t.app, admin, {
      method: 'GET',
      url: '/api/products/product?name=zoom-fly-5',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().product).toMatchObject({
      price: 19.99,
      priceSale: 9.95,
      inventoryType: 'low_stock',
      available: 3,
      // Signed for the reader (decision 038).
      cover: expect.stringMatching(/^\/uploads\/a\.png\?exp=\d+&u=/),
      reviews: [],
    });
  });

  it('refuses bad input naming the field, a duplicate SKU, and a sale price not below the price', async () => {
    const bad = await call(t.app, admin, {
      method: 'POST',
      url: '/api/products',
      payload: { ...sampleProduct(), name: '', price: -1 },
    });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'price']));

    await create({ sku: 'DUP-1' });
    const dup = await call(t.app, admin, {
      method: 'POST',
      url: '/api/products',
      payload: sampleProduct({ sku: 'DUP-1' }),
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().details[0]).toMatchObject({ field: 'sku', code: 'sku_taken' });

    const sale = await call(t.app, admin, {
      method: 'POST',
      url: '/api/products',
      payload: sampleProduct({ price: 10, priceSale: 12 }),
    });
    expect(sale.statusCode).toBe(400);
    expect(sale.json().details[0].field).toBe('priceSale');
  });

  it('patches only what is sent, re-checks the sale price against the stored price, and 404s unknown ids', async () => {
    const p = await create({ name: 'Patch Me', price: 50 });
    const ok = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/products/${p.id}`,
      payload: { quantity: 0, tags: ['x'] },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().product).toMatchObject({
      quantity: 0,
      inventoryType: 'out_of_stock',
      tags: ['x'],
      price: 50,
      name: 'Patch Me',
    });
    const sale = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/products/${p.id}`,
      payload: { priceSale: 60 },
    });
    expect(sale.statusCode).toBe(400);
    expect(sale.json().details[0]).toMatchObject({
      field: 'priceSale',
      code: 'sale_not_below_price',
    });
    const missing = await call(t.app, admin, {
      method: 'PATCH',
      url: '/api/products/00000000-0000-4000-8000-000000000000',
      payload: { quantity: 1 },
    });
    expect(missing.statusCode).toBe(404);
    const slugTaken = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/products/${p.id}`,
      payload: { slug: 'zoom-fly-5' },
    });
    expect(slugTaken.statusCode).toBe(409);
    expect(slugTaken.json().details[0].field).toBe('slug');
  });

  it('deletes one and several, 404 for an unknown one', async () => {
    const a = await create({ name: 'Del A' });
    const b = await create({ name: 'Del B' });
    const c = await create({ name: 'Del C' });
    expect(
      (await call(t.app, admin, { method: 'DELETE', url: `/api/products/${a.id}` })).json(),
    ).toEqual({ deleted: 1 });
    expect(
      (await call(t.app, admin, { method: 'DELETE', url: `/api/products/${a.id}` })).statusCode,
    ).toBe(404);
    const bulk = await call(t.app, admin, {
      method: 'POST',
      url: '/api/products/bulk-delete',
      payload: { ids: [b.id, c.id] },
    });
    expect(bulk.json()).toEqual({ deleted: 2 });
    const empty = await call(t.app, admin, {
      method: 'POST',
      url: '/api/products/bulk-delete',
      payload: { ids: [] },
    });
    expect(empty.statusCode).toBe(400);
  });

  it('enforces roles: no token 401, a shopper cannot write (403)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/products' })).statusCode).toBe(401);
    const p = await create({ name: 'Role Check' });
    for (const req of [
      { method: 'POST' as const, url: '/api/products', payload: sampleProduct() },
      { method: 'PATCH' as const, url: `/api/products/${p.id}`, payload: { quantity: 1 } },
      { method: 'DELETE' as const, url: `/api/products/${p.id}` },
      { method: 'POST' as const, url: '/api/products/bulk-delete', payload: { ids: [p.id] } },
    ]) {
      expect((await call(t.app, shopper, req)).statusCode).toBe(403);
    }
  });
});

describe('the spec calls: GET /api/products and /api/products/product', () => {
  beforeAll(async () => {
    await create({
      name: 'Filter Kids Red',
      category: 'apparel',
      gender: ['kids'],
      colors: ['#FF4842'],
      price: 5,
      quantity: 100,
    });
    await create({
      name: 'Filter Women Blue',
      category: 'apparel',
      gender: ['women'],
      colors: ['#1890FF'],
      price: 50,
      quantity: 0,
    });
    await create({ name: 'Hidden Draft', category: 'accessories', published: false });
  });

  it('answers { products, total } with no parameters', async () => {
    const res = await call(t.app, shopper, { method: 'GET', url: '/api/products' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Array.isArray(body.products)).toBe(true);
    expect(body.total).toBeGreaterThan(0);
  });

  it('filters by category, gender, colours, price range, stock and search', async () => {
    const get = async (qs: string) =>
      (await call(t.app, admin, { method: 'GET', url: `/api/products?${qs}` })).json();
    expect(
      (await get('category=apparel&gender=kids')).products.map((p: { name: string }) => p.name),
    ).toEqual(['Filter Kids Red']);
    expect((await get('colors=%231890FF,%23FF4842&category=apparel')).total).toBe(2);
    expect(
      (await get('priceMin=10&priceMax=60&category=apparel')).products.map(
        (p: { name: string }) => p.name,
      ),
    ).toEqual(['Filter Women Blue']);
    expect((await get('stock=out_of_stock&category=apparel')).total).toBe(1);
    expect((await get('q=kids%20r')).products[0].name).toBe('Filter Kids Red');
    const sorted = (await get('category=apparel&sort=priceDesc')).products.map(
      (p: { price: number }) => p.price,
    );
    expect(sorted).toEqual([50, 5]);
    const paged = await get('limit=1&page=2&category=apparel&sort=priceAsc');
    expect(paged).toMatchObject({ total: 2, products: [{ price: 50 }] });
    expect(
      (await call(t.app, admin, { method: 'GET', url: '/api/products?sort=bogus' })).statusCode,
    ).toBe(400);
  });

  it('hides unpublished products from people without products:write', async () => {
    const shop = await call(t.app, shopper, {
      method: 'GET',
      url: '/api/products?category=accessories',
    });
    expect(shop.json().total).toBe(0);
    expect(
      (
        await call(t.app, shopper, {
          method: 'GET',
          url: '/api/products/product?name=hidden-draft',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, admin, { method: 'GET', url: '/api/products/product?name=hidden-draft' }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await call(t.app, admin, {
          method: 'GET',
          url: '/api/products?category=accessories&published=false',
        })
      ).json().total,
    ).toBe(1);
  });

  it('finds a product by slug or exact name, 404 when unknown, 400 without a name', async () => {
    expect(
      (
        await call(t.app, shopper, {
          method: 'GET',
          url: `/api/products/product?name=${encodeURIComponent('Filter Kids Red')}`,
        })
      ).json().product.slug,
    ).toBe('filter-kids-red');
    expect(
      (await call(t.app, shopper, { method: 'GET', url: '/api/products/product?name=nope' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, shopper, { method: 'GET', url: '/api/products/product' })).statusCode,
    ).toBe(400);
  });

  it('stops counting at the cap and says so', async () => {
    await t.database.query(
      `INSERT INTO products (name, slug, code, sku, price, category)
       SELECT 'Bulk ' || g, 'bulk-' || g, 'B', 'BULK-' || g, 1, 'bulk' FROM generate_series(1, 2001) g`,
    );
    const res = await call(t.app, admin, {
      method: 'GET',
      url: '/api/products?category=bulk&limit=1',
    });
    expect(res.json()).toMatchObject({ total: 2000, totalCapped: true });
    const exact = await call(t.app, admin, {
      method: 'GET',
      url: '/api/products?category=apparel',
    });
    expect(exact.json()).not.toHaveProperty('totalCapped');
  });

  it('exports the current filter as CSV', async () => {
    const res = await call(t.app, admin, {
      method: 'GET',
      url: '/api/products/export?category=apparel&sort=priceAsc',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('"Filter Kids Red"');
  });
});

describe('reviews', () => {
  it('keeps rating, count and the star breakdown in step with the reviews', async () => {
    const p = await create({ name: 'Rated' });
    // One review per person: three people review it.
    const reviewers = [
      shopper,
      (await registerUser(t.app, { email: 'reviewer2@test.local' })).accessToken,
      (await registerUser(t.app, { email: 'reviewer3@test.local' })).accessToken,
    ];
    for (const [i, rating] of [5, 4, 4].entries()) {
      const res = await call(t.app, reviewers[i]!, {
        method: 'POST',
        url: `/api/products/${p.id}/reviews`,
        payload: { rating, comment: 'Nice' },
      });
      expect(res.statusCode).toBe(201);
    }
    const { product } = (
      await call(t.app, shopper, { method: 'GET', url: '/api/products/product?name=rated' })
    ).json();
    expect(product.totalReview).toBe(3);
    expect(product.totalRating).toBe(4.3);
    expect(product.ratings.find((r: { starCount: number }) => r.starCount === 4).reviewCount).toBe(
      2,
    );
    expect(product.reviews).toHaveLength(3);
    expect(product.reviews[0].name).toBe('Test Person');
    const filtered = (
      await call(t.app, shopper, { method: 'GET', url: '/api/products?rating=4.5&q=rated' })
    ).json();
    expect(filtered.total).toBe(0);
    const helpful = await call(t.app, shopper, {
      method: 'POST',
      url: `/api/products/${p.id}/reviews/${product.reviews[0].id}/helpful`,
    });
    expect(helpful.json().review.helpful).toBe(1);
  });

  it('refuses a rating outside 1–5, an empty text, an unknown product', async () => {
    const p = await create({ name: 'Rated Bad' });
    const bad = await call(t.app, shopper, {
      method: 'POST',
      url: `/api/products/${p.id}/reviews`,
      payload: { rating: 6, comment: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { field: string }) => d.field)).toEqual(
      expect.arrayContaining(['rating', 'comment']),
    );
    const missing = await call(t.app, shopper, {
      method: 'POST',
      url: '/api/products/00000000-0000-4000-8000-000000000000/reviews',
      payload: { rating: 3, comment: 'x' },
    });
    expect(missing.statusCode).toBe(404);
  });
});
