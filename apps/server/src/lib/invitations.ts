/**
 * What both ways of accepting an invitation share — the password form (modules/invitations) and
 * a first sign-in with SSO (modules/sso): finding the address's pending invitation, and closing
 * it once its person exists.
 */
import type { FastifyRequest } from 'fastify';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { invitations } from '../db/schema/index.js';
import { audit } from './audit.js';

export type InvitationRow = typeof invitations.$inferSelect;

/** Neither accepted nor revoked, and not expired. */
export const pendingInvitation = () =>
  and(
    isNull(invitations.acceptedAt),
    isNull(invitations.revokedAt),
    gt(invitations.expiresAt, new Date()),
  );

/**
 * The newest invitation of `email` still pending, or null. `email` is compared as stored: lower
 * case.
 */
export async function findPendingInvitation(
  executor: Executor,
  email: string,
): Promise<InvitationRow | null> {
  const [row] = await executor
    .select()
    .from(invitations)
    .where(and(eq(invitations.email, email.trim().toLowerCase()), pendingInvitation()))
    .orderBy(desc(invitations.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Marks `invitation` accepted by `userId`, ends the address's other pending invitations and
 * audits `invitation.accepted` by the new person. Call it in the transaction that created them.
 */
export async function closeAcceptedInvitation(
  tx: Executor,
  request: Pick<FastifyRequest, 'ip' | 'headers'>,
  invitation: InvitationRow,
  userId: string,
  how: 'password' | 'sso',
): Promise<void> {
  const now = new Date();
  await tx
    .update(invitations)
    .set({ acceptedAt: now, acceptedUserId: userId })
    .where(eq(invitations.id, invitation.id));
  await tx
    .update(invitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(invitations.email, invitation.email),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        sql`${invitations.id} <> ${invitation.id}`,
      ),
    );
  await audit(tx, request, {
    actorId: userId,
    action: 'invitation.accepted',
    targetId: invitation.id,
    meta: { email: invitation.email, role: invitation.role, invitedBy: invitation.invitedBy, how },
  });
}
