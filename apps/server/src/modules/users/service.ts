import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { roles, users } from '../../db/schema/core.js';
import type { z } from 'zod';
import type { createUserBodySchema, updateUserBodySchema } from '@bo/contract/users';
import { audit } from '../../lib/audit.js';
import { fieldError } from '../../lib/http-error.js';
import { notify } from '../../lib/notify.js';
import { assertEmailFree, findUser, profileColumns, uniqueUserSlug } from '../../lib/people.js';
import { assertRoleManagersRemain, lockRoleManagers } from '../../lib/role-managers.js';
import { revokeSessions } from '../../lib/sessions.js';

/** A create body as the contract's schema outputs it (defaults applied). */
export type CreateUserParsed = z.output<typeof createUserBodySchema>;
export type UpdateUserParsed = z.output<typeof updateUserBodySchema>;

/** Statuses that end a person's sessions. */
const SUSPENDED = new Set(['banned', 'rejected']);

export async function assertRoleExists(db: Executor, role: string): Promise<void> {
  const [row] = await db.select({ name: roles.name }).from(roles).where(eq(roles.name, role));
  if (!row) throw fieldError('role', 'role_unknown', `Unknown role: ${role}`, 400, { role });
}

export async function isAdminRole(db: Executor, role: string): Promise<boolean> {
  const [row] = await db
    .select({ name: roles.name })
    .from(roles)
    .where(and(eq(roles.name, role), sql`'admin:area' = ANY(${roles.permissions})`));
  return !!row;
}

/**
 * Refuses a change that would leave no active administrator. The active administrators are
 * locked first, so two admins demoting each other at the same moment cannot both succeed.
 */
export async function assertAdminsRemain(
  db: Executor,
  losingIds: string[],
  field: string,
): Promise<void> {
  const admins = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.status, 'active'),
        inArray(
          users.role,
          db
            .select({ name: roles.name })
            .from(roles)
            .where(sql`'admin:area' = ANY(${roles.permissions})`),
        ),
      ),
    )
    .for('update');
  const losing = new Set(losingIds);
  const touched = admins.some((a) => losing.has(a.id));
  if (touched && admins.every((a) => losing.has(a.id))) {
    throw fieldError(
      field,
      'last_admin',
      'This is the last administrator: make someone else an administrator first',
      409,
    );
  }
}

type UserRow = typeof users.$inferSelect;
/** Who writes (for the audit log): a request, or what a job kept of the one that started it. */
export type AuditSource = Parameters<typeof audit>[1];

/**
 * Creates one person, as an administrator's form does and as an import does for each new row:
 * validated by the contract's createUserBodySchema before, the email checked free, the slug
 * made, the creation audited. Without a password, the mailed code to choose one is issued when
 * `issueResetCode` (the form); an import leaves it to the person's "Forgot password" (045).
 */
export async function insertPerson(
  tx: Executor,
  source: AuditSource,
  actorId: string,
  body: CreateUserParsed,
  options: {
    passwordHash: string | null;
    issueResetCode: ((userId: string) => Promise<string>) | null;
    meta?: Record<string, unknown>;
  },
): Promise<{ row: UserRow; code: string | null }> {
  await assertEmailFree(tx, body.email);
  const [row] = await tx
    .insert(users)
    .values({
      email: body.email,
      passwordHash: options.passwordHash,
      firstName: body.firstName,
      lastName: body.lastName,
      displayName: `${body.firstName} ${body.lastName}`,
      slug: await uniqueUserSlug(tx, body.firstName, body.lastName),
      ...profileColumns(body),
      role: body.role,
      status: body.status,
      emailVerified: body.emailVerified,
      isPublic: body.isPublic,
    })
    .returning();
  const code =
    options.passwordHash || !options.issueResetCode ? null : await options.issueResetCode(row!.id);
  await audit(tx, source, {
    actorId,
    action: 'user.created',
    targetId: row!.id,
    meta: { email: row!.email, role: row!.role, status: row!.status, ...options.meta },
  });
  return { row: row!, code };
}

/**
 * Changes one person, as the edit form does and as an import does for a row whose email exists:
 * the last administrator and the last role managers kept, a suspension ends the sessions, each
 * change audited. Answers whether a pending account was approved (the caller tells the person).
 */
export async function updatePerson(
  tx: Executor,
  source: AuditSource,
  actorId: string,
  id: string,
  body: UpdateUserParsed,
  meta?: Record<string, unknown>,
): Promise<{ row: UserRow; approved: boolean; before: UserRow }> {
  const managers = await lockRoleManagers(tx);
  const before = await findUser(tx, id, true);
  const roleChanged = body.role !== undefined && body.role !== before.role;
  const statusChanged = body.status !== undefined && body.status !== before.status;
  const wasActiveAdmin = before.status === 'active' && (await isAdminRole(tx, before.role));
  if (wasActiveAdmin) {
    const losesRole = roleChanged && !(await isAdminRole(tx, body.role!));
    const losesStatus = statusChanged && body.status !== 'active';
    if (losesRole || losesStatus) {
      await assertAdminsRemain(tx, [before.id], losesRole ? 'role' : 'status');
    }
  }
  const emailChanged = body.email !== undefined && body.email !== before.email;
  if (emailChanged) await assertEmailFree(tx, body.email!, before.id);
  const firstName = body.firstName ?? before.firstName;
  const lastName = body.lastName ?? before.lastName;
  const nameChanged = firstName !== before.firstName || lastName !== before.lastName;
  const [row] = await tx
    .update(users)
    .set({
      firstName,
      lastName,
      ...(nameChanged
        ? {
            displayName: `${firstName} ${lastName}`,
            slug: await uniqueUserSlug(tx, firstName, lastName),
          }
        : {}),
      email: body.email,
      // An address the administrator typed in is not proven unless they say so.
      emailVerified: body.emailVerified ?? (emailChanged ? false : undefined),
      ...profileColumns(body),
      role: body.role,
      status: body.status,
      isPublic: body.isPublic,
      updatedAt: new Date(),
    })
    .where(inArray(users.id, [before.id]))
    .returning();
  if (roleChanged || statusChanged) {
    await assertRoleManagersRemain(tx, managers, roleChanged ? 'role' : 'status');
  }
  if (statusChanged && SUSPENDED.has(body.status!)) await revokeSessions(tx, before.id);
  if (roleChanged) {
    await audit(tx, source, {
      actorId,
      action: 'user.role_changed',
      targetId: before.id,
      meta: { from: before.role, to: body.role },
    });
  }
  if (statusChanged) {
    await audit(tx, source, {
      actorId,
      action: 'user.status_changed',
      targetId: before.id,
      meta: { from: before.status, to: body.status },
    });
  }
  await audit(tx, source, {
    actorId,
    action: 'user.updated',
    targetId: before.id,
    meta: { fields: Object.keys(body).sort(), ...meta },
  });
  const approved = before.status === 'pending' && row!.status === 'active';
  if (approved)
    await notify(tx, {
      type: 'account.approved',
      to: { users: [before.id] },
      title: row!.displayName,
      link: '/dashboard',
      recordId: before.id,
      actorId,
    });
  return { row: row!, approved, before };
}
