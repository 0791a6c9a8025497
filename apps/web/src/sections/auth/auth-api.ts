import type { z } from 'zod';
import type {
  newPasswordBodySchema,
  resendCodeBodySchema,
  resetPasswordBodySchema,
  verifyBodySchema,
} from '@bo/contract/account';
import { API } from '@bo/contract/api-paths';
import { useCallback, useState } from 'react';

import { ACCOUNT_CHANGED_EVENT } from '../../auth/session';
import { http } from '../../lib/http';

type Msg = { msg: string };

/**
 * One call of the account area, through the one HTTP client (same bearer header and error shape
 * as RTK Query): `[send, { isLoading }]`; `send` resolves with the answer or throws the error.
 * Plain calls, not RTK Query endpoints: these pages (verify, reset, new password) then load
 * without the Redux store (~32 KiB gzip), which nothing else on them needs.
 */
function useAccountCall<Body>(path: string) {
  const [isLoading, setLoading] = useState(false);
  const send = useCallback(
    async (body: Body): Promise<Msg> => {
      setLoading(true);
      try {
        return await http<Msg>(path, { method: 'POST', body });
      } finally {
        setLoading(false);
      }
    },
    [path],
  );
  return [send, { isLoading }] as const;
}

export function useVerifyEmailMutation() {
  const [send, state] = useAccountCall<z.output<typeof verifyBodySchema>>(API.account.verify);
  const verify = useCallback(
    async (body: z.output<typeof verifyBodySchema>) => {
      const answer = await send(body);
      // A profile the store holds (someone who came from the dashboard's banner) is stale.
      window.dispatchEvent(new Event(ACCOUNT_CHANGED_EVENT));
      return answer;
    },
    [send],
  );
  return [verify, state] as const;
}

export const useResendCodeMutation = () =>
  useAccountCall<z.output<typeof resendCodeBodySchema>>(API.account.resendCode);

export const useResetPasswordMutation = () =>
  useAccountCall<z.output<typeof resetPasswordBodySchema>>(API.account.resetPassword);

export const useNewPasswordMutation = () =>
  useAccountCall<z.output<typeof newPasswordBodySchema>>(API.account.newPassword);
