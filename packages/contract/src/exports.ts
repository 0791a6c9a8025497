import { z } from 'zod';
import { apiPath } from './api-path';
import type { Permission } from './roles';

/**
 * A list's export too large to answer at once (more than the sync threshold, ORDER_EXPORT_MAX by
 * default) is written by a background job into a file kept `EXPORT_KEEP_DAYS` (7) days, listed
 * in the person's "My exports" (docs/decisions/044).
 */
export const EXPORTS_API = {
  /** `GET`: my exports, newest first. */
  list: '/api/exports',
  /** `DELETE`: one of mine, with its file. */
  one: apiPath('/api/exports/:id'),
  /** `GET`: the file of one of mine, once done (404 for another's, or once expired). */
  file: apiPath('/api/exports/:id/file'),
} as const;

/** The lists that export as a job, with the permission that reads each (checked again at download). */
export const EXPORT_LISTS = { orders: 'orders:read' } as const satisfies Record<string, Permission>;
export type ExportList = keyof typeof EXPORT_LISTS;
const LIST_NAMES = Object.keys(EXPORT_LISTS) as [ExportList, ...ExportList[]];

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** Days an export's file is kept when EXPORT_KEEP_DAYS is not set. */
export const EXPORT_KEEP_DAYS_DEFAULT = 7;

export const exportRecordSchema = z.object({
  id: z.uuid(),
  list: z.enum(LIST_NAMES),
  format: z.enum(EXPORT_FORMATS),
  /** The list's filters and sort as they were asked (`status`, `from`, `q`, `sort`…). */
  filter: z.record(z.string(), z.string()),
  status: z.enum(EXPORT_STATUSES),
  /** Rows written, once done. */
  rows: z.number().int().nullable(),
  /** The file's size in bytes, once done. */
  bytes: z.number().int().nullable(),
  /** Why it failed. */
  error: z.string().nullable(),
  /** The name the file downloads under (`orders-2026-11-29.xlsx`). */
  fileName: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** When the file (and the record) goes. */
  expiresAt: z.string(),
});
export type ExportRecord = z.infer<typeof exportRecordSchema>;

export const exportAnswerSchema = z.object({ export: exportRecordSchema });
export const exportListAnswerSchema = z.object({
  exports: z.array(exportRecordSchema),
  total: z.number().int(),
});
export type ExportListAnswer = z.infer<typeof exportListAnswerSchema>;
