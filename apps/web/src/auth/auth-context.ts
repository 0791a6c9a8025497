import type { AccountUser, RegisterBody } from '@bo/contract/account';
import { createContext, useContext } from 'react';

/** The spec's session state (§3, §4). */
export type AuthState = {
  isInitialized: boolean;
  isAuthenticated: boolean;
  user: AccountUser | null;
};

export type AuthContextValue = AuthState & {
  /** Signs in, or answers the token of the two-factor step when the account has it on. */
  login: (
    email: string,
    password: string,
    remember?: boolean,
  ) => Promise<{ mfaToken: string } | null>;
  /** The second step: a code from the authenticator app, or a recovery code. */
  completeTwoFactor: (mfaToken: string, code: string, remember?: boolean) => Promise<void>;
  register: (body: RegisterBody) => Promise<void>;
  /**
   * Starts the session of an answer shaped as the sign-in's (`{ accessToken, user }`) that another
   * call gave: accepting an invitation.
   */
  startWith: (answer: { accessToken: string; user: AccountUser }) => void;
  logout: () => Promise<void>;
  /** Reloads the signed-in person (after they edit their own profile). */
  refreshUser: () => Promise<void>;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** Admin is a role or the `admin:area` permission (roles are data on the server). */
export function isAdmin(user: AccountUser | null): boolean {
  return !!user && (user.role === 'admin' || user.permissions.includes('admin:area'));
}
