import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productBody } from '../../../test/fixtures.js';
import {
  ADMIN,
  call,
  createTestApp,
  login,
  registerUser,
  type TestApp,
} from '../../../test/helpers.js';

/** Administration → System → Remove demo data: what goes, what stays, and who may. */
let t: TestApp;
let admin: { accessToken: string; user: { id: string } };
let real: { accessToken: string; user: { id: string } };
let orderId: string;
let productId: string;

const DEMO_DATA = '/api/admin/system/demo-data';

/** Each statistic table against the rows it sums (the seed test's invariants): rows that differ. */
const STATISTICS: Record<string, string> = {
  orderDailyStats: `SELECT count(*) FROM (
      SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, status, count(*)::int AS orders, sum(items_count)::int AS items, sum(total) AS revenue
      FROM orders GROUP BY 1, 2) o
    FULL JOIN order_daily_stats s USING (day, status)
    WHERE s.orders IS DISTINCT FROM o.orders OR s.items IS DISTINCT FROM o.items OR s.revenue IS DISTINCT FROM o.revenue`,
  productSalesDaily: `SELECT count(*) FROM (
      SELECT to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, i.product_id, sum(i.quantity)::int AS quantity, sum(round(i.price * i.quantity * 100))::bigint AS revenue
      FROM order_items i JOIN orders o ON o.id = i.order_id
      WHERE o.status IN ('pending', 'completed') AND i.product_id IS NOT NULL GROUP BY 1, 2) t
    FULL JOIN (SELECT * FROM product_sales_daily WHERE quantity <> 0) s USING (day, product_id)
    WHERE s.quantity IS DISTINCT FROM t.quantity OR s.revenue IS DISTINCT FROM t.revenue`,
  productSold: `SELECT count(*) FROM products p LEFT JOIN (
      SELECT product_id, sum(quantity)::int AS q FROM order_items GROUP BY 1) i ON i.product_id = p.id
    WHERE p.sold <> coalesce(i.q, 0)`,
  userSearchWords: `SELECT count(*) FROM (
      SELECT w AS word, status, count(*)::int AS n FROM users, bo_user_words(search_text) AS w GROUP BY 1, 2) t
    FULL JOIN (SELECT * FROM user_search_words WHERE n <> 0) s USING (word, status)
    WHERE s.n IS DISTINCT FROM t.n`,
  userCounts: `SELECT count(*) FROM (SELECT role, status, count(*)::int AS n FROM users GROUP BY 1, 2) u
    FULL JOIN (SELECT * FROM user_counts WHERE n <> 0) c USING (role, status)
    WHERE c.n IS DISTINCT FROM u.n`,
  blogStats: `SELECT count(*) FROM blog_stats s WHERE s.posts <> (SELECT count(*) FROM blog_posts p WHERE p.status = s.status)`,
  invoiceStats: `SELECT count(*) FROM (
      SELECT CASE WHEN kind = 'credit_note' THEN 'credit_note' ELSE status END AS status, due_date, count(*) AS n, sum(total) AS amount, sum(balance) AS balance
      FROM invoices GROUP BY 1, 2) v
    FULL JOIN (SELECT * FROM invoice_stats WHERE count <> 0) s USING (status, due_date)
    WHERE s.count IS DISTINCT FROM v.n OR s.amount IS DISTINCT FROM v.amount OR s.balance IS DISTINCT FROM v.balance`,
  mailCounts: `SELECT count(*) FROM (
      SELECT m.owner_id, k AS key, count(*)::int AS total, count(*) FILTER (WHERE m.is_unread)::int AS unread
      FROM mail_messages m, unnest(mail_count_keys(m.folder, m.is_starred, m.is_important, m.label_ids)) AS k
      GROUP BY 1, 2) r
    FULL JOIN (SELECT * FROM mail_counts WHERE total <> 0 OR unread <> 0) c USING (owner_id, key)
    WHERE c.total IS DISTINCT FROM r.total OR c.unread IS DISTINCT FROM r.unread`,
  storageUsage: `SELECT count(*) FROM (
      SELECT owner_id, category, sum(size) AS bytes, count(*) AS n FROM files WHERE owner_id IS NOT NULL AND NOT is_folder GROUP BY 1, 2) f
    FULL JOIN (SELECT * FROM storage_usage WHERE count <> 0 OR bytes <> 0) s USING (owner_id, category)
    WHERE s.bytes IS DISTINCT FROM f.bytes OR s.count IS DISTINCT FROM f.n`,
  bankDailyStats: `SELECT count(*) FROM (SELECT account_id, count(*)::int AS n FROM bank_transactions GROUP BY 1) t
    FULL JOIN (SELECT account_id, sum(count)::int AS n FROM bank_daily_stats GROUP BY 1) s USING (account_id)
    WHERE s.n IS DISTINCT FROM t.n`,
  bookingDailyStats: `SELECT count(*) FROM (SELECT count(*)::int AS n FROM bookings) b,
    (SELECT coalesce(sum(bookings), 0)::int AS n FROM booking_daily_stats) s WHERE b.n <> s.n`,
  pageViewDaily: `SELECT count(*) FROM (SELECT count(*)::int AS n FROM page_views) v,
    (SELECT coalesce(sum(views), 0)::int AS n FROM page_view_daily) s WHERE v.n <> s.n`,
};

async function statisticsThatDiffer(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [name, text] of Object.entries(STATISTICS)) {
    const [row] = await t.database.query<{ count: number | string }>(text);
    out[name] = Number(row!.count);
  }
  return out;
}
const allZero = (o: Record<string, number>) =>
  Object.fromEntries(Object.keys(o).map((k) => [k, 0]));

const countOf = async (text: string, params: unknown[] = []) =>
  Number((await t.database.query<{ n: number }>(text, params))[0]!.n);

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  admin = await login(t.app);
  // A person who arrives after the demo, and what they and the administrator make afterwards.
  real = await registerUser(t.app, { email: 'real@after-demo.test' });
  const product = await call(t.app, admin.accessToken, {
    method: 'POST',
    url: '/api/products',
    payload: productBody({ name: 'Real Runner', price: 10, quantity: 10, sizes: ['9'] }),
  });
  expect(product.statusCode, product.body).toBe(201);
  productId = product.json().product.id;
  const order = await call(t.app, real.accessToken, {
    method: 'POST',
    url: '/api/orders',
    payload: {
      items: [{ productId, quantity: 2 }],
      billing: { name: 'Real Person', phone: '+1 555 0100', address: '1 Real Street' },
      delivery: 'standard',
      payment: 'card',
    },
  });
  expect(order.statusCode, order.body).toBe(201);
  orderId = order.json().order.id;
  const mail = await call(t.app, real.accessToken, {
    method: 'POST',
    url: '/api/mail/send',
    payload: { to: [ADMIN.email], subject: 'Real hello', message: '<p>Hi</p>' },
  });
  expect(mail.statusCode, mail.body).toBe(201);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('DELETE /api/admin/system/demo-data', () => {
  it('refuses a plain user (403) and a stranger (401), and removes nothing', async () => {
    const denied = await call(t.app, real.accessToken, { method: 'DELETE', url: DEMO_DATA });
    expect(denied.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: DEMO_DATA })).statusCode).toBe(401);
    const state = await call(t.app, admin.accessToken, { method: 'GET', url: '/api/admin/system' });
    expect(state.json().demoData).toBe(true);
  });

  it('removes every seeded record in one step and keeps the real people and what they made', async () => {
    const [{ people }] = await t.database.query<{ people: string[] }>(
      `SELECT value->'people' AS people FROM meta WHERE key = 'demo'`,
    );
    expect(people.length).toBe(240);
    expect(people).not.toContain(admin.user.id);

    const tables = [
      'users',
      'products',
      'orders',
      'calendar_events',
      'kanban_cards',
      'blog_posts',
      'chat_conversations',
      'invoices',
      'bookings',
    ];
    const sizes = async () =>
      Object.fromEntries(
        await Promise.all(
          tables.map(async (name) => [
            name,
            await countOf(`SELECT count(*)::int AS n FROM ${name}`),
          ]),
        ),
      ) as Record<string, number>;
    const before = await sizes();

    const res = await call(t.app, admin.accessToken, { method: 'DELETE', url: DEMO_DATA });
    expect(res.statusCode, res.body).toBe(200);
    const { removed } = res.json() as { removed: Record<string, number> };
    // The answer counts what went from each table.
    const after = await sizes();
    expect(Object.fromEntries(tables.map((name) => [name, removed[name] ?? 0]))).toEqual(
      Object.fromEntries(tables.map((name) => [name, before[name]! - after[name]!])),
    );
    expect(removed).toMatchObject({ users: 240, products: 160, kanban_cards: 22 });
    expect(removed.mail_messages).toBeGreaterThan(3_000);
    expect(removed.page_views).toBeGreaterThan(10_000);
    expect(removed.files).toBeGreaterThan(0);

    // No seeded person is left; the administrator and the newcomer are.
    expect(
      await countOf('SELECT count(*)::int AS n FROM users WHERE id = ANY($1::uuid[])', [people]),
    ).toBe(0);
    const left = await t.database.query<{ id: string }>('SELECT id FROM users ORDER BY email');
    expect(left.map((u) => u.id).sort()).toEqual([admin.user.id, real.user.id].sort());
    // What they made after the demo stays: the product, the order, the mail (both copies).
    expect(await countOf('SELECT count(*)::int AS n FROM products')).toBe(1);
    expect(
      await countOf('SELECT count(*)::int AS n FROM orders WHERE id = $1 AND user_id = $2', [
        orderId,
        real.user.id,
      ]),
    ).toBe(1);
    expect(
      await countOf(`SELECT count(*)::int AS n FROM mail_messages WHERE subject = 'Real hello'`),
    ).toBe(2);
    // Nothing seeded is left in the organisation-wide areas.
    expect(
      await countOf(`SELECT ((SELECT count(*) FROM calendar_events) + (SELECT count(*) FROM kanban_cards)
        + (SELECT count(*) FROM blog_posts) + (SELECT count(*) FROM chat_conversations)
        + (SELECT count(*) FROM invoices) + (SELECT count(*) FROM bank_accounts)
        + (SELECT count(*) FROM bank_transactions) + (SELECT count(*) FROM bookings)
        + (SELECT count(*) FROM booking_properties) + (SELECT count(*) FROM page_views))::int AS n`),
    ).toBe(0);
    // Only the mail of the newcomer's message is left in the administrator's mailbox.
    expect(
      await countOf('SELECT count(*)::int AS n FROM mail_messages WHERE owner_id = $1', [
        admin.user.id,
      ]),
    ).toBe(1);

    // Every statistic equals its rows.
    const differ = await statisticsThatDiffer();
    expect(differ).toEqual(allZero(differ));

    // The System page says so, and the audit log records who did it with the counts.
    const state = await call(t.app, admin.accessToken, { method: 'GET', url: '/api/admin/system' });
    expect(state.json().demoData).toBe(false);
    const [entry] = await t.database.query<{ actor_id: string; meta: { removed: object } }>(
      `SELECT actor_id, meta FROM audit_log WHERE action = 'system.demo_data_removed'`,
    );
    expect(entry).toMatchObject({ actor_id: admin.user.id, meta: { removed } });

    // The newcomer still signs in and finds their order.
    const mine = await call(t.app, real.accessToken, {
      method: 'GET',
      url: `/api/orders/${orderId}`,
    });
    expect(mine.statusCode).toBe(200);
  }, 60_000);

  it('answers 409 the second time: nothing is left to remove', async () => {
    const again = await call(t.app, admin.accessToken, { method: 'DELETE', url: DEMO_DATA });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT' });
  });

  it('answers 409 on a database created without demo data', async () => {
    const plain = await createTestApp();
    try {
      const token = (await login(plain.app)).accessToken;
      const res = await call(plain.app, token, { method: 'DELETE', url: DEMO_DATA });
      expect(res.statusCode).toBe(409);
    } finally {
      await plain.close();
    }
  });
});
