import { z } from 'zod';
import { INVITATION_LANGS } from './invitations';

/**
 * Importing a list from a CSV or XLSX file (people now; the same steps serve other lists): upload
 * → map the file's columns to the list's fields → preview (a dry run naming each bad row and
 * field) → run in a job with progress → report. See docs/decisions/045.
 */

/** Rows one import reads at most (as many as one export writes). */
export const IMPORT_MAX_ROWS = 10_000;
/** Bytes one import file may hold. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Rows of a preview answer per page (every bad row is reachable by paging). */
export const IMPORT_PREVIEW_PAGE = 100;

export const IMPORT_STATES = ['uploaded', 'queued', 'running', 'done', 'failed'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

/** A row whose email (SKU…) already exists: updated from the file, or left as it is. */
export const IMPORT_DUPLICATE_POLICIES = ['update', 'skip'] as const;
export type ImportDuplicatePolicy = (typeof IMPORT_DUPLICATE_POLICIES)[number];

/** What a row does: `unchanged` is an existing record the file holds exactly as it is. */
export const IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'skip', 'error'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

/** The language of headers and messages the server writes for the person. */
export const importLangSchema = z.enum(INVITATION_LANGS);

export const importIdParamsSchema = z.object({ id: z.string().uuid() });

export const importRowErrorSchema = z.object({
  /** The list's field (e.g. `email`), or `row` for the row as a whole. */
  field: z.string(),
  /** A stable code the web may translate itself (`required`, `invalid_email`, `role_unknown`…). */
  code: z.string(),
  /** The message in the person's language. */
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/** The file's column name for each field of the list; null leaves the field out. */
export const importMappingSchema = z.record(z.string().max(60), z.string().max(200).nullable());
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const importOptionsSchema = z.object({
  mapping: importMappingSchema,
  duplicates: z.enum(IMPORT_DUPLICATE_POLICIES).default('update'),
  /** The language of the row messages (else Accept-Language, else the person's, else English). */
  lang: importLangSchema.optional(),
});
export type ImportOptions = z.input<typeof importOptionsSchema>;

export const importPreviewQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  /** `errors`: only the refused rows (the default); `all`: every row with its action. */
  rows: z.enum(['errors', 'all']).default('errors'),
});

export const importCountsSchema = z.object({
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  skip: z.number().int(),
  error: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

export const importPreviewRowSchema = z.object({
  /** The row's number in the file, the header being row 1 (a spreadsheet's row number). */
  row: z.number().int(),
  action: z.enum(IMPORT_ACTIONS),
  errors: z.array(importRowErrorSchema),
});
export type ImportPreviewRow = z.infer<typeof importPreviewRowSchema>;

export const importPreviewAnswerSchema = z.object({
  counts: importCountsSchema,
  rows: z.array(importPreviewRowSchema),
  /** How many rows the filter (`rows`) holds, over every page. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ImportPreviewAnswer = z.infer<typeof importPreviewAnswerSchema>;

export const importReportSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
  refused: z.array(z.object({ row: z.number().int(), errors: z.array(importRowErrorSchema) })),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const importSchema = z.object({
  id: z.string().uuid(),
  fileName: z.string(),
  format: z.enum(['csv', 'xlsx']),
  /** The file's header cells, in order. */
  columns: z.array(z.string()),
  /** The list's field → the file column that looks like it (its header in any of our languages). */
  suggestedMapping: z.record(z.string(), z.string().nullable()),
  /** Data rows in the file (the header and empty rows not counted). */
  rowCount: z.number().int(),
  status: z.enum(IMPORT_STATES),
  progress: z.object({ processed: z.number().int(), total: z.number().int() }),
  report: importReportSchema.nullable(),
  /** Why a failed import stopped. */
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Import = z.infer<typeof importSchema>;
export const importAnswerSchema = z.object({ import: importSchema });
export type ImportAnswer = z.infer<typeof importAnswerSchema>;
