import type { z } from 'zod';
import type {
  newPasswordBodySchema,
  resendCodeBodySchema,
  resetPasswordBodySchema,
  verifyBodySchema,
} from '@bo/contract/account';
import { API } from '@bo/contract/api-paths';
import { useCallback, useState } from 'react';

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

/**
 * A verified address changes the account: a profile the store already holds (someone who came
 * from the dashboard's banner) is fetched again. Loaded after the answer, not with the page; the
 * next page (the dashboard) needs the store anyway.
 */
async function accountChanged(): Promise<void> {
  const { api } = await import('../../store/api');
  const { store } = await import('../../store/store');
  store.dispatch(api.util.invalidateTags(['Account']));
}

export function useVerifyEmailMutation() {
  const [send, state] = useAccountCall<z.output<typeof verifyBodySchema>>(API.account.verify);
  const verify = useCallback(
    async (body: z.output<typeof verifyBodySchema>) => {
      const answer = await send(body);
      void accountChanged().catch(() => undefined);
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
