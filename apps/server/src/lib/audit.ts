import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client.js';
import { auditLog } from '../db/schema/core.js';

export interface AuditEntry {
  actorId: string | null;
  action: string;
  targetId?: string | null;
  meta?: Record<string, unknown>;
}

/** Records who did what, when and from where. */
export async function audit(
  db: Executor,
  request: Pick<FastifyRequest, 'ip' | 'headers'>,
  entry: AuditEntry,
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetId: entry.targetId ?? null,
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
    meta: entry.meta ?? {},
  });
}
