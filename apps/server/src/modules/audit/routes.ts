import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import {
  ADMIN_API,
  auditListSchema,
  auditQuerySchema,
  outboxListSchema,
  outboxQuerySchema,
} from '@bo/contract/admin';
import { auditLog, outbox, users } from '../../db/schema/core.js';
import { errorResponses } from '../../lib/route-schemas.js';

/** Administrators read the audit log and the mail outbox (undelivered mail when SMTP is off). */
export async function auditRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, mailer } = app.services;

  app.get(
    ADMIN_API.audit,
    {
      config: { permission: 'audit:read' },
      schema: {
        operationId: 'listAuditLog',
        tags: ['admin'],
        summary: 'Audit log: sign-ins, failures, password and role changes',
        querystring: auditQuerySchema,
        response: { 200: auditListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const q = request.query;
      const where: SQL[] = [];
      if (q.action) where.push(eq(auditLog.action, q.action));
      if (q.actorId) where.push(eq(auditLog.actorId, q.actorId));
      const filter = where.length ? and(...where) : undefined;
      const [rows, totals] = await Promise.all([
        db
          .select({ entry: auditLog, actorName: users.displayName })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorId))
          .where(filter)
          .orderBy(q.order === 'asc' ? asc(auditLog.id) : desc(auditLog.id))
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        db.select({ total: count() }).from(auditLog).where(filter),
      ]);
      return {
        total: totals[0]?.total ?? 0,
        entries: rows.map(({ entry, actorName }) => ({
          ...entry,
          actorName,
          createdAt: entry.createdAt.toISOString(),
        })),
      };
    },
  );

  app.get(
    ADMIN_API.outbox,
    {
      config: { permission: 'audit:read' },
      schema: {
        operationId: 'listOutbox',
        tags: ['admin'],
        summary: 'Mail outbox',
        querystring: outboxQuerySchema,
        response: { 200: outboxListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const q = request.query;
      const filter = q.to ? eq(outbox.to, q.to.toLowerCase()) : undefined;
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(outbox)
          .where(filter)
          .orderBy(q.order === 'asc' ? asc(outbox.createdAt) : desc(outbox.createdAt))
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        db.select({ total: count() }).from(outbox).where(filter),
      ]);
      return {
        total: totals[0]?.total ?? 0,
        messages: rows.map((m) => ({
          id: m.id,
          to: m.to,
          subject: m.subject,
          text: m.text,
          createdAt: m.createdAt.toISOString(),
          sentAt: m.sentAt?.toISOString() ?? null,
          error: m.error,
          status: m.sentAt
            ? ('sent' as const)
            : m.failedAt
              ? ('failed' as const)
              : m.error
                ? ('retrying' as const)
                : mailer.delivers
                  ? ('queued' as const)
                  : ('kept' as const),
          deliveries: m.deliveries,
          attachments: m.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            size: Buffer.byteLength(a.content, 'base64'),
          })),
        })),
      };
    },
  );
}
