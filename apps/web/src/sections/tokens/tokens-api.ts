import type { ApiToken, CreateTokenBody, CreatedToken, UserSession } from '@bo/contract/tokens';
import { TOKENS_API } from '@bo/contract/tokens';

import { api } from '../../store/api';

export type { ApiToken, CreateTokenBody, CreatedToken, UserSession };

/** Account → API tokens, Administration → Tokens, and a person's sessions on the edit screen. */
const tokensApi = api
  .enhanceEndpoints({ addTagTypes: ['ApiToken', 'UserSession'] })
  .injectEndpoints({
    endpoints: (build) => ({
      myTokens: build.query<{ tokens: ApiToken[] }, void>({
        query: () => ({ url: TOKENS_API.mine }),
        providesTags: ['ApiToken'],
      }),
      createMyToken: build.mutation<CreatedToken, CreateTokenBody>({
        query: (body) => ({ url: TOKENS_API.mine, method: 'POST', body }),
        invalidatesTags: ['ApiToken'],
      }),
      revokeMyToken: build.mutation<{ ok: true }, string>({
        query: (id) => ({ url: TOKENS_API.myToken(id), method: 'DELETE' }),
        invalidatesTags: ['ApiToken'],
      }),
      allTokens: build.query<{ tokens: ApiToken[] }, void>({
        query: () => ({ url: TOKENS_API.all }),
        providesTags: ['ApiToken'],
      }),
      createServiceToken: build.mutation<CreatedToken, CreateTokenBody>({
        query: (body) => ({ url: TOKENS_API.all, method: 'POST', body }),
        invalidatesTags: ['ApiToken'],
      }),
      revokeAnyToken: build.mutation<{ ok: true }, string>({
        query: (id) => ({ url: TOKENS_API.anyToken(id), method: 'DELETE' }),
        invalidatesTags: ['ApiToken'],
      }),
      userSessions: build.query<{ sessions: UserSession[] }, string>({
        query: (userId) => ({ url: TOKENS_API.userSessions(userId) }),
        providesTags: ['UserSession'],
      }),
      endUserSession: build.mutation<{ ok: true }, { userId: string; sessionId: string }>({
        query: ({ userId, sessionId }) => ({
          url: TOKENS_API.userSession(userId, sessionId),
          method: 'DELETE',
        }),
        invalidatesTags: ['UserSession'],
      }),
    }),
  });

export const {
  useMyTokensQuery,
  useCreateMyTokenMutation,
  useRevokeMyTokenMutation,
  useAllTokensQuery,
  useCreateServiceTokenMutation,
  useRevokeAnyTokenMutation,
  useUserSessionsQuery,
  useEndUserSessionMutation,
} = tokensApi;
