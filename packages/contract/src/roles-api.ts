import { z } from 'zod';
import { apiPath } from './api-path';
import { PERMISSION_AREAS, PERMISSIONS } from './roles';
import { roleSchema } from './users';
import { USERS_API } from './users-paths';

/** Administration → Roles: the roles, their permissions, and the permissions' descriptions. */
export const ROLES_API = {
  /** GET (users:read, the users screens list roles with it) and POST (roles:manage). */
  list: USERS_API.roles,
  one: apiPath('/api/roles/:id'),
  permissions: '/api/permissions',
} as const;

/** The reasons a role change is refused with 409, named in the answer's `code`. */
export const ROLE_RULES = {
  /** The last active person who may manage roles would lose that right. */
  lastManager: 'last_role_manager',
  /** The built-in administrator role keeps every permission, and built-in roles their names. */
  builtIn: 'role_built_in',
  /** Another role has this name. */
  nameTaken: 'role_name_taken',
} as const;

const roleName = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[^\p{C}]+$/u, 'No control characters');

const permissionList = z
  .array(z.enum(PERMISSIONS))
  .max(PERMISSIONS.length * 2)
  .transform((list) => [...new Set(list)].sort());

export const roleIdParamsSchema = z.object({ id: z.string().uuid() });

export const createRoleBodySchema = z.object({ name: roleName, permissions: permissionList });
export type CreateRoleBody = z.input<typeof createRoleBodySchema>;

export const updateRoleBodySchema = z
  .object({ name: roleName, permissions: permissionList })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change' });
export type UpdateRoleBody = z.input<typeof updateRoleBodySchema>;

/** Deleting a role that people have names the role they move to. */
export const deleteRoleQuerySchema = z.object({ moveTo: roleName.optional() });

export const roleAnswerSchema = z.object({ role: roleSchema });
export const deleteRoleAnswerSchema = z.object({
  ok: z.literal(true),
  /** How many people moved to `moveTo`. */
  moved: z.number().int(),
});

export const permissionInfoSchema = z.object({
  name: z.enum(PERMISSIONS),
  area: z.enum(PERMISSION_AREAS),
  description: z.string(),
});
export type PermissionInfo = z.infer<typeof permissionInfoSchema>;
export const permissionsAnswerSchema = z.object({ permissions: z.array(permissionInfoSchema) });
