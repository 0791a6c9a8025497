import { apiPath } from './api-path';

/**
 * The product list's import, apart from PRODUCTS_API: pages that do not import (the shop, a
 * product's page) must not carry these. Zod-free (docs/decisions/048).
 */
export const PRODUCT_TRANSFER_API = {
  /** POST (multipart "file"): a CSV or XLSX of products to import; answers its columns. */
  imports: '/api/products/imports',
  /** GET: an import's state, progress and report. */
  importOne: apiPath('/api/products/imports/:id'),
  /** POST: the dry run of an import with a mapping: what each row would do, its errors. */
  importPreview: apiPath('/api/products/imports/:id/preview'),
  /** POST: runs the import in a job (202). */
  importRun: apiPath('/api/products/imports/:id/run'),
};

/** The product fields an import reads (the product export's columns that a product is written from). */
export const PRODUCT_IMPORT_FIELDS = [
  'name',
  'sku',
  'code',
  'category',
  'price',
  'priceSale',
  'quantity',
  'published',
] as const;
export type ProductImportField = (typeof PRODUCT_IMPORT_FIELDS)[number];
/** A product cannot be created without these; the SKU finds the product a row updates. */
export const PRODUCT_IMPORT_REQUIRED: readonly ProductImportField[] = [
  'name',
  'sku',
  'category',
  'price',
];
