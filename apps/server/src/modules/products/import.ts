/**
 * Importing products from a CSV or XLSX file (docs/decisions/048): each row read through the
 * mapping into the body the create form sends, validated by the contract's
 * productCreateBodySchema, then planned — create, update, unchanged, skip or error — against the
 * products already there by SKU. The shared steps (upload, header recognition, zod issues as row
 * errors, counts, batches in savepoints) are lib/imports.ts, as for people.
 */
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import {
  type ImportDuplicatePolicy,
  type ImportPreviewRow,
  type ImportReport,
  type ImportRowError,
} from '@bo/contract/imports';
import { productCreateBodySchema, type ProductCreateBody } from '@bo/contract/products';
import {
  PRODUCT_IMPORT_FIELDS,
  PRODUCT_IMPORT_REQUIRED,
  type ProductImportField,
} from '@bo/contract/products-transfer-paths';
import type { Executor } from '../../db/client.js';
import { products } from '../../db/schema/commerce.js';
import { imports } from '../../db/schema/index.js';
import { audit, type AuditEntry } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-error.js';
import {
  columnIndexes,
  importTable,
  issueError,
  runInBatches,
  suggestFieldMapping,
  type ImportLang as Lang,
  type RowErrorOf,
} from '../../lib/imports.js';
import { toCents } from '../../lib/money.js';
import type { SheetTable } from '../../lib/sheets.js';
import { claimProductSlug, productValues, slugify, uniqueProductSlug } from './queries.js';
import {
  PRODUCT_ALIASES,
  PRODUCT_HEADERS,
  productRowMessage,
  type ProductRowErrorCode,
} from './import-texts.js';

type ProductRow = typeof products.$inferSelect;
type ImportRow = typeof imports.$inferSelect;

/** The job kind that runs a product import. */
export const PRODUCT_IMPORT_JOB = 'product-import';
/** Rows written per transaction by the job (progress moves after each). */
export const PRODUCT_IMPORT_BATCH = 100;

export interface PlannedProductRow extends ImportPreviewRow {
  create?: ProductCreateBody;
  update?: { id: string; changes: Partial<ProductCreateBody> };
}

export const suggestProductMapping = (columns: readonly string[]) =>
  suggestFieldMapping(PRODUCT_IMPORT_FIELDS, columns, (field) => [
    ...(PRODUCT_ALIASES[field] ?? []),
    ...Object.values(PRODUCT_HEADERS).map((h) => h[field]),
  ]);

const errorsIn =
  (lang: Lang): RowErrorOf<ProductRowErrorCode> =>
  (field, code, params) => ({ field, code, message: productRowMessage(lang, code, params) });

const NUMBER = /^-?\d+(?:\.\d+)?$/;
const TRUE = new Set(['true', 'yes', '1', 'oui', 'vrai']);
const FALSE = new Set(['false', 'no', '0', 'non', 'faux']);

/** A cell as the form would send the field; a cell that cannot be one is kept, zod names it. */
function cellValue(field: ProductImportField, value: string): unknown {
  switch (field) {
    case 'price':
    case 'priceSale':
    case 'quantity':
      return NUMBER.test(value) ? Number(value) : value;
    case 'published': {
      const v = value.toLowerCase();
      return TRUE.has(v) ? true : FALSE.has(v) ? false : value;
    }
    default:
      return value;
  }
}

/** What the row's cells say: an empty sale price clears it, other empty cells are left out. */
function rowInput(
  cells: readonly string[],
  indexes: Partial<Record<ProductImportField, number>>,
): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of PRODUCT_IMPORT_FIELDS) {
    const index = indexes[field];
    if (index === undefined) continue;
    const value = (cells[index] ?? '').trim();
    if (value !== '') input[field] = cellValue(field, value);
    else if (field === 'priceSale') input[field] = null;
  }
  return input;
}

/** The stored value of a field in the form's terms, to compare with a row's. */
function currentValue(p: ProductRow, field: ProductImportField): unknown {
  switch (field) {
    case 'price':
      return toCents(p.price) / 100;
    case 'priceSale':
      return p.priceSale === null ? null : toCents(p.priceSale) / 100;
    default:
      return p[field];
  }
}

/** What each row of the file would do now; SKUs compared as written (trimmed). */
export async function planProductImport(
  db: Executor,
  table: SheetTable,
  mapping: Record<string, string | null>,
  duplicates: ImportDuplicatePolicy,
  lang: Lang,
): Promise<PlannedProductRow[]> {
  const indexes = columnIndexes(
    table.columns,
    mapping,
    PRODUCT_IMPORT_FIELDS,
    PRODUCT_IMPORT_REQUIRED,
    'Products',
  );
  const rowError = errorsIn(lang);
  const parsed = table.rows.map(({ row, cells }) => {
    const input = rowInput(cells, indexes);
    const result = productCreateBodySchema.safeParse(input);
    const errors: ImportRowError[] = result.success
      ? []
      : result.error.issues.map((issue) =>
          issue.code === 'custom' && issue.path[0] === 'priceSale'
            ? rowError('priceSale', 'sale_not_below_price')
            : issueError(issue, rowError),
        );
    if (result.success && !result.data.sku) errors.push(rowError('sku', 'required'));
    return { row, input, data: result.success ? result.data : undefined, errors };
  });
  const skus = [...new Set(parsed.flatMap((p) => (p.data?.sku ? [p.data.sku] : [])))];
  const existing = new Map<string, ProductRow>();
  for (let i = 0; i < skus.length; i += 1000) {
    const found = await db
      .select()
      .from(products)
      .where(inArray(products.sku, skus.slice(i, i + 1000)));
    for (const p of found) existing.set(p.sku, p);
  }
  const firstRowOf = new Map<string, number>();
  return parsed.map(({ row, input, data, errors }): PlannedProductRow => {
    if (data?.sku) {
      const first = firstRowOf.get(data.sku);
      if (first !== undefined) errors.push(rowError('sku', 'duplicate_in_file', { row: first }));
      else firstRowOf.set(data.sku, row);
    }
    if (errors.length || !data) return { row, action: 'error', errors };
    const current = existing.get(data.sku!);
    if (!current) return { row, action: 'create', errors: [], create: data };
    if (duplicates === 'skip') return { row, action: 'skip', errors: [] };
    // Only what the file says (mapped, not left empty) is compared and changed.
    const changes: Record<string, unknown> = {};
    for (const field of Object.keys(input) as ProductImportField[]) {
      if (field === 'sku') continue;
      const value = data[field];
      if ((value ?? null) !== (currentValue(current, field) ?? null)) changes[field] = value;
    }
    if (Object.keys(changes).length === 0) return { row, action: 'unchanged', errors: [] };
    // The sale price stays below the price the product will have.
    const price = (changes.price as number | undefined) ?? currentValue(current, 'price');
    const sale =
      changes.priceSale !== undefined ? changes.priceSale : currentValue(current, 'priceSale');
    if (typeof sale === 'number' && typeof price === 'number' && sale >= price)
      return {
        row,
        action: 'error',
        errors: [rowError('priceSale', 'sale_not_below_price')],
      };
    return { row, action: 'update', errors: [], update: { id: current.id, changes } };
  });
}

export const readProductImport = (app: FastifyInstance, row: ImportRow) => importTable(app, row);

export interface ProductImportJobData {
  importId: string;
  ip: string;
  userAgent: string | null;
  tokenId: string | null;
}

/** A refusal met while writing (a unique code or SKU taken meanwhile) as the row's error. */
function writeError(lang: Lang, error: unknown): ImportRowError {
  const rowError = errorsIn(lang);
  const e = error as {
    code?: string;
    constraint?: string;
    cause?: { code?: string; constraint?: string };
  };
  const code = e.code ?? e.cause?.code;
  if (code === '23505') {
    const constraint = e.constraint ?? e.cause?.constraint ?? '';
    return rowError(constraint.includes('code') ? 'code' : 'sku', 'taken');
  }
  if (error instanceof HttpError)
    return rowError(error.details?.[0]?.field ?? 'row', 'refused', { reason: error.message });
  throw error;
}

/**
 * The `product-import` job: plans the file again on today's data, writes in transactions of
 * PRODUCT_IMPORT_BATCH rows (each in a savepoint), records progress after each, then the report
 * and one audit entry `product.import` with the counts. Run again after a crash, the rows already
 * written are unchanged: nothing twice.
 */
export async function runProductImport(
  app: FastifyInstance,
  data: ProductImportJobData,
): Promise<unknown> {
  const { db } = app.services;
  const [job] = await db.select().from(imports).where(eq(imports.id, data.importId));
  if (!job || job.status === 'done' || !job.options) return { skipped: true };
  const lang = (job.options.lang ?? 'en') as Lang;
  const source = {
    ip: data.ip,
    headers: data.userAgent ? { 'user-agent': data.userAgent } : {},
    auth: data.tokenId ? { tokenId: data.tokenId } : null,
  };
  const setState = (values: Partial<ImportRow>) =>
    db
      .update(imports)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(imports.id, job.id));
  try {
    const table = await readProductImport(app, job);
    const duplicates = job.options.duplicates ?? 'update';
    const plan = await planProductImport(db, table, job.options.mapping, duplicates, lang);
    const writes = plan.filter((r) => r.create || r.update);
    await setState({ status: 'running', processed: 0, total: writes.length, error: null });
    const outcome = await runInBatches(db, writes, PRODUCT_IMPORT_BATCH, {
      write: async (sp, r) => {
        if (r.create) {
          const body = r.create;
          const made = randomBytes(5).toString('hex').toUpperCase();
          const slug = await uniqueProductSlug(sp, slugify(body.name));
          const values = productValues({ ...body, code: body.code ?? `P-${made}` });
          const [created] = await sp
            .insert(products)
            .values({ ...values, slug } as typeof products.$inferInsert)
            .returning({ id: products.id });
          await claimProductSlug(sp, created!.id, slug);
          return 'created';
        }
        await sp
          .update(products)
          .set({ ...productValues(r.update!.changes), updatedAt: new Date() })
          .where(eq(products.id, r.update!.id));
        return 'updated';
      },
      refusal: (error) => writeError(lang, error),
      progress: (tx, processed) =>
        tx.update(imports).set({ processed, updatedAt: new Date() }).where(eq(imports.id, job.id)),
    });
    const report: ImportReport = {
      created: outcome.created,
      updated: outcome.updated,
      unchanged: plan.filter((r) => r.action === 'unchanged').length,
      skipped: plan.filter((r) => r.action === 'skip').length,
      refused: [
        ...plan.filter((r) => r.action === 'error').map((r) => ({ row: r.row, errors: r.errors })),
        ...outcome.refused,
      ].sort((a, b) => a.row - b.row),
    };
    await db.transaction(async (tx) => {
      await tx
        .update(imports)
        .set({ status: 'done', report, updatedAt: new Date() })
        .where(eq(imports.id, job.id));
      const entry: AuditEntry = {
        actorId: job.ownerId,
        action: 'product.import',
        targetId: job.id,
        meta: {
          file: job.fileName,
          rows: table.rows.length,
          created: report.created,
          updated: report.updated,
          unchanged: report.unchanged,
          skipped: report.skipped,
          refused: report.refused.length,
          duplicates,
        },
      };
      await audit(tx, source, entry);
    });
    return { created: report.created, updated: report.updated, refused: report.refused.length };
  } catch (error) {
    await setState({
      status: 'failed',
      error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
    });
    throw error;
  }
}
