import {
  and,
  arrayOverlaps,
  asc,
  desc,
  eq,
  gt,
  gte,
  ilike,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  LOW_STOCK_THRESHOLD,
  inventoryState,
  productLabel,
  type Product,
  type ProductBody,
  type ProductListQuery,
  type Review,
  type productListQuerySchema,
} from '@bo/contract/products';
import type { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { productReviews, productSlugRedirects, products } from '../../db/schema/commerce.js';
import { users } from '../../db/schema/core.js';
import { sanitizeRichText } from '../../lib/html.js';
import { toCsv } from '../../lib/csv.js';
import { escapeLike } from '../../lib/sql-like.js';
import { centsToDecimal, centsToNumber, toCents } from '../../lib/money.js';

export type ProductRow = typeof products.$inferSelect;
type ListQuery = z.output<typeof productListQuerySchema>;

const money = (v: string | null) => centsToNumber(toCents(v));

export function toProduct(row: ProductRow): Product {
  const stars = row.ratingsByStar.length === 5 ? row.ratingsByStar : [0, 0, 0, 0, 0];
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    code: row.code,
    sku: row.sku,
    description: row.description,
    images: row.images,
    cover: row.images[0] ?? null,
    price: money(row.price),
    priceSale: row.priceSale === null ? null : money(row.priceSale),
    taxes: money(row.taxes),
    priceIncludesTax: row.priceIncludesTax,
    quantity: row.quantity,
    available: row.quantity,
    sold: row.sold,
    inventoryType: inventoryState(row.quantity),
    category: productLabel(row.category),
    categoryKey: row.category,
    gender: row.gender.map(productLabel),
    genderKeys: row.gender,
    colors: row.colors,
    sizes: row.sizes,
    tags: row.tags,
    newLabel: row.newLabel,
    saleLabel: row.saleLabel,
    totalRating: row.reviewCount > 0 ? Math.round((row.ratingSum / row.reviewCount) * 10) / 10 : 0,
    totalReview: row.reviewCount,
    // Highest star first, as the breakdown is read.
    ratings: [5, 4, 3, 2, 1].map((star) => ({
      name: `${star} Star`,
      starCount: star,
      reviewCount: stars[star - 1] ?? 0,
    })),
    published: row.published,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** WHERE of the shop and the list; every branch has an index behind it (see commerce.ts). */
export function productFilters(q: ListQuery, canSeeUnpublished: boolean): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (!canSeeUnpublished) where.push(eq(products.published, true));
  else if (q.published) where.push(eq(products.published, q.published === 'true'));
  if (q.q) where.push(ilike(sql`lower(${products.name})`, `%${escapeLike(q.q.toLowerCase())}%`));
  if (q.category) where.push(eq(products.category, q.category));
  if (q.gender?.length) where.push(arrayOverlaps(products.gender, q.gender));
  if (q.colors?.length) where.push(arrayOverlaps(products.colors, q.colors));
  if (q.priceMin !== undefined)
    where.push(gte(products.price, centsToDecimal(Math.round(q.priceMin * 100))));
  if (q.priceMax !== undefined)
    where.push(lte(products.price, centsToDecimal(Math.round(q.priceMax * 100))));
  if (q.rating !== undefined && q.rating > 0) {
    where.push(gt(products.reviewCount, 0));
    where.push(sql`${products.ratingSum} >= ${q.rating}::numeric * ${products.reviewCount}`);
  }
  if (q.stock === 'out_of_stock') where.push(eq(products.quantity, 0));
  if (q.stock === 'low_stock')
    where.push(and(gt(products.quantity, 0), lte(products.quantity, LOW_STOCK_THRESHOLD)));
  if (q.stock === 'in_stock') where.push(gt(products.quantity, LOW_STOCK_THRESHOLD));
  return where.length ? and(...where) : undefined;
}

export function productOrder(q: ListQuery): SQL[] {
  const dir = (d: 'asc' | 'desc') => (d === 'asc' ? asc : desc);
  switch (q.sort) {
    case 'featured':
      return [desc(products.sold), desc(products.id)];
    case 'newest':
      return [desc(products.createdAt), desc(products.id)];
    case 'priceDesc':
      return [desc(products.price), desc(products.id)];
    case 'priceAsc':
      return [asc(products.price), asc(products.id)];
    case 'name':
      return [dir(q.order ?? 'asc')(products.name), dir(q.order ?? 'asc')(products.id)];
    case 'price':
      return [dir(q.order ?? 'asc')(products.price), dir(q.order ?? 'asc')(products.id)];
    case 'quantity':
      return [dir(q.order ?? 'asc')(products.quantity), dir(q.order ?? 'asc')(products.id)];
    case 'createdAt':
      return [dir(q.order ?? 'desc')(products.createdAt), dir(q.order ?? 'desc')(products.id)];
  }
}

/**
 * Counting every match of a broad filter over 100k products costs more than the page itself, so
 * the count stops at this many: `total` is exact below it, and `totalCapped` says when it is not.
 */
export const PRODUCT_COUNT_CAP = 2_000;

export async function listProducts(db: Executor, q: ListQuery, canSeeUnpublished: boolean) {
  const where = productFilters(q, canSeeUnpublished);
  // Counted in the page's own order, so the count walks the same index as the page and stops at
  // the cap: on the large data a category + gender count reads ~4,000 index entries whatever the
  // catalogue's size, instead of a sequential scan that grows with it.
  const matches = db
    .select({ one: sql`1` })
    .from(products)
    .where(where)
    .orderBy(...productOrder(q))
    .limit(PRODUCT_COUNT_CAP + 1)
    .as('matches');
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(...productOrder(q))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(matches),
  ]);
  const n = Number(count?.n ?? 0);
  return {
    products: rows.map(toProduct),
    total: Math.min(n, PRODUCT_COUNT_CAP),
    ...(n > PRODUCT_COUNT_CAP ? { totalCapped: true } : {}),
  };
}

/**
 * The `{name}` of the product routes: the slug, a slug the product had before (a rename, or the
 * suffixed slugs of earlier releases), or else the exact name.
 */
export async function findProductByName(
  db: Executor,
  name: string,
): Promise<ProductRow | undefined> {
  const [bySlug] = await db.select().from(products).where(eq(products.slug, name)).limit(1);
  if (bySlug) return bySlug;
  const [byFormer] = await db
    .select({ product: products })
    .from(productSlugRedirects)
    .innerJoin(products, eq(products.id, productSlugRedirects.productId))
    .where(eq(productSlugRedirects.slug, name))
    .limit(1);
  if (byFormer) return byFormer.product;
  const [byName] = await db
    .select()
    .from(products)
    .where(eq(products.name, name))
    .orderBy(asc(products.createdAt))
    .limit(1);
  return byName;
}

export async function latestReviews(
  db: Executor,
  productId: string,
  limit = 20,
): Promise<Review[]> {
  const rows = await db
    .select({ review: productReviews, name: users.displayName, avatarUrl: users.avatarUrl })
    .from(productReviews)
    .leftJoin(users, eq(users.id, productReviews.userId))
    .where(eq(productReviews.productId, productId))
    .orderBy(desc(productReviews.createdAt))
    .limit(limit);
  return rows.map(({ review, name, avatarUrl }) => toReview(review, name, avatarUrl));
}

export function toReview(
  review: typeof productReviews.$inferSelect,
  name: string | null,
  avatarUrl: string | null,
): Review {
  return {
    id: review.id,
    productId: review.productId,
    userId: review.userId,
    name: name ?? 'Former customer',
    avatarUrl,
    rating: review.rating,
    comment: review.comment,
    helpful: review.helpful,
    createdAt: review.createdAt.toISOString(),
  };
}

export function slugify(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return base || 'product';
}

/**
 * Claims a slug for a product: a redirect of another product's former slug gives way to it, and
 * the product's own slug before the change (if any) keeps opening it.
 */
export async function claimProductSlug(
  db: Executor,
  productId: string,
  slug: string,
  formerSlug?: string,
) {
  await db.delete(productSlugRedirects).where(eq(productSlugRedirects.slug, slug));
  if (formerSlug && formerSlug !== slug) {
    await db
      .insert(productSlugRedirects)
      .values({ slug: formerSlug, productId })
      .onConflictDoUpdate({ target: productSlugRedirects.slug, set: { productId } });
  }
}

/** A free slug: the wanted one, or the same with the first free `-n` suffix. */
export async function uniqueProductSlug(
  db: Executor,
  wanted: string,
  exceptId?: string,
): Promise<string> {
  const rows = await db
    .select({ slug: products.slug, id: products.id })
    .from(products)
    .where(
      or(
        eq(products.slug, wanted),
        sql`${products.slug} ~ ${`^${wanted.replace(/[^a-z0-9-]/g, '')}-[0-9]+$`}`,
      ),
    );
  const taken = new Set(rows.filter((r) => r.id !== exceptId).map((r) => r.slug));
  if (!taken.has(wanted)) return wanted;
  for (let n = 2; ; n++) if (!taken.has(`${wanted}-${n}`)) return `${wanted}-${n}`;
}

/** Body → column values; money goes in as exact decimal strings. */
export function productValues(body: Partial<ProductBody>) {
  const v: Partial<typeof products.$inferInsert> = {};
  if (body.name !== undefined) v.name = body.name;
  if (body.code !== undefined) v.code = body.code;
  if (body.sku !== undefined) v.sku = body.sku;
  if (body.description !== undefined) v.description = sanitizeRichText(body.description);
  if (body.images !== undefined) v.images = body.images;
  if (body.price !== undefined) v.price = centsToDecimal(Math.round(body.price * 100));
  if (body.priceSale !== undefined)
    v.priceSale = body.priceSale === null ? null : centsToDecimal(Math.round(body.priceSale * 100));
  if (body.taxes !== undefined) v.taxes = centsToDecimal(Math.round(body.taxes * 100));
  if (body.priceIncludesTax !== undefined) v.priceIncludesTax = body.priceIncludesTax;
  if (body.quantity !== undefined) v.quantity = body.quantity;
  if (body.category !== undefined) v.category = body.category;
  if (body.gender !== undefined) v.gender = body.gender;
  if (body.colors !== undefined) v.colors = body.colors;
  if (body.sizes !== undefined) v.sizes = body.sizes;
  if (body.tags !== undefined) v.tags = body.tags;
  if (body.newLabel !== undefined) v.newLabel = body.newLabel;
  if (body.saleLabel !== undefined) v.saleLabel = body.saleLabel;
  if (body.published !== undefined) v.published = body.published;
  return v;
}

const CSV_COLUMNS = [
  'name',
  'slug',
  'sku',
  'code',
  'category',
  'price',
  'priceSale',
  'quantity',
  'inventoryType',
  'sold',
  'published',
  'createdAt',
] as const;
export function productsCsv(list: Product[]): string {
  return toCsv(
    CSV_COLUMNS,
    list.map((p) => CSV_COLUMNS.map((c) => p[c])),
  );
}
export type { ProductListQuery };
