import type { Session, UserStatus } from '@bo/contract/account';
import { API } from '@bo/contract/api-paths';
import type { uploadAnswerSchema } from '@bo/contract/files';
import { FILES_API } from '@bo/contract/files-paths';
import type {
  Activity,
  CreateUserBody,
  MyProfile,
  Role,
  UpdateMyAccountBody,
  UpdateUserBody,
  User,
  UserBulkAnswer,
  UserBulkBody,
  UserSort,
  UsersAnswer,
} from '@bo/contract/users';
import { USERS_API } from '@bo/contract/users';
import type { z } from 'zod';

import { http } from '../../lib/http';
import { api } from '../../store/api';

export type UsersArgs = {
  page: number;
  limit: number;
  sort: UserSort;
  order: 'asc' | 'desc';
  q?: string;
  role?: string;
  status?: UserStatus;
  /** Keyset cursors: the last person shown (next page) or the first (previous page). */
  after?: string;
  before?: string;
};

type UserAnswer = { user: User };
type ProfileAnswer = { user: MyProfile };

/** The users area's calls; lists and records share the `User` tag, my own record `Account`. */
const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    users: build.query<UsersAnswer, UsersArgs>({
      query: (args) => ({ url: USERS_API.list, query: { ...args } }),
      providesTags: ['User'],
    }),
    user: build.query<User, string>({
      query: (idOrSlug) => USERS_API.one(idOrSlug),
      transformResponse: (answer: UserAnswer) => answer.user,
      providesTags: ['User'],
    }),
    roles: build.query<Role[], void>({
      query: () => USERS_API.roles,
      transformResponse: (answer: { roles: Role[] }) => answer.roles,
      // A person's role change moves the counts; Administration → Roles invalidates it too.
      providesTags: ['User'],
    }),
    createUser: build.mutation<User, CreateUserBody>({
      query: (body) => ({ url: USERS_API.list, method: 'POST', body }),
      transformResponse: (answer: UserAnswer) => answer.user,
      invalidatesTags: ['User'],
    }),
    updateUser: build.mutation<User, { id: string; body: UpdateUserBody }>({
      query: ({ id, body }) => ({ url: USERS_API.one(id), method: 'PATCH', body }),
      transformResponse: (answer: UserAnswer) => answer.user,
      invalidatesTags: ['User', 'Account'],
    }),
    deleteUser: build.mutation<{ ok: true }, string>({
      query: (id) => ({ url: USERS_API.one(id), method: 'DELETE' }),
      invalidatesTags: ['User'],
    }),
    bulkUsers: build.mutation<UserBulkAnswer, UserBulkBody>({
      query: (body) => ({ url: USERS_API.bulk, method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
    myProfile: build.query<MyProfile, void>({
      query: () => USERS_API.profile,
      transformResponse: (answer: ProfileAnswer) => answer.user,
      providesTags: ['Account'],
    }),
    updateMyAccount: build.mutation<MyProfile, UpdateMyAccountBody>({
      query: (body) => ({ url: USERS_API.myAccount, method: 'PATCH', body }),
      transformResponse: (answer: ProfileAnswer) => answer.user,
      invalidatesTags: ['Account', 'User'],
    }),
    confirmEmail: build.mutation<MyProfile, string>({
      query: (code) => ({ url: USERS_API.confirmEmail, method: 'POST', body: { code } }),
      transformResponse: (answer: ProfileAnswer) => answer.user,
      invalidatesTags: ['Account', 'User'],
    }),
    cancelEmail: build.mutation<MyProfile, void>({
      query: () => ({ url: USERS_API.cancelEmail, method: 'POST', body: {} }),
      transformResponse: (answer: ProfileAnswer) => answer.user,
      invalidatesTags: ['Account'],
    }),
    myActivity: build.query<{ activities: Activity[]; total: number }, number>({
      query: (limit) => ({ url: USERS_API.activity, query: { limit } }),
      providesTags: ['Account'],
    }),
    mySessions: build.query<Session[], void>({
      query: () => API.account.sessions,
      transformResponse: (answer: { sessions: Session[] }) => answer.sessions,
      providesTags: ['Account'],
    }),
    endSession: build.mutation<{ ok: true }, string>({
      query: (id) => ({ url: API.account.session(id), method: 'DELETE' }),
      invalidatesTags: ['Account'],
    }),
    changePassword: build.mutation<
      { msg: string },
      { currentPassword: string; newPassword: string }
    >({
      query: (body) => ({ url: API.account.changePassword, method: 'POST', body }),
      invalidatesTags: ['Account'],
    }),
    twoFactor: build.query<TwoFactorStatus, void>({
      query: () => API.account.twoFactor,
      transformResponse: (answer: { twoFactor: TwoFactorStatus }) => answer.twoFactor,
      providesTags: ['Account'],
    }),
    twoFactorSetup: build.mutation<TwoFactorSetup, { password: string }>({
      query: (body) => ({ url: API.account.twoFactorSetup, method: 'POST', body }),
    }),
    twoFactorEnable: build.mutation<{ recoveryCodes: string[] }, { code: string }>({
      query: (body) => ({ url: API.account.twoFactorEnable, method: 'POST', body }),
      invalidatesTags: ['Account'],
    }),
    twoFactorDisable: build.mutation<{ msg: string }, { password: string }>({
      query: (body) => ({ url: API.account.twoFactorDisable, method: 'POST', body }),
      invalidatesTags: ['Account'],
    }),
    newRecoveryCodes: build.mutation<{ recoveryCodes: string[] }, { password: string }>({
      query: (body) => ({ url: API.account.recoveryCodes, method: 'POST', body }),
      invalidatesTags: ['Account'],
    }),
  }),
});

export type TwoFactorStatus = { enabled: boolean; recoveryCodesLeft: number; required: boolean };
export type TwoFactorSetup = { secret: string; otpauthUri: string; qrSvg: string };

export const {
  useUsersQuery,
  useUserQuery,
  useRolesQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  useDeleteUserMutation,
  useBulkUsersMutation,
  useMyProfileQuery,
  useUpdateMyAccountMutation,
  useConfirmEmailMutation,
  useCancelEmailMutation,
  useMyActivityQuery,
  useMySessionsQuery,
  useEndSessionMutation,
  useChangePasswordMutation,
  useTwoFactorQuery,
  useTwoFactorSetupMutation,
  useTwoFactorEnableMutation,
  useTwoFactorDisableMutation,
  useNewRecoveryCodesMutation,
} = usersApi;

/** Stores an image on our server (size and type checked there) and answers its URL. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const answer = await http<z.output<typeof uploadAnswerSchema>>(FILES_API.upload, {
    method: 'POST',
    body: form,
    query: { kind: 'image' },
  });
  return answer.file.url;
}
