import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client.js';
import { auditLog } from '../db/schema/core.js';

export interface AuditEntry {
  actorId: string | null;
  action: string;
  targetId?: string | null;
  meta?: Record<string, unknown>;
}

/**
 * The `userId` of a request made with a service token, which belongs to no person: it names no
 * row, so nothing is found or owned by it, and the audit log records a null actor with the token.
 */
export const SERVICE_ACTOR_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Records who did what, when and from where. A write made with an API token records the token
 * (`token_id`, read from the request's sign-in): the actor is its owner, or null for a service
 * token, which belongs to no person.
 */
export async function audit(
  db: Executor,
  request: Pick<FastifyRequest, 'ip' | 'headers'> & { auth?: { tokenId?: string } | null },
  entry: AuditEntry,
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId === SERVICE_ACTOR_ID ? null : entry.actorId,
    tokenId: request.auth?.tokenId ?? null,
    action: entry.action,
    targetId: entry.targetId ?? null,
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
    meta: entry.meta ?? {},
  });
}
