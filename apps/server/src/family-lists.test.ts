import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../test/helpers.js';

/**
 * A template-family front end reading our lists (issue 48, second pass): it calls a list once,
 * without paging, and shows what comes back; it filters products in the browser on its own
 * labels; its date pickers send ISO date-times.
 */

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  admin = (await login(t.app)).accessToken;
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, app = t, token = admin) => call(app.app, token, { method: 'GET', url });

interface FamilyProduct {
  id: string;
  slug: string;
  name: string;
  gender: string[];
  category: string;
  genderKeys: string[];
  categoryKey: string;
}

/** The target of `Link: <…>; rel="next"`, or null without one. */
function nextLink(headers: Record<string, unknown>): string | null {
  const link = headers.link;
  if (link === undefined) return null;
  const found = /^<([^>]+)>;\s*rel="next"$/.exec(String(link));
  if (!found) throw new Error(`not a rel="next" link: ${String(link)}`);
  return found[1]!;
}

describe('the products, unpaged', () => {
  it('answers all 160 demo products with the family’s labels, total and no Link', async () => {
    const res = await get('/api/products');
    expect(res.statusCode).toBe(200);
    const { products, total } = res.json() as { products: FamilyProduct[]; total: number };
    expect(total).toBe(160);
    expect(products).toHaveLength(160);
    expect(new Set(products.map((p) => p.id)).size).toBe(160);
    expect(res.headers.link).toBeUndefined();

    // What the family's shop does in the browser with them.
    const labels = new Set(products.flatMap((p) => p.gender));
    expect([...labels].sort()).toEqual(['Kids', 'Men', 'Women']);
    const categories = new Set(products.map((p) => p.category));
    expect([...categories].every((c) => ['Apparel', 'Accessories', 'Shoes'].includes(c))).toBe(
      true,
    );
    expect(categories.has('Apparel')).toBe(true);
    const men = products.filter((p) => p.gender.includes('Men'));
    const apparel = products.filter((p) => p.category === 'Apparel');
    expect(men.length).toBeGreaterThan(0);
    expect(apparel.length).toBeGreaterThan(0);
    // Our keys beside them, and the same sets as our own filters find.
    for (const p of products) {
      expect(p.genderKeys.map((g) => g[0]!.toUpperCase() + g.slice(1))).toEqual(p.gender);
      expect(p.categoryKey).toBe(p.category.toLowerCase());
    }
    const ours = await get('/api/products?gender=men&limit=100');
    expect(ours.json().total).toBe(men.length);
    const ourApparel = await get('/api/products?category=apparel&limit=100');
    expect(ourApparel.json().total).toBe(apparel.length);
  });

  it('keeps paged calls as they were, cached or not', async () => {
    for (let round = 0; round < 2; round++) {
      const first = await get('/api/products?limit=24');
      expect(first.json().products).toHaveLength(24);
      expect(first.json().total).toBe(160);
      const defaulted = await get('/api/products?page=2');
      expect(defaulted.json().products).toHaveLength(24);
      // The unpaged answer is not served to a paged call of the same parsed query, nor back.
      expect((await get('/api/products')).json().products).toHaveLength(160);
    }
    const page7 = await get('/api/products?page=7&limit=24&sort=name');
    expect(page7.json().products).toHaveLength(16);
    expect(page7.headers.link).toBeUndefined();
    const page6 = await get('/api/products?page=6&limit=24&sort=name');
    expect(nextLink(page6.headers)).toBe('/api/products?sort=name&page=7&limit=24');
  });

  it('answers the labels on every product answer: details, by slug, search, writes', async () => {
    const created = await call(t.app, admin, {
      method: 'POST',
      url: '/api/products',
      payload: { name: 'Harbour Parka', price: 120, category: 'apparel', gender: ['women'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().product).toMatchObject({
      category: 'Apparel',
      categoryKey: 'apparel',
      gender: ['Women'],
      genderKeys: ['women'],
    });
    const { id, slug } = created.json().product as FamilyProduct;
    const bySlug = await get(`/api/products/product?name=${slug}`);
    expect(bySlug.json().product).toMatchObject({ category: 'Apparel', gender: ['Women'] });
    const found = await get('/api/products/search?query=harbour');
    expect(found.json().results[0]).toMatchObject({ id, category: 'Apparel', gender: ['Women'] });

    // A family client writes back what it read: stored as our keys.
    const patched = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/products/${id}`,
      payload: { category: 'Shoes', gender: ['Men', 'Kids'] },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().product).toMatchObject({
      category: 'Shoes',
      categoryKey: 'shoes',
      gender: ['Men', 'Kids'],
      genderKeys: ['men', 'kids'],
    });
    const shoes = await get('/api/products?category=shoes&gender=kids&q=harbour');
    expect(shoes.json().products.map((p: FamilyProduct) => p.id)).toEqual([id]);

    // A category of our own outside the family's set answers as stored.
    const own = await call(t.app, admin, {
      method: 'POST',
      url: '/api/products',
      payload: { name: 'Gift Card', price: 25, category: 'Gift cards' },
    });
    expect(own.json().product).toMatchObject({ category: 'Gift cards', categoryKey: 'Gift cards' });
  });
});

describe('the mail and the blog, unpaged', () => {
  async function walk(url: string, app: TestApp, key: 'mails' | 'posts') {
    const seen: string[] = [];
    let next: string | null = url;
    let calls = 0;
    while (next) {
      const res = await get(next.replace(/^https?:\/\/[^/]+/, ''), app);
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...res.json()[key].map((r: { id: string }) => r.id));
      next = nextLink(res.headers);
      if (++calls > 50) throw new Error('the links never end');
    }
    return seen;
  }

  it('answers the whole inbox with total, as paging through it does', async () => {
    const res = await get('/api/mail/mails?systemLabel=inbox');
    expect(res.statusCode).toBe(200);
    const { mails, total } = res.json() as { mails: Array<{ id: string }>; total: number };
    const paged = await walk('/api/mail/mails?systemLabel=inbox&limit=20', t, 'mails');
    expect(paged.length).toBeGreaterThan(50);
    expect(mails.map((m) => m.id)).toEqual(paged);
    expect(total).toBe(paged.length);
    expect(res.headers.link).toBeUndefined();
    // A paged call's answer stays as it was: no total.
    const page = await get('/api/mail/mails?systemLabel=inbox&limit=50');
    expect(page.json().mails).toHaveLength(50);
    expect(page.json()).not.toHaveProperty('total');
  });

  it('answers all 36 demo posts with total', async () => {
    const res = await get('/api/blog/posts');
    expect(res.statusCode).toBe(200);
    expect(res.json().posts).toHaveLength(36);
    expect(res.json().total).toBe(36);
    expect(res.json().nextCursor).toBeNull();
    expect(res.headers.link).toBeUndefined();
    expect((await get('/api/blog/posts?limit=12')).json().posts).toHaveLength(12);
  });
});

describe('past UNPAGED_LIST_MAX', () => {
  let small: TestApp;
  let token: string;
  const origin = 'http://client.example:5173';

  beforeAll(async () => {
    small = await createTestApp({
      demoData: true,
      unpagedListMax: 10,
      corsOrigins: [origin],
      publicUrl: 'https://bo.example.com',
    });
    token = (await login(small.app)).accessToken;
  });
  afterAll(async () => {
    await small.close();
  });

  /** Follows rel="next" from `url`; answers every row id and every link followed. */
  async function follow(url: string, key: 'products' | 'mails' | 'posts') {
    const ids: string[] = [];
    const links: string[] = [];
    let next: string | null = url;
    let first: { total?: number } | null = null;
    while (next) {
      const res = await small.app.inject({
        method: 'GET',
        url: next.replace(/^https:\/\/bo\.example\.com/, ''),
        headers: { authorization: `Bearer ${token}`, origin },
      });
      expect(res.statusCode, res.body).toBe(200);
      // A page on another origin may read the header.
      expect(String(res.headers['access-control-expose-headers'])).toMatch(/\blink\b/i);
      first ??= res.json();
      ids.push(...res.json()[key].map((r: { id: string }) => r.id));
      next = nextLink(res.headers);
      if (next) links.push(next);
      if (links.length > 60) throw new Error('the links never end');
    }
    return { ids, links, total: first!.total };
  }

  it('answers the first rows of the products, and Link rel=next leads to the rest', async () => {
    const first = await get('/api/products?category=Apparel', small, token);
    expect(first.json().products).toHaveLength(10);
    const { ids, links, total } = await follow('/api/products?category=Apparel', 'products');
    expect(links[0]).toBe('https://bo.example.com/api/products?category=Apparel&page=2&limit=10');
    expect(total).toBeGreaterThan(10);
    expect(ids).toHaveLength(total!);
    expect(new Set(ids).size).toBe(total);
    const everything = await get('/api/products?category=apparel&limit=100', small, token);
    expect(new Set(ids)).toEqual(
      new Set(everything.json().products.map((p: FamilyProduct) => p.id)),
    );
  });

  it('answers the first mails with the whole total, and the links carry the folder on', async () => {
    const { ids, links, total } = await follow('/api/mail/mails?systemLabel=inbox', 'mails');
    expect(links.length).toBeGreaterThan(3);
    for (const link of links) {
      expect(link).toMatch(
        /^https:\/\/bo\.example\.com\/api\/mail\/mails\?systemLabel=inbox&after=[\w-]+&limit=10$/,
      );
    }
    expect(ids).toHaveLength(total!);
    expect(new Set(ids).size).toBe(total);
    const paged = await get('/api/mail/mails?systemLabel=inbox&limit=100', small, token);
    expect(ids.slice(0, 100)).toEqual(paged.json().mails.map((m: { id: string }) => m.id));
  });

  it('answers the first posts, the sort kept, and the links lead to all 36', async () => {
    const { ids, links, total } = await follow('/api/blog/posts?sort=oldest', 'posts');
    expect(total).toBe(36);
    expect(ids).toHaveLength(36);
    expect(new Set(ids).size).toBe(36);
    expect(links.every((l) => l.includes('sort=oldest') && l.includes('limit=10'))).toBe(true);
  });
});

describe('dates from a family date picker', () => {
  const invoice = (dates: Record<string, string>) =>
    call(t.app, admin, {
      method: 'POST',
      url: '/api/invoices',
      payload: {
        status: 'sent',
        to: { name: 'Picker Ltd', email: 'ap@picker.test' },
        items: [{ title: 'Consulting', quantity: 1, price: 10000, taxRate: 0 }],
        ...dates,
      },
    });

  it('takes an ISO date-time for a day and keeps the day written in it', async () => {
    const res = await invoice({
      issueDate: '2026-12-01T00:00:00.000Z',
      dueDate: '2026-12-27T00:00:00.000Z',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().invoice).toMatchObject({ issueDate: '2026-12-01', dueDate: '2026-12-27' });
    // The day as written, not moved by its offset (in UTC this is the 28th).
    const late = await invoice({ dueDate: '2026-12-27T23:30:00-05:00' });
    expect(late.statusCode, late.body).toBe(201);
    expect(late.json().invoice.dueDate).toBe('2026-12-27');
    // A plain day as before.
    const plain = await invoice({ dueDate: '2027-01-15' });
    expect(plain.json().invoice.dueDate).toBe('2027-01-15');

    const id = res.json().invoice.id as string;
    const paid = await call(t.app, admin, {
      method: 'POST',
      url: `/api/invoices/${id}/payments`,
      payload: { amount: 10000, paidAt: '2026-11-20T09:15:00.000Z', method: 'cash' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().invoice.payments[0].paidAt).toMatch(/^2026-11-20/);
  });

  it('still refuses a day that does not exist, naming the field', async () => {
    for (const dueDate of ['2026-02-31T00:00:00.000Z', '2026-12-27T25:00:00Z', 'soon']) {
      const res = await invoice({ dueDate });
      expect(res.statusCode, dueDate).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain('dueDate');
    }
  });
});
