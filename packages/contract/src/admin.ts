import { z } from 'zod';
import { listQuerySchema } from './common';

export const ADMIN_API = {
  audit: '/api/admin/audit',
  outbox: '/api/admin/outbox',
  /** POST: a backup of the database and every stored file, answered as one tar archive. */
  backups: '/api/admin/backups',
} as const;

export const auditQuerySchema = listQuerySchema.extend({
  order: z.enum(['asc', 'desc']).default('desc'),
  action: z.string().max(60).optional(),
  actorId: z.string().uuid().optional(),
});

export const auditEntrySchema = z.object({
  id: z.number(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  targetId: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  meta: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export const auditListSchema = z.object({ entries: z.array(auditEntrySchema), total: z.number() });

export const outboxQuerySchema = listQuerySchema.extend({
  order: z.enum(['asc', 'desc']).default('desc'),
  to: z.string().max(254).optional(),
});
export const outboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
  /**
   * sent; queued for SMTP; retrying after a failed attempt; failed for good (every retry spent);
   * kept: no SMTP_URL, the message stays here.
   */
  status: z.enum(['sent', 'queued', 'retrying', 'failed', 'kept']),
  /** Each delivery attempt through SMTP, oldest first. */
  deliveries: z.array(z.object({ at: z.string(), error: z.string().nullable() })),
  /** Files sent with the message, without their bytes. */
  attachments: z.array(
    z.object({ filename: z.string(), contentType: z.string(), size: z.number() }),
  ),
});
export const outboxListSchema = z.object({
  messages: z.array(outboxMessageSchema),
  total: z.number(),
});
