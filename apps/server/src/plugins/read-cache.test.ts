import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductBody } from '@bo/contract/products';
import { productBody } from '../../test/fixtures.js';
import { buildApp } from '../app.js';
import { openDatabase } from '../db/client.js';
import {
  STORE,
  call,
  createTestApp,
  login,
  registerUser,
  type TestApp,
} from '../../test/helpers.js';

// The read cache is on for both stores (READ_CACHE=auto): every answer must show every committed
// write at once, and repeats are hits.
const cached = true;

let t: TestApp;
let admin: string;
let shopper: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).accessToken;
  shopper = (await registerUser(t.app, { email: 'cache-shopper@test.local' })).accessToken;
});
afterAll(async () => {
  await t.close();
});

const get = (token: string, url: string) => call(t.app, token, { method: 'GET', url });

async function createProduct(over: Partial<ProductBody>) {
  const body = productBody({ price: 10, quantity: 5, ...over });
  const res = await call(t.app, admin, { method: 'POST', url: '/api/products', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product as { id: string; slug: string };
}

describe('read cache', () => {
  it('answers a repeated read from memory and shows a write at once', async () => {
    const p = await createProduct({ name: 'Cache Runner', category: 'shoes', price: 80 });
    const url = `/api/products/product?name=${p.slug}`;
    const first = await get(shopper, url);
    expect(first.json().product.price).toBe(80);
    const second = await get(shopper, url);
    expect(second.body).toBe(first.body);
    expect(second.headers['x-cache']).toBe(cached ? 'hit' : undefined);

    const patched = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/products/${p.id}`,
      payload: { price: 70 },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const after = await get(shopper, url);
    expect(after.headers['x-cache']).toBe(cached ? 'miss' : undefined);
    expect(after.json().product.price).toBe(70);
  });

  it('sees writes made in SQL transactions outside the routes', async () => {
    const p = await createProduct({ name: 'Cache Sandal', category: 'shoes', price: 40 });
    const url = `/api/products/product?name=${p.slug}`;
    await get(shopper, url);
    await t.database.db.transaction(async (tx) => {
      await tx.execute(`UPDATE products SET price = 35 WHERE id = '${p.id}'` as never);
    });
    expect((await get(shopper, url)).json().product.price).toBe(35);
  });

  it('never gives one role the answer computed for another', async () => {
    await createProduct({ name: 'Cache Draft', category: 'kids', published: false });
    const url = '/api/products?category=kids';
    const forAdmin = await get(admin, url);
    expect(forAdmin.json().products.map((x: { name: string }) => x.name)).toContain('Cache Draft');
    const forShopper = await get(shopper, url);
    expect(forShopper.statusCode).toBe(200);
    expect(forShopper.json().products.map((x: { name: string }) => x.name)).not.toContain(
      'Cache Draft',
    );
    expect(forShopper.headers['x-cache']).toBe(cached ? 'miss' : undefined);
  });

  it('keeps a person’s own answers to that person', async () => {
    const other = await registerUser(t.app, { email: 'cache-other@test.local' });
    const mine = await get(shopper, '/api/account/my-account/');
    const theirs = await get(other.accessToken, '/api/account/my-account/');
    expect(mine.json().data.user.email).toBe('cache-shopper@test.local');
    expect(theirs.json().data.user.email).toBe('cache-other@test.local');
  });

  it('ends a cached session at once on sign-out and on suspension', async () => {
    const a = await registerUser(t.app, { email: 'cache-a@test.local' });
    expect((await get(a.accessToken, '/api/account/my-account/')).statusCode).toBe(200);
    expect((await get(a.accessToken, '/api/account/my-account/')).statusCode).toBe(200);
    const out = await call(t.app, a.accessToken, { method: 'POST', url: '/api/account/logout' });
    expect(out.statusCode).toBeLessThan(300);
    expect((await get(a.accessToken, '/api/account/my-account/')).statusCode).toBe(401);

    const b = await registerUser(t.app, { email: 'cache-b@test.local' });
    expect((await get(b.accessToken, '/api/products')).statusCode).toBe(200);
    const ban = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/users/${b.user.id}`,
      payload: { status: 'banned' },
    });
    expect(ban.statusCode, ban.body).toBe(200);
    expect((await get(b.accessToken, '/api/products')).statusCode).toBe(401);
  });

  it('sends big answers gzipped to clients that accept it, the same JSON as plain', async () => {
    const url = '/api/products?limit=50';
    const plain = await get(admin, url);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    let zipped = plain;
    for (let i = 0; i < 20; i++) {
      zipped = await call(t.app, admin, {
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      if (!cached || zipped.headers['x-cache'] === 'hit') break;
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  });

  it('computes an answer asked for by many at once only once', async () => {
    const p = await createProduct({ name: 'Cache Crowd', category: 'shoes', price: 30 });
    const url = `/api/products/product?name=${p.slug}`;
    // PostgreSQL hears of the product's own commit a moment later: let that pass first.
    await new Promise((r) => setTimeout(r, 200));
    const answers = await Promise.all(Array.from({ length: 12 }, () => get(shopper, url)));
    expect(answers.every((a) => a.statusCode === 200 && a.body === answers[0]!.body)).toBe(true);
    expect(answers.filter((a) => a.headers['x-cache'] === 'miss')).toHaveLength(1);
    expect(answers.filter((a) => a.headers['x-cache'] === 'hit')).toHaveLength(11);
    // A failed answer lets those waiting compute their own (and is not kept).
    const missing = await Promise.all(
      Array.from({ length: 3 }, () => get(shopper, '/api/products/product?name=no-such-thing')),
    );
    expect(missing.map((a) => a.statusCode)).toEqual([404, 404, 404]);
  });

  it('checks the permission on every request, cached answer or not', async () => {
    await get(admin, '/api/users?limit=5');
    expect((await get(admin, '/api/users?limit=5')).statusCode).toBe(200);
    // A shopper may read people too, but never gets the administrator's full records.
    const asShopper = await get(shopper, '/api/users?limit=5');
    expect(asShopper.statusCode).toBe(200);
    expect(asShopper.headers['x-cache']).toBe(cached ? 'miss' : undefined);
  });
});

describe('READ_CACHE=off', () => {
  it('computes every answer', async () => {
    const off = await createTestApp({ readCache: 'off' });
    try {
      const token = (await login(off.app)).accessToken;
      await call(off.app, token, { method: 'GET', url: '/api/products' });
      const again = await call(off.app, token, { method: 'GET', url: '/api/products' });
      expect(again.statusCode).toBe(200);
      expect(again.headers['x-cache']).toBeUndefined();
    } finally {
      await off.close();
    }
  });
});

describe('READ_CACHE_MB', () => {
  it('keeps no answer bigger than a quarter of the budget', async () => {
    const url = '/api/products?limit=1';
    await get(admin, url);
    expect((await get(admin, url)).headers['x-cache']).toBe('hit');
    // 400 bytes: an entry (the answer, its key, its bookkeeping) of over 100 is not kept.
    const small = await createTestApp({ readCacheBytes: 400 });
    try {
      const token = (await login(small.app)).accessToken;
      await call(small.app, token, { method: 'GET', url });
      const again = await call(small.app, token, { method: 'GET', url });
      expect(again.statusCode).toBe(200);
      expect(again.headers['x-cache']).toBe('miss');
    } finally {
      await small.close();
    }
  });
});

// Two instances on one PostgreSQL: B keeps answers, A writes. B is made deaf to the change
// notifications, as if they were late: only the change log can tell it that its answer is stale,
// so this fails if the check is switched off.
describe.runIf(STORE === 'postgres')('two instances on one PostgreSQL', () => {
  it('never answers a write made through the other instance stale', async () => {
    const a = t;
    const databaseB = await openDatabase({ databaseUrl: a.databaseUrl!, poolSize: 3 });
    const b = await buildApp({ config: a.config, database: databaseB, logger: false });
    await b.ready();
    try {
      await b.services.versions.stop();
      const token = (await login(a.app)).accessToken;
      const p = await createProduct({ name: 'Two Instances', category: 'shoes', price: 60 });
      const url = `/api/products/product?name=${p.slug}`;
      const readB = () => call(b, token, { method: 'GET', url });
      expect((await readB()).json().product.price).toBe(60);
      const again = await readB();
      expect(again.headers['x-cache']).toBe('hit');
      for (const price of [55, 50, 45]) {
        const patched = await call(a.app, token, {
          method: 'PATCH',
          url: `/api/products/${p.id}`,
          payload: { price },
        });
        expect(patched.statusCode, patched.body).toBe(200);
        const after = await readB();
        expect(after.headers['x-cache']).toBe('miss');
        expect(after.json().product.price).toBe(price);
        expect((await readB()).headers['x-cache']).toBe('hit');
      }
      // A write in plain SQL through A's pool, outside any route, counts the same.
      await a.database.query(`UPDATE products SET price = 40 WHERE id = $1`, [p.id]);
      expect((await readB()).json().product.price).toBe(40);
    } finally {
      await b.close();
      await databaseB.close();
    }
  });
});
