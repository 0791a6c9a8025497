import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { PermissionService } from '../lib/permissions.js';
import { PRODUCT_COLORS } from '@bo/contract/products';
import { periodRange } from '@bo/contract/dashboards';
import { SCALE_COUNTS, seedDatabase, type SeedOptions } from './index.js';
import { analyticsDashboard } from '../modules/dashboards/analytics-queries.js';
import { appDashboard } from '../modules/dashboards/app-queries.js';
import { bankingDashboard } from '../modules/dashboards/banking-queries.js';
import { bookingDashboard } from '../modules/dashboards/booking-queries.js';
import { fileDashboard } from '../modules/dashboards/file-queries.js';
import { ecommerceDashboard, resolvePeriod } from '../modules/dashboards/queries.js';
import { PRODUCT_NOUNS } from './vocab.js';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const quiet = () => {};

const dropped: Array<() => Promise<void>> = [];

/** A new empty database: PGlite in memory, or a new PostgreSQL database when TEST_DATABASE_URL is set. */
async function fresh(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openDatabase({});
  const name = `bo_seed_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString(), poolSize: 3 });
  dropped.push(async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });
  return database;
}

async function seeded(options: SeedOptions): Promise<Database> {
  const database = await fresh();
  await database.migrate();
  await new PermissionService(database).ensureBuiltinRoles();
  await seedDatabase(database, 'demo', quiet, { now: NOW, ...options });
  return database;
}

const firstRecords = (database: Database) =>
  Promise.all([
    database.query(
      'SELECT id, email, display_name, country, role, status, created_at FROM users ORDER BY id LIMIT 5',
    ),
    database.query(
      'SELECT id, name, slug, price, price_sale, colors FROM products ORDER BY id LIMIT 5',
    ),
    database.query(
      'SELECT id, number, customer_email, subtotal, total, status, created_at FROM orders ORDER BY number LIMIT 5',
    ),
    database.query('SELECT id, title, start_at FROM calendar_events ORDER BY id LIMIT 3'),
    database.query('SELECT id, name, rank FROM kanban_cards ORDER BY id LIMIT 3'),
  ]);

/** Every relation the generator promises, as counts of rows that break it (all must be 0). */
async function inconsistencies(database: Database): Promise<Record<string, number>> {
  const checks: Record<string, string> = {
    orderSubtotalIsSumOfItems: `SELECT count(*) FROM orders o WHERE o.subtotal <> (SELECT coalesce(sum(i.price * i.quantity), 0) FROM order_items i WHERE i.order_id = o.id)`,
    orderItemsCountIsSumOfQuantities: `SELECT count(*) FROM orders o WHERE o.items_count <> (SELECT coalesce(sum(i.quantity), 0) FROM order_items i WHERE i.order_id = o.id)`,
    blogCommentCountIsRows: `SELECT count(*) FROM blog_posts p WHERE p.comments <> (SELECT count(*) FROM blog_comments c WHERE c.post_id = p.id)`,
    blogLikeCountIsRows: `SELECT count(*) FROM blog_posts p WHERE p.likes <> (SELECT count(*) FROM blog_likes l WHERE l.post_id = p.id)`,
    blogReplyOnOtherPost: `SELECT count(*) FROM blog_comments r JOIN blog_comments c ON c.id = r.parent_id WHERE c.post_id <> r.post_id OR c.parent_id IS NOT NULL`,
    blogStatsDifferFromPosts: `SELECT count(*) FROM blog_stats s WHERE s.posts <> (SELECT count(*) FROM blog_posts p WHERE p.status = s.status)`,
    orderTotalAddsUp: `SELECT count(*) FROM orders WHERE total <> subtotal - discount + shipping + taxes`,
    orderWithoutItems: `SELECT count(*) FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id)`,
    itemWithoutProduct: `SELECT count(*) FROM order_items i LEFT JOIN products p ON p.id = i.product_id WHERE p.id IS NULL`,
    itemNotLikeItsProduct: `SELECT count(*) FROM order_items i JOIN products p ON p.id = i.product_id
      WHERE i.name <> p.name OR i.sku <> p.sku OR i.price <> coalesce(p.price_sale, p.price) OR i.cover <> p.images[1]`,
    // Each picture is the name's noun in the colour at the same place of `colors` (a "Boots" is a boot).
    productPictureUnlikeItsProduct: `SELECT count(*) FROM products p, generate_subscripts(p.images, 1) k
      WHERE position((ARRAY[${PRODUCT_NOUNS.map((n) => `'${n}'`).join(',')}])[split_part(p.images[k], '-', 3)::int + 1] IN p.name) = 0
         OR (ARRAY[${PRODUCT_COLORS.map((c) => `'${c}'`).join(',')}])[split_part(split_part(p.images[k], '-', 4), '.', 1)::int + 1] <> p.colors[k]`,
    orderCustomerNotSearchable: `SELECT count(*) FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_customers c
      WHERE c.user_id = o.user_id AND c.name = o.customer_name AND c.email = o.customer_email)`,
    orderWithoutUser: `SELECT count(*) FROM orders o LEFT JOIN users u ON u.id = o.user_id WHERE u.id IS NULL OR o.customer_email <> u.email`,
    dailyStatsDifferFromOrders: `SELECT count(*) FROM (
        SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, status, count(*)::int AS orders, sum(items_count)::int AS items, sum(total) AS revenue
        FROM orders GROUP BY 1, 2) o
      FULL JOIN order_daily_stats s USING (day, status)
      WHERE s.orders IS DISTINCT FROM o.orders OR s.items IS DISTINCT FROM o.items OR s.revenue IS DISTINCT FROM o.revenue`,
    genderSalesDifferFromItems: `SELECT count(*) FROM (
        SELECT to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, bo_sale_gender(p.gender) AS gender, sum(i.quantity)::int AS quantity, sum(round(i.price * i.quantity * 100))::bigint AS revenue
        FROM order_items i JOIN orders o ON o.id = i.order_id JOIN products p ON p.id = i.product_id
        WHERE o.status IN ('pending', 'completed') GROUP BY 1, 2) t
      FULL JOIN (SELECT * FROM gender_sales_daily WHERE quantity <> 0) s USING (day, gender)
      WHERE s.quantity IS DISTINCT FROM t.quantity OR s.revenue IS DISTINCT FROM t.revenue`,
    productSalesDifferFromItems: `SELECT count(*) FROM (
        SELECT to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, i.product_id, sum(i.quantity)::int AS quantity, sum(round(i.price * i.quantity * 100))::bigint AS revenue
        FROM order_items i JOIN orders o ON o.id = i.order_id
        WHERE o.status IN ('pending', 'completed') AND i.product_id IS NOT NULL GROUP BY 1, 2) t
      FULL JOIN (SELECT * FROM product_sales_daily WHERE quantity <> 0) s USING (day, product_id)
      WHERE s.quantity IS DISTINCT FROM t.quantity OR s.revenue IS DISTINCT FROM t.revenue`,
    userSearchWordsDifferFromPeople: `SELECT count(*) FROM (
        SELECT w AS word, status, count(*)::int AS n FROM users, bo_user_words(search_text) AS w GROUP BY 1, 2) t
      FULL JOIN (SELECT * FROM user_search_words WHERE n <> 0) s USING (word, status)
      WHERE s.n IS DISTINCT FROM t.n`,
    productRatingsDifferFromReviews: `SELECT count(*) FROM products p LEFT JOIN (
        SELECT product_id, sum(rating)::int AS s, count(*)::int AS n FROM product_reviews GROUP BY 1) r ON r.product_id = p.id
      WHERE p.rating_sum <> coalesce(r.s, 0) OR p.review_count <> coalesce(r.n, 0)
         OR (SELECT sum(x) FROM unnest(p.ratings_by_star) x) <> p.review_count`,
    productSoldDiffersFromItems: `SELECT count(*) FROM products p LEFT JOIN (
        SELECT product_id, sum(quantity)::int AS q FROM order_items GROUP BY 1) i ON i.product_id = p.id
      WHERE p.sold <> coalesce(i.q, 0)`,
    eventEndsBeforeStart: `SELECT count(*) FROM calendar_events WHERE end_at < start_at`,
    eventInvitesItsOwner: `SELECT count(*) FROM calendar_events WHERE owner_id = ANY(guest_ids)`,
    eventGuestUnknown: `SELECT count(*) FROM calendar_events e, unnest(e.guest_ids) g
      WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = g)`,
    // The demo shows invitations: a calendar where nobody is invited would hide the feature.
    noEventInvitesAnyone: `SELECT CASE WHEN count(*) > 0 AND count(*) FILTER (WHERE cardinality(guest_ids) > 0) = 0 THEN 1 ELSE 0 END AS count FROM calendar_events`,
    invoiceSubtotalIsSumOfItems: `SELECT count(*) FROM invoices v WHERE v.subtotal <> (SELECT coalesce(sum(i.total), 0) FROM invoice_items i WHERE i.invoice_id = v.id)`,
    invoiceTaxesAreSumOfItems: `SELECT count(*) FROM invoices v WHERE v.taxes <> (SELECT coalesce(sum(i.tax), 0) FROM invoice_items i WHERE i.invoice_id = v.id)`,
    invoiceTotalAddsUp: `SELECT count(*) FROM invoices WHERE total <> subtotal - discount + taxes + shipping OR balance <> total - paid`,
    invoicePaidIsSumOfPayments: `SELECT count(*) FROM invoices v WHERE v.paid <> (SELECT coalesce(sum(p.amount), 0) FROM invoice_payments p WHERE p.invoice_id = v.id)`,
    invoicePaidStatusMatchesBalance: `SELECT count(*) FROM invoices WHERE (status = 'paid') <> (balance = 0 AND status <> 'draft' AND status <> 'cancelled')`,
    invoiceNumbersNotConsecutive: `SELECT count(*) FROM (SELECT year, max(number) - count(*) AS gap FROM invoices WHERE number IS NOT NULL GROUP BY year) g WHERE gap <> 0`,
    invoiceStatsDifferFromInvoices: `SELECT count(*) FROM (
        SELECT CASE WHEN kind = 'credit_note' THEN 'credit_note' ELSE status END AS status, due_date, count(*) AS n, sum(total) AS amount, sum(balance) AS balance
        FROM invoices GROUP BY 1, 2) v
      FULL JOIN (SELECT * FROM invoice_stats WHERE count <> 0) s USING (status, due_date)
      WHERE s.count IS DISTINCT FROM v.n OR s.amount IS DISTINCT FROM v.amount OR s.balance IS DISTINCT FROM v.balance`,
    cardAssigneeMissing: `SELECT count(*) FROM kanban_card_assignees a LEFT JOIN users u ON u.id = a.user_id WHERE u.id IS NULL`,
    fileWithoutOwner: `SELECT count(*) FROM files f LEFT JOIN users u ON u.id = f.owner_id WHERE f.scope = 'drive' AND u.id IS NULL`,
    fileInOtherOwnersFolder: `SELECT count(*) FROM files f JOIN files p ON p.id = f.parent_id WHERE NOT p.is_folder OR p.owner_id <> f.owner_id`,
    fileWithoutBytesKey: `SELECT count(*) FROM files WHERE NOT is_folder AND (storage_key = '' OR checksum = '' OR size <= 0)`,
    mailCountsDifferFromMessages: `SELECT count(*) FROM (
        SELECT m.owner_id, k AS key, count(*)::int AS total, count(*) FILTER (WHERE m.is_unread)::int AS unread
        FROM mail_messages m, unnest(mail_count_keys(m.folder, m.is_starred, m.is_important, m.label_ids)) AS k
        GROUP BY 1, 2) r
      FULL JOIN (SELECT * FROM mail_counts WHERE total <> 0 OR unread <> 0) c USING (owner_id, key)
      WHERE c.total IS DISTINCT FROM r.total OR c.unread IS DISTINCT FROM r.unread`,
    mailLabelIndexDiffers: `SELECT count(*) FROM (SELECT l, id FROM mail_messages, unnest(label_ids) AS l) m
      FULL JOIN mail_message_labels x ON x.label_id = m.l AND x.mail_id = m.id
      WHERE m.id IS NULL OR x.mail_id IS NULL`,
    mailLabelOfAnotherOwner: `SELECT count(*) FROM mail_message_labels x JOIN mail_labels l ON l.id = x.label_id
      JOIN mail_messages m ON m.id = x.mail_id WHERE l.owner_id <> m.owner_id`,
    mailAttachmentOfAnotherOwner: `SELECT count(*) FROM mail_attachments a JOIN files f ON f.id = a.file_id
      JOIN mail_messages m ON m.id = a.mail_id WHERE f.owner_id <> m.owner_id OR f.scope <> 'mail'`,
    mailFlagWithoutAttachment: `SELECT count(*) FROM mail_messages m WHERE m.has_attachments <> EXISTS (SELECT 1 FROM mail_attachments a WHERE a.mail_id = m.id)`,
    chatSenderNotMember: `SELECT count(*) FROM chat_messages m WHERE NOT EXISTS (
        SELECT 1 FROM chat_participants p WHERE p.conversation_id = m.conversation_id AND p.user_id = m.sender_id)`,
    chatLastMessageWrong: `SELECT count(*) FROM chat_conversations c WHERE c.last_message_id IS DISTINCT FROM (
        SELECT id FROM chat_messages m WHERE m.conversation_id = c.id ORDER BY created_at DESC, id DESC LIMIT 1)`,
    chatPairWithoutTwoMembers: `SELECT count(*) FROM chat_conversations c WHERE c.type = 'ONE_TO_ONE' AND (
        SELECT count(*) FROM chat_participants p WHERE p.conversation_id = c.id) <> 2`,
    chatPairKeyWrong: `SELECT count(*) FROM chat_conversations c WHERE c.type = 'ONE_TO_ONE' AND c.pair_key <> (
        SELECT string_agg(user_id::text, '|' ORDER BY user_id::text COLLATE "C") FROM chat_participants p WHERE p.conversation_id = c.id)`,
    chatImageWithoutFile: `SELECT count(*) FROM chat_messages m WHERE m.content_type = 'image' AND NOT EXISTS (SELECT 1 FROM chat_attachments a WHERE a.message_id = m.id)`,
    storageUsageDiffersFromFiles: `SELECT count(*) FROM (
        SELECT owner_id, category, sum(size) AS bytes, count(*) AS n FROM files WHERE owner_id IS NOT NULL AND NOT is_folder GROUP BY 1, 2) f
      FULL JOIN (SELECT * FROM storage_usage WHERE count <> 0 OR bytes <> 0) s USING (owner_id, category)
      WHERE s.bytes IS DISTINCT FROM f.bytes OR s.count IS DISTINCT FROM f.n`,
  };
  const out: Record<string, number> = {};
  for (const [name, text] of Object.entries(checks)) {
    const [row] = await database.query<{ count: number | string }>(text);
    out[name] = Number(row!.count);
  }
  return out;
}

describe('seed generator', () => {
  let a: Database;
  let b: Database;
  let other: Database;
  beforeAll(async () => {
    [a, b, other] = await Promise.all([seeded({}), seeded({}), seeded({ seed: 7 })]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close(), other?.close()]);
    for (const drop of dropped) await drop();
  });

  it('gives the same first records for the same seed, and others for another seed', async () => {
    const [ra, rb, rc] = await Promise.all([firstRecords(a), firstRecords(b), firstRecords(other)]);
    expect(ra[0]).toHaveLength(5);
    expect(ra).toEqual(rb);
    expect(rc[0]).not.toEqual(ra[0]);
    expect(rc[2]).not.toEqual(ra[2]);
  });

  it('loads a few hundred good-looking records per section', async () => {
    const [row] = await a.query<Record<string, number>>(`SELECT
      (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM products)::int AS products,
      (SELECT count(*) FROM orders)::int AS orders, (SELECT count(*) FROM order_items)::int AS items,
      (SELECT count(*) FROM product_reviews)::int AS reviews, (SELECT count(*) FROM calendar_events)::int AS events,
      (SELECT count(*) FROM kanban_cards)::int AS cards, (SELECT count(*) FROM discount_codes)::int AS codes,
      (SELECT count(DISTINCT country) FROM users)::int AS countries, (SELECT count(DISTINCT role) FROM users)::int AS roles,
      (SELECT count(*) FROM users WHERE password_hash IS NULL OR avatar_url NOT LIKE '/uploads/%')::int AS bad_people`);
    expect(row).toMatchObject({
      users: 240,
      products: 160,
      orders: SCALE_COUNTS.demo.orders,
      reviews: 640,
      events: 60,
      cards: 22,
      codes: 6,
      bad_people: 0,
    });
    expect(row!.countries).toBeGreaterThan(5);
    expect(row!.roles).toBe(2);
    const [soon] = await a.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM calendar_events WHERE start_at BETWEEN $1::timestamptz - interval '14 days' AND $1::timestamptz + interval '14 days'`,
      [NOW.toISOString()],
    );
    expect(soon!.n).toBeGreaterThan(5);
  });

  it('names every demo product uniquely, so each slug is its plain name without a suffix', async () => {
    const [dup] = await a.query<{ names: number; slugs: number; suffixed: number }>(
      `SELECT count(DISTINCT name)::int AS names, count(DISTINCT slug)::int AS slugs,
        count(*) FILTER (WHERE slug ~ '-[0-9]+$')::int AS suffixed FROM products`,
    );
    expect(dup).toEqual({ names: 160, slugs: 160, suffixed: 0 });
    const plain = await a.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM products WHERE slug <> lower(replace(name, ' ', '-'))`,
    );
    expect(plain).toEqual([{ n: 0 }]);
  });

  it('holds the published product the menu links to as its sample (web routes/paths.ts)', async () => {
    const rows = await a.query<{ published: boolean }>(
      `SELECT published FROM products WHERE slug = 'leather-loafers-se'`,
    );
    expect(rows).toEqual([{ published: true }]);
  });

  it('gives the orders a history that moves: day to day, and weekdays against the weekend', async () => {
    // The last 60 whole days before NOW, days without orders counted as 0.
    const rows = await a.query<{ day: string; dow: number; n: number }>(
      `SELECT to_char(d, 'YYYY-MM-DD') AS day, extract(dow FROM d)::int AS dow, coalesce(s.n, 0)::int AS n
         FROM generate_series($1::date - 60, $1::date - 1, interval '1 day') AS d
         LEFT JOIN (SELECT day, sum(orders) AS n FROM order_daily_stats GROUP BY day) s
           ON s.day = to_char(d, 'YYYY-MM-DD')`,
      [NOW.toISOString().slice(0, 10)],
    );
    expect(rows).toHaveLength(60);
    const mean = (xs: number[]) => xs.reduce((x, y) => x + y, 0) / xs.length;
    const n = rows.map((r) => r.n);
    const m = mean(n);
    const cv = Math.sqrt(mean(n.map((x) => (x - m) ** 2))) / m;
    expect(cv).toBeGreaterThan(0.2);
    const weekend = mean(rows.filter((r) => r.dow === 0 || r.dow === 6).map((r) => r.n));
    const weekdays = mean(rows.filter((r) => r.dow !== 0 && r.dow !== 6).map((r) => r.n));
    expect(Math.abs(weekend - weekdays) / weekdays).toBeGreaterThan(0.15);
    // Two years of them, so the year before the last one is there to compare with.
    const [span] = await a.query<{ days: number }>(
      `SELECT ($1::date - min(created_at)::date)::int AS days FROM orders`,
      [NOW.toISOString().slice(0, 10)],
    );
    expect(span!.days).toBeGreaterThan(700);
  });

  it('gives every 12-month figure a previous year to compare with, and every month data', async () => {
    const today = NOW.toISOString().slice(0, 10);
    const p = resolvePeriod(periodRange('12m', today), today);
    const [owner] = await a.query<{ id: string }>(
      // The demo's sign-in: the newest administrator, who holds the demo drive.
      `SELECT id FROM users WHERE role = 'admin' ORDER BY created_at DESC, id LIMIT 1`,
    );
    const boards = {
      ecommerce: await ecommerceDashboard(a.db, p),
      app: await appDashboard(a.db, p),
      analytics: await analyticsDashboard(a.db, p),
      banking: await bankingDashboard(a.db, p, undefined),
      booking: await bookingDashboard(a.db, p, today),
      file: await fileDashboard(a.db, p, owner!.id, 10 * 1024 ** 3),
    };
    const empty: string[] = [];
    for (const [name, d] of Object.entries(boards)) {
      for (const c of d.cards) {
        // A figure of now (rooms free tonight, storage used) has no previous period.
        if (c.previous === null) continue;
        if (!(c.previous > 0)) empty.push(`${name}.${c.id} previous`);
        if (!(c.value > 0)) empty.push(`${name}.${c.id} value`);
      }
      // No series that starts at 0 for months (the ledger's "nothing until June"); one person's
      // drive is not busy enough to fill every month.
      if (name === 'file') continue;
      for (const s of d.series) {
        if (s.values.slice(0, -1).some((v) => v === 0)) empty.push(`${name}.${s.id} month`);
      }
    }
    expect(empty).toEqual([]);
  });

  it('keeps every relation consistent', async () => {
    const bad = await inconsistencies(a);
    expect(bad).toEqual(Object.fromEntries(Object.keys(bad).map((k) => [k, 0])));
  });

  it('keeps relations consistent through the bulk path (indexes and keys rebuilt after)', async () => {
    const database = await fresh();
    try {
      await database.migrate();
      await new PermissionService(database).ensureBuiltinRoles();
      await seedDatabase(database, 'large', quiet, {
        now: NOW,
        bulk: true,
        counts: {
          users: 300,
          products: 200,
          reviews: 500,
          orders: 900,
          events: 50,
          kanbanCards: 10,
          discountCodes: 20,
          invoices: 120,
          files: 200,
          blogPosts: 40,
          blogComments: 200,
          mails: 600,
          mailPeople: 100,
          mailHeavy: 90,
          chatConversations: 30,
          chatMessages: 300,
          bankTransactions: 300,
          pageViews: 2_000,
          bookings: 200,
          signIns: 300,
        },
      });
      const bad = await inconsistencies(database);
      expect(bad).toEqual(Object.fromEntries(Object.keys(bad).map((k) => [k, 0])));
      // Every index and foreign key is back.
      const [{ n }] = await database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_indexes WHERE indexname IN ('orders_created_sort', 'users_search_trgm', 'products_name_trgm', 'order_items_order_idx')`,
      );
      expect(n).toBe(4);
      const [{ f }] = await database.query<{ f: number }>(
        `SELECT count(*)::int AS f FROM pg_constraint WHERE contype = 'f' AND conrelid = 'order_items'::regclass`,
      );
      expect(f).toBe(2);
    } finally {
      await database.close();
    }
  }, 120_000);
});
