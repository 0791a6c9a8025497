/**
 * Sign-in sessions: opened by the person signing in (account), revoked by them or by an
 * administrator suspending someone (users). The access token names its session, so a revoked
 * session stops working at once.
 */
import type { FastifyRequest } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { sessions } from '../db/schema/core.js';
import { rows } from '../db/rows.js';
import type { Services } from '../plugins/services.js';
import { notify } from './notify.js';

export async function createSession(
  services: Services,
  db: Executor,
  userId: string,
  request: FastifyRequest,
): Promise<{ accessToken: string; sessionId: string }> {
  const expiresAt = new Date(Date.now() + services.config.jwtTtlSeconds * 1000);
  const userAgent = request.headers['user-agent']?.slice(0, 300) ?? null;
  const session = await db.transaction(async (tx) => {
    // A sign-in from a browser this person never signed in with before (and not their first).
    const [seen] = await rows<{ before: boolean; same: boolean }>(
      tx,
      sql`SELECT EXISTS (SELECT 1 FROM sessions WHERE user_id = ${userId}) AS before,
                 EXISTS (SELECT 1 FROM sessions WHERE user_id = ${userId}
                          AND user_agent IS NOT DISTINCT FROM ${userAgent}) AS same`,
    );
    const [created] = await tx
      .insert(sessions)
      .values({ userId, expiresAt, ip: request.ip, userAgent })
      .returning({ id: sessions.id });
    if (seen?.before && !seen.same) {
      await notify(tx, {
        type: 'signin.new_device',
        to: { users: [userId] },
        title: userAgent ?? '',
        body: request.ip,
        link: '/dashboard/user/account?tab=security',
        recordId: created!.id,
      });
    }
    return created;
  });
  const accessToken = await services.tokens.sign(userId, session!.id, expiresAt);
  return { accessToken, sessionId: session!.id };
}

export async function revokeSessions(
  db: Executor,
  userId: string,
  exceptSessionId?: string,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? sql`${sessions.id} <> ${exceptSessionId}` : undefined,
      ),
    );
}
