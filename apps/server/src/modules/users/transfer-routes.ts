/**
 * The people list's export (its filter, every page, as CSV or XLSX) and import (upload, preview,
 * run in a job, read its progress and report). What the export writes, the import reads back.
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
import { USER_TRANSFER_API } from '@bo/contract/users-transfer-paths';
import {
  USER_EXPORT_MAX,
  USER_IMPORT_FIELDS,
  userExportQuerySchema,
} from '@bo/contract/users-transfer';
import { imports, users } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { fieldError, notFound } from '../../lib/http-error.js';
import { receiveImport } from '../../lib/imports.js';
import { errorResponses, mediaAnswer, withExample } from '../../lib/route-schemas.js';
import { toUser } from '../../lib/user-view.js';
import { requireAuth, type AuthContext } from '../../plugins/auth.js';
import { exportUserRows, fromSqlRow } from './queries.js';
import { XLSX_TYPE, usersCsv, usersWorkbook } from './export.js';
import {
  USER_IMPORT_JOB,
  countsOf,
  importTable,
  planImport,
  type ImportJobData,
} from './import.js';
import { personLang, suggestMapping } from './transfer-texts.js';

type ImportRow = typeof imports.$inferSelect;

function toImport(row: ImportRow): Import {
  return {
    id: row.id,
    fileName: row.fileName,
    format: row.format,
    columns: row.columns,
    suggestedMapping: suggestMapping(USER_IMPORT_FIELDS, row.columns),
    rowCount: row.rowCount,
    status: row.status as Import['status'],
    progress: { processed: row.processed, total: row.total },
    report: row.report ?? null,
    error: row.error ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function userTransferRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { services } = app;
  const { db, database } = services;

  /** The language the person reads: asked, else Accept-Language, else their stored one. */
  async function langOf(request: FastifyRequest, auth: AuthContext, asked: string | undefined) {
    if (asked) return personLang(request, asked, null);
    const [me] = await db
      .select({ locale: users.locale })
      .from(users)
      .where(eq(users.id, auth.userId));
    return personLang(request, undefined, me?.locale);
  }

  /** The person's own import (another's is not found). */
  async function ownImport(auth: AuthContext, id: string): Promise<ImportRow> {
    const [row] = await db
      .select()
      .from(imports)
      .where(and(eq(imports.id, id), eq(imports.ownerId, auth.userId), eq(imports.list, 'users')));
    if (!row) throw notFound('Import');
    return row;
  }

  app.get(
    USER_TRANSFER_API.export,
    {
      config: { permission: 'users:read' },
      schema: {
        operationId: 'exportUsers',
        tags: ['users'],
        summary: `The list's filter, every page of it, as CSV or XLSX (at most ${USER_EXPORT_MAX} people; the fields the person may see)`,
        querystring: userExportQuerySchema,
        response: {
          200: mediaAnswer(
            'text/csv',
            "The people as CSV: a header in the person's language, ISO times",
          ),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const viewer = { userId: auth.userId, canManage: auth.permissions.has('users:write') };
      const { format, lang: asked, ...filter } = request.query;
      if (filter.sort === 'email' && !viewer.canManage)
        throw fieldError('sort', 'not_allowed', 'Sorting by email is for people who manage users');
      const rows = await exportUserRows(database, { ...filter, viewer }, USER_EXPORT_MAX);
      if (rows.length > USER_EXPORT_MAX)
        throw fieldError(
          'status',
          'export_too_large',
          `An export holds at most ${USER_EXPORT_MAX} people: narrow the filter (status, role or search)`,
          400,
          { maximum: USER_EXPORT_MAX },
        );
      const people = rows.map((r) => toUser(fromSqlRow(r), viewer));
      const lang = await langOf(request, auth, asked);
      await audit(db, request, {
        actorId: auth.userId,
        action: 'user.export',
        meta: { format, rows: people.length, filter },
      });
      if (format === 'xlsx') {
        reply.header('content-type', XLSX_TYPE);
        reply.header('content-disposition', 'attachment; filename="people.xlsx"');
        return usersWorkbook(lang, people);
      }
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', 'attachment; filename="people.csv"');
      return usersCsv(lang, people);
    },
  );

  app.post(
    USER_TRANSFER_API.imports,
    {
      config: { permission: 'users:write' },
      schema: {
        operationId: 'uploadUserImport',
        tags: ['users'],
        summary: `Upload a CSV or XLSX of people to import (multipart field "file", at most ${IMPORT_MAX_ROWS} rows); answers its columns and a suggested mapping`,
        consumes: ['multipart/form-data'],
        response: { 201: importAnswerSchema, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      return receiveImport(app, request, 'people.csv', async ({ name, format, key, table }) => {
        const [row] = await db
          .insert(imports)
          .values({
            ownerId: auth.userId,
            list: 'users',
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
    USER_TRANSFER_API.importOne.pattern,
    {
      config: { permission: 'users:write' },
      schema: {
        operationId: 'getUserImport',
        tags: ['users'],
        summary: 'One of my imports: its state, progress and report',
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
    mapping: { firstName: 'First name', lastName: 'Last name', email: 'Email', role: 'Role' },
    duplicates: 'update' as const,
  };

  app.post(
    USER_TRANSFER_API.importPreview.pattern,
    {
      config: { permission: 'users:write' },
      schema: {
        operationId: 'previewUserImport',
        tags: ['users'],
        summary:
          'The dry run of an import: counts per action and, a page at a time, each row with its errors (in the person’s language)',
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
      const plan = await planImport(
        db,
        await importTable(app, row),
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
    USER_TRANSFER_API.importRun.pattern,
    {
      config: { permission: 'users:write' },
      schema: {
        operationId: 'runUserImport',
        tags: ['users'],
        summary: 'Run an import in a job (its progress and report: GET the import)',
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
      await planImport(
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
      const data: ImportJobData = {
        importId: row.id,
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
        tokenId: auth.tokenId ?? null,
      };
      await services.jobs.send(USER_IMPORT_JOB, data);
      reply.status(202);
      return { import: toImport(queued!) };
    },
  );
}
