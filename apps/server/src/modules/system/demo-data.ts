import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { rebuildBankRollups } from '../../seed/banking.js';
import { rebuildPageViewRollups } from '../../seed/analytics.js';
import { rebuildBookingRollup } from '../../seed/booking.js';
import { DISCOUNT_CODES } from '../../seed/vocab.js';

/**
 * The demo data, and how it is told from real records.
 *
 * The demo is only ever loaded into a new database, by bootstrap, right after the first
 * administrator; bootstrap then writes the `initialised` marker. So:
 * - the seeded people are the ids bootstrap lists in the `demo` meta row (databases seeded before
 *   that row existed: the people created before the marker who share the seed's one password
 *   hash — a real person's hash is salted and never equal to another's);
 * - a seeded record is one created at or before the marker (`initialised.at`): the seed dates
 *   everything in the past, and whatever people do afterwards is dated after it;
 * - what refers to a seeded person or record goes with it (a reply in a demo conversation, an
 *   order placed for a demo customer), what a kept person made after the marker stays.
 * Banking and booking have no screens that create their accounts or properties: all of their
 * rows come from the seed and go.
 */
export const DEMO_PEOPLE_KEY = 'demo';

/** The `demo` meta row bootstrap writes with the demo: the ids of the people the seed created. */
export interface DemoMarker {
  people: string[];
}

export interface DemoRemoval {
  /** Rows removed per table (only tables that lost rows). */
  removed: Record<string, number>;
  /** Stored objects the removed files held, to delete once the transaction has committed. */
  storageKeys: string[];
}

/** `initialised.at` when the database holds demo data; null when it holds none. */
export async function demoLoadedAt(db: Executor): Promise<string | null> {
  const [row] = await rows<{ at: string | null; demo: boolean | null }>(
    db,
    sql`SELECT value->>'at' AS at, (value->>'demo')::boolean AS demo FROM meta WHERE key = 'initialised'`,
  );
  return row?.demo === true && row.at ? row.at : null;
}

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * Removes the demo data in the caller's transaction, children before parents, so that no
 * foreign key stands in the way and every row counted is a row of that table. The rollups the
 * seed wrote in bulk are summed again from what is left; the others follow by their triggers.
 */
export async function removeDemoData(tx: Executor, loadedAt: string): Promise<DemoRemoval> {
  const at = `${quote(new Date(loadedAt).toISOString())}::timestamptz`;
  const exec = async (text: string) => rows<Record<string, unknown>>(tx, sql.raw(text));
  const removed: Record<string, number> = {};
  const count = async (table: string, text: string) => {
    const [row] = await exec(
      `WITH gone AS (${text} RETURNING 1) SELECT count(*)::int AS n FROM gone`,
    );
    const n = Number(row?.n ?? 0);
    if (n > 0) removed[table] = (removed[table] ?? 0) + n;
  };

  // ---- who and what goes: temporary lists, dropped at commit ----
  await exec(`CREATE TEMP TABLE demo_people (id uuid PRIMARY KEY) ON COMMIT DROP`);
  const [marker] = await exec(`SELECT 1 FROM meta WHERE key = ${quote(DEMO_PEOPLE_KEY)}`);
  if (marker) {
    await exec(`INSERT INTO demo_people SELECT DISTINCT x::uuid FROM meta,
      jsonb_array_elements_text(value->'people') AS x WHERE key = ${quote(DEMO_PEOPLE_KEY)}`);
  } else {
    await exec(`INSERT INTO demo_people SELECT id FROM users WHERE created_at <= ${at}
      AND password_hash = (SELECT password_hash FROM users WHERE created_at <= ${at} AND password_hash IS NOT NULL
        GROUP BY 1 HAVING count(*) > 1 ORDER BY count(*) DESC LIMIT 1)`);
  }
  const P = '(SELECT id FROM demo_people)';
  const seeded = (alias = '') => `${alias}created_at <= ${at}`;

  // ---- chat ----
  await exec(`CREATE TEMP TABLE demo_chat ON COMMIT DROP AS
    SELECT id FROM chat_conversations WHERE ${seeded()} OR owner_id IN ${P}`);
  const chatMessageGoes = `(m.conversation_id IN (SELECT id FROM demo_chat) OR m.${seeded()} OR m.sender_id IN ${P})`;
  await count(
    'chat_attachments',
    `DELETE FROM chat_attachments a USING chat_messages m WHERE m.id = a.message_id AND ${chatMessageGoes}`,
  );
  await count('chat_messages', `DELETE FROM chat_messages m WHERE ${chatMessageGoes}`);
  await count(
    'chat_participants',
    `DELETE FROM chat_participants WHERE conversation_id IN (SELECT id FROM demo_chat) OR user_id IN ${P}`,
  );
  await count(
    'chat_conversations',
    `DELETE FROM chat_conversations WHERE id IN (SELECT id FROM demo_chat)`,
  );
  await exec(`UPDATE chat_conversations c SET last_message_id = (
      SELECT id FROM chat_messages m WHERE m.conversation_id = c.id ORDER BY created_at DESC, id DESC LIMIT 1)
    WHERE last_message_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM chat_messages m WHERE m.id = c.last_message_id)`);

  // ---- mail ----
  const mailGoes = `(m.${seeded()} OR m.owner_id IN ${P})`;
  await count(
    'mail_message_labels',
    `DELETE FROM mail_message_labels x USING mail_messages m WHERE m.id = x.mail_id AND ${mailGoes}`,
  );
  await count(
    'mail_attachments',
    `DELETE FROM mail_attachments x USING mail_messages m WHERE m.id = x.mail_id AND ${mailGoes}`,
  );
  await count('mail_messages', `DELETE FROM mail_messages m WHERE ${mailGoes}`);
  await count(
    'mail_labels',
    `DELETE FROM mail_labels l WHERE (l.${seeded()} OR l.owner_id IN ${P})
      AND NOT EXISTS (SELECT 1 FROM mail_message_labels x WHERE x.label_id = l.id)`,
  );

  // ---- kanban ----
  await exec(`CREATE TEMP TABLE demo_cards ON COMMIT DROP AS
    SELECT id FROM kanban_cards WHERE ${seeded()} OR reporter_id IN ${P}`);
  const cardGoes = `card_id IN (SELECT id FROM demo_cards)`;
  await count('kanban_attachments', `DELETE FROM kanban_attachments WHERE ${cardGoes}`);
  await count(
    'kanban_card_likes',
    `DELETE FROM kanban_card_likes WHERE ${cardGoes} OR user_id IN ${P}`,
  );
  await count(
    'kanban_comments',
    `DELETE FROM kanban_comments WHERE ${cardGoes} OR ${seeded()} OR user_id IN ${P}`,
  );
  await count(
    'kanban_card_assignees',
    `DELETE FROM kanban_card_assignees WHERE ${cardGoes} OR user_id IN ${P}`,
  );
  await count('kanban_cards', `DELETE FROM kanban_cards WHERE id IN (SELECT id FROM demo_cards)`);
  await count(
    'kanban_columns',
    `DELETE FROM kanban_columns c WHERE c.${seeded()} AND NOT EXISTS (SELECT 1 FROM kanban_cards k WHERE k.column_id = c.id)`,
  );

  // ---- blog ----
  await exec(`CREATE TEMP TABLE demo_posts ON COMMIT DROP AS
    SELECT id FROM blog_posts WHERE ${seeded()} OR author_id IN ${P}`);
  const postGoes = `post_id IN (SELECT id FROM demo_posts)`;
  await count(
    'blog_likes',
    `DELETE FROM blog_likes WHERE ${postGoes} OR ${seeded()} OR user_id IN ${P}`,
  );
  await count(
    'blog_comments',
    `DELETE FROM blog_comments WHERE ${postGoes} OR ${seeded()} OR author_id IN ${P}`,
  );
  await count('blog_revisions', `DELETE FROM blog_revisions WHERE ${postGoes}`);
  await count('blog_posts', `DELETE FROM blog_posts WHERE id IN (SELECT id FROM demo_posts)`);
  await exec(`UPDATE blog_posts p SET comments = c.n, likes = l.n FROM blog_posts q,
      LATERAL (SELECT count(*)::int AS n FROM blog_comments WHERE post_id = q.id) c,
      LATERAL (SELECT count(*)::int AS n FROM blog_likes WHERE post_id = q.id) l
    WHERE q.id = p.id AND (p.comments <> c.n OR p.likes <> l.n)`);

  // ---- calendar ----
  await count(
    'calendar_events',
    `DELETE FROM calendar_events WHERE ${seeded()} OR owner_id IN ${P}`,
  );
  await exec(`UPDATE calendar_events SET guest_ids = ARRAY(
      SELECT g FROM unnest(guest_ids) AS g WHERE g NOT IN ${P})
    WHERE guest_ids && ARRAY${P}`);

  // ---- invoices ----
  await exec(`CREATE TEMP TABLE demo_invoices ON COMMIT DROP AS
    SELECT id FROM invoices WHERE ${seeded()} OR created_by IN ${P}`);
  const invoiceGoes = `invoice_id IN (SELECT id FROM demo_invoices)`;
  await count('invoice_payments', `DELETE FROM invoice_payments WHERE ${invoiceGoes}`);
  await count('invoice_items', `DELETE FROM invoice_items WHERE ${invoiceGoes}`);
  await count('invoices', `DELETE FROM invoices WHERE id IN (SELECT id FROM demo_invoices)`);
  await count(
    'invoice_parties',
    `DELETE FROM invoice_parties p WHERE (p.${seeded()} OR p.user_id IN ${P})
      AND NOT EXISTS (SELECT 1 FROM invoices v WHERE v.customer_id = p.id)`,
  );
  await count('invoice_services', `DELETE FROM invoice_services WHERE ${seeded()}`);
  // A year whose numbered invoices all went starts again at 1.
  await count(
    'invoice_counters',
    `DELETE FROM invoice_counters c WHERE NOT EXISTS (SELECT 1 FROM invoices v
      WHERE v.kind = c.kind AND v.year = c.year AND v.number IS NOT NULL)`,
  );

  // ---- orders and products ----
  await exec(`CREATE TEMP TABLE demo_orders ON COMMIT DROP AS
    SELECT id FROM orders WHERE ${seeded()} OR user_id IN ${P}`);
  const codes = DISCOUNT_CODES.map((d) => quote(d.code)).join(', ');
  await count(
    'discount_redemptions',
    `DELETE FROM discount_redemptions WHERE order_id IN (SELECT id FROM demo_orders)
      OR user_id IN ${P} OR code IN (${codes})`,
  );
  await count('discount_codes', `DELETE FROM discount_codes WHERE code IN (${codes})`);
  await count(
    'order_items',
    `DELETE FROM order_items WHERE order_id IN (SELECT id FROM demo_orders)`,
  );
  await count('orders', `DELETE FROM orders WHERE id IN (SELECT id FROM demo_orders)`);
  await count(
    'order_customers',
    `DELETE FROM order_customers c WHERE NOT EXISTS (SELECT 1 FROM orders o
      WHERE o.user_id = c.user_id AND o.customer_name = c.name AND o.customer_email = c.email)`,
  );
  await exec(`CREATE TEMP TABLE demo_products ON COMMIT DROP AS
    SELECT id FROM products WHERE ${seeded()}`);
  const reviewGoes = `(r.product_id IN (SELECT id FROM demo_products) OR r.${seeded()} OR r.user_id IN ${P})`;
  await count(
    'review_helpful',
    `DELETE FROM review_helpful h USING product_reviews r WHERE r.id = h.review_id AND ${reviewGoes}`,
  );
  await count('product_reviews', `DELETE FROM product_reviews r WHERE ${reviewGoes}`);
  await count(
    'product_sales_window',
    `DELETE FROM product_sales_window WHERE product_id IN (SELECT id FROM demo_products)`,
  );
  await count('products', `DELETE FROM products WHERE id IN (SELECT id FROM demo_products)`);
  // What products keep from their reviews and order lines, summed again.
  await exec(`UPDATE products p SET sold = s.sold, rating_sum = s.rating_sum, review_count = s.review_count,
      ratings_by_star = s.stars
    FROM (SELECT q.id,
        (SELECT coalesce(sum(quantity), 0)::int FROM order_items WHERE product_id = q.id) AS sold,
        (SELECT coalesce(sum(rating), 0)::int FROM product_reviews WHERE product_id = q.id) AS rating_sum,
        (SELECT count(*)::int FROM product_reviews WHERE product_id = q.id) AS review_count,
        ARRAY(SELECT (SELECT count(*)::int FROM product_reviews WHERE product_id = q.id AND rating = k)
          FROM generate_series(1, 5) AS k) AS stars
      FROM products q) s
    WHERE s.id = p.id AND (p.sold, p.rating_sum, p.review_count, p.ratings_by_star)
      IS DISTINCT FROM (s.sold, s.rating_sum, s.review_count, s.stars)`);
  // The sales rollups, from the orders left (as the seed sums them).
  await exec('DELETE FROM order_daily_stats');
  await exec(`INSERT INTO order_daily_stats (day, status, orders, items, revenue)
    SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), status, count(*)::int, sum(items_count)::int, sum(total)
    FROM orders GROUP BY 1, 2`);
  await exec('DELETE FROM gender_sales_daily');
  await exec(`INSERT INTO gender_sales_daily (day, gender, quantity, revenue)
    SELECT to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), bo_sale_gender(p.gender), sum(i.quantity)::int, sum(round(i.price * i.quantity * 100))::bigint
    FROM order_items i JOIN orders o ON o.id = i.order_id JOIN products p ON p.id = i.product_id
    WHERE o.status IN ('pending', 'completed') GROUP BY 1, 2`);
  await exec('DELETE FROM product_sales_daily');
  await exec(`INSERT INTO product_sales_daily (day, product_id, quantity, revenue)
    SELECT to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), i.product_id, sum(i.quantity)::int, sum(round(i.price * i.quantity * 100))::bigint
    FROM order_items i JOIN orders o ON o.id = i.order_id
    WHERE o.status IN ('pending', 'completed') AND i.product_id IS NOT NULL GROUP BY 1, 2`);
  await exec(`SELECT bo_product_sales_rebuild(to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD'))`);

  // ---- files (after mail, chat, kanban and blog, which point at them) ----
  // A folder a kept file sits in stays, and so does a file a kept message still attaches.
  await exec(`CREATE TEMP TABLE demo_files ON COMMIT DROP AS
    WITH RECURSIVE candidates AS (
      SELECT id FROM files f WHERE (f.${seeded()} OR f.owner_id IN ${P})
        AND NOT EXISTS (SELECT 1 FROM mail_attachments a WHERE a.file_id = f.id)
        AND NOT EXISTS (SELECT 1 FROM chat_attachments a WHERE a.file_id = f.id)
        AND NOT EXISTS (SELECT 1 FROM kanban_attachments a WHERE a.file_id = f.id)
    ), holders AS (
      SELECT f.parent_id AS id FROM files f
       WHERE f.parent_id IS NOT NULL AND f.id NOT IN (SELECT id FROM candidates)
      UNION SELECT f.parent_id FROM files f JOIN holders h ON f.id = h.id WHERE f.parent_id IS NOT NULL
    ) SELECT id FROM candidates WHERE id NOT IN (SELECT id FROM holders)`);
  const fileGoes = `file_id IN (SELECT id FROM demo_files)`;
  const keys =
    await exec(`SELECT storage_key AS key FROM files WHERE id IN (SELECT id FROM demo_files)
      AND NOT is_folder AND storage_key <> ''
    UNION SELECT storage_key FROM file_versions WHERE ${fileGoes}`);
  await count('file_versions', `DELETE FROM file_versions WHERE ${fileGoes}`);
  await count('file_links', `DELETE FROM file_links WHERE ${fileGoes}`);
  await count('file_shares', `DELETE FROM file_shares WHERE ${fileGoes} OR user_id IN ${P}`);
  await count('file_favorites', `DELETE FROM file_favorites WHERE ${fileGoes} OR user_id IN ${P}`);
  await count('files', `DELETE FROM files WHERE id IN (SELECT id FROM demo_files)`);
  // Bytes another record still points at (the demo's shared pool, a copy) stay.
  const stillUsed = new Set(
    (
      await exec(
        `SELECT storage_key AS key FROM files WHERE storage_key IN (${
          keys.map((k) => quote(String(k.key))).join(', ') || 'NULL'
        }) UNION SELECT storage_key FROM file_versions WHERE storage_key IN (${
          keys.map((k) => quote(String(k.key))).join(', ') || 'NULL'
        })`,
      )
    ).map((r) => String(r.key)),
  );
  const storageKeys = keys.map((k) => String(k.key)).filter((k) => !stillUsed.has(k));

  // ---- banking: the seed's accounts, their cards, ledger and transfers ----
  await exec(`CREATE TEMP TABLE demo_accounts ON COMMIT DROP AS
    SELECT id FROM bank_accounts WHERE ${seeded()}`);
  const accountGoes = `IN (SELECT id FROM demo_accounts)`;
  await exec(`CREATE TEMP TABLE demo_transfers ON COMMIT DROP AS
    SELECT id FROM bank_transfers WHERE ${seeded()} OR from_account_id ${accountGoes}
      OR to_account_id ${accountGoes} OR created_by IN ${P}`);
  // The ledger is append-only for the application; its own demo rows are the one exception.
  await exec('ALTER TABLE bank_transactions DISABLE TRIGGER bank_transactions_append_only');
  await count(
    'bank_transactions',
    `DELETE FROM bank_transactions WHERE account_id ${accountGoes}
      OR transfer_id IN (SELECT id FROM demo_transfers)`,
  );
  await exec('ALTER TABLE bank_transactions ENABLE TRIGGER bank_transactions_append_only');
  await count(
    'bank_transfers',
    `DELETE FROM bank_transfers WHERE id IN (SELECT id FROM demo_transfers)`,
  );
  await count('bank_cards', `DELETE FROM bank_cards WHERE account_id ${accountGoes}`);
  await count('bank_accounts', `DELETE FROM bank_accounts WHERE id ${accountGoes}`);
  await rebuildBankRollups(exec);

  // ---- booking: the seed's stays, and the properties left without any ----
  await exec(
    `CREATE TEMP TABLE demo_bookings ON COMMIT DROP AS SELECT id FROM bookings WHERE ${seeded()}`,
  );
  await count(
    'booking_reviews',
    `DELETE FROM booking_reviews WHERE booking_id IN (SELECT id FROM demo_bookings)`,
  );
  await count('bookings', `DELETE FROM bookings WHERE id IN (SELECT id FROM demo_bookings)`);
  await count(
    'booking_rooms',
    `DELETE FROM booking_rooms r WHERE NOT EXISTS (SELECT 1 FROM bookings b WHERE b.room_id = r.id)`,
  );
  await count(
    'booking_properties',
    `DELETE FROM booking_properties p WHERE NOT EXISTS (SELECT 1 FROM booking_rooms r WHERE r.property_id = p.id)`,
  );
  await rebuildBookingRollup(exec);

  // ---- analytics: the generated visits ----
  await count('page_views', `DELETE FROM page_views WHERE viewed_at <= ${at}`);
  await rebuildPageViewRollups(exec);

  // ---- the seeded people, last (their counts and search words follow by trigger) ----
  await count('users', `DELETE FROM users WHERE id IN ${P}`);

  await exec(`DELETE FROM meta WHERE key = ${quote(DEMO_PEOPLE_KEY)}`);
  await exec(`UPDATE meta SET value = value || jsonb_build_object('demo', false, 'demoRemovedAt', now())
    WHERE key = 'initialised'`);
  return { removed, storageKeys };
}
