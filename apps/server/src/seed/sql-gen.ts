import { createHash } from 'node:crypto';
import {
  PRODUCT_CATEGORIES,
  PRODUCT_COLORS,
  PRODUCT_GENDERS,
  PRODUCT_SIZES,
} from '@bo/contract/products';
import { CALENDAR_COLORS } from '@bo/contract/calendar';
import { AVATAR_POOL, COVER_POOL } from './images.js';
import { historyRowsSql, type HistoryDays } from './rhythm.js';
import {
  COMPANIES,
  EVENT_TITLES,
  FIRST_NAMES,
  JOB_TITLES,
  LAST_NAMES,
  ORDER_STATUS_WEIGHTS,
  PLACES,
  PRODUCT_ADJECTIVES,
  PRODUCT_NOUNS,
  PRODUCT_TAGS,
  REVIEW_COMMENTS,
  USER_STATUS_WEIGHTS,
  categoryOfNoun,
} from './vocab.js';

/**
 * SQL that generates rows inside the database (INSERT … SELECT FROM generate_series). Every
 * column is a pure function of the row number and the seed (through hashint4), so:
 * - the same seed gives the same rows on both stores, at any scale;
 * - related rows are computed, not looked up: an order item's price is the same expression as
 *   its product's price, so totals add up without joins;
 * - nothing crosses the WASM boundary row by row, which is what makes PGlite fast here.
 */

export const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const arr = (xs: readonly string[]) => `ARRAY[${xs.map(lit).join(',')}]::text[]`;
const intArr = (xs: readonly number[]) => `ARRAY[${xs.join(',')}]::int[]`;
/** ASCII for e-mail addresses and slugs (Chloé → chloe, Trần → tran, Nguyễn → nguyen). */
export const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

/** No model ends in a digit, so a name's slug never looks like another's `-n` suffix. */
const MODELS = ['', ' Pro', ' Max', ' Lite', ' II', ' III', ' SE', ' Plus', ' Mini', ' Edge'];
/** Distinct product names: every adjective × noun × model once. */
const NAME_COMBOS = PRODUCT_ADJECTIVES.length * PRODUCT_NOUNS.length * MODELS.length;
/** Coprime with NAME_COMBOS, so `p * NAME_STRIDE % NAME_COMBOS` visits each combination once. */
const NAME_STRIDE = 4099;
const DOMAINS = [
  'gmail.com',
  'outlook.com',
  'yahoo.com',
  'proton.me',
  'mail.fr',
  'qq.com',
  'zoho.com',
  'icloud.com',
];
const RATINGS = [5, 5, 5, 5, 4, 4, 4, 3, 2, 1];
const DAY = 86_400;

/** Entity kinds, used in ids so that no two tables share an id. */
export const KIND = {
  user: 1,
  product: 2,
  order: 3,
  item: 4,
  review: 5,
  event: 6,
  column: 7,
  card: 8,
  comment: 9,
  invoice: 10,
  invoiceItem: 11,
  invoicePayment: 12,
  invoiceParty: 13,
  file: 14,
  blogPost: 15,
  blogComment: 16,
  mail: 17,
  mailThread: 18,
  mailLabel: 19,
  mailFile: 20,
  chatConversation: 21,
  chatMessage: 22,
  chatFile: 23,
  session: 24,
} as const;

export interface SqlGenOptions {
  seed: number;
  /** Sequential ids append to the end of the primary-key B-tree (fast bulk loads); otherwise ids look random. */
  sequentialIds: boolean;
  /** The instant dates are generated around, as an ISO string. */
  now: string;
}

export class SqlGen {
  private readonly salt: number;
  constructor(private readonly o: SqlGenOptions) {
    this.salt = o.seed % 1_000_003;
  }

  /** A non-negative pseudo-random int for row `i` and stream `k`. */
  h(i: string, k: number): string {
    return `(hashint4((${i})::int4 + ${this.salt + k * 1009}) & 2147483647)`;
  }

  pick(list: readonly string[], i: string, k: number): string {
    return `(${arr(list)})[1 + ${this.h(i, k)} % ${list.length}]`;
  }

  /** The id of row `i` of a kind, as SQL. */
  uid(kind: number, i: string): string {
    if (this.o.sequentialIds) {
      return `(lpad(to_hex(${kind}), 8, '0') || '-0000-4000-8000-' || lpad(to_hex((${i})::int8), 12, '0'))::uuid`;
    }
    return `overlay(overlay(md5('${this.o.seed}-${kind}-' || (${i})) placing '4' from 13) placing '8' from 17)::uuid`;
  }

  /** The same id computed in JavaScript (for the few rows written from JS). */
  uidJs(kind: number, i: number): string {
    if (this.o.sequentialIds) {
      return `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;
    }
    const md5 = createHash('md5').update(`${this.o.seed}-${kind}-${i}`).digest('hex');
    const s = `${md5.slice(0, 12)}4${md5.slice(13, 16)}8${md5.slice(17)}`;
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20, 32)}`;
  }

  private ago(seconds: string): string {
    return `(${lit(this.o.now)}::timestamptz - (${seconds}) * interval '1 second')`;
  }

  // ---- users ---------------------------------------------------------------------------------

  private firstIdx = (u: string) => `(1 + ${this.h(u, 1)} % ${FIRST_NAMES.length})`;
  private lastIdx = (u: string) => `(1 + ${this.h(u, 2)} % ${LAST_NAMES.length})`;
  userFirst = (u: string) => `(${arr(FIRST_NAMES)})[${this.firstIdx(u)}]`;
  userLast = (u: string) => `(${arr(LAST_NAMES)})[${this.lastIdx(u)}]`;
  userName = (u: string) => `(${this.userFirst(u)} || ' ' || ${this.userLast(u)})`;
  userEmail = (u: string) =>
    `((${arr(FIRST_NAMES.map(ascii))})[${this.firstIdx(u)}] || '.' || (${arr(LAST_NAMES.map(ascii))})[${this.lastIdx(u)}] || (${u}) || '@' || ${this.pick(DOMAINS, u, 3)})`;
  private place = (u: string, col: number) =>
    `(${arr(PLACES.map((p) => p[col]!))})[1 + ${this.h(u, 4)} % ${PLACES.length}]`;
  userPhone = (u: string) =>
    `(${this.place(u, 5)} || ' ' || lpad((${this.h(u, 5)} % 10000000)::text, 7, '0'))`;
  userAddress = (u: string) =>
    `((1 + ${this.h(u, 6)} % 250)::text || ' ' || ${this.place(u, 3)} || ', ' || ${this.place(u, 2)})`;

  users(count: number, passwordHash: string): string {
    const u = 'g.i';
    return `INSERT INTO users (id, email, password_hash, first_name, last_name, display_name, slug, avatar_url, cover_url,
  phone, country, state, city, address, zip_code, company, job_title, about, role, status, email_verified, is_public,
  followers, following, posts, created_at, updated_at)
SELECT ${this.uid(KIND.user, u)}, ${this.userEmail(u)}, ${lit(passwordHash)}, ${this.userFirst(u)}, ${this.userLast(u)},
  ${this.userName(u)},
  (${arr(FIRST_NAMES.map(ascii))})[${this.firstIdx(u)}] || '-' || (${arr(LAST_NAMES.map(ascii))})[${this.lastIdx(u)}] || '-' || ${u},
  '/uploads/seed-avatar-' || (${this.h(u, 7)} % ${AVATAR_POOL}) || '.svg',
  '/uploads/seed-cover-' || (${this.h(u, 8)} % ${COVER_POOL}) || '.svg',
  ${this.userPhone(u)}, ${this.place(u, 0)}, ${this.place(u, 1)}, ${this.place(u, 2)},
  (1 + ${this.h(u, 6)} % 250)::text || ' ' || ${this.place(u, 3)},
  ${this.place(u, 4)} || lpad((${this.h(u, 9)} % 100)::text, 2, '0'),
  ${this.pick(COMPANIES, u, 10)}, ${this.pick(JOB_TITLES, u, 11)},
  'Based in ' || ${this.place(u, 2)} || '. ' || 'Enjoys clear dashboards, good coffee and shipping on time.',
  CASE WHEN ${u} <= 3 OR ${this.h(u, 12)} % 25 = 0 THEN 'admin' ELSE 'user' END,
  CASE WHEN ${u} <= 10 THEN 'active' ELSE ${this.pick(USER_STATUS_WEIGHTS, u, 13)} END,
  ${this.h(u, 14)} % 10 < 8, ${this.h(u, 15)} % 10 < 9,
  ${this.h(u, 16)} % 9000, ${this.h(u, 17)} % 800, ${this.h(u, 18)} % 300,
  ${this.ago(`${this.h(u, 19)} % ${730 * DAY}`)}, ${this.ago(`${this.h(u, 19)} % ${730 * DAY}`)}
FROM generate_series(1, ${count}) AS g(i)`;
  }

  // ---- products ------------------------------------------------------------------------------

  /**
   * Product p's name is combination `p * NAME_STRIDE mod NAME_COMBOS` of adjective, noun and
   * model: unique up to NAME_COMBOS products (every demo scale), then each name comes back once
   * per round, and the slug takes the round as its suffix.
   */
  private nameCombo = (p: string) => `((${p})::bigint * ${NAME_STRIDE} % ${NAME_COMBOS})::int`;
  private nounIdx = (p: string) =>
    `(${this.nameCombo(p)} / ${PRODUCT_ADJECTIVES.length} % ${PRODUCT_NOUNS.length})`;
  productName = (p: string) =>
    `((${arr(PRODUCT_ADJECTIVES)})[1 + ${this.nameCombo(p)} % ${PRODUCT_ADJECTIVES.length}] || ' ' || (${arr(PRODUCT_NOUNS)})[1 + ${this.nounIdx(p)}] || (${arr(MODELS)})[1 + ${this.nameCombo(p)} / ${PRODUCT_ADJECTIVES.length * PRODUCT_NOUNS.length}])`;
  /** The plain slug of the name, suffixed `-<round>` only from the second round of names on. */
  productSlug = (p: string) =>
    `(lower(replace(${this.productName(p)}, ' ', '-')) || CASE WHEN ${p} > ${NAME_COMBOS} THEN '-' || ((${p} - 1) / ${NAME_COMBOS} + 1) ELSE '' END)`;
  productSku = (p: string) => `('SKU-' || lpad((${p})::text, 7, '0'))`;
  /** Picture of product p in colour `colour` (SQL): its noun drawn in that colour (see images.ts). */
  private productPicture = (p: string, colour: string) =>
    `('/uploads/seed-product-' || ${this.nounIdx(p)} || '-' || (${colour}) || '.svg')`;
  /** The first picture, in the product's first colour (what an order line copies). */
  productCover = (p: string) => this.productPicture(p, this.colorIdx(p));
  /** List price in cents: 19.99 … 298.99. */
  productPriceCents = (p: string) => `((19 + ${this.h(p, 23)} % 280) * 100 + 99)`;
  private onSale = (p: string) => `(${this.h(p, 24)} % 5 = 0)`;
  /** What a buyer pays per unit, in cents: the sale price when there is one. */
  productEffectiveCents = (p: string) =>
    `(CASE WHEN ${this.onSale(p)} THEN ${this.productPriceCents(p)} * (90 - ${this.h(p, 25)} % 30) / 100 ELSE ${this.productPriceCents(p)} END)`;
  private colorIdx = (p: string) => `(${this.h(p, 26)} % ${PRODUCT_COLORS.length})`;
  productColour = (p: string) => `(${arr(PRODUCT_COLORS)})[1 + ${this.colorIdx(p)}]`;
  private sizeIdx = (p: string) => `(${this.h(p, 27)} % ${PRODUCT_SIZES.length - 3})`;
  productSize = (p: string) => `(${arr(PRODUCT_SIZES)})[1 + ${this.sizeIdx(p)}]`;

  /** Rows of `seed_review_agg(p, rating_sum, review_count, stars)` and `seed_sold(p, sold)` are joined in. */
  products(count: number): string {
    const p = 'g.i';
    const cat = `(${arr(PRODUCT_CATEGORIES)})[(${intArr(PRODUCT_NOUNS.map((_, i) => categoryOfNoun(i) + 1))})[1 + ${this.nounIdx(p)}]]`;
    const c = this.colorIdx(p);
    const s = this.sizeIdx(p);
    const n = PRODUCT_COLORS.length;
    // One picture per colour offered, in the order of `colors`.
    const img = (k: number) => this.productPicture(p, `(${c} + ${k}) % ${n}`);
    return `INSERT INTO products (id, name, slug, code, sku, description, images, price, price_sale, taxes, price_includes_tax,
  quantity, sold, category, gender, colors, sizes, tags, new_label, sale_label, rating_sum, review_count, ratings_by_star,
  published, created_at, updated_at)
SELECT ${this.uid(KIND.product, p)}, ${this.productName(p)},
  ${this.productSlug(p)},
  'P' || lpad(${p}::text, 7, '0'), ${this.productSku(p)},
  'The ' || ${this.productName(p)} || ' is made to last: ' || ${this.pick(['breathable materials', 'recycled fibres', 'hand-finished seams', 'a cushioned sole', 'water-repellent fabric', 'premium leather'], p, 29)} || ', ' || ${this.pick(['a relaxed fit', 'a true-to-size fit', 'a slim silhouette', 'an adjustable strap'], p, 30)} || ' and a one-year warranty.',
  ARRAY[${img(0)}, ${img(2)}, ${img(5)}],
  ${this.productPriceCents(p)} / 100.0,
  CASE WHEN ${this.onSale(p)} THEN ${this.productEffectiveCents(p)} / 100.0 END,
  0, true,
  CASE WHEN ${this.h(p, 31)} % 12 = 0 THEN 0 WHEN ${this.h(p, 31)} % 12 = 1 THEN 1 + ${this.h(p, 32)} % 10 ELSE 11 + ${this.h(p, 32)} % 240 END,
  coalesce(sd.sold, 0), ${cat},
  CASE WHEN ${this.h(p, 33)} % 4 = 0 THEN ${arr(PRODUCT_GENDERS.slice(0, 2))} ELSE ARRAY[(${arr(PRODUCT_GENDERS)})[1 + ${this.h(p, 33)} % 3]] END,
  ARRAY[(${arr(PRODUCT_COLORS)})[1 + ${c}], (${arr(PRODUCT_COLORS)})[1 + (${c} + 2) % ${n}], (${arr(PRODUCT_COLORS)})[1 + (${c} + 5) % ${n}]],
  ARRAY[(${arr(PRODUCT_SIZES)})[1 + ${s}], (${arr(PRODUCT_SIZES)})[2 + ${s}], (${arr(PRODUCT_SIZES)})[3 + ${s}], (${arr(PRODUCT_SIZES)})[4 + ${s}]],
  ARRAY[${this.pick(PRODUCT_TAGS, p, 34)}],
  ${this.h(p, 35)} % 7 = 0, ${this.onSale(p)},
  coalesce(ra.rating_sum, 0), coalesce(ra.review_count, 0), coalesce(ra.stars, '{0,0,0,0,0}'::int[]),
  ${this.h(p, 36)} % 20 <> 0,
  ${this.ago(`${this.h(p, 37)} % ${365 * DAY}`)}, ${this.ago(`${this.h(p, 37)} % ${365 * DAY}`)}
FROM generate_series(1, ${count}) AS g(i)
LEFT JOIN seed_review_agg ra ON ra.p = g.i
LEFT JOIN seed_sold sd ON sd.p = g.i`;
  }

  // ---- reviews -------------------------------------------------------------------------------

  private reviewRows(count: number, products: number, users: number): string {
    const r = 'g.i';
    return `SELECT ${r} AS r, 1 + ${this.h(r, 41)} % ${products} AS p, 1 + ${this.h(r, 42)} % ${users} AS u,
  (${intArr(RATINGS)})[1 + ${this.h(r, 43)} % ${RATINGS.length}] AS rating
FROM generate_series(1, ${count}) AS g(i) OFFSET 0`;
  }

  reviewAgg(count: number, products: number, users: number): string {
    return `CREATE UNLOGGED TABLE seed_review_agg AS
SELECT p, sum(rating)::int AS rating_sum, count(*)::int AS review_count,
  ARRAY[count(*) FILTER (WHERE rating = 1), count(*) FILTER (WHERE rating = 2), count(*) FILTER (WHERE rating = 3),
        count(*) FILTER (WHERE rating = 4), count(*) FILTER (WHERE rating = 5)]::int[] AS stars
FROM (${this.reviewRows(count, products, users)}) s GROUP BY p`;
  }

  reviews(count: number, products: number, users: number): string {
    return `INSERT INTO product_reviews (id, product_id, user_id, rating, comment, helpful, created_at)
SELECT ${this.uid(KIND.review, 's.r')}, ${this.uid(KIND.product, 's.p')}, ${this.uid(KIND.user, 's.u')}, s.rating,
  ${this.pick(REVIEW_COMMENTS, 's.r', 44)}, ${this.h('s.r', 45)} % 40,
  ${this.ago(`${this.h('s.r', 46)} % ${730 * DAY}`)}
FROM (${this.reviewRows(count, products, users)}) s`;
  }

  // ---- orders --------------------------------------------------------------------------------

  /** Lines per order: 1 (60%), 2 (30%) or 3 (10%), 1.5 on average. */
  private lines = (o: string) =>
    `(CASE WHEN ${this.h(o, 54)} % 10 < 6 THEN 1 WHEN ${this.h(o, 54)} % 10 < 9 THEN 2 ELSE 3 END)`;
  private lineProduct = (o: string, j: string, products: number) =>
    `(1 + ${this.h(`(${o}) * 4 + (${j})`, 55)} % ${products})`;
  private lineQty = (o: string, j: string) =>
    `(1 + (${this.h(`(${o}) * 4 + (${j})`, 56)} % 5 = 0)::int)`;

  /**
   * Order lines, one row per (order o, line j, product p, quantity q). The line count is computed
   * once per order (OFFSET 0 keeps it a column) and joined to a three-row list of line numbers.
   */
  private itemRows(orders: number, products: number): string {
    return `SELECT a.o, j.j, ${this.lineProduct('a.o', 'j.j', products)} AS p, ${this.lineQty('a.o', 'j.j')} AS q
FROM (SELECT g.i AS o, ${this.lines('g.i')} AS n FROM generate_series(1, ${orders}) AS g(i) OFFSET 0) a
CROSS JOIN (VALUES (0), (1), (2)) AS j(j)
WHERE j.j < a.n OFFSET 0`;
  }

  soldAgg(orders: number, products: number): string {
    return `CREATE UNLOGGED TABLE seed_sold AS
SELECT p, sum(q)::int AS sold FROM (${this.itemRows(orders, products)}) s GROUP BY p`;
  }

  /**
   * What an order copies from its customer, computed once per person (not once per order):
   * `seed_customer(u, id, name, email, billing)`.
   */
  customers(users: number): string {
    const u = 'g.i';
    return `CREATE UNLOGGED TABLE seed_customer AS
SELECT ${u} AS u, ${this.uid(KIND.user, u)} AS id, ${this.userName(u)} AS name, ${this.userEmail(u)} AS email,
  jsonb_build_object('name', ${this.userName(u)}, 'phone', ${this.userPhone(u)}, 'address', ${this.userAddress(u)},
    'email', ${this.userEmail(u)}, 'addressType', CASE WHEN ${this.h(u, 60)} % 3 = 0 THEN 'office' ELSE 'home' END) AS billing
FROM generate_series(1, ${users}) AS g(i)`;
  }

  /**
   * What an order line copies from its product, computed once per product (not once per line):
   * `seed_line_product(p, id, name, sku, cover, price, colour, size)`.
   */
  lineProducts(products: number): string {
    const p = 'g.i';
    return `CREATE UNLOGGED TABLE seed_line_product AS
SELECT ${p} AS p, ${this.uid(KIND.product, p)} AS id, ${this.productName(p)} AS name, ${this.productSku(p)} AS sku,
  ${this.productCover(p)} AS cover, ${this.productEffectiveCents(p)} * 0.01 AS price, ${this.productColour(p)} AS colour,
  ${this.productSize(p)} AS size
FROM generate_series(1, ${products}) AS g(i)`;
  }

  /** Needs `seed_line_product` (see lineProducts). */
  items(orders: number, products: number): string {
    return `INSERT INTO order_items (id, order_id, product_id, name, sku, cover, price, quantity, colour, size)
SELECT ${this.uid(KIND.item, 's.o * 4 + s.j')}, ${this.uid(KIND.order, 's.o')}, lp.id,
  lp.name, lp.sku, lp.cover, lp.price, s.q, lp.colour, lp.size
FROM (${this.itemRows(orders, products)}) s JOIN seed_line_product lp ON lp.p = s.p`;
  }

  /**
   * Orders, with subtotal and item count computed from the same expressions as their lines, and
   * the customer's name, email and billing copied from `seed_customer` (see customers).
   * Dates follow the history's days (rhythm.ts) in order-number order.
   */
  orders(
    count: number,
    products: number,
    users: number,
    days: HistoryDays,
    firstNumber = 1,
  ): string {
    const o = 'r.g';
    // Level 1: per order, the drawn numbers (each hash computed once) and its instant.
    const drawn = `SELECT ${o} AS o, 1 + ${this.h(o, 51)} % ${users} AS u, ${this.lines(o)} AS n,
  ${this.lineProduct(o, '0', products)} AS p0, ${this.lineProduct(o, '1', products)} AS p1, ${this.lineProduct(o, '2', products)} AS p2,
  ${this.lineQty(o, '0')} AS q0, ${this.lineQty(o, '1')} AS q1, ${this.lineQty(o, '2')} AS q2,
  ${this.h(o, 52)} % 10 AS dsel, ${this.h(o, 53)} % 3 = 0 AS express, r.at
FROM (${historyRowsSql(days, 1, count, this.salt + 57 * 1009)}) r OFFSET 0`;
    // Level 2: the subtotal from the lines' products.
    const line = (j: number) =>
      `CASE WHEN a.n > ${j} THEN ${this.productEffectiveCents(`a.p${j}`)} * a.q${j} ELSE 0 END`;
    const qty = (j: number) => `CASE WHEN a.n > ${j} THEN a.q${j} ELSE 0 END`;
    const totals = `SELECT a.o, a.u, a.dsel, a.express, a.at, (${line(0)} + ${line(1)} + ${line(2)})::int8 AS sub,
  ${qty(0)} + ${qty(1)} + ${qty(2)} AS qty
FROM (${drawn}) a OFFSET 0`;
    const mid = `SELECT t.*, CASE t.dsel WHEN 0 THEN t.sub * 10 / 100 WHEN 1 THEN t.sub * 20 / 100 ELSE 0 END AS disc,
  CASE WHEN t.express THEN 1000 ELSE 0 END AS ship FROM (${totals}) t OFFSET 0`;
    // The order number is given (not drawn from the identity one row at a time); the caller moves
    // the identity past the last one.
    return `INSERT INTO orders (id, number, user_id, customer_name, customer_email, status, subtotal, discount, shipping, taxes, total,
  items_count, billing, delivery, payment, discount_code, created_at, updated_at) OVERRIDING SYSTEM VALUE
SELECT ${this.uid(KIND.order, 'b.o')}, b.o + ${firstNumber - 1}, c.id, c.name, c.email,
  CASE WHEN b.at > ${this.ago(String(3 * DAY))} AND ${this.h('b.o', 58)} % 2 = 0 THEN 'pending' ELSE ${this.pick(ORDER_STATUS_WEIGHTS, 'b.o', 59)} END,
  b.sub * 0.01, b.disc * 0.01, b.ship * 0.01, 0, (b.sub - b.disc + b.ship) * 0.01, b.qty, c.billing,
  CASE WHEN b.express THEN 'express' ELSE 'standard' END, ${this.pick(['card', 'card', 'paypal', 'cash'], 'b.o', 61)},
  CASE b.dsel WHEN 0 THEN 'WELCOME10' WHEN 1 THEN 'SPRING20' END,
  b.at, b.at
FROM (${mid}) b JOIN seed_customer c ON c.u = b.u`;
  }

  // ---- calendar ------------------------------------------------------------------------------

  /** Events spread over ±spanDays around now, on working hours, some all-day. */
  events(count: number, users: number, spanDays: number): string {
    const e = 'g.i';
    const startHour = `(date_trunc('day', ${lit(this.o.now)}::timestamptz) + ((${this.h(e, 71)} % ${2 * spanDays + 1}) - ${spanDays}) * interval '1 day' + (8 + ${this.h(e, 72)} % 10) * interval '1 hour')`;
    const allDay = `(${this.h(e, 73)} % 6 = 0)`;
    // A third of the events invite one or two colleagues (never the owner, each once).
    const owner = this.uid(KIND.user, `1 + ${this.h(e, 78)} % ${users}`);
    const guest = (salt: number) => this.uid(KIND.user, `1 + ${this.h(e, salt)} % ${users}`);
    const guests = `CASE WHEN ${this.h(e, 79)} % 3 = 0 THEN ARRAY(
    SELECT DISTINCT x FROM unnest(ARRAY[${guest(80)}, CASE WHEN ${this.h(e, 82)} % 2 = 0 THEN ${guest(81)} END]) AS x
     WHERE x IS NOT NULL AND x <> ${owner}) ELSE '{}'::uuid[] END`;
    return `INSERT INTO calendar_events (id, title, description, color, all_day, start_at, end_at, owner_id, guest_ids, created_at, updated_at)
SELECT ${this.uid(KIND.event, e)}, ${this.pick(EVENT_TITLES, e, 74)},
  ${this.pick(['Agenda shared in the channel.', 'Bring the latest figures.', 'Video link in the invitation.', 'Room 4B, second floor.', ''], e, 75)},
  ${this.pick(CALENDAR_COLORS, e, 76)}, ${allDay},
  CASE WHEN ${allDay} THEN date_trunc('day', ${startHour}) ELSE ${startHour} END,
  CASE WHEN ${allDay} THEN date_trunc('day', ${startHour}) + (1 + ${this.h(e, 77)} % 2) * interval '1 day'
       ELSE ${startHour} + (30 + 30 * (${this.h(e, 77)} % 4)) * interval '1 minute' END,
  ${owner}, ${guests},
  ${lit(this.o.now)}::timestamptz, ${lit(this.o.now)}::timestamptz
FROM generate_series(1, ${count}) AS g(i)`;
  }
}
