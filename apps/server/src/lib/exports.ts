import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import {
  EXPORT_KEEP_DAYS_DEFAULT,
  type ExportFormat,
  type ExportList,
  type ExportRecord,
} from '@bo/contract/exports';
import { WEB_ROUTE_MANIFEST } from '@bo/contract/web-routes';
import type { Executor } from '../db/client.js';
import { exportFiles, users } from '../db/schema/index.js';
import { audit } from './audit.js';
import { langFromHeader, mailLang, type MailLang } from './account-mails.js';
import { CSV_TYPE, XLSX_TYPE, csvStream, xlsxStream, type ExportColumn } from './export-writer.js';
import type { JobContext } from './jobs.js';
import { notify } from './notify.js';
import type { Storage } from './storage/index.js';

type Row = typeof exportFiles.$inferSelect;
export type ExportRow = Row;

/**
 * What the export job needs of a list: its rows page by page (keyset, never all at once), its
 * columns in a language, and each row's values for CSV (plain ISO, decimal points) and for a
 * workbook (typed cells). Each list's module defines its own with `defineExportSource`.
 */
export interface ExportSource<T> {
  sheetName: string;
  /** The audit action an export of this list is recorded under (`order.export`). */
  auditAction: string;
  columns(lang: MailLang): ExportColumn[];
  pages(db: Executor, row: Row, pageSize: number, signal?: AbortSignal): AsyncIterable<T[]>;
  csvValues(record: T): unknown[];
  sheetValues(record: T): unknown[];
}

const SOURCES = new Map<ExportList, ExportSource<never>>();

/** A list's module declares how its rows are exported (once, when its routes are registered). */
export function defineExportSource<T>(list: ExportList, source: ExportSource<T>): void {
  SOURCES.set(list, source as ExportSource<never>);
}

/** The job kinds of exports (packages/contract/src/jobs.ts). */
export const EXPORT_JOB = 'export';
export const EXPORT_PRUNE_JOB = 'export-prune';

const day = (d: Date) => d.toISOString().slice(0, 10);

/** The name the file downloads under: `orders-2026-11-29.xlsx` (the day it was asked). */
export const exportFileName = (row: Pick<Row, 'list' | 'format' | 'createdAt'>) =>
  `${row.list}-${day(row.createdAt)}.${row.format}`;

export const toExportRecord = (row: Row): ExportRecord => ({
  id: row.id,
  list: row.list as ExportList,
  format: row.format as ExportFormat,
  filter: row.filter,
  status: row.status as ExportRecord['status'],
  rows: row.rows,
  bytes: row.bytes,
  error: row.error,
  fileName: exportFileName(row),
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
  expiresAt: row.expiresAt.toISOString(),
});

/**
 * The language a person reads an export's header in: the one stored with their account (as the
 * bounce notices use), else the first of the web's languages their browser asks for, else English.
 */
export async function exportLang(
  db: Executor,
  userId: string,
  acceptLanguage: string | undefined,
): Promise<MailLang> {
  const [person] = await db
    .select({ locale: users.locale })
    .from(users)
    .where(eq(users.id, userId));
  if (person?.locale && mailLang(person.locale) === person.locale) return mailLang(person.locale);
  return langFromHeader(acceptLanguage) ?? 'en';
}

/** Records an export to be made by a job and enqueues the job; answers the record. */
export async function queueExport(
  app: FastifyInstance,
  request: FastifyRequest,
  ask: {
    ownerId: string;
    list: ExportList;
    format: ExportFormat;
    filter: Record<string, string>;
    scope: 'all' | 'own';
    lang: MailLang;
  },
): Promise<ExportRecord> {
  const { db, jobs, config } = app.services;
  const keepDays = config.exportKeepDays ?? EXPORT_KEEP_DAYS_DEFAULT;
  const [row] = await db
    .insert(exportFiles)
    .values({
      ...ask,
      origin: {
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
        tokenId: request.auth?.tokenId ?? null,
      },
      expiresAt: sql`now() + make_interval(days => ${keepDays})`,
    })
    .returning();
  try {
    await jobs.send(EXPORT_JOB, { exportId: row!.id });
  } catch (error) {
    await db.delete(exportFiles).where(eq(exportFiles.id, row!.id));
    throw error;
  }
  return toExportRecord(row!);
}

/** A person's exports, newest first. */
export async function listExports(db: Executor, ownerId: string): Promise<ExportRecord[]> {
  const rows = await db
    .select()
    .from(exportFiles)
    .where(eq(exportFiles.ownerId, ownerId))
    .orderBy(desc(exportFiles.createdAt), desc(exportFiles.id));
  return rows.map(toExportRecord);
}

/** One of a person's exports not yet expired, or undefined (another's reads as none). */
export async function ownExport(db: Executor, ownerId: string, id: string) {
  const [row] = await db
    .select()
    .from(exportFiles)
    .where(
      and(
        eq(exportFiles.id, id),
        eq(exportFiles.ownerId, ownerId),
        sql`${exportFiles.expiresAt} > now()`,
      ),
    );
  return row;
}

/** Removes an export's record and its file (a file already gone is no error). */
export async function removeExport(db: Executor, storage: Storage, row: Row): Promise<void> {
  await db.delete(exportFiles).where(eq(exportFiles.id, row.id));
  if (row.storageKey) await storage.remove(row.storageKey).catch(() => undefined);
}

/** Expired exports go with their files; answers how many. Claimed row by row, so two runs agree. */
export async function pruneExports(db: Executor, storage: Storage, now = new Date()) {
  const gone = await db
    .delete(exportFiles)
    .where(lt(exportFiles.expiresAt, now))
    .returning({ storageKey: exportFiles.storageKey });
  for (const g of gone) if (g.storageKey) await storage.remove(g.storageKey).catch(() => undefined);
  return { removed: gone.length };
}

/** Rows read from the database per page while an export is written. */
export const EXPORT_PAGE_ROWS = 2000;

/**
 * The export job: the rows of the filter, page by page, streamed into the file's format and
 * through the storage layer; then the record says done with its rows and size, the owner is
 * notified and the export is audited with its row count, in one transaction. Idempotent: a done
 * export is left alone, and a retry writes the file again under the same key.
 */
export async function runExport(
  app: FastifyInstance,
  exportId: string,
  { lastAttempt, signal }: Pick<JobContext, 'lastAttempt' | 'signal'>,
): Promise<{ rows: number; bytes: number } | null> {
  const { db } = app.services;
  const [row] = await db.select().from(exportFiles).where(eq(exportFiles.id, exportId));
  if (!row || row.status === 'done') return null;
  await db
    .update(exportFiles)
    .set({ status: 'running', error: null })
    .where(eq(exportFiles.id, exportId));
  const key = `export-${row.id}.${row.format}`;
  try {
    const found = SOURCES.get(row.list as ExportList);
    if (!found) throw new Error(`No export of the list ${row.list}`);
    const source = found;
    const lang = mailLang(row.lang);
    let rows = 0;
    const xlsx = row.format === 'xlsx';
    async function* pages() {
      for await (const page of source.pages(db, row!, EXPORT_PAGE_ROWS, signal)) {
        rows += page.length;
        yield page.map((r) => (xlsx ? source.sheetValues(r) : source.csvValues(r)));
      }
    }
    const columns = source.columns(lang);
    const body = xlsx
      ? xlsxStream(source.sheetName, columns, pages())
      : csvStream(columns, pages());
    await app.storage.putStream(key, body, xlsx ? XLSX_TYPE : CSV_TYPE);
    const bytes = (await app.storage.stat(key))?.size ?? 0;
    const kept = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(exportFiles)
        .set({ status: 'done', rows, bytes, storageKey: key, finishedAt: new Date() })
        .where(eq(exportFiles.id, exportId))
        .returning({ id: exportFiles.id });
      // Deleted by its owner while it was written: nothing to tell, the file goes below.
      if (!updated) return false;
      if (row.ownerId) {
        await notify(tx, {
          type: 'export.ready',
          to: { users: [row.ownerId] },
          title: exportFileName(row),
          body: String(rows),
          link: WEB_ROUTE_MANIFEST.myExports.path,
          recordId: row.id,
        });
      }
      const origin = row.origin ?? { ip: '', userAgent: null, tokenId: null };
      await audit(
        tx,
        {
          ip: origin.ip,
          headers: origin.userAgent ? { 'user-agent': origin.userAgent } : {},
          auth: origin.tokenId ? { tokenId: origin.tokenId } : null,
        },
        {
          actorId: row.ownerId,
          action: source.auditAction,
          targetId: row.id,
          meta: { format: row.format, rows, filter: row.filter, job: true },
        },
      );
      return true;
    });
    if (!kept) {
      await app.storage.remove(key).catch(() => undefined);
      return null;
    }
    return { rows, bytes };
  } catch (error) {
    await app.storage.remove(key).catch(() => undefined);
    await db
      .update(exportFiles)
      .set(
        lastAttempt
          ? {
              status: 'failed',
              error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
              finishedAt: new Date(),
            }
          : { status: 'queued' },
      )
      .where(eq(exportFiles.id, exportId));
    throw error;
  }
}
