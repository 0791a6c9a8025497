import { z } from 'zod';
import { AMOUNT_MAX, bulkAnswerSchema, listQuerySchema } from './common';
import { uploadedImageUrlSchema } from './files';
import {
  INVENTORY_STATES,
  PRODUCT_CATEGORIES,
  PRODUCT_GENDERS,
  PRODUCT_SORTS,
} from './products-constants';

export * from './products-constants';

/** Money travels as a number of currency units with at most two decimals; arithmetic is in cents. */
export const moneySchema = z
  .number()
  .min(0)
  .max(99_999_999)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, {
    message: 'At most two decimals',
  });

const csv = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z.array(item).max(20),
  );

/**
 * A category or gender as the template family writes it (`Apparel`, `Men`) is ours in lower case;
 * another value is kept as written (categories are free text). `All` is no filter.
 */
const labelOf =
  (known: readonly string[]) =>
  (v: string): string | undefined => {
    const lower = v.toLowerCase();
    if (lower === 'all') return undefined;
    return known.includes(lower) ? lower : v;
  };
const categoryLabel = labelOf(PRODUCT_CATEGORIES);
const genderLabel = labelOf(PRODUCT_GENDERS);

export const productListQuerySchema = listQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(100).default(24),
  sort: z.enum(PRODUCT_SORTS).default('featured'),
  order: z.enum(['asc', 'desc']).optional(),
  category: z.string().trim().max(60).transform(categoryLabel).optional(),
  gender: csv(z.string().max(20))
    .transform((list) => list.map(genderLabel).filter((g): g is string => g !== undefined))
    .optional(),
  colors: csv(z.string().max(20)).optional(),
  priceMin: z.coerce.number().min(0).max(AMOUNT_MAX).optional(),
  priceMax: z.coerce.number().min(0).max(AMOUNT_MAX).optional(),
  /** Minimum average rating (e.g. 4 means "4 stars and up"). */
  rating: z.coerce.number().min(0).max(5).optional(),
  stock: z.enum(INVENTORY_STATES).optional(),
  published: z.enum(['true', 'false']).optional(),
});
export type ProductListQuery = z.input<typeof productListQuerySchema>;

export const ratingByStarSchema = z.object({
  name: z.string(),
  starCount: z.number().int(),
  reviewCount: z.number().int(),
});

export const reviewSchema = z.object({
  id: z.string().uuid(),
  productId: z.string().uuid(),
  /** The author (null once their account is gone): the screen offers no "helpful" on one's own. */
  userId: z.string().uuid().nullable(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  rating: z.number().int(),
  comment: z.string(),
  helpful: z.number().int(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const productSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  slug: z.string(),
  code: z.string(),
  sku: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  cover: z.string().nullable(),
  price: z.number(),
  priceSale: z.number().nullable(),
  taxes: z.number(),
  priceIncludesTax: z.boolean(),
  quantity: z.number().int(),
  available: z.number().int(),
  sold: z.number().int(),
  inventoryType: z.enum(INVENTORY_STATES),
  category: z
    .string()
    .describe('The template family’s label (Apparel, Shoes, Accessories); ours is categoryKey'),
  /** Our key (`apparel`): what our filters, forms and translations take. */
  categoryKey: z.string().describe('Our key (apparel), as filters and writes take it'),
  gender: z
    .array(z.string())
    .describe('The template family’s labels (Men, Women, Kids); ours are genderKeys'),
  /** Our keys (`men`): what our filters, forms and translations take. */
  genderKeys: z.array(z.string()).describe('Our keys (men, women, kids), as filters take them'),
  colors: z.array(z.string()),
  sizes: z.array(z.string()),
  tags: z.array(z.string()),
  newLabel: z.boolean(),
  saleLabel: z.boolean(),
  totalRating: z.number(),
  totalReview: z.number().int(),
  ratings: z.array(ratingByStarSchema),
  published: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const productDetailsSchema = productSchema.extend({ reviews: z.array(reviewSchema) });
export type ProductDetails = z.infer<typeof productDetailsSchema>;

/** `total` stops at the server's count cap; `totalCapped` is then true ("2,000+ results"). */
export const productsAnswerSchema = z.object({
  products: z.array(productSchema),
  total: z.number().int(),
  totalCapped: z.boolean().optional(),
});
export type ProductsAnswer = z.infer<typeof productsAnswerSchema>;
export const productAnswerSchema = z.object({ product: productDetailsSchema });
export const productQuerySchema = z.object({ name: z.string().trim().min(1).max(200) });

/** The spec family's shop search: products whose name holds the words, best sellers first. */
export const productSearchQuerySchema = z.object({
  query: z.string().trim().max(200).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export const productSearchAnswerSchema = z.object({ results: z.array(productSchema) });

const tagList = z.array(z.string().trim().min(1).max(40)).max(30);

/** One form for new and edit: the web's form and the server's body share this schema. */
export const productFieldsSchema = z.object({
  name: z.string().trim().min(2).max(200),
  slug: z
    .string()
    .trim()
    .max(200)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
    .optional(),
  code: z.string().trim().min(1).max(60),
  sku: z.string().trim().min(1).max(60),
  description: z.string().max(50_000),
  images: z.array(uploadedImageUrlSchema).max(12),
  price: moneySchema,
  priceSale: moneySchema.nullable(),
  taxes: moneySchema,
  priceIncludesTax: z.boolean(),
  quantity: z.number().int().min(0).max(1_000_000),
  category: z.string().trim().min(1).max(60),
  gender: z.array(z.string().trim().min(1).max(20)).max(5),
  colors: z.array(z.string().trim().min(1).max(20)).min(1).max(20),
  sizes: z.array(z.string().trim().min(1).max(10)).max(30),
  tags: tagList,
  newLabel: z.boolean(),
  saleLabel: z.boolean(),
  published: z.boolean(),
});

const saleBelowPrice = (p: { price?: number; priceSale?: number | null }) =>
  p.priceSale === null ||
  p.priceSale === undefined ||
  p.price === undefined ||
  p.priceSale < p.price;
const saleMessage = { path: ['priceSale'], message: 'The sale price must be below the price' };

export const productBodySchema = productFieldsSchema.refine(saleBelowPrice, saleMessage);
export type ProductBody = z.infer<typeof productBodySchema>;

/** A category or gender written as our key or as the family's label (`Apparel`): our key. */
const categoryInput = productFieldsSchema.shape.category.transform((c) => categoryLabel(c) ?? c);
const genderInput = productFieldsSchema.shape.gender.transform((list) =>
  list.map((g) => genderLabel(g) ?? g),
);

/**
 * What `POST /api/products` requires: what a product cannot exist without — a name, a price and
 * a category. Everything else has a default (codes generated, no images, no stock, unpublished
 * fields empty); our form still asks for more, a client may send less.
 */
export const productCreateBodySchema = productFieldsSchema
  .extend({
    category: categoryInput,
    gender: genderInput.default([]),
    code: productFieldsSchema.shape.code.optional(),
    sku: productFieldsSchema.shape.sku.optional(),
    description: productFieldsSchema.shape.description.default(''),
    images: productFieldsSchema.shape.images.default([]),
    priceSale: productFieldsSchema.shape.priceSale.default(null),
    taxes: productFieldsSchema.shape.taxes.default(0),
    priceIncludesTax: productFieldsSchema.shape.priceIncludesTax.default(true),
    quantity: productFieldsSchema.shape.quantity.default(0),
    colors: z.array(z.string().trim().min(1).max(20)).max(20).default([]),
    sizes: productFieldsSchema.shape.sizes.default([]),
    tags: productFieldsSchema.shape.tags.default([]),
    newLabel: productFieldsSchema.shape.newLabel.default(false),
    saleLabel: productFieldsSchema.shape.saleLabel.default(false),
    published: productFieldsSchema.shape.published.default(true),
  })
  .refine(saleBelowPrice, saleMessage);
export type ProductCreateBody = z.infer<typeof productCreateBodySchema>;
/**
 * PATCH sends only what changed; the server re-checks the sale price against the stored price.
 * A category or gender comes as our key or the family's label (as a product answers it).
 */
export const productPatchSchema = productFieldsSchema
  .extend({ category: categoryInput, gender: genderInput })
  .partial()
  .refine(saleBelowPrice, saleMessage);
export type ProductPatch = z.infer<typeof productPatchSchema>;

export const reviewBodySchema = z.object({
  rating: z.number().int().min(1).max(5),
  comment: z.string().trim().min(1).max(2000),
});
export type ReviewBody = z.infer<typeof reviewBodySchema>;
export const reviewAnswerSchema = z.object({ review: reviewSchema, product: productSchema });
export const bulkDeleteAnswerSchema = z.object({ deleted: z.number().int() });

/** The actions of the product list's bulk bar. */
export const PRODUCT_BULK_ACTIONS = ['publish', 'hide', 'category', 'delete'] as const;
export type ProductBulkAction = (typeof PRODUCT_BULK_ACTIONS)[number];
export const PRODUCT_BULK_MAX = 500;

/** Several products, one action, one transaction; `category` as a product write takes it. */
export const productBulkBodySchema = z
  .object({
    ids: z.array(z.string().uuid()).min(1).max(PRODUCT_BULK_MAX),
    action: z.enum(PRODUCT_BULK_ACTIONS),
    category: categoryInput.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.action === 'category' && body.category === undefined)
      ctx.addIssue({ code: 'custom', path: ['category'], message: 'Required for this action' });
  });
export type ProductBulkBody = z.input<typeof productBulkBodySchema>;
/** What a bulk action did: the products it applies to now, and those refused, each named. */
export const productBulkAnswerSchema = bulkAnswerSchema;
export type ProductBulkAnswer = z.infer<typeof productBulkAnswerSchema>;
