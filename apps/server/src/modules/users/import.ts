/**
 * Importing people from a CSV or XLSX file: each row read through the mapping, validated by the
 * contract's createUserBodySchema (the admin form's rules), then planned — create, update,
 * unchanged, skip or error — against the people already there by email. The preview answers the
 * plan; the job (`user-import`) plans again on the data of its time and applies it in batches,
 * each row through the same insertPerson / updatePerson as the form. See docs/decisions/045.
 */
import type { FastifyInstance } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type ImportDuplicatePolicy,
  type ImportPreviewRow,
  type ImportReport,
  type ImportRowError,
} from '@bo/contract/imports';
import { createUserBodySchema } from '@bo/contract/users';
import { WEB_ROUTE_MANIFEST } from '@bo/contract/web-routes';
import {
  USER_IMPORT_FIELDS,
  USER_IMPORT_REQUIRED,
  type UserImportField,
} from '@bo/contract/users-transfer';
import type { Executor } from '../../db/client.js';
import { imports, roles, users } from '../../db/schema/index.js';
import { audit, type AuditEntry } from '../../lib/audit.js';
import { HttpError } from '../../lib/http-error.js';
import { emitWebhookEvent, personData } from '../../lib/webhooks.js';
import { notify } from '../../lib/notify.js';
import {
  columnIndexes as fieldColumns,
  countsOf,
  importBytes,
  importTable as readImportTable,
  issueError as zodIssueError,
  runInBatches,
  type RowErrorOf,
} from '../../lib/imports.js';
import type { SheetTable } from '../../lib/sheets.js';
import {
  insertPerson,
  updatePerson,
  type AuditSource,
  type CreateUserParsed,
  type UpdateUserParsed,
} from './service.js';
import { rowMessage, type Lang, type RowErrorCode } from './transfer-texts.js';

type UserRow = typeof users.$inferSelect;
type ImportRow = typeof imports.$inferSelect;

/** Fields that may be empty: an empty cell clears them (as '' does in the form). */
const CLEARABLE = new Set<UserImportField>([
  'phone',
  'company',
  'jobTitle',
  'country',
  'state',
  'city',
  'address',
  'zipCode',
]);

/** The job kind that runs an import. */
export const USER_IMPORT_JOB = 'user-import';

/** Rows written per transaction by the job (progress moves after each). */
export const IMPORT_BATCH = 100;

export interface PlannedRow extends ImportPreviewRow {
  create?: CreateUserParsed;
  update?: { id: string; changes: UpdateUserParsed };
}

/** The file column index of each mapped field; 400 naming `mapping.<field>` when it is wrong. */
export const columnIndexes = (columns: readonly string[], mapping: Record<string, string | null>) =>
  fieldColumns(columns, mapping, USER_IMPORT_FIELDS, USER_IMPORT_REQUIRED, 'People');

const rowErrorIn =
  (lang: Lang): RowErrorOf<RowErrorCode> =>
  (field, code, params) => ({ field, code, message: rowMessage(lang, code, params) });

const rowError = (
  lang: Lang,
  field: string,
  code: RowErrorCode,
  params?: Record<string, unknown>,
): ImportRowError => rowErrorIn(lang)(field, code, params);

/** A zod issue of the contract's schema as a row error in the person's language. */
const issueError = (lang: Lang, issue: z.core.$ZodIssue): ImportRowError =>
  zodIssueError(issue, rowErrorIn(lang), (field) =>
    field === 'email' ? 'invalid_email' : field === 'phone' ? 'invalid_phone' : undefined,
  );

/** What the row's cells say, as the create form would send it. */
function rowInput(cells: readonly string[], indexes: Partial<Record<UserImportField, number>>) {
  const input: Record<string, string | null> = {};
  for (const field of USER_IMPORT_FIELDS) {
    const index = indexes[field];
    if (index === undefined) continue;
    const value = (cells[index] ?? '').trim();
    if (value !== '') input[field] = value;
    else if (CLEARABLE.has(field)) input[field] = null;
    else if (USER_IMPORT_REQUIRED.includes(field)) input[field] = '';
    // An empty role or status takes the form's default on creation and is left alone on update.
  }
  return input;
}

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

/**
 * What each row of the file would do now. Emails are compared as the contract stores them
 * (trimmed, lower case); a second row with an email the file already holds is refused, naming
 * the first.
 */
export async function planImport(
  db: Executor,
  table: SheetTable,
  mapping: Record<string, string | null>,
  duplicates: ImportDuplicatePolicy,
  lang: Lang,
): Promise<PlannedRow[]> {
  const indexes = columnIndexes(table.columns, mapping);
  const known = new Set((await db.select({ name: roles.name }).from(roles)).map((r) => r.name));
  const parsed = table.rows.map(({ row, cells }) => {
    const input = rowInput(cells, indexes);
    const result = createUserBodySchema.safeParse(input);
    const errors: ImportRowError[] = result.success
      ? []
      : result.error.issues.map((issue) => issueError(lang, issue));
    // A role is checked even when another field is wrong, so the preview names every problem.
    const role = input.role?.trim();
    if (role && role.length <= 40 && !known.has(role))
      errors.push(rowError(lang, 'role', 'role_unknown', { value: role }));
    return { row, input, data: result.success ? result.data : undefined, errors };
  });
  const emails = [...new Set(parsed.flatMap((p) => (p.data ? [p.data.email] : [])))];
  const existing = new Map<string, UserRow>();
  for (let i = 0; i < emails.length; i += 1000) {
    const chunk = emails.slice(i, i + 1000);
    const found = await db.select().from(users).where(inArray(users.email, chunk));
    for (const u of found) existing.set(u.email, u);
  }
  const firstRowOf = new Map<string, number>();
  return parsed.map(({ row, input, data, errors }): PlannedRow => {
    if (data) {
      const first = firstRowOf.get(data.email);
      if (first !== undefined)
        errors.push(rowError(lang, 'email', 'duplicate_in_file', { row: first }));
      else firstRowOf.set(data.email, row);
    }
    if (errors.length || !data) return { row, action: 'error', errors };
    const current = existing.get(data.email);
    if (!current) return { row, action: 'create', errors: [], create: data };
    if (duplicates === 'skip') return { row, action: 'skip', errors: [] };
    // Only what the file says (mapped, not left empty) is compared and changed.
    const changes: Record<string, unknown> = {};
    for (const field of Object.keys(input) as UserImportField[]) {
      if (field === 'email') continue;
      const value = data[field as keyof CreateUserParsed];
      if (!same(value, current[field as keyof UserRow])) changes[field] = value;
    }
    if (Object.keys(changes).length === 0) return { row, action: 'unchanged', errors: [] };
    return {
      row,
      action: 'update',
      errors: [],
      update: { id: current.id, changes: changes as UpdateUserParsed },
    };
  });
}

export { countsOf, importBytes };

export const importTable = (app: FastifyInstance, row: ImportRow): Promise<SheetTable> =>
  readImportTable(app, row);

/** What the job keeps of the request that started the run, for the audit log. */
export interface ImportJobData {
  importId: string;
  ip: string;
  userAgent: string | null;
  tokenId: string | null;
}

/** A refusal met while writing (a rule the plan could not see) as the row's error. */
function writeError(lang: Lang, error: unknown): ImportRowError {
  if (error instanceof HttpError) {
    const detail = error.details?.[0];
    const code = detail?.code;
    if (code === 'email_taken') return rowError(lang, 'email', 'email_taken');
    if (code === 'last_admin') return rowError(lang, detail?.field ?? 'role', 'last_admin');
    if (code === 'role_unknown')
      return rowError(lang, 'role', 'role_unknown', { value: detail?.params?.role });
    return rowError(lang, detail?.field ?? 'row', 'refused', { reason: error.message });
  }
  throw error;
}

/**
 * Tells the person who ran an import that it is done, with its counts (`import.done`: the title
 * the file's name, the body the counts as JSON, put in the reader's language by their screen).
 */
function notifyImportDone(tx: Executor, job: ImportRow, report: ImportReport) {
  const counts = {
    created: report.created,
    updated: report.updated,
    unchanged: report.unchanged,
    skipped: report.skipped,
    refused: report.refused.length,
  };
  return notify(tx, {
    type: 'import.done',
    to: { users: [job.ownerId] },
    title: job.fileName,
    body: JSON.stringify(counts),
    link: WEB_ROUTE_MANIFEST.userList.path,
    recordId: job.id,
  });
}

/**
 * The `user-import` job: plans the file again on today's data, writes its creations and updates
 * in transactions of IMPORT_BATCH rows (each row in its own savepoint, so a refusal leaves the
 * others), records progress after each, then the report, the audit entry and a notification.
 * Running again after a crash finds the rows already written unchanged: nothing twice.
 */
export async function runUserImport(app: FastifyInstance, data: ImportJobData): Promise<unknown> {
  const { db } = app.services;
  const [job] = await db.select().from(imports).where(eq(imports.id, data.importId));
  if (!job || job.status === 'done' || !job.options) return { skipped: true };
  const lang = (job.options.lang ?? 'en') as Lang;
  const source: AuditSource = {
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
    const table = await importTable(app, job);
    const plan = await planImport(
      db,
      table,
      job.options.mapping,
      job.options.duplicates ?? 'update',
      lang,
    );
    const writes = plan.filter((r) => r.create || r.update);
    await setState({ status: 'running', processed: 0, total: writes.length, error: null });
    const report: ImportReport = {
      created: 0,
      updated: 0,
      unchanged: plan.filter((r) => r.action === 'unchanged').length,
      skipped: plan.filter((r) => r.action === 'skip').length,
      refused: plan
        .filter((r) => r.action === 'error')
        .map((r) => ({ row: r.row, errors: r.errors })),
    };
    const meta = { import: job.id };
    const outcome = await runInBatches<PlannedRow, UserRow>(db, writes, IMPORT_BATCH, {
      write: async (sp, r, afterCommit) => {
        if (r.create) {
          const made = await insertPerson(sp, source, job.ownerId, r.create, {
            passwordHash: null,
            issueResetCode: null,
            meta,
          });
          afterCommit(made.row);
          return 'created';
        }
        await updatePerson(sp, source, job.ownerId, r.update!.id, r.update!.changes, meta);
        return 'updated';
      },
      refusal: (error) => writeError(lang, error),
      progress: (tx, processed) =>
        tx.update(imports).set({ processed, updatedAt: new Date() }).where(eq(imports.id, job.id)),
      after: async (created) => {
        for (const row of created) await emitWebhookEvent(app, 'user.created', personData(row));
      },
    });
    report.created += outcome.created;
    report.updated += outcome.updated;
    report.refused.push(...outcome.refused);
    report.refused.sort((a, b) => a.row - b.row);
    await db.transaction(async (tx) => {
      await tx
        .update(imports)
        .set({ status: 'done', report, updatedAt: new Date() })
        .where(eq(imports.id, job.id));
      const entry: AuditEntry = {
        actorId: job.ownerId,
        action: 'user.import',
        targetId: job.id,
        meta: {
          file: job.fileName,
          rows: table.rows.length,
          created: report.created,
          updated: report.updated,
          unchanged: report.unchanged,
          skipped: report.skipped,
          refused: report.refused.length,
          duplicates: job.options?.duplicates ?? 'update',
        },
      };
      await audit(tx, source, entry);
      await notifyImportDone(tx, job, report);
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
