import { apiPath } from './api-path';
import { API } from './api-paths';

// Apart from the zod schemas of users.ts: the dashboard's header lists colleagues with it, and
// must not bring the users area's schemas to every screen.

/** Every path of the users area, in one table. */
export const USERS_API = {
  list: '/api/users',
  /** The uuid or the readable slug of the edit route: encoded, since a slug is typed. */
  one: apiPath('/api/users/:id', { encode: true }),
  bulkDelete: '/api/users/bulk-delete',
  /** POST: one action (role, suspend, approve, invite, delete) on several people at once. */
  bulk: '/api/users/bulk',
  roles: '/api/roles',
  /** The signed-in person's own full record (notification preferences, pending email…). */
  profile: '/api/account/profile',
  /** PATCH: the signed-in person's own profile fields (same path as the spec's GET). */
  myAccount: API.account.myAccount,
  confirmEmail: '/api/account/confirm-email',
  cancelEmail: '/api/account/cancel-email',
  activity: '/api/account/activity',
} as const;
