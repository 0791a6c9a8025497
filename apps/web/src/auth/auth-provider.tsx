import type { AccountUser, RegisterBody } from '@bo/contract/account';
import { API } from '@bo/contract/api-paths';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { notify } from '../components/snackbar/notify';
import { http } from '../lib/http';
import { jwtExpiry } from '../lib/jwt';
import { retrying } from '../lib/retry';
import { useAppNavigation } from '../routes/app-navigation';
import { LOGIN_PATH } from '../routes/paths';
import { AuthContext } from './auth-context';
import type { AuthContextValue, AuthState } from './auth-context';
import { isValidToken, readStoredToken, storeToken } from './session';

type Action =
  | { type: 'INITIAL'; user: AccountUser | null }
  | { type: 'LOGIN'; user: AccountUser }
  | { type: 'LOGOUT' };

/** The waits (ms) between tries of the start-up account load. */
const START_RETRIES = [500, 1000, 2500] as const;

const initialState: AuthState = { isInitialized: false, isAuthenticated: false, user: null };

function reducer(state: AuthState, action: Action): AuthState {
  switch (action.type) {
    case 'INITIAL':
      return { isInitialized: true, isAuthenticated: !!action.user, user: action.user };
    case 'LOGIN':
      return { ...state, isAuthenticated: true, user: action.user };
    case 'LOGOUT':
      return { ...state, isAuthenticated: false, user: null };
  }
}

type LoginAnswer = {
  accessToken?: string;
  user?: AccountUser;
  msg?: string;
  mfaRequired?: boolean;
  mfaToken?: string;
};
type RegisterAnswer = { accessToken?: string; user?: AccountUser; msg?: string };

// setTimeout keeps 32-bit delays; a longer token re-arms the timer instead of firing at once.
const MAX_DELAY = 2_147_483_647;

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(reducer, initialState);
  const { navigate } = useAppNavigation();
  const { t } = useTranslation();
  const timer = useRef<number | undefined>(undefined);

  const clearTimer = () => window.clearTimeout(timer.current);

  const armExpiry = useCallback(
    (token: string) => {
      clearTimer();
      const exp = jwtExpiry(token);
      if (exp === null) return;
      const tick = () => {
        const left = exp * 1000 - Date.now();
        if (left > MAX_DELAY) {
          timer.current = window.setTimeout(tick, MAX_DELAY);
          return;
        }
        timer.current = window.setTimeout(
          () => {
            // Spec §4 / §8: alert, drop the token, go to the login route — keeping where the
            // person was, so signing in again brings them back.
            notify.error(t('auth.tokenExpired'));
            storeToken(null);
            const here = `${window.location.pathname}${window.location.search}`;
            navigate(`${LOGIN_PATH}?returnTo=${encodeURIComponent(here)}`, { replace: true });
            dispatch({ type: 'LOGOUT' });
          },
          Math.max(0, left),
        );
      };
      tick();
    },
    [navigate, t],
  );

  const startSession = useCallback(
    (token: string, remember = true) => {
      storeToken(token, remember);
      armExpiry(token);
    },
    [armExpiry],
  );

  useEffect(() => {
    let cancelled = false;
    const token = readStoredToken();
    if (!token || !isValidToken(token)) {
      storeToken(null);
      dispatch({ type: 'INITIAL', user: null });
      return;
    }
    const remember = window.localStorage.getItem('accessToken') === token;
    startSession(token, remember);
    // A server restarting or a network blip at start-up is waited out (about 4 s) before the
    // person is signed out: only an answer that refuses the session ends it at once.
    retrying(() => http<{ data: { user: AccountUser } }>(API.account.myAccount), START_RETRIES, {
      stop: () => cancelled,
    })
      .then((answer) => {
        if (!cancelled) dispatch({ type: 'INITIAL', user: answer.data.user });
      })
      .catch(() => {
        // Spec §8: failure to load the account leaves the person signed out.
        if (cancelled) return;
        clearTimer();
        storeToken(null);
        dispatch({ type: 'INITIAL', user: null });
      });
    return () => {
      cancelled = true;
      clearTimer();
    };
    // Runs once at start; later sessions come from login/register.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const login = useCallback(
    async (email: string, password: string, remember = true) => {
      const answer = await http<LoginAnswer>(API.account.login, { body: { email, password } });
      // Two-factor sign-in: the password was right, the code comes next (no token yet).
      if (answer.mfaRequired && answer.mfaToken) return { mfaToken: answer.mfaToken };
      // Spec §5: no access token means failure carrying the server's message.
      if (!answer.accessToken || !answer.user) {
        throw { message: answer.msg ?? t('errors.generic') };
      }
      startSession(answer.accessToken, remember);
      dispatch({ type: 'LOGIN', user: answer.user });
      return null;
    },
    [startSession, t],
  );

  const completeTwoFactor = useCallback(
    async (mfaToken: string, code: string, remember = true) => {
      const answer = await http<LoginAnswer>(API.account.login2fa, { body: { mfaToken, code } });
      if (!answer.accessToken || !answer.user) {
        throw { message: answer.msg ?? t('errors.generic') };
      }
      startSession(answer.accessToken, remember);
      dispatch({ type: 'LOGIN', user: answer.user });
    },
    [startSession, t],
  );

  const register = useCallback(
    async (body: RegisterBody) => {
      const answer = await http<RegisterAnswer>(API.account.register, { body });
      if (!answer.accessToken || !answer.user) {
        throw { message: answer.msg ?? t('errors.generic') };
      }
      startSession(answer.accessToken);
      dispatch({ type: 'LOGIN', user: answer.user });
    },
    [startSession, t],
  );

  const startWith = useCallback(
    (answer: { accessToken: string; user: AccountUser }) => {
      startSession(answer.accessToken);
      dispatch({ type: 'LOGIN', user: answer.user });
    },
    [startSession],
  );

  const logout = useCallback(async () => {
    try {
      await http(API.account.logout, { method: 'POST', body: {} });
    } catch {
      // The token is dropped either way; a server that already forgot the session is fine.
    }
    clearTimer();
    storeToken(null);
    dispatch({ type: 'LOGOUT' });
  }, []);

  const refreshUser = useCallback(async () => {
    const answer = await http<{ data: { user: AccountUser } }>(API.account.myAccount);
    dispatch({ type: 'LOGIN', user: answer.data.user });
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, login, completeTwoFactor, register, startWith, logout, refreshUser }),
    [state, login, completeTwoFactor, register, startWith, logout, refreshUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
