/**
 * Administration → Roles: the roles people have, and the permissions each grants. Roles are data
 * (table `roles`); a change reaches every signed-in person of the role on their next request, on
 * every instance (the auth plugin reads a session's permissions with its session row).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, eq, sql } from 'drizzle-orm';
import { ADMIN_ROLE, PERMISSIONS, PERMISSION_INFO } from '@bo/contract/roles';
import {
  ROLES_API,
  ROLE_RULES,
  createRoleBodySchema,
  deleteRoleAnswerSchema,
  deleteRoleQuerySchema,
  permissionsAnswerSchema,
  roleAnswerSchema,
  roleIdParamsSchema,
  updateRoleBodySchema,
} from '@bo/contract/roles-api';
import { rolesAnswerSchema, type Role } from '@bo/contract/users';
import type { Executor } from '../../db/client.js';
import { roles, userCounts, users } from '../../db/schema/core.js';
import { isUniqueViolation } from '../../db/errors.js';
import { audit } from '../../lib/audit.js';
import { fieldError, notFound } from '../../lib/http-error.js';
import { errorResponses, withExample } from '../../lib/route-schemas.js';
import { requireAuth } from '../../plugins/auth.js';
import { assertRoleManagersRemain, lockRoleManagers } from '../../lib/role-managers.js';

type RoleRow = typeof roles.$inferSelect;

/** People per role (the exact per-role counts kept by the users triggers). */
async function peoplePerRole(db: Executor): Promise<Map<string, number>> {
  const rows = await db
    .select({ role: userCounts.role, n: sql<number>`sum(${userCounts.n})::int` })
    .from(userCounts)
    .groupBy(userCounts.role);
  return new Map(rows.map((r) => [r.role, Number(r.n)]));
}

async function peopleOf(db: Executor, role: string): Promise<number> {
  return (await peoplePerRole(db)).get(role) ?? 0;
}

const toRole = (row: RoleRow, people: number): Role => ({
  id: row.id,
  name: row.name,
  permissions: [...row.permissions].sort(),
  builtIn: row.builtIn,
  people,
});

/** What the audit log keeps of a role, before and after a change. */
const snapshot = (row: Pick<RoleRow, 'name' | 'permissions'>) => ({
  name: row.name,
  permissions: [...row.permissions].sort(),
});

async function findRole(db: Executor, id: string, lock = false): Promise<RoleRow> {
  const query = db.select().from(roles).where(eq(roles.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Role');
  return row;
}

/** Names are unique whatever their case ("Support" and "support" would be one role to people). */
async function assertNameFree(db: Executor, name: string, exceptId?: string): Promise<void> {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(sql`lower(${roles.name}) = lower(${name})`);
  if (row && row.id !== exceptId) throw nameTaken(name);
}

const nameTaken = (name: string) =>
  fieldError('name', ROLE_RULES.nameTaken, `A role named ${name} exists already`, 409, { name });

const builtIn = (field: string, message: string) =>
  fieldError(field, ROLE_RULES.builtIn, message, 409);

/** 23503: a row of another table (an invitation…) still names the role. */
const isForeignKeyViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return (e.cause ?? e).code === '23503';
};

export async function roleRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, permissions } = app.services;

  app.get(
    ROLES_API.list,
    {
      config: { permission: 'users:read' },
      schema: {
        operationId: 'listRoles',
        tags: ['users'],
        summary: 'The roles, with their permissions and how many people have each',
        response: { 200: rolesAnswerSchema, ...errorResponses(401, 403) },
      },
    },
    async () => {
      const [rows, people] = await Promise.all([
        db.select().from(roles).orderBy(asc(roles.name)),
        peoplePerRole(db),
      ]);
      return { roles: rows.map((r) => toRole(r, people.get(r.name) ?? 0)) };
    },
  );

  app.get(
    ROLES_API.permissions,
    {
      config: { permission: 'roles:manage' },
      schema: {
        operationId: 'listPermissions',
        tags: ['users'],
        summary: 'Every permission a role can grant, with its area and what it allows',
        response: { 200: permissionsAnswerSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({
      permissions: PERMISSIONS.map((name) => ({ name, ...PERMISSION_INFO[name] })),
    }),
  );

  app.post(
    ROLES_API.list,
    {
      config: { permission: 'roles:manage' },
      schema: {
        operationId: 'createRole',
        tags: ['users'],
        summary: 'Create a role (a duplicate is a new role with the permissions of another)',
        body: withExample(createRoleBodySchema, {
          name: 'Accounting',
          permissions: ['account:self', 'invoices:read', 'invoices:write'],
        }),
        response: { 201: roleAnswerSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { name, permissions: granted } = request.body;
      const row = await db
        .transaction(async (tx) => {
          await assertNameFree(tx, name);
          const [created] = await tx
            .insert(roles)
            .values({ name, permissions: granted, builtIn: false })
            .returning();
          await audit(tx, request, {
            actorId: auth.userId,
            action: 'role.created',
            targetId: created!.id,
            meta: { before: null, after: snapshot(created!) },
          });
          return created!;
        })
        .catch((err: unknown) => {
          if (isUniqueViolation(err, 'roles_pkey')) throw nameTaken(name);
          throw err;
        });
      permissions.invalidate();
      reply.status(201);
      return { role: toRole(row, 0) };
    },
  );

  app.patch(
    ROLES_API.one.pattern,
    {
      config: { permission: 'roles:manage' },
      schema: {
        operationId: 'updateRole',
        tags: ['users'],
        summary: 'Rename a role or set its permissions; its people have them on their next request',
        params: roleIdParamsSchema,
        body: updateRoleBodySchema,
        response: { 200: roleAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const body = request.body;
      const row = await db
        .transaction(async (tx) => {
          const managers = await lockRoleManagers(tx);
          const before = await findRole(tx, request.params.id, true);
          const renamed = body.name !== undefined && body.name !== before.name;
          if (renamed && before.builtIn) {
            throw builtIn('name', `The built-in role ${before.name} keeps its name`);
          }
          if (
            body.permissions !== undefined &&
            before.name === ADMIN_ROLE &&
            body.permissions.length !== PERMISSIONS.length
          ) {
            throw builtIn('permissions', 'The administrator role keeps every permission');
          }
          if (renamed) await assertNameFree(tx, body.name!, before.id);
          const [after] = await tx
            .update(roles)
            .set({ name: body.name, permissions: body.permissions, updatedAt: new Date() })
            .where(eq(roles.id, before.id))
            .returning();
          await assertRoleManagersRemain(tx, managers, 'permissions');
          await audit(tx, request, {
            actorId: auth.userId,
            action: 'role.updated',
            targetId: before.id,
            meta: { before: snapshot(before), after: snapshot(after!) },
          });
          return { after: after!, people: await peopleOf(tx, after!.name) };
        })
        .catch((err: unknown) => {
          if (body.name && isUniqueViolation(err, 'roles_pkey')) throw nameTaken(body.name);
          throw err;
        });
      permissions.invalidate();
      return { role: toRole(row.after, row.people) };
    },
  );

  app.delete(
    ROLES_API.one.pattern,
    {
      config: { permission: 'roles:manage' },
      schema: {
        operationId: 'deleteRole',
        tags: ['users'],
        summary: 'Delete a role; its people move to the role `moveTo`',
        params: roleIdParamsSchema,
        querystring: deleteRoleQuerySchema,
        response: { 200: deleteRoleAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { moveTo } = request.query;
      const moved = await db
        .transaction(async (tx) => {
          const managers = await lockRoleManagers(tx);
          const before = await findRole(tx, request.params.id, true);
          if (before.builtIn) throw builtIn('id', `The built-in role ${before.name} is kept`);
          const people = await peopleOf(tx, before.name);
          if (moveTo === undefined && people > 0) {
            throw fieldError('moveTo', 'required', 'Say which role its people move to');
          }
          if (moveTo !== undefined) {
            const [target] = await tx
              .select({ name: roles.name })
              .from(roles)
              .where(eq(roles.name, moveTo));
            if (!target || target.name === before.name) {
              throw fieldError('moveTo', 'role_unknown', `Unknown role: ${moveTo}`, 400, {
                role: moveTo,
              });
            }
          }
          const movedRows = moveTo
            ? await tx
                .update(users)
                .set({ role: moveTo, updatedAt: new Date() })
                .where(eq(users.role, before.name))
                .returning({ id: users.id })
            : [];
          await tx.delete(roles).where(eq(roles.id, before.id));
          await assertRoleManagersRemain(tx, managers, 'moveTo');
          await audit(tx, request, {
            actorId: auth.userId,
            action: 'role.deleted',
            targetId: before.id,
            meta: {
              before: snapshot(before),
              after: null,
              moveTo: moveTo ?? null,
              moved: movedRows.length,
            },
          });
          return movedRows.length;
        })
        .catch((err: unknown) => {
          if (isForeignKeyViolation(err)) {
            throw fieldError('id', 'role_in_use', 'Something still names this role', 409);
          }
          throw err;
        });
      permissions.invalidate();
      return { ok: true as const, moved };
    },
  );
}
