import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { hashPassword } from '../lib/passwords.js';
import { fileSeedStep } from './files.js';
import { blogSeedStep } from './blog.js';
import { invoiceSeedStep } from './invoices.js';
import { bankingSeedStep } from './banking.js';
import { analyticsSeedStep } from './analytics.js';
import { bookingSeedStep } from './booking.js';
import { mailSeedStep } from './mail.js';
import { chatSeedStep } from './chat.js';
import { KIND, SqlGen, lit } from './sql-gen.js';
import { historyDays, historyRowsSql } from './rhythm.js';
import {
  DISCOUNT_CODES,
  KANBAN_COLUMNS,
  KANBAN_COMMENTS,
  KANBAN_LABELS,
  KANBAN_TASKS,
} from './vocab.js';

/** `demo` is what a new installation shows; the others are benchmark volumes. */
export const SCALES = ['demo', '10k', '100k', 'large', '1m'] as const;
export type Scale = (typeof SCALES)[number];

/** Rows per section at each scale. `large` is the issue's volume (100k users and products, 1M orders). */
export interface SeedCounts {
  users: number;
  products: number;
  reviews: number;
  orders: number;
  events: number;
  kanbanCards: number;
  discountCodes: number;
  /** Invoices (with one to four lines each). */
  invoices: number;
  /** File-manager records (folders and files) over the first 100,000 people. */
  files: number;
  /** Blog posts, and their comments (a third of them replies). */
  blogPosts: number;
  blogComments: number;
  /** Mail messages (each a row of one mailbox) over `mailPeople` people… */
  mails: number;
  mailPeople: number;
  /** …of which the newest administrator (the demo's and benchmark's sign-in) holds this many. */
  mailHeavy: number;
  /** Chat conversations (a quarter of them groups) and their messages. */
  chatConversations: number;
  chatMessages: number;
  /** Ledger rows of the organisation's bank accounts. */
  bankTransactions: number;
  /** First-party page views (the analytics beacon's rows). */
  pageViews: number;
  /** Stays at the booking properties (and reviews of a quarter of the past ones). */
  bookings: number;
  /** Past sign-ins (ended sessions), over the history. */
  signIns: number;
  /** Events, mail, chat and posts are spread over this many days before (and events after) now. */
  spanDays: number;
  /**
   * Orders, bank transactions, page views, stays, invoices and uploads go back this many days,
   * with a weekly and seasonal rhythm (rhythm.ts): two years, so a 12-month figure has a year before it.
   */
  historyDays: number;
}

export const SCALE_COUNTS: Record<Scale, SeedCounts> = {
  demo: {
    users: 240,
    products: 160,
    reviews: 640,
    orders: 2_400,
    events: 60,
    kanbanCards: 22,
    discountCodes: 6,
    invoices: 48,
    files: 150,
    blogPosts: 36,
    blogComments: 300,
    mails: 4_000,
    mailPeople: 240,
    mailHeavy: 90,
    chatConversations: 40,
    chatMessages: 800,
    bankTransactions: 1_500,
    pageViews: 20_000,
    bookings: 800,
    spanDays: 120,
    historyDays: 730,
    signIns: 3_000,
  },
  '10k': {
    users: 10_000,
    products: 10_000,
    reviews: 30_000,
    orders: 10_000,
    events: 2_000,
    kanbanCards: 100,
    discountCodes: 100,
    invoices: 10_000,
    files: 10_000,
    blogPosts: 10_000,
    blogComments: 100_000,
    mails: 10_000,
    mailPeople: 1_000,
    mailHeavy: 1_000,
    chatConversations: 1_000,
    chatMessages: 20_000,
    bankTransactions: 10_000,
    pageViews: 100_000,
    bookings: 10_000,
    spanDays: 365,
    historyDays: 730,
    signIns: 20_000,
  },
  '100k': {
    users: 100_000,
    products: 100_000,
    reviews: 300_000,
    orders: 100_000,
    events: 10_000,
    kanbanCards: 300,
    discountCodes: 1_000,
    invoices: 100_000,
    files: 100_000,
    blogPosts: 100_000,
    blogComments: 1_000_000,
    mails: 100_000,
    mailPeople: 10_000,
    mailHeavy: 10_000,
    chatConversations: 10_000,
    chatMessages: 200_000,
    bankTransactions: 100_000,
    pageViews: 1_000_000,
    bookings: 100_000,
    spanDays: 730,
    historyDays: 730,
    signIns: 100_000,
  },
  large: {
    users: 100_000,
    products: 100_000,
    reviews: 300_000,
    orders: 1_000_000,
    events: 10_000,
    kanbanCards: 300,
    discountCodes: 1_000,
    invoices: 1_000_000,
    files: 1_000_000,
    blogPosts: 100_000,
    blogComments: 2_000_000,
    mails: 1_000_000,
    mailPeople: 100_000,
    mailHeavy: 100_000,
    chatConversations: 100_000,
    chatMessages: 5_000_000,
    bankTransactions: 2_000_000,
    pageViews: 10_000_000,
    bookings: 500_000,
    spanDays: 730,
    historyDays: 730,
    signIns: 200_000,
  },
  '1m': {
    users: 1_000_000,
    products: 1_000_000,
    reviews: 1_000_000,
    orders: 1_000_000,
    events: 10_000,
    kanbanCards: 300,
    discountCodes: 1_000,
    invoices: 1_000_000,
    files: 1_000_000,
    blogPosts: 100_000,
    blogComments: 2_000_000,
    mails: 1_000_000,
    mailPeople: 100_000,
    mailHeavy: 100_000,
    chatConversations: 100_000,
    chatMessages: 5_000_000,
    bankTransactions: 2_000_000,
    pageViews: 10_000_000,
    bookings: 500_000,
    spanDays: 730,
    historyDays: 730,
    signIns: 200_000,
  },
};

export function isScale(value: string): value is Scale {
  return (SCALES as readonly string[]).includes(value);
}

/** Runs SQL on one session (one connection), so settings and helper tables stay visible. */
export type Exec = (text: string) => Promise<Array<Record<string, unknown>>>;

export interface SeedContext {
  database: Database;
  scale: Scale;
  counts: SeedCounts;
  /** Deterministic random numbers from a fixed seed. */
  random: () => number;
  log: (message: string) => void;
  exec: Exec;
  gen: SqlGen;
  /** The instant dates are generated around. */
  now: Date;
  /** The generator's seed (for the history's day-by-day rhythm). */
  seed: number;
  /** One argon2 hash of a random password nobody knows, shared by the generated people. */
  passwordHash: string;
}

/** One area's generator; generators run in order, later ones may read what earlier ones wrote. */
export interface SeedStep {
  name: string;
  /** The tables it fills, for a run of this step alone (`--only`): their indexes go during the load. */
  tables?: string[];
  run(ctx: SeedContext): Promise<void>;
}

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HELPER_TABLES = ['seed_review_agg', 'seed_sold'];
/** What orders and their lines copy from people and products, computed once per person/product. */
const ORDER_HELPER_TABLES = ['seed_customer', 'seed_line_product'];

/** The areas' generators, in dependency order (users before orders…). */
export const seedSteps: SeedStep[] = [
  {
    name: 'users',
    async run({ exec, gen, counts, passwordHash }) {
      await exec(gen.users(counts.users, passwordHash));
    },
  },
  {
    name: 'sign-ins',
    async run({ exec, gen, counts, now, seed }) {
      if (counts.signIns === 0 || counts.users <= 10) return;
      // Ended sessions (expired, signed out) of everyone but the first ten people, whose sign-ins
      // the demo itself makes: the app dashboard's sign-ins then have a history.
      const days = historyDays(counts.signIns, counts.historyDays, now, seed, 4);
      const u = `11 + ${gen.h('r.g', 91)} % ${counts.users - 10}`;
      await exec(`INSERT INTO sessions (id, user_id, user_agent, ip, created_at, last_seen_at, expires_at, revoked_at)
SELECT ${gen.uid(KIND.session, 'r.g')}, ${gen.uid(KIND.user, u)},
  ${gen.pick(['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Safari/605.1.15', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148', 'Mozilla/5.0 (X11; Linux x86_64) Firefox/127.0'], 'r.g', 92)},
  '10.' || ${gen.h('r.g', 93)} % 250 || '.' || ${gen.h('r.g', 94)} % 250 || '.' || (1 + ${gen.h('r.g', 95)} % 250),
  r.at, r.at + (5 + ${gen.h('r.g', 96)} % 120) * interval '1 minute',
  least(r.at + interval '1 day', ${lit(now.toISOString())}::timestamptz - interval '1 second'),
  least(r.at + interval '3 hours', ${lit(now.toISOString())}::timestamptz - interval '1 second')
FROM (${historyRowsSql(days, 1, counts.signIns, 4444)}) r`);
    },
  },
  {
    name: 'products and reviews',
    async run({ exec, gen, counts }) {
      // Ratings and units sold are aggregates of reviews and order lines: computed first, from the
      // same expressions, so a product row is written once and already agrees with them.
      for (const t of HELPER_TABLES) await exec(`DROP TABLE IF EXISTS ${t}`);
      await exec(gen.reviewAgg(counts.reviews, counts.products, counts.users));
      await exec(gen.soldAgg(counts.orders, counts.products));
      await exec(gen.products(counts.products));
      await exec(gen.reviews(counts.reviews, counts.products, counts.users));
      for (const t of HELPER_TABLES) await exec(`DROP TABLE IF EXISTS ${t}`);
    },
  },
  {
    name: 'discount codes',
    async run({ exec, counts }) {
      const rows = DISCOUNT_CODES.map(
        (d) =>
          `(${lit(d.code)}, ${d.percent ?? 'NULL'}, ${d.amountCents !== undefined ? d.amountCents / 100 : 'NULL'}, true)`,
      );
      await exec(
        `INSERT INTO discount_codes (code, percent, amount, active) VALUES ${rows.join(', ')} ON CONFLICT DO NOTHING`,
      );
      const more = counts.discountCodes - DISCOUNT_CODES.length;
      if (more > 0) {
        await exec(`INSERT INTO discount_codes (code, percent, amount, active)
SELECT 'PROMO' || lpad(i::text, 5, '0'), CASE WHEN i % 2 = 0 THEN 5 + i % 30 END, CASE WHEN i % 2 = 1 THEN (5 + i % 20)::numeric END, i % 5 <> 0
FROM generate_series(1, ${more}) AS g(i) ON CONFLICT DO NOTHING`);
      }
    },
  },
  {
    name: 'orders',
    async run({ exec, gen, counts, now, seed }) {
      for (const t of ORDER_HELPER_TABLES) await exec(`DROP TABLE IF EXISTS ${t}`);
      await exec(gen.customers(counts.users));
      await exec(gen.lineProducts(counts.products));
      // Statistics, so the planner hashes the small helper and streams the orders through it in
      // order (the primary keys then append to their B-trees).
      await exec(`ANALYZE ${ORDER_HELPER_TABLES.join(', ')}`);
      const [last] = await exec('SELECT coalesce(max(number), 0)::int8 AS n FROM orders');
      const firstNumber = Number(last?.n ?? 0) + 1;
      // The trigger that keeps order_customers would hold a million-row transition table; the
      // same rows are added below with one grouped insert.
      await exec('ALTER TABLE orders DISABLE TRIGGER orders_customers_insert');
      const days = historyDays(counts.orders, counts.historyDays, now, seed, 1);
      await exec(gen.orders(counts.orders, counts.products, counts.users, days, firstNumber));
      await exec('ALTER TABLE orders ENABLE TRIGGER orders_customers_insert');
      await exec(
        `SELECT setval(pg_get_serial_sequence('orders', 'number'), (SELECT max(number) FROM orders))`,
      );
      // Likewise the triggers that keep the sales by gender and by product: recomputed below, once.
      await exec('ALTER TABLE order_items DISABLE TRIGGER order_items_gender_sales');
      await exec('ALTER TABLE order_items DISABLE TRIGGER order_items_product_sales');
      await exec(gen.items(counts.orders, counts.products));
      await exec('ALTER TABLE order_items ENABLE TRIGGER order_items_gender_sales');
      await exec('ALTER TABLE order_items ENABLE TRIGGER order_items_product_sales');
      for (const t of ORDER_HELPER_TABLES) await exec(`DROP TABLE IF EXISTS ${t}`);
      // The customers the new orders were placed as (the trigger's work, done once, in bulk).
      await exec(`INSERT INTO order_customers (user_id, name, email)
SELECT DISTINCT user_id, customer_name, customer_email FROM orders WHERE number >= ${firstNumber}
EXCEPT SELECT user_id, name, email FROM order_customers`);
      // Recomputed from the orders (not added to), so it is exact even if a trigger maintains it too.
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
      // The quick periods' best sellers, summed once from the rollup above.
      await exec(
        `SELECT bo_product_sales_rebuild(to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD'))`,
      );
    },
  },
  {
    name: 'calendar',
    async run({ exec, gen, counts }) {
      // About fourteen events a day, as a busy team's calendar has: spread over up to spanDays
      // either side of today (at least two months), so a month view holds hundreds, not thousands.
      const halfSpan = Math.min(counts.spanDays, Math.max(60, Math.round(counts.events / 28)));
      await exec(gen.events(counts.events, Math.min(counts.users, 40), halfSpan));
    },
  },
  {
    name: 'kanban',
    async run({ exec, gen, counts, random, now }) {
      const person = () =>
        gen.uidJs(KIND.user, 1 + Math.floor(random() * Math.min(counts.users, 24)));
      const columns = KANBAN_COLUMNS.map((name, i) => ({
        id: gen.uidJs(KIND.column, i + 1),
        name,
        rank: (i + 1) * 1024,
      }));
      await exec(
        `INSERT INTO kanban_columns (id, name, rank) VALUES ${columns.map((c) => `(${lit(c.id)}, ${lit(c.name)}, ${c.rank})`).join(', ')}`,
      );
      const cards: string[] = [];
      const assignees: string[] = [];
      const comments: string[] = [];
      const ranks = new Map<string, number>();
      for (let i = 1; i <= counts.kanbanCards; i++) {
        const column = columns[Math.floor(random() * columns.length)]!;
        const rank = (ranks.get(column.id) ?? 0) + 1024;
        ranks.set(column.id, rank);
        const id = gen.uidJs(KIND.card, i);
        const startDays = Math.floor(random() * 20) - 5;
        const start = new Date(now.getTime() + startDays * 86_400_000);
        const end = new Date(start.getTime() + (1 + Math.floor(random() * 6)) * 86_400_000);
        const labels = [KANBAN_LABELS[Math.floor(random() * KANBAN_LABELS.length)]!];
        const name = KANBAN_TASKS[(i - 1) % KANBAN_TASKS.length]!;
        const priority = ['low', 'medium', 'high'][Math.floor(random() * 3)]!;
        cards.push(
          `(${lit(id)}, ${lit(column.id)}, ${lit(name)}, ${lit(`${name}. Owner and due dates are on the card.`)}, ${rank}, ${lit(priority)}, ARRAY[${labels.map(lit).join(',')}]::text[], ${lit(start.toISOString())}, ${lit(end.toISOString())}, ${column.name === 'Done'}, ${Math.floor(random() * 30)}, ${lit(person())})`,
        );
        const who = new Set<string>();
        const n = 1 + Math.floor(random() * 3);
        while (who.size < n) who.add(person());
        for (const u of who) assignees.push(`(${lit(id)}, ${lit(u)})`);
        if (random() < 0.5) {
          const at = new Date(now.getTime() - Math.floor(random() * 7 * 86_400_000));
          comments.push(
            `(${lit(gen.uidJs(KIND.comment, i))}, ${lit(id)}, ${lit(person())}, ${lit(KANBAN_COMMENTS[Math.floor(random() * KANBAN_COMMENTS.length)]!)}, ${lit(at.toISOString())})`,
          );
        }
      }
      const chunks = <T>(xs: T[], n: number) =>
        Array.from({ length: Math.ceil(xs.length / n) }, (_, k) => xs.slice(k * n, k * n + n));
      for (const part of chunks(cards, 500)) {
        await exec(
          `INSERT INTO kanban_cards (id, column_id, name, description, rank, priority, labels, due_start, due_end, completed, likes, reporter_id) VALUES ${part.join(', ')}`,
        );
      }
      for (const part of chunks(assignees, 1000))
        await exec(
          `INSERT INTO kanban_card_assignees (card_id, user_id) VALUES ${part.join(', ')}`,
        );
      for (const part of chunks(comments, 1000))
        await exec(
          `INSERT INTO kanban_comments (id, card_id, user_id, message, created_at) VALUES ${part.join(', ')}`,
        );
    },
  },
  invoiceSeedStep,
  fileSeedStep,
  blogSeedStep,
  mailSeedStep,
  chatSeedStep,
  bankingSeedStep,
  analyticsSeedStep,
  bookingSeedStep,
];

/** Tables whose secondary indexes are dropped during a bulk load and rebuilt after. */
const BULK_TABLES = [
  'users',
  'user_search_words',
  'products',
  'product_reviews',
  'orders',
  'order_items',
  'order_customers',
  'product_sales_daily',
  'calendar_events',
  'invoices',
  'invoice_items',
  'invoice_payments',
  'files',
  'blog_posts',
  'blog_comments',
  'blog_likes',
  'mail_messages',
  'mail_message_labels',
  'mail_attachments',
  'chat_conversations',
  'chat_participants',
  'chat_messages',
  'chat_attachments',
  'bank_transactions',
  'page_views',
  'bookings',
  'booking_reviews',
];
/** The tables of "the orders load": their inserts and index builds are reported together. */
const ORDER_TABLES = new Set(['orders', 'order_items', 'order_customers']);

/** Runs `fn` on one connection: PGlite has only one; on PostgreSQL, one transaction pins one. */
async function inSession<T>(database: Database, fn: (exec: Exec) => Promise<T>): Promise<T> {
  if (database.kind === 'pglite') return fn((text) => database.query(text));
  return database.db.transaction(async (tx) =>
    fn(async (text) => {
      const res = (await tx.execute(sql.raw(text))) as unknown as {
        rows: Array<Record<string, unknown>>;
      };
      return res.rows;
    }),
  );
}

export interface SeedOptions {
  seed?: number;
  /** DATA_DIR: pictures go to DATA_DIR/uploads. */
  dataDir?: string;
  now?: Date;
  /** Overrides of the scale's volumes (tests run the bulk path on a few hundred rows). */
  counts?: Partial<SeedCounts>;
  /** Forces the bulk path (indexes and foreign keys rebuilt after); default: any scale but demo. */
  bulk?: boolean;
  /**
   * Runs these steps only, on a database seeded before they existed (e.g. `files` on a large
   * data set from an earlier release); default: every step.
   */
  only?: string[];
}

export interface SeedReport {
  /** Wall and CPU time of this process per step (PGlite runs in this process). */
  steps: Array<{ name: string; ms: number; cpuMs: number }>;
  indexRebuildMs: number;
  /** Of indexRebuildMs, the indexes and foreign keys of orders, order_items and order_customers. */
  orderIndexesMs: number;
  analyseMs: number;
  totalMs: number;
}

/**
 * Fills a database (new, or with only the first administrator) at a scale. Volumes above demo
 * drop the secondary indexes of the big tables first and build them once at the end, which is
 * several times faster than maintaining them row by row, then analyse.
 */
export async function seedDatabase(
  database: Database,
  scale: Scale,
  log: (message: string) => void,
  options: SeedOptions = {},
): Promise<SeedReport> {
  const seed = options.seed ?? 20261122;
  const counts = { ...SCALE_COUNTS[scale], ...options.counts };
  const bulk = options.bulk ?? scale !== 'demo';
  const now = options.now ?? new Date();
  const started = Date.now();
  const report: SeedReport = {
    steps: [],
    indexRebuildMs: 0,
    orderIndexesMs: 0,
    analyseMs: 0,
    totalMs: 0,
  };
  const passwordHash = await hashPassword(randomBytes(18).toString('base64url'));
  const gen = new SqlGen({ seed, sequentialIds: bulk, now: now.toISOString() });
  await inSession(database, async (rawExec) => {
    // At bulk volumes every statement's wall and CPU time is logged: on a shared machine the CPU
    // time (this process, where PGlite runs) is the figure that does not depend on the neighbours.
    const exec: Exec = bulk
      ? async (text) => {
          const t0 = Date.now();
          const c0 = process.cpuUsage();
          const rows = await rawExec(text);
          const c = process.cpuUsage(c0);
          const what = text.replace(/\s+/g, ' ').slice(0, 60);
          log(
            `  ${what}… ${Date.now() - t0} ms (cpu ${Math.round((c.user + c.system) / 1000)} ms)`,
          );
          return rows;
        }
      : rawExec;
    const ctx: SeedContext = {
      database,
      scale,
      counts,
      random: seededRandom(seed),
      seed,
      log,
      exec,
      gen,
      now,
      passwordHash,
    };
    const steps = options.only
      ? seedSteps.filter((st) => options.only!.includes(st.name))
      : seedSteps;
    const bulkTables = options.only ? steps.flatMap((st) => st.tables ?? []) : BULK_TABLES;
    let indexes: Array<{ tablename: string; indexname: string; indexdef: string }> = [];
    let foreignKeys: Array<{ tbl: string; conname: string; def: string }> = [];
    if (bulk) {
      // Index builds sort in memory; 512MB was no faster in WASM and grew the process past 850 MB.
      await exec(`SET maintenance_work_mem = '256MB'`);
      // Hash joins against the per-person and per-product helpers stay in memory (one batch).
      await exec(`SET work_mem = '64MB'`);
      // Unique and primary-key constraints stay (their indexes back foreign keys); the rest go.
      indexes = (await exec(`SELECT tablename, indexname, indexdef FROM pg_indexes i
WHERE schemaname = 'public' AND tablename IN (${bulkTables.map(lit).join(', ')})
  AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`)) as Array<{
        tablename: string;
        indexname: string;
        indexdef: string;
      }>;
      for (const ix of indexes) await exec(`DROP INDEX IF EXISTS "${ix.indexname}"`);
      // Foreign keys are checked row by row (one lookup per row and key): dropped during the load
      // and added back after, when PostgreSQL validates each one with a single join.
      foreignKeys =
        (await exec(`SELECT c.conrelid::regclass::text AS tbl, c.conname, pg_get_constraintdef(c.oid) AS def
FROM pg_constraint c WHERE c.contype = 'f' AND c.conrelid::regclass::text IN (${bulkTables.map(lit).join(', ')})`)) as Array<{
          tbl: string;
          conname: string;
          def: string;
        }>;
      for (const fk of foreignKeys)
        await exec(`ALTER TABLE ${fk.tbl} DROP CONSTRAINT "${fk.conname}"`);
    }
    for (const step of steps) {
      const t = Date.now();
      const c0 = process.cpuUsage();
      await step.run(ctx);
      const ms = Date.now() - t;
      const c = process.cpuUsage(c0);
      const cpuMs = Math.round((c.user + c.system) / 1000);
      report.steps.push({ name: step.name, ms, cpuMs });
      log(`seeded ${step.name} in ${ms} ms (cpu ${cpuMs} ms)`);
    }
    if (bulk) {
      const t = Date.now();
      let orderIndexesCpuMs = 0;
      const timed = async (table: string, text: string) => {
        const t0 = Date.now();
        const c0 = process.cpuUsage();
        await exec(text);
        const c = process.cpuUsage(c0);
        if (!ORDER_TABLES.has(table)) return;
        report.orderIndexesMs += Date.now() - t0;
        orderIndexesCpuMs += (c.user + c.system) / 1000;
      };
      for (const ix of indexes) await timed(ix.tablename, ix.indexdef);
      for (const fk of foreignKeys)
        await timed(fk.tbl, `ALTER TABLE ${fk.tbl} ADD CONSTRAINT "${fk.conname}" ${fk.def}`);
      report.indexRebuildMs = Date.now() - t;
      log(
        `rebuilt ${indexes.length} indexes and ${foreignKeys.length} foreign keys in ${report.indexRebuildMs} ms`,
      );
      const load = report.steps.find((st) => st.name === 'orders');
      if (load) {
        log(
          `orders load (${counts.orders} orders with their lines): inserts ${load.ms} ms + indexes and foreign keys ${report.orderIndexesMs} ms = ${load.ms + report.orderIndexesMs} ms (cpu ${Math.round(load.cpuMs + orderIndexesCpuMs)} ms)`,
        );
      }
    }
  });
  const t = Date.now();
  if (bulk && database.kind === 'postgres') {
    // ANALYZE alone leaves the visibility map empty, and index-only scans then visit the heap.
    await database.query(`VACUUM (ANALYZE) ${BULK_TABLES.join(', ')}`);
    await database.vacuumAnalyze();
  } else if (bulk) await database.vacuumAnalyze();
  else await database.query('ANALYZE');
  report.analyseMs = Date.now() - t;
  report.totalMs = Date.now() - started;
  log(`seeded ${scale} in ${report.totalMs} ms`);
  return report;
}
