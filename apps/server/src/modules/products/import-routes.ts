/**
 * The product list's import (docs/decisions/048): upload, preview (the dry run), run in a job,
 * read its progress and report — the people import's steps, on products keyed by SKU. What the
 * product export writes (its raw field names as the header), the import reads back.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import {
  IMPORT_MAX_ROWS,
  IMPORT_PREVIEW_PAGE,
  importAnswerSchema,
  importIdParamsSchema,
  importOptionsSchema,
  importPreviewAnswerSchema,
  importPreviewQuerySchema,
  type Import,
} from '@bo/contract/imports';
import { PRODUCT_TRANSFER_API } from '@bo/contract/products-transfer-paths';
import { imports, users } from '../../db/schema/index.js';
import { fieldError, notFound } from '../../lib/http-error.js';
import { countsOf, personLang, receiveImport } from '../../lib/imports.js';
import { errorResponses, withExample } from '../../lib/route-schemas.js';
import { requireAuth, type AuthContext } from '../../plugins/auth.js';
import {
  PRODUCT_IMPORT_JOB,
  planProductImport,
  readProductImport,
  suggestProductMapping,
  type ProductImportJobData,
} from './import.js';

type ImportRow = typeof imports.$inferSelect;

function toImport(row: ImportRow): Import {
  return {
    id: row.id,
    fileName: row.fileName,
    format: row.format,
    columns: row.columns,
    suggestedMapping: suggestProductMapping(row.columns),
    rowCount: row.rowCount,
    status: row.status as Import['status'],
    progress: { processed: row.processed, total: row.total },
    report: row.report ?? null,
    error: row.error ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function productImportRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { services } = app;
  const { db } = services;

  /** The language the person reads: asked, else Accept-Language, else their stored one. */
  async function langOf(request: FastifyRequest, auth: AuthContext, asked: string | undefined) {
    if (asked) return personLang(request, asked, null);
    const [me] = await db
      .select({ locale: users.locale })
      .from(users)
      .where(eq(users.id, auth.userId));
    return personLang(request, undefined, me?.locale);
  }

  /** The person's own product import (another's is not found). */
  async function ownImport(auth: AuthContext, id: string): Promise<ImportRow> {
    const [row] = await db
      .select()
      .from(imports)
      .where(
        and(eq(imports.id, id), eq(imports.ownerId, auth.userId), eq(imports.list, 'products')),
      );
    if (!row) throw notFound('Import');
    return row;
  }

  app.post(
    PRODUCT_TRANSFER_API.imports,
    {
      config: { permission: 'products:write' },
      schema: {
        operationId: 'uploadProductImport',
        tags: ['products'],
        summary: `Upload a CSV or XLSX of products to import (multipart field "file", at most ${IMPORT_MAX_ROWS} rows); answers its columns and a suggested mapping`,
        consumes: ['multipart/form-data'],
        response: { 201: importAnswerSchema, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      return receiveImport(app, request, 'products.csv', async ({ name, format, key, table }) => {
        const [row] = await db
          .insert(imports)
          .values({
            ownerId: auth.userId,
            list: 'products',
            fileName: name,
            format,
            storageKey: key,
            columns: table.columns,
            rowCount: table.rows.length,
          })
          .returning();
        reply.status(201);
        return { import: toImport(row!) };
      });
    },
  );

  app.get(
    PRODUCT_TRANSFER_API.importOne.pattern,
    {
      config: { permission: 'products:write' },
      schema: {
        operationId: 'getProductImport',
        tags: ['products'],
        summary: 'One of my product imports: its state, progress and report',
        params: importIdParamsSchema,
        response: { 200: importAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return { import: toImport(await ownImport(auth, request.params.id)) };
    },
  );

  const optionsExample = {
    mapping: { name: 'name', sku: 'sku', category: 'category', price: 'price' },
    duplicates: 'update' as const,
  };

  app.post(
    PRODUCT_TRANSFER_API.importPreview.pattern,
    {
      config: { permission: 'products:write' },
      schema: {
        operationId: 'previewProductImport',
        tags: ['products'],
        summary:
          'The dry run of a product import: counts per action and, a page at a time, each row with its errors (in the person’s language)',
        params: importIdParamsSchema,
        querystring: importPreviewQuerySchema,
        body: withExample(importOptionsSchema, optionsExample),
        response: { 200: importPreviewAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const row = await ownImport(auth, request.params.id);
      const lang = await langOf(request, auth, request.body.lang);
      const plan = await planProductImport(
        db,
        await readProductImport(app, row),
        request.body.mapping,
        request.body.duplicates,
        lang,
      );
      const shown = request.query.rows === 'all' ? plan : plan.filter((r) => r.errors.length);
      const { page } = request.query;
      const start = (page - 1) * IMPORT_PREVIEW_PAGE;
      return {
        counts: countsOf(plan),
        rows: shown
          .slice(start, start + IMPORT_PREVIEW_PAGE)
          .map(({ row: n, action, errors }) => ({ row: n, action, errors })),
        total: shown.length,
        page,
        pageSize: IMPORT_PREVIEW_PAGE,
      };
    },
  );

  app.post(
    PRODUCT_TRANSFER_API.importRun.pattern,
    {
      config: { permission: 'products:write' },
      schema: {
        operationId: 'runProductImport',
        tags: ['products'],
        summary: 'Run a product import in a job (its progress and report: GET the import)',
        params: importIdParamsSchema,
        body: withExample(importOptionsSchema, optionsExample),
        response: { 202: importAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const row = await ownImport(auth, request.params.id);
      if (row.status !== 'uploaded' && row.status !== 'failed')
        throw fieldError('id', 'already_run', 'This import has already been run', 409);
      const lang = await langOf(request, auth, request.body.lang);
      // A wrong mapping is refused now, not in the job.
      await planProductImport(
        db,
        { columns: row.columns, rows: [] },
        request.body.mapping,
        request.body.duplicates,
        lang,
      );
      const [queued] = await db
        .update(imports)
        .set({
          status: 'queued',
          options: { ...request.body, lang },
          processed: 0,
          total: 0,
          report: null,
          error: null,
          updatedAt: new Date(),
        })
        .where(eq(imports.id, row.id))
        .returning();
      const data: ProductImportJobData = {
        importId: row.id,
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
        tokenId: auth.tokenId ?? null,
      };
      await services.jobs.send(PRODUCT_IMPORT_JOB, data);
      reply.status(202);
      return { import: toImport(queued!) };
    },
  );
}
