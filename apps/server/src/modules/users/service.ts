import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { roles, users } from '../../db/schema/core.js';
import { fieldError } from '../../lib/http-error.js';

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
