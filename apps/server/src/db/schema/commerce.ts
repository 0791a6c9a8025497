import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  bigint,
} from 'drizzle-orm/pg-core';
import { users } from './core.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Money is exact: numeric in the database, read as a string and handled as integer cents. */
const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    code: text('code').notNull(),
    sku: text('sku').notNull(),
    description: text('description').notNull().default(''),
    /** Ordered image URLs; the first is the cover. */
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    price: money('price').notNull(),
    priceSale: money('price_sale'),
    taxes: money('taxes').notNull().default('0'),
    priceIncludesTax: boolean('price_includes_tax').notNull().default(false),
    quantity: integer('quantity').notNull().default(0),
    sold: integer('sold').notNull().default(0),
    category: text('category').notNull(),
    gender: text('gender')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    colors: text('colors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sizes: text('sizes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    newLabel: boolean('new_label').notNull().default(false),
    saleLabel: boolean('sale_label').notNull().default(false),
    /** Maintained from reviews: sum and count, and counts per star (index 0 = one star). */
    ratingSum: integer('rating_sum').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    ratingsByStar: integer('ratings_by_star')
      .array()
      .notNull()
      .default(sql`'{0,0,0,0,0}'::int[]`),
    published: boolean('published').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_slug_key').on(t.slug),
    // Which product shows an uploaded picture (the /uploads access check).
    index('products_images_gin').using('gin', t.images),
    uniqueIndex('products_sku_key').on(t.sku),
    index('products_created_sort').on(t.createdAt, t.id),
    index('products_price_sort').on(t.price, t.id),
    index('products_name_sort').on(t.name, t.id),
    /**
     * A category's page in each order the shop offers (newest, price either way, best sellers):
     * an ordered range of one of these, stopped after the page, never a sort of the category.
     */
    index('products_category_created_sort').on(t.category, t.createdAt, t.id),
    index('products_category_price_sort').on(t.category, t.price, t.id),
    index('products_category_sold_sort').on(t.category, t.sold, t.id),
    index('products_quantity_idx').on(t.quantity),
    /** The shop's "featured" sort: best sellers first. */
    index('products_sold_sort').on(t.sold, t.id),
    index('products_gender_gin').using('gin', t.gender),
    index('products_colors_gin').using('gin', t.colors),
    index('products_name_trgm').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    check('products_quantity_nonneg', sql`${t.quantity} >= 0`),
  ],
);

/**
 * Slugs a product was known by before (a rename, or the suffixed slugs of earlier releases): a
 * link or client holding one still opens the product. A new product taking the slug removes it.
 */
export const productSlugRedirects = pgTable('product_slug_redirects', {
  slug: text('slug').primaryKey(),
  productId: uuid('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
});

export const productReviews = pgTable(
  'product_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull().default(''),
    helpful: integer('helpful').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('reviews_product_idx').on(t.productId, t.createdAt),
    // One review per person and product: checked under the product's row lock through this.
    index('reviews_product_user_idx').on(t.productId, t.userId),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

/** Who found a review helpful: once per person; `product_reviews.helpful` keeps the count. */
export const reviewHelpful = pgTable(
  'review_helpful',
  {
    reviewId: uuid('review_id')
      .notNull()
      .references(() => productReviews.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Human order number, e.g. #60110. */
    number: bigint('number', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    status: text('status').notNull().default('pending'),
    subtotal: money('subtotal').notNull(),
    discount: money('discount').notNull().default('0'),
    shipping: money('shipping').notNull().default('0'),
    taxes: money('taxes').notNull().default('0'),
    total: money('total').notNull(),
    itemsCount: integer('items_count').notNull(),
    billing: jsonb('billing').$type<Record<string, string>>().notNull(),
    delivery: text('delivery').notNull(),
    payment: text('payment').notNull(),
    discountCode: text('discount_code'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_key').on(t.number),
    index('orders_created_sort').on(t.createdAt, t.id),
    index('orders_status_created').on(t.status, t.createdAt, t.id),
    index('orders_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Each distinct customer an order was placed as (account, name and e-mail as written on the
 * order), kept by a statement trigger on orders (migration 0007). The order search looks names up
 * here, in about one row per person, and then reads the orders through `orders_user_idx`, instead
 * of a trigram index over every order.
 */
export const orderCustomers = pgTable(
  'order_customers',
  {
    userId: uuid('user_id'),
    name: text('name').notNull(),
    email: text('email').notNull(),
  },
  (t) => [
    uniqueIndex('order_customers_key').on(t.userId, t.name, t.email),
    index('order_customers_trgm').using(
      'gin',
      sql`lower(${t.name} || ' ' || ${t.email}) gin_trgm_ops`,
    ),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    cover: text('cover'),
    price: money('price').notNull(),
    quantity: integer('quantity').notNull(),
    colour: text('colour'),
    size: text('size'),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
    // Which order line shows an uploaded picture (the /uploads access check), seeds apart.
    index('order_items_cover_upload')
      .on(t.cover)
      .where(sql`cover NOT LIKE '/uploads/seed-%'`),
  ],
);

/** Maintained aggregates so dashboards never scan orders: one row per day and status. */
export const orderDailyStats = pgTable(
  'order_daily_stats',
  {
    day: text('day').notNull(),
    status: text('status').notNull(),
    orders: integer('orders').notNull().default(0),
    items: integer('items').notNull().default(0),
    revenue: money('revenue').notNull().default('0'),
  },
  (t) => [uniqueIndex('order_daily_stats_key').on(t.day, t.status)],
);

/**
 * What the shop sold each day (UTC) by the gender a product is made for (`men`, `women`, `kids`;
 * a product for several or none counts as `unisex`), in orders it keeps (pending, completed):
 * items and their amount in cents. Kept by triggers on order_items and orders (migration 0031),
 * so "sales by gender" reads a few rows a day, never the order lines.
 */
export const genderSalesDaily = pgTable(
  'gender_sales_daily',
  {
    day: text('day').notNull(),
    gender: text('gender').notNull(),
    quantity: integer('quantity').notNull().default(0),
    revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.gender] })],
);

/**
 * What each product sold each day (UTC) in orders the shop keeps (pending, completed): items and
 * their amount in cents. Kept by triggers beside the sales by gender (migration 0039), so the
 * best sellers of a period sum one row per product and day sold, never the order lines with
 * their orders. The second index finds one product's days (the previous period's figures of
 * the best sellers).
 */
export const productSalesDaily = pgTable(
  'product_sales_daily',
  {
    day: text('day').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(0),
    revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.productId] }),
    index('product_sales_daily_product_idx').on(t.productId, t.day),
  ],
);

/**
 * What each product sold in the last 1, 7, 30 and 365 days, the dashboard's quick periods: the
 * best sellers of such a period are the first rows of `product_sales_window_rank`, not a sum over
 * the period. A window holds the sales of every day from its first day on
 * (`product_sales_window_start`); the triggers that keep `product_sales_daily` add to it, and once
 * a day `bo_product_sales_roll` takes out the day that left it (migration 0039).
 */
export const productSalesWindow = pgTable(
  'product_sales_window',
  {
    days: integer('days').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(0),
    revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.days, t.productId] }),
    index('product_sales_window_rank').on(t.days, t.quantity.desc(), t.revenue.desc(), t.productId),
  ],
);

/** The first day (YYYY-MM-DD, UTC) each window of `product_sales_window` holds. */
export const productSalesWindowStart = pgTable('product_sales_window_start', {
  days: integer('days').primaryKey(),
  firstDay: text('first_day').notNull(),
});

export const discountCodes = pgTable('discount_codes', {
  code: text('code').primaryKey(),
  /** Either a percentage (1–100) or a fixed amount; one of them is set. */
  percent: integer('percent'),
  amount: money('amount'),
  active: boolean('active').notNull().default(true),
  meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
});

/** A discount code is used once per person: the order that used it is kept here. */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    code: text('code').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.code, t.userId] })],
);

/**
 * A person's address book for the checkout. At most one default per person (a partial unique
 * index); the routes unset the old default in the same transaction.
 */
export const userAddresses = pgTable(
  'user_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    fullAddress: text('full_address').notNull(),
    addressType: text('address_type').notNull().default('home'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('user_addresses_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('user_addresses_one_default')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
    check('user_addresses_type', sql`${t.addressType} IN ('home', 'office')`),
  ],
);
