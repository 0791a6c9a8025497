/**
 * Invitations as stored: the token's hash, the state a row is in, and accepting one (which
 * creates the person, verified and approved with the invited role). `findPendingInvitation` and
 * `acceptInvitation` also serve the sign-in with SSO: a first SSO sign-in of an invited address
 * accepts its invitation.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { InvitationState } from '@bo/contract/invitations';
import type { Executor } from '../../db/client.js';
import { invitations, roles, users } from '../../db/schema/index.js';
import {
  closeAcceptedInvitation,
  findPendingInvitation,
  type InvitationRow,
} from '../../lib/invitations.js';
import { fieldError } from '../../lib/http-error.js';
import { assertEmailFree, uniqueUserSlug } from '../../lib/people.js';

export type { InvitationRow };
export { findPendingInvitation };
type UserRow = typeof users.$inferSelect;

/** A new link's token (what the mail carries) and its hash (what the table keeps). */
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashInvitationToken(token) };
}

export const hashInvitationToken = (token: string) =>
  createHash('sha256').update(token).digest('hex');

export function invitationState(row: InvitationRow, now = Date.now()): InvitationState {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt.getTime() <= now) return 'expired';
  return 'pending';
}

/** The invitation a link's token names (whatever its state), or null. */
export async function findInvitationByToken(
  executor: Executor,
  token: string,
): Promise<InvitationRow | null> {
  const [row] = await executor
    .select()
    .from(invitations)
    .where(eq(invitations.tokenHash, hashInvitationToken(token)));
  return row ?? null;
}

/**
 * Accepts a pending invitation: creates its person (active, address verified, the invited role,
 * the invitation's language), marks the invitation accepted and ends the address's other pending
 * invitations, audited as `invitation.accepted` by the new person. Call it inside a transaction.
 * `passwordHash` null: a person who signs in with SSO only. Refuses (400 naming `token`) an
 * invitation no longer pending, and (409 naming `email`) an address that has an account by now.
 */
export async function acceptInvitation(
  tx: Executor,
  request: Pick<FastifyRequest, 'ip' | 'headers'>,
  invitationId: string,
  person: { firstName: string; lastName: string; passwordHash: string | null },
): Promise<UserRow> {
  const [invitation] = await tx
    .select()
    .from(invitations)
    .where(eq(invitations.id, invitationId))
    .for('update');
  const state = invitation ? invitationState(invitation) : 'revoked';
  if (!invitation || state !== 'pending') {
    throw fieldError('token', `invitation_${state}`, `This invitation is ${state}`, 400, { state });
  }
  await assertEmailFree(tx, invitation.email);
  const [user] = await tx
    .insert(users)
    .values({
      email: invitation.email,
      passwordHash: person.passwordHash,
      firstName: person.firstName,
      lastName: person.lastName,
      displayName: `${person.firstName} ${person.lastName}`,
      slug: await uniqueUserSlug(tx, person.firstName, person.lastName),
      role: invitation.role,
      status: 'active',
      emailVerified: true,
      locale: invitation.lang,
    })
    .returning();
  await closeAcceptedInvitation(tx, request, invitation, user!.id, 'password');
  return user!;
}

/** Refuses (400 naming `role`) a role the server does not know. */
export async function assertRoleExists(executor: Executor, role: string): Promise<void> {
  const [row] = await executor.select({ name: roles.name }).from(roles).where(eq(roles.name, role));
  if (!row) throw fieldError('role', 'role_unknown', `Unknown role: ${role}`, 400, { role });
}

/**
 * The list's rows with the inviting person's name, newest first. `onlyOpen`: neither accepted nor
 * revoked (expired ones stay listed, to be sent again).
 */
export async function listInvitations(executor: Executor, onlyOpen: boolean) {
  return executor
    .select({ invitation: invitations, invitedBy: users.displayName })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(
      onlyOpen ? and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt)) : undefined,
    )
    .orderBy(desc(invitations.createdAt))
    .limit(500);
}
