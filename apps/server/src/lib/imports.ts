/**
 * What every list's import shares (people, products — docs/decisions/045 and 048): the upload
 * (stored through the storage layer, typed from its bytes, at most IMPORT_MAX_BYTES and
 * IMPORT_MAX_ROWS), reading the stored file back, recognising a header in any of our languages,
 * the mapping's column indexes, a zod issue as `{ field, code, message }` in the person's
 * language, the counts per action and the batch-and-savepoint runner of the jobs.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportAction,
  type ImportCounts,
  type ImportRowError,
} from '@bo/contract/imports';
import type { Executor } from '../db/client.js';
import { langFromHeader, mailLang, type MailLang } from './account-mails.js';
import { HttpError, badRequest, fieldError } from './http-error.js';
import { UnreadableSheet, readSheet, type SheetTable } from './sheets.js';
import { cleanFileName, tooLarge, type StoredObject } from './storage/index.js';

/** The language of an import's headers and messages (the web's five). */
export type ImportLang = MailLang;

/**
 * The language a person reads the answer in: the one the screen asks for (`lang`, the web's
 * current language), else the request's Accept-Language, else the one stored with the person.
 */
export function personLang(
  request: Pick<FastifyRequest, 'headers'>,
  asked: string | undefined,
  stored: string | null | undefined,
): ImportLang {
  if (asked) return mailLang(asked);
  return langFromHeader(request.headers['accept-language']) ?? mailLang(stored);
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CSV_TYPES = new Set(['text/csv', 'text/plain']);
const XLSX_TYPES = new Set([XLSX_MIME, 'application/zip']);

/** A header cell reduced to compare: lower case, no accents, no spaces or punctuation. */
export const headerKey = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]+/gu, '');

/**
 * The file column each field's header names, by any of its names (`namesOf`: its key, usual
 * aliases, its header in each language); a column maps one field at most, the first it names.
 */
export function suggestFieldMapping<F extends string>(
  fields: readonly F[],
  columns: readonly string[],
  namesOf: (field: F) => readonly string[],
): Record<F, string | null> {
  const byKey = new Map<string, F>();
  for (const field of fields)
    for (const name of [field, ...namesOf(field)])
      if (!byKey.has(headerKey(name))) byKey.set(headerKey(name), field);
  const mapping = Object.fromEntries(fields.map((f) => [f, null])) as Record<F, string | null>;
  for (const column of columns) {
    const field = byKey.get(headerKey(column));
    if (field && mapping[field] === null) mapping[field] = column;
  }
  return mapping;
}

/** The file column index of each mapped field; 400 naming `mapping.<field>` when it is wrong. */
export function columnIndexes<F extends string>(
  columns: readonly string[],
  mapping: Record<string, string | null>,
  fields: readonly F[],
  required: readonly F[],
  listName: string,
): Partial<Record<F, number>> {
  const indexes: Partial<Record<F, number>> = {};
  for (const [field, column] of Object.entries(mapping)) {
    if (column === null || column === '') continue;
    if (!(fields as readonly string[]).includes(field))
      throw fieldError(`mapping.${field}`, 'invalid_value', `${listName} have no field ${field}`);
    const index = columns.indexOf(column);
    if (index < 0)
      throw fieldError(`mapping.${field}`, 'not_found', `The file has no column "${column}"`);
    indexes[field as F] = index;
  }
  for (const field of required)
    if (indexes[field] === undefined)
      throw fieldError(`mapping.${field}`, 'required', `Choose the file's column for ${field}`);
  return indexes;
}

/** The codes a zod issue becomes (each list's texts hold a message for each, in each language). */
export type IssueCode = 'required' | 'too_long' | 'invalid_value';

/** Builds a row error: the field, a stable code, the message in the person's language. */
export type RowErrorOf<C extends string> = (
  field: string,
  code: C,
  params?: Record<string, unknown>,
) => ImportRowError;

/**
 * A zod issue of the contract's schema as a row error; `special` names a finer code for a
 * format issue of one field (an email, a phone number), else it is `invalid_value`.
 */
export function issueError<C extends string>(
  issue: z.core.$ZodIssue,
  rowError: RowErrorOf<C | IssueCode>,
  special: (field: string) => C | undefined = () => undefined,
): ImportRowError {
  const field = String(issue.path[0] ?? 'row');
  switch (issue.code) {
    case 'too_small':
      return rowError(field, 'required');
    case 'too_big':
      return rowError(field, 'too_long', { maximum: Number(issue.maximum) });
    case 'invalid_format':
    case 'invalid_union': {
      const code = special(field);
      return code ? rowError(field, code) : rowError(field, 'invalid_value', { values: '' });
    }
    case 'invalid_value':
      return rowError(field, 'invalid_value', { values: issue.values.join(', ') });
    case 'invalid_type':
      return rowError(field, issue.input === undefined ? 'required' : 'invalid_value', {
        values: '',
      });
    default:
      return rowError(field, 'invalid_value', { values: '' });
  }
}

export const countsOf = (rows: ReadonlyArray<{ action: ImportAction }>): ImportCounts => {
  const counts: ImportCounts = { create: 0, update: 0, unchanged: 0, skip: 0, error: 0 };
  for (const r of rows) counts[r.action]++;
  return counts;
};

/** The bytes of a stored import file. */
export async function importBytes(app: FastifyInstance, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await app.storage.open(key))
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** A stored import file read as a table. */
export async function importTable(
  app: FastifyInstance,
  row: { storageKey: string; format: 'csv' | 'xlsx' },
): Promise<SheetTable> {
  return readSheet(await importBytes(app, row.storageKey), row.format, IMPORT_MAX_ROWS);
}

export interface UploadedImport {
  name: string;
  format: 'csv' | 'xlsx';
  key: string;
  table: SheetTable;
}

/**
 * The multipart field `file` stored and read: CSV or XLSX by its bytes, at most
 * IMPORT_MAX_BYTES (413) and IMPORT_MAX_ROWS (400 `too_many_rows`), with a header and a row
 * (400 `empty`). `keep` records it (the list's `imports` row); when it throws, the file goes.
 */
export async function receiveImport<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  defaultName: string,
  keep: (upload: UploadedImport) => Promise<T>,
): Promise<T> {
  const required = () =>
    badRequest('A file is required', [
      { field: 'file', code: 'required', message: 'A file is required' },
    ]);
  if (!request.isMultipart()) throw required();
  let stored: StoredObject | null = null;
  let name = defaultName;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') continue;
      if (part.fieldname !== 'file' || stored) {
        part.file.resume();
        continue;
      }
      name = cleanFileName(part.filename);
      const xlsxByName = /\.xlsx$/i.test(name);
      stored = await app.storage.save(part.file, {
        name,
        claimed: xlsxByName ? XLSX_MIME : part.mimetype,
        maxBytes: IMPORT_MAX_BYTES,
        accept: (mime) => CSV_TYPES.has(mime) || XLSX_TYPES.has(mime),
        refusal: 'Only CSV or Excel (XLSX) files can be imported',
      });
      if (part.file.truncated) throw tooLarge(IMPORT_MAX_BYTES);
    }
  } catch (error) {
    if (stored) await app.storage.remove(stored.key).catch(() => undefined);
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw tooLarge(IMPORT_MAX_BYTES);
    if (error instanceof HttpError) throw error;
    throw badRequest('The upload is not a well-formed multipart body', [
      {
        field: 'file',
        code: 'malformed',
        message: 'The upload is not a well-formed multipart body',
      },
    ]);
  }
  if (!stored) throw required();
  const saved = stored;
  const format = CSV_TYPES.has(saved.mime) ? 'csv' : 'xlsx';
  try {
    const table = await readSheet(await importBytes(app, saved.key), format, IMPORT_MAX_ROWS);
    if (table.more)
      throw fieldError(
        'file',
        'too_many_rows',
        `An import reads at most ${IMPORT_MAX_ROWS} rows: split the file`,
        400,
        { maximum: IMPORT_MAX_ROWS },
      );
    if (table.columns.length === 0 || table.rows.length === 0)
      throw fieldError('file', 'empty', 'The file has no header line or no rows under it');
    return await keep({ name, format, key: saved.key, table });
  } catch (error) {
    await app.storage.remove(saved.key).catch(() => undefined);
    if (error instanceof UnreadableSheet) throw fieldError('file', 'unreadable', error.message);
    throw error;
  }
}

/** What one batch did: rows written by kind, and the rows a rule refused while writing. */
export interface BatchOutcome {
  created: number;
  updated: number;
  refused: Array<{ row: number; errors: ImportRowError[] }>;
}

/**
 * Writes `writes` in transactions of `size` rows, each row in its own savepoint (a refusal
 * leaves the others): `write` answers 'created' or 'updated'; `refusal` turns what it threw into
 * the row's error (or rethrows, failing the batch); `progress` runs in each batch's transaction
 * with the rows done so far, `after` once it committed (webhooks, notifications).
 */
export async function runInBatches<W extends { row: number }, A = unknown>(
  db: Executor,
  writes: readonly W[],
  size: number,
  steps: {
    write: (sp: Executor, w: W, afterCommit: (a: A) => void) => Promise<'created' | 'updated'>;
    refusal: (error: unknown) => ImportRowError;
    progress: (tx: Executor, processed: number) => Promise<unknown>;
    after?: (done: A[]) => Promise<void>;
  },
): Promise<BatchOutcome> {
  const total: BatchOutcome = { created: 0, updated: 0, refused: [] };
  for (let i = 0; i < writes.length; i += size) {
    const batch = writes.slice(i, i + size);
    const later: A[] = [];
    const outcome = await db.transaction(async (tx) => {
      const done: BatchOutcome = { created: 0, updated: 0, refused: [] };
      for (const w of batch) {
        try {
          const kind = await tx.transaction((sp) =>
            steps.write(sp as Executor, w, (a) => later.push(a)),
          );
          done[kind]++;
        } catch (error) {
          done.refused.push({ row: w.row, errors: [steps.refusal(error)] });
        }
      }
      await steps.progress(tx as Executor, i + batch.length);
      return done;
    });
    total.created += outcome.created;
    total.updated += outcome.updated;
    total.refused.push(...outcome.refused);
    if (steps.after) await steps.after(later);
  }
  total.refused.sort((a, b) => a.row - b.row);
  return total;
}
