import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { bulkIdsSchema, idParamsSchema } from '@bo/contract/common';
import {
  PRODUCTS_API,
  bulkDeleteAnswerSchema,
  productAnswerSchema,
  productBulkAnswerSchema,
  productBulkBodySchema,
  productCreateBodySchema,
  productSearchAnswerSchema,
  productSearchQuerySchema,
  productListQuerySchema,
  productPatchSchema,
  productQuerySchema,
  productSchema,
  productsAnswerSchema,
  reviewAnswerSchema,
  reviewBodySchema,
  reviewSchema,
} from '@bo/contract/products';
import { productReviews, products, reviewHelpful } from '../../db/schema/commerce.js';
import { users } from '../../db/schema/core.js';
import { audit } from '../../lib/audit.js';
import { HttpError, fieldError, notFound } from '../../lib/http-error.js';
import { toCents } from '../../lib/money.js';
import { errorResponses, mediaAnswer, withExample } from '../../lib/route-schemas.js';
import { answerList, limitMaxOf, withUnpaged } from '../../lib/unpaged.js';
import { requireAuth } from '../../plugins/auth.js';
import { productImportRoutes } from './import-routes.js';
import {
  findProductByName,
  latestReviews,
  listProducts,
  productValues,
  productsCsv,
  slugify,
  claimProductSlug,
  toProduct,
  toReview,
  uniqueProductSlug,
} from './queries.js';

const EXPORT_MAX_ROWS = 10_000;
const PRODUCT_LIMIT_MAX = limitMaxOf(productListQuerySchema);
const canWrite = (request: FastifyRequest) =>
  request.auth?.permissions.has('products:write') ?? false;

/** A duplicate SKU or slug (unique indexes) becomes a 409 naming the field. */
function uniqueViolation(err: unknown): never {
  const e = err as {
    code?: string;
    constraint?: string;
    cause?: { code?: string; constraint?: string };
  };
  const code = e.code ?? e.cause?.code;
  const constraint = e.constraint ?? e.cause?.constraint ?? '';
  if (code === '23505' && constraint.includes('sku'))
    throw fieldError('sku', 'sku_taken', 'This SKU is already used', 409);
  if (code === '23505' && constraint.includes('slug'))
    throw fieldError('slug', 'slug_taken', 'This slug is already used', 409);
  throw err;
}

export async function productRoutes(appBase: FastifyInstance) {
  await productImportRoutes(appBase);
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db } = app.services;

  app.get(
    PRODUCTS_API.list,
    {
      config: {
        permission: 'products:read',
        cache: withUnpaged({ tables: ['products'], scope: 'role' }, 'page'),
      },
      schema: {
        operationId: 'listProducts',
        tags: ['products'],
        summary:
          'The shop and the product list: paged, filtered and sorted in SQL; without page or ' +
          'limit, up to UNPAGED_LIST_MAX products and Link rel="next"',
        querystring: productListQuerySchema,
        response: { 200: productsAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      answerList(request, reply, {
        kind: 'page',
        limitMax: PRODUCT_LIMIT_MAX,
        asked: request.query,
        rows: (answer) => answer.products.length,
        read: (size: number | null) =>
          listProducts(
            db,
            size === null ? request.query : { ...request.query, page: 1, limit: size },
            canWrite(request),
          ),
      }),
  );

  app.get(
    PRODUCTS_API.exportCsv,
    {
      config: { permission: 'products:read' },
      schema: {
        operationId: 'exportProductsCsv',
        tags: ['products'],
        summary: `The current filter as CSV (at most ${EXPORT_MAX_ROWS} rows)`,
        querystring: productListQuerySchema.extend({
          limit: z.coerce.number().int().min(1).max(EXPORT_MAX_ROWS).default(EXPORT_MAX_ROWS),
        }),
        response: {
          200: mediaAnswer('text/csv', 'The products as CSV, a header line first'),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { products: list } = await listProducts(
        db,
        { ...request.query, page: 1 },
        canWrite(request),
      );
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', 'attachment; filename="products.csv"');
      return productsCsv(list);
    },
  );

  app.get(
    PRODUCTS_API.search,
    {
      config: { permission: 'products:read', cache: { tables: ['products'], scope: 'role' } },
      schema: {
        operationId: 'searchProducts',
        tags: ['products'],
        summary: 'Shop search by name (the template family’s call): { results }',
        querystring: productSearchQuerySchema,
        response: { 200: productSearchAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { query, limit } = request.query;
      if (!query) return { results: [] };
      const { products: results } = await listProducts(
        db,
        productListQuerySchema.parse({ q: query, limit }),
        canWrite(request),
      );
      return { results };
    },
  );

  app.get(
    PRODUCTS_API.product,
    {
      config: {
        permission: 'products:read',
        cache: { tables: ['products', 'product_reviews', 'users'], scope: 'role' },
      },
      schema: {
        operationId: 'getProduct',
        tags: ['products'],
        summary: 'One product by slug or exact name, with its latest reviews',
        querystring: productQuerySchema,
        response: { 200: productAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const row = await findProductByName(db, request.query.name);
      if (!row || (!row.published && !canWrite(request))) throw notFound('Product');
      return { product: { ...toProduct(row), reviews: await latestReviews(db, row.id) } };
    },
  );

  app.post(
    PRODUCTS_API.list,
    {
      config: { permission: 'products:write' },
      schema: {
        operationId: 'createProduct',
        tags: ['products'],
        summary: 'Create a product (name, price and category required; the rest defaulted)',
        body: withExample(productCreateBodySchema, {
          name: 'Urban Explorer Sneakers',
          price: 83.74,
          category: 'Shoes',
          quantity: 120,
          sizes: ['40', '41', '42'],
          colors: ['#000000'],
        }),
        response: {
          201: z.object({ product: productSchema }),
          ...errorResponses(400, 401, 403, 409),
        },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const body = request.body;
      const row = await db
        .transaction(async (tx) => {
          const slug = await uniqueProductSlug(tx, body.slug ?? slugify(body.name));
          // Codes a client left out are made up, unique by construction.
          const made = randomBytes(5).toString('hex').toUpperCase();
          const values = productValues({
            ...body,
            code: body.code ?? `P-${made}`,
            sku: body.sku ?? `SKU-${made}`,
          });
          const [created] = await tx
            .insert(products)
            .values({ ...values, slug } as typeof products.$inferInsert)
            .returning();
          await claimProductSlug(tx, created!.id, slug);
          await audit(tx, request, {
            actorId: auth.userId,
            action: 'product.create',
            targetId: created!.id,
          });
          return created!;
        })
        .catch(uniqueViolation);
      reply.status(201);
      return { product: toProduct(row) };
    },
  );

  app.patch(
    PRODUCTS_API.one.pattern,
    {
      config: { permission: 'products:write' },
      schema: {
        operationId: 'updateProduct',
        tags: ['products'],
        summary: 'Change a product (only the fields sent)',
        params: idParamsSchema,
        body: productPatchSchema,
        response: {
          200: z.object({ product: productSchema }),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = request.params;
      const body = request.body;
      const row = await db
        .transaction(async (tx) => {
          const [current] = await tx
            .select()
            .from(products)
            .where(eq(products.id, id))
            .for('update');
          if (!current) throw notFound('Product');
          const price =
            body.price !== undefined ? Math.round(body.price * 100) : toCents(current.price);
          const sale =
            body.priceSale !== undefined
              ? body.priceSale === null
                ? null
                : Math.round(body.priceSale * 100)
              : current.priceSale === null
                ? null
                : toCents(current.priceSale);
          if (sale !== null && sale >= price) {
            throw fieldError(
              'priceSale',
              'sale_not_below_price',
              'The sale price must be below the price',
            );
          }
          const values = productValues(body);
          if (body.slug !== undefined && body.slug !== current.slug) {
            const free = await uniqueProductSlug(tx, body.slug, id);
            if (free !== body.slug)
              throw fieldError('slug', 'slug_taken', 'This slug is already used', 409);
            values.slug = body.slug;
            await claimProductSlug(tx, id, body.slug, current.slug);
          }
          const [updated] = await tx
            .update(products)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(products.id, id))
            .returning();
          await audit(tx, request, {
            actorId: auth.userId,
            action: 'product.update',
            targetId: id,
            meta: { fields: Object.keys(body) },
          });
          return updated!;
        })
        .catch(uniqueViolation);
      return { product: toProduct(row) };
    },
  );

  app.delete(
    PRODUCTS_API.one.pattern,
    {
      config: { permission: 'products:write' },
      schema: {
        operationId: 'deleteProduct',
        tags: ['products'],
        summary: 'Delete a product (past orders keep their lines)',
        params: idParamsSchema,
        response: { 200: bulkDeleteAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const deleted = await db.transaction(async (tx) => {
        const rows = await tx
          .delete(products)
          .where(eq(products.id, request.params.id))
          .returning({ id: products.id });
        if (!rows.length) throw notFound('Product');
        await audit(tx, request, {
          actorId: auth.userId,
          action: 'product.delete',
          targetId: request.params.id,
        });
        return rows.length;
      });
      return { deleted };
    },
  );

  app.post(
    PRODUCTS_API.bulkDelete,
    {
      config: { permission: 'products:write' },
      schema: {
        operationId: 'deleteProducts',
        tags: ['products'],
        summary: 'Delete several products in one transaction',
        body: bulkIdsSchema,
        response: { 200: bulkDeleteAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const deleted = await db.transaction(async (tx) => {
        const rows = await tx
          .delete(products)
          .where(inArray(products.id, request.body.ids))
          .returning({ id: products.id });
        await audit(tx, request, {
          actorId: auth.userId,
          action: 'product.bulk_delete',
          meta: { ids: rows.map((r) => r.id) },
        });
        return rows.length;
      });
      return { deleted };
    },
  );

  app.post(
    PRODUCTS_API.bulk,
    {
      config: { permission: 'products:write' },
      schema: {
        operationId: 'bulkUpdateProducts',
        tags: ['products'],
        summary:
          'Publish, hide, move to a category or delete several products in one transaction; ' +
          'those refused are named with the reason',
        body: productBulkBodySchema,
        response: { 200: productBulkAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { action, category } = request.body;
      const ids = [...new Set(request.body.ids)];
      return db.transaction(async (tx) => {
        const changed: string[] = [];
        const refused: Array<{ id: string; name: string | null; code: string; message: string }> =
          [];
        const names: string[] = [];
        for (const id of ids) {
          // Each product in a savepoint of its own: a refused one leaves the others' changes.
          try {
            await tx.transaction(async (sp) => {
              const [current] = await sp
                .select({ id: products.id, name: products.name })
                .from(products)
                .where(eq(products.id, id))
                .for('update');
              if (!current) throw notFound('Product');
              if (action === 'delete') await sp.delete(products).where(eq(products.id, id));
              else
                await sp
                  .update(products)
                  .set({
                    ...(action === 'category'
                      ? productValues({ category: category! })
                      : { published: action === 'publish' }),
                    updatedAt: new Date(),
                  })
                  .where(eq(products.id, id));
              names.push(current.name);
            });
            changed.push(id);
          } catch (error) {
            if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
            const [row] = await tx
              .select({ name: products.name })
              .from(products)
              .where(eq(products.id, id));
            const detail = error.details?.[0];
            refused.push({
              id,
              name: row?.name ?? null,
              code: detail?.code ?? (error.statusCode === 404 ? 'not_found' : 'conflict'),
              message: detail?.message ?? error.message,
            });
          }
        }
        if (changed.length)
          await audit(tx, request, {
            actorId: auth.userId,
            action: action === 'delete' ? 'product.bulk_delete' : 'product.bulk_update',
            meta: {
              action,
              ...(action === 'category' ? { category } : {}),
              count: changed.length,
              ids: changed,
              names: names.slice(0, 50),
              refused: refused.length,
            },
          });
        return { changed, refused };
      });
    },
  );

  app.post(
    PRODUCTS_API.reviews.pattern,
    {
      config: { permission: 'products:read' },
      schema: {
        operationId: 'createProductReview',
        tags: ['products'],
        summary: "Write a review; the product's rating is recomputed in the same transaction",
        params: idParamsSchema,
        body: reviewBodySchema,
        response: { 201: reviewAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { rating, comment } = request.body;
      const result = await db.transaction(async (tx) => {
        // Row lock so two reviews at once both count.
        const [current] = await tx
          .select()
          .from(products)
          .where(eq(products.id, request.params.id))
          .for('update');
        if (!current || (!current.published && !canWrite(request))) throw notFound('Product');
        // One review per person and product (under the product's row lock, so two at once
        // cannot both pass).
        const [mine] = await tx
          .select({ id: productReviews.id })
          .from(productReviews)
          .where(
            and(eq(productReviews.productId, current.id), eq(productReviews.userId, auth.userId)),
          )
          .limit(1);
        if (mine) {
          throw fieldError(
            'rating',
            'review_exists',
            'You have already reviewed this product',
            409,
          );
        }
        const [review] = await tx
          .insert(productReviews)
          .values({ productId: current.id, userId: auth.userId, rating, comment })
          .returning();
        const stars =
          current.ratingsByStar.length === 5 ? [...current.ratingsByStar] : [0, 0, 0, 0, 0];
        stars[rating - 1] = (stars[rating - 1] ?? 0) + 1;
        const [updated] = await tx
          .update(products)
          .set({
            ratingSum: sql`${products.ratingSum} + ${rating}`,
            reviewCount: sql`${products.reviewCount} + 1`,
            ratingsByStar: stars,
          })
          .where(eq(products.id, current.id))
          .returning();
        const [author] = await tx
          .select({ name: users.displayName, avatarUrl: users.avatarUrl })
          .from(users)
          .where(eq(users.id, auth.userId));
        return {
          review: toReview(review!, author?.name ?? null, author?.avatarUrl ?? null),
          product: toProduct(updated!),
        };
      });
      reply.status(201);
      return result;
    },
  );

  app.post(
    PRODUCTS_API.helpful.pattern,
    {
      config: { permission: 'products:read' },
      schema: {
        operationId: 'markReviewHelpful',
        tags: ['products'],
        summary: 'Mark a review as helpful',
        params: idParamsSchema.extend({ reviewId: z.string().uuid() }),
        response: {
          200: z.object({ review: reviewSchema }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const row = await db.transaction(async (tx) => {
        const [review] = await tx
          .select()
          .from(productReviews)
          .where(
            and(
              eq(productReviews.id, request.params.reviewId),
              eq(productReviews.productId, request.params.id),
            ),
          );
        if (!review) throw notFound('Review');
        // Its author's own vote would count for nothing but themselves.
        if (review.userId === auth.userId) {
          const message = 'You cannot mark your own review as helpful';
          throw new HttpError(403, 'OWN_REVIEW', message, [
            { field: 'reviewId', code: 'own_review', message },
          ]);
        }
        // Once per person: a second "helpful" from the same person changes nothing.
        const counted = await tx
          .insert(reviewHelpful)
          .values({ reviewId: review.id, userId: auth.userId })
          .onConflictDoNothing()
          .returning({ reviewId: reviewHelpful.reviewId });
        if (!counted.length) return review;
        const [updated] = await tx
          .update(productReviews)
          .set({ helpful: sql`${productReviews.helpful} + 1` })
          .where(eq(productReviews.id, review.id))
          .returning();
        return updated!;
      });
      const [author] = row.userId
        ? await db
            .select({ name: users.displayName, avatarUrl: users.avatarUrl })
            .from(users)
            .where(eq(users.id, row.userId))
        : [];
      return { review: toReview(row, author?.name ?? null, author?.avatarUrl ?? null) };
    },
  );
}
