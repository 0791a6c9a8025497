import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { call, createTestApp, login, type TestApp } from '../test/helpers.js';

/**
 * A client of the template family, played call by call: nothing of ours is built, only what
 * such a front end sends (paths without the trailing slash, its field names, its labels), from
 * another origin.
 */

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).accessToken;
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token = admin) => call(t.app, token, { method: 'GET', url });
const post = (url: string, payload: object, token = admin) =>
  call(t.app, token, { method: 'POST', url, payload });

describe('the account', () => {
  it('answers my-account without the trailing slash, with the user under .user and .data.user', async () => {
    for (const url of ['/api/account/my-account', '/api/account/my-account/']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      const body = res.json();
      expect(body.user.email).toBe('admin@test.local');
      expect(body.data.user).toEqual(body.user);
    }
    // Without a token it is still a 401, not a 404, on both spellings.
    expect((await t.app.inject({ method: 'GET', url: '/api/account/my-account' })).statusCode).toBe(
      401,
    );
  });
});

describe('the kanban board', () => {
  it('answers assignee[].avatar and due as [start, end] to a board reader', async () => {
    const column = (await post('/api/kanban/columns/new', { name: 'Family' })).json().column.id;
    const me = (await get('/api/account/my-account')).json().user.id;
    const card = await post('/api/kanban/cards/new', {
      columnId: column,
      card: {
        name: 'Seen by a family client',
        due: ['2031-01-01T00:00:00.000Z', '2031-01-03T00:00:00.000Z'],
        assignee: [{ id: me }],
      },
    });
    expect(card.statusCode, card.body).toBe(201);
    const board = (await get('/api/kanban/board')).json().board;
    const read = board.cards.find((c: { id: string }) => c.id === card.json().card.id);
    expect(read.assignee[0]).toMatchObject({ id: me, name: 'Administrator' });
    expect(read.assignee[0]).toHaveProperty('avatar');
    expect(read.due).toEqual(['2031-01-01T00:00:00.000Z', '2031-01-03T00:00:00.000Z']);
  });
});

describe('the shop', () => {
  let chinos: { id: string; slug: string };

  it('creates a product from name, price and category alone; a missing one is named', async () => {
    const res = await post('/api/products', {
      name: 'Boston Chinos',
      price: 49.5,
      category: 'Apparel',
      gender: ['Men'],
    });
    expect(res.statusCode, res.body).toBe(201);
    chinos = res.json().product;
    expect(res.json().product).toMatchObject({
      slug: 'boston-chinos',
      category: 'Apparel',
      categoryKey: 'apparel',
      gender: ['Men'],
      genderKeys: ['men'],
      price: 49.5,
      images: [],
    });
    expect(res.json().product.sku).toMatch(/^SKU-/);
    for (const missing of ['name', 'price', 'category']) {
      const body: Record<string, unknown> = { name: 'Lone Sock', price: 3, category: 'apparel' };
      delete body[missing];
      const bad = await post('/api/products', body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details.map((d: { field: string }) => d.field)).toContain(missing);
    }
  });

  it('opens a product by its plain name slug; the suffix only when the slug is taken', async () => {
    const again = await post('/api/products', {
      name: 'Boston Chinos',
      price: 52,
      category: 'apparel',
    });
    expect(again.json().product.slug).toBe('boston-chinos-2');
    const res = await get('/api/products/product?name=boston-chinos');
    expect(res.statusCode).toBe(200);
    expect(res.json().product.id).toBe(chinos.id);
  });

  it('keeps a former slug opening the product after the slug changes', async () => {
    const moved = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/products/${chinos.id}`,
      payload: { slug: 'boston-chinos-classic' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await get('/api/products/product?name=boston-chinos')).json().product.id).toBe(
      chinos.id,
    );
    // A new product may take the freed slug; the redirect gives way to it.
    const taker = await post('/api/products', {
      name: 'Boston Chinos',
      price: 60,
      category: 'apparel',
    });
    expect(taker.json().product.slug).toBe('boston-chinos');
    expect((await get('/api/products/product?name=boston-chinos')).json().product.id).toBe(
      taker.json().product.id,
    );
  });

  it('filters by the labels the family writes: ?category=Apparel&gender=Men', async () => {
    await post('/api/products', {
      name: 'Trail Boots',
      price: 80,
      category: 'Shoes',
      gender: ['Men'],
    });
    await post('/api/products', {
      name: 'Linen Dress',
      price: 70,
      category: 'Apparel',
      gender: ['Women'],
    });
    const res = await get('/api/products?category=Apparel&gender=Men');
    expect(res.statusCode).toBe(200);
    const names = res.json().products.map((p: { name: string }) => p.name);
    expect(names).toContain('Boston Chinos');
    expect(names).not.toContain('Trail Boots');
    expect(names).not.toContain('Linen Dress');
    const all = await get('/api/products?category=All');
    expect(all.json().products.map((p: { name: string }) => p.name)).toContain('Trail Boots');
  });

  it('searches the shop: /api/products/search?query= answers { results }', async () => {
    const res = await get('/api/products/search?query=chinos');
    expect(res.statusCode).toBe(200);
    const names = res.json().results.map((p: { name: string }) => p.name);
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n: string) => /chinos/i.test(n))).toBe(true);
    expect((await get('/api/products/search?query=')).json()).toEqual({ results: [] });
    expect((await get('/api/products/search?query=zzzz-nothing')).json()).toEqual({ results: [] });
  });
});

describe('from another origin', () => {
  let other: TestApp;
  const allowed = 'http://client.example:5173';

  beforeAll(async () => {
    other = await createTestApp({
      corsOrigins: [allowed],
      publicUrl: 'https://bo.example.com',
    });
  });
  afterAll(async () => {
    await other.close();
  });

  const preflight = (app: TestApp, origin: string) =>
    app.app.inject({
      method: 'OPTIONS',
      url: '/api/products',
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });

  it('a listed origin passes the preflight and the call, with credentials', async () => {
    const pre = await preflight(other, allowed);
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe(allowed);
    expect(pre.headers['access-control-allow-credentials']).toBe('true');
    expect(String(pre.headers['access-control-allow-methods'])).toContain('GET');
    const token = (await login(other.app)).accessToken;
    const res = await other.app.inject({
      method: 'GET',
      url: '/api/account/my-account',
      headers: { origin: allowed, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(allowed);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
  });

  it('any other origin gets neither its name nor *', async () => {
    for (const app of [other, t]) {
      const pre = await preflight(app, 'http://evil.example');
      expect(pre.headers['access-control-allow-origin']).toBeUndefined();
      expect(pre.headers['access-control-allow-credentials']).toBeUndefined();
      const res = await app.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { origin: 'http://evil.example' },
      });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
    // Without CORS_ORIGINS even the family client's origin is not let in.
    expect((await preflight(t, allowed)).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('with PUBLIC_URL, upload URLs are absolute in answers and read back as stored', async () => {
    const token = (await login(other.app)).accessToken;
    const created = await call(other.app, token, {
      method: 'POST',
      url: '/api/products',
      payload: {
        name: 'Pictured Tee',
        price: 20,
        category: 'apparel',
        images: ['https://bo.example.com/uploads/tee.png', '/uploads/tee-back.png'],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    // Signed for the reader too (decision 038; family-pictures.test.ts loads them).
    expect(created.json().product.images).toEqual([
      expect.stringMatching(/^https:\/\/bo\.example\.com\/uploads\/tee\.png\?exp=/),
      expect.stringMatching(/^https:\/\/bo\.example\.com\/uploads\/tee-back\.png\?exp=/),
    ]);
    const stored = (await other.database.db.execute(
      sql`SELECT images FROM products WHERE name = 'Pictured Tee'`,
    )) as unknown as { rows: Array<{ images: string[] }> };
    expect(stored.rows[0]!.images).toEqual(['/uploads/tee.png', '/uploads/tee-back.png']);
    // Another origin's absolute URL is not ours: refused, naming the field.
    const foreign = await call(other.app, token, {
      method: 'POST',
      url: '/api/products',
      payload: {
        name: 'Stolen Tee',
        price: 20,
        category: 'apparel',
        images: ['https://elsewhere.example/uploads/tee.png'],
      },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details[0].field).toMatch(/^images/);
  });
});

describe('an installation of an earlier release', () => {
  it('migrates suffixed slugs to the plain name slug where it is free; the old slug still opens', async () => {
    const make = async (name: string, oldSlug: string) => {
      const id = (await post('/api/products', { name, price: 10, category: 'shoes' })).json()
        .product.id as string;
      await t.database.db.execute(sql`UPDATE products SET slug = ${oldSlug} WHERE id = ${id}`);
      return id;
    };
    const old = await make('Old Release Runner', 'old-release-runner-17');
    const twinA = await make('Twin Release', 'twin-release-3');
    const twinB = await make('Twin Release', 'twin-release-4');
    const digits = await make('Release Fly 5', 'release-fly-5');
    // The migration's statements after creating the table, as an upgrade runs them.
    const file = readFileSync(
      fileURLToPath(new URL('../drizzle/0019_product_slugs.sql', import.meta.url)),
      'utf8',
    );
    for (const statement of file.split('--> statement-breakpoint').slice(2)) {
      await t.database.db.execute(sql.raw(statement));
    }
    const slugOf = async (id: string) => {
      const found = (await t.database.db.execute(
        sql`SELECT slug FROM products WHERE id = ${id}`,
      )) as unknown as { rows: Array<{ slug: string }> };
      return found.rows[0]!.slug;
    };
    expect(await slugOf(old)).toBe('old-release-runner');
    expect(await slugOf(twinA)).toBe('twin-release');
    expect(await slugOf(twinB)).toBe('twin-release-4');
    expect(await slugOf(digits)).toBe('release-fly-5');
    for (const [slug, id] of [
      ['old-release-runner-17', old],
      ['old-release-runner', old],
      ['twin-release-3', twinA],
      ['twin-release-4', twinB],
    ] as const) {
      const res = await get(`/api/products/product?name=${slug}`);
      expect(res.json().product.id, slug).toBe(id);
    }
  });
});
