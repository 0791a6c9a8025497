import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '@bo/contract/notifications';
import { call, createTestApp, login, registerUser, type TestApp } from '../../../test/helpers.js';
import { productBody } from '../../../test/fixtures.js';

/**
 * The header's search ranks what it finds: the record the words name (an invoice by its
 * customer, a product by its name) before people who only have the words in their company or
 * email, and says which field matched when it is not the title.
 */

let t: TestApp;
let admin: string;
/** A plain `user` role: reads people, may not manage them (sees only public emails). */
let ann: string;
const ids: Record<string, string> = {};

async function search(token: string, q: string) {
  const res = await call(t.app, token, {
    method: 'GET',
    url: `/api/search?q=${encodeURIComponent(q)}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results as SearchResult[];
}

async function post(url: string, payload: object) {
  const res = await call(t.app, admin, { method: 'POST', url, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Record<string, { id: string }>;
}

async function person(
  key: string,
  body: { firstName: string; lastName: string; email: string; company?: string },
  isPublic = true,
) {
  const made = await post('/api/users', {
    ...body,
    role: 'user',
    status: 'active',
    emailVerified: true,
    isPublic,
  });
  ids[key] = made.user!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).accessToken;
  await registerUser(t.app, { email: 'ann@test.local', firstName: 'Ann' });
  ann = (await login(t.app, 'ann@test.local', 'a-long-unusual-password')).accessToken;

  await post('/api/invoices/parties', {
    kind: 'company',
    name: 'Minimal Studio SAS',
    email: 'billing@minimal.test',
    address: '12 rue de la Paix, Paris',
    country: 'FR',
  });
  const invoice = await post('/api/invoices', {
    status: 'sent',
    to: {
      name: 'Quillon Traders',
      email: 'ap@quillon-traders.test',
      address: '1 Harbour Rd',
      country: 'GB',
    },
    items: [{ title: 'Design', quantity: 1, price: 10000 }],
    dueDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
  });
  ids.invoice = invoice.invoice!.id;

  // Alphabetically first, but only the company or the email holds the word.
  await person('byCompany', {
    firstName: 'Aaron',
    lastName: 'Abbott',
    email: 'aaron.abbott@mail.test',
    company: 'Quillon Traders',
  });
  await person('byEmail', {
    firstName: 'Abel',
    lastName: 'Adams',
    email: 'abel@quillon.example',
  });
  await person(
    'hiddenEmail',
    { firstName: 'Abby', lastName: 'Acker', email: 'abby@quillon.example' },
    false,
  );
  await person('byName', { firstName: 'Zoe', lastName: 'Quillon', email: 'zoe@mail.test' });

  for (const [key, name] of [
    ['productWord', 'Arbor marlo lamp'],
    ['productExact', 'Marlo'],
    ['productPrefix', 'Marlowe vase'],
  ] as const) {
    const made = await post(
      '/api/products',
      productBody({ name, code: key, price: 10, quantity: 1, published: true }),
    );
    ids[key] = made.product!.id;
  }
}, 120_000);
afterAll(() => t.close());

describe('GET /api/search ranks what the words name first', () => {
  it('the invoice for "Quillon Traders" before people who only work there or write from there', async () => {
    const results = await search(admin, 'Quillon');
    expect(results[0]).toMatchObject({
      type: 'invoice',
      id: ids.invoice,
      subtitle: 'Quillon Traders',
      matched: 'customer',
      rank: 1,
      link: `/dashboard/invoice/${ids.invoice}`,
    });
    // Kinds stay together, in the order of their best result (people come first otherwise).
    expect(results.map((r) => r.type)).toEqual(['invoice', 'user', 'user', 'user', 'user']);
    const people = results.filter((r) => r.type === 'user');
    expect(people[0]).toMatchObject({ id: ids.byName, title: 'Zoe Quillon', matched: 'title' });
    expect(people[0]!.rank).toBe(2);
    // The rest say why they came up: the field that holds the word, and its value.
    expect(people.slice(1)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: ids.byCompany,
          matched: 'company',
          subtitle: 'Quillon Traders',
          rank: 4,
        }),
        expect.objectContaining({
          id: ids.byEmail,
          matched: 'email',
          subtitle: 'abel@quillon.example',
          rank: 4,
        }),
        expect.objectContaining({
          id: ids.hiddenEmail,
          matched: 'email',
          subtitle: 'abby@quillon.example',
        }),
      ]),
    );
  });

  it('within a kind, the whole name, then its beginning, then a word’s, whatever the alphabet says', async () => {
    const results = await search(admin, 'marlo');
    expect(results.map((r) => [r.type, r.id, r.rank])).toEqual([
      ['product', ids.productExact, 0],
      ['product', ids.productPrefix, 1],
      ['product', ids.productWord, 2],
    ]);
  });

  it('the whole name is the best match: "quillon traders" is the invoice, then the company', async () => {
    const results = await search(admin, 'quillon traders');
    expect(results.map((r) => [r.type, r.id, r.matched, r.rank])).toEqual([
      ['invoice', ids.invoice, 'customer', 0],
      ['user', ids.byCompany, 'company', 4],
    ]);
  });

  it('a draft, without a number yet, is titled with its customer and says it is a draft', async () => {
    const draft = await post('/api/invoices', {
      status: 'draft',
      to: { name: 'Quillon Traders', email: 'ap@quillon-traders.test', country: 'GB' },
      items: [{ title: 'Design', quantity: 1, price: 5000 }],
      dueDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    });
    const invoices = (await search(admin, 'quillon tr')).filter((r) => r.type === 'invoice');
    expect(invoices).toContainEqual(
      expect.objectContaining({
        id: draft.invoice!.id,
        title: 'Quillon Traders',
        subtitle: 'draft',
        matched: 'title',
        rank: 1,
      }),
    );
    expect(invoices).toContainEqual(
      expect.objectContaining({
        id: ids.invoice,
        subtitle: 'Quillon Traders',
        matched: 'customer',
      }),
    );
    const del = await call(t.app, admin, {
      method: 'DELETE',
      url: `/api/invoices/${draft.invoice!.id}`,
    });
    expect(del.statusCode, del.body).toBeLessThan(300);
  });

  it('the customer’s email finds the invoice too, and says so', async () => {
    const [found] = await search(admin, 'ap@quillon-traders');
    expect(found).toMatchObject({
      type: 'invoice',
      id: ids.invoice,
      matched: 'email',
      subtitle: 'ap@quillon-traders.test',
      rank: 4,
    });
  });

  it('a private email is neither matched nor shown to who may not manage people', async () => {
    const people = (await search(ann, 'quillon')).filter((r) => r.type === 'user');
    expect(people.map((r) => r.id)).toContain(ids.byEmail);
    expect(people.map((r) => r.id)).not.toContain(ids.hiddenEmail);
    expect(people.find((r) => r.id === ids.byCompany)).toMatchObject({
      matched: 'company',
      subtitle: 'Quillon Traders',
    });
    // Without invoices:read, no invoice: the person named Quillon leads.
    expect((await search(ann, 'quillon'))[0]).toMatchObject({ id: ids.byName, rank: 2 });
  });
});
