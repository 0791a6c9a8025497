import type { CreateRoleBody, PermissionInfo, UpdateRoleBody } from '@bo/contract/roles-api';
import { ROLES_API } from '@bo/contract/roles-api';
import type { Role } from '@bo/contract/users';

import { api } from '../../store/api';

export type { PermissionInfo, Role };

/**
 * Administration → Roles. The roles themselves are the users area's query (`useRolesQuery`, tag
 * `User`): a change here invalidates it, so the people screens list a new or renamed role too.
 */
const rolesApi = api.injectEndpoints({
  endpoints: (build) => ({
    permissionInfo: build.query<PermissionInfo[], void>({
      query: () => ROLES_API.permissions,
      transformResponse: (answer: { permissions: PermissionInfo[] }) => answer.permissions,
    }),
    createRole: build.mutation<Role, CreateRoleBody>({
      query: (body) => ({ url: ROLES_API.list, method: 'POST', body }),
      transformResponse: (answer: { role: Role }) => answer.role,
      invalidatesTags: ['User', 'Account'],
    }),
    updateRole: build.mutation<Role, { id: string; body: UpdateRoleBody }>({
      query: ({ id, body }) => ({ url: ROLES_API.one(id), method: 'PATCH', body }),
      transformResponse: (answer: { role: Role }) => answer.role,
      invalidatesTags: ['User', 'Account'],
    }),
    deleteRole: build.mutation<{ ok: true; moved: number }, { id: string; moveTo?: string }>({
      query: ({ id, moveTo }) => ({
        url: ROLES_API.one(id),
        method: 'DELETE',
        query: moveTo ? { moveTo } : {},
      }),
      invalidatesTags: ['User', 'Account'],
    }),
  }),
});

export const {
  usePermissionInfoQuery,
  useCreateRoleMutation,
  useUpdateRoleMutation,
  useDeleteRoleMutation,
} = rolesApi;
