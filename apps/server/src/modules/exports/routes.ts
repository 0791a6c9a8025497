import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, okSchema } from '@bo/contract/common';
import {
  EXPORTS_API,
  EXPORT_LISTS,
  exportListAnswerSchema,
  type ExportList,
} from '@bo/contract/exports';
import { XLSX_TYPE } from '../../lib/export-writer.js';
import { forbidden, notFound } from '../../lib/http-error.js';
import { errorResponses, mediaAnswer } from '../../lib/route-schemas.js';
import { sendStoredAttachment } from '../../lib/storage/send.js';
import { requireAuth } from '../../plugins/auth.js';
import { exportFileName, listExports, ownExport, removeExport } from '../../lib/exports.js';

/**
 * My exports (docs/decisions/044): the exports a person asked for that were too large to answer
 * at once, each written by a job and kept EXPORT_KEEP_DAYS days. A person sees, downloads and
 * deletes their own only; another's, or an expired one, is not found.
 */
export async function exportRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db } = app.services;

  app.get(
    EXPORTS_API.list,
    {
      schema: {
        operationId: 'listMyExports',
        tags: ['exports'],
        summary: 'My exports made as a job, newest first (queued, running, done or failed)',
        response: { 200: exportListAnswerSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const exports = await listExports(db, auth.userId);
      return { exports, total: exports.length };
    },
  );

  app.get(
    EXPORTS_API.file.pattern,
    {
      schema: {
        operationId: 'downloadMyExport',
        tags: ['exports'],
        summary: "One of my exports' file, once done, until it expires",
        params: idParamsSchema,
        response: {
          200: mediaAnswer(XLSX_TYPE, 'The export as an Excel workbook, or as CSV (text/csv)'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const row = await ownExport(db, auth.userId, request.params.id);
      if (!row || row.status !== 'done' || !row.storageKey) throw notFound('Export');
      // The rows were the list's: one who may no longer read the list no longer downloads them.
      if (!auth.permissions.has(EXPORT_LISTS[row.list as ExportList]))
        throw forbidden('You do not have permission to read this list');
      return sendStoredAttachment(
        app.storage,
        reply,
        {
          name: exportFileName(row),
          mime: row.format === 'xlsx' ? XLSX_TYPE : 'text/csv; charset=utf-8',
          storageKey: row.storageKey,
        },
        true,
      );
    },
  );

  app.delete(
    EXPORTS_API.one.pattern,
    {
      schema: {
        operationId: 'deleteMyExport',
        tags: ['exports'],
        summary: 'Delete one of my exports and its file (a queued or running one is dropped too)',
        params: idParamsSchema,
        response: { 200: okSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const row = await ownExport(db, auth.userId, request.params.id);
      if (!row) throw notFound('Export');
      // One's own copy of rows already audited when exported: its removal is not audited.
      await removeExport(db, app.storage, row);
      return { ok: true as const };
    },
  );
}
