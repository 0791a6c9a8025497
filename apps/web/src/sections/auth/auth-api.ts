import type { z } from 'zod';
import type {
  newPasswordBodySchema,
  resendCodeBodySchema,
  resetPasswordBodySchema,
  verifyBodySchema,
} from '@bo/contract/account';
import { API } from '@bo/contract/api-paths';

import { api } from '../../store/api';

type Msg = { msg: string };

/** The code calls of the account area (verify, resend, reset, new password). */
const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    verifyEmail: build.mutation<Msg, z.output<typeof verifyBodySchema>>({
      query: (body) => ({ url: API.account.verify, method: 'POST', body }),
      invalidatesTags: ['Account'],
    }),
    resendCode: build.mutation<Msg, z.output<typeof resendCodeBodySchema>>({
      query: (body) => ({ url: API.account.resendCode, method: 'POST', body }),
    }),
    resetPassword: build.mutation<Msg, z.output<typeof resetPasswordBodySchema>>({
      query: (body) => ({ url: API.account.resetPassword, method: 'POST', body }),
    }),
    newPassword: build.mutation<Msg, z.output<typeof newPasswordBodySchema>>({
      query: (body) => ({ url: API.account.newPassword, method: 'POST', body }),
    }),
  }),
});

export const {
  useVerifyEmailMutation,
  useResendCodeMutation,
  useResetPasswordMutation,
  useNewPasswordMutation,
} = authApi;
