import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { ROLE_RULES } from '@bo/contract/roles-api';
import { ROLES_MANAGE } from '@bo/contract/roles';
import type { Executor } from '../db/client.js';
import { roles, users } from '../db/schema/core.js';
import { fieldError } from './http-error.js';

/**
 * The active people who may manage roles, locked: a transaction that may take the right from
 * someone calls this first, so two such changes at the same moment are made one after the other
 * and cannot both leave nobody. Returns how many there are.
 */
export async function lockRoleManagers(db: Executor): Promise<number> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.status, 'active'), inArray(users.role, managingRoles(db))))
    .for('update');
  return rows.length;
}

const managingRoles = (db: Executor) =>
  db
    .select({ name: roles.name })
    .from(roles)
    .where(sql`${ROLES_MANAGE} = ANY(${roles.permissions})`);

async function countRoleManagers(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.status, 'active'), inArray(users.role, managingRoles(db))));
  return row?.n ?? 0;
}

/**
 * After a change made in the same transaction: refuses it (409, naming `field` and the rule
 * `last_role_manager`) if someone could manage roles before (`before`, from lockRoleManagers) and
 * now nobody active can.
 */
export async function assertRoleManagersRemain(
  db: Executor,
  before: number,
  field: string,
): Promise<void> {
  if (before === 0) return;
  if ((await countRoleManagers(db)) > 0) return;
  throw fieldError(
    field,
    ROLE_RULES.lastManager,
    'Nobody else could manage roles: give someone the permission roles:manage first',
    409,
    { permission: ROLES_MANAGE },
  );
}
