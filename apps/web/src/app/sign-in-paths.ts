import { paths } from '../routes/paths';

export type SignInPage = 'login' | 'login-unprotected';

/**
 * The pages the sign-in shell draws without the router (`sign-in-shell.tsx`). Every other path,
 * and any move away from these, loads the router with the whole app.
 */
export function signInPageOf(pathname: string): SignInPage | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === paths.auth.login) return 'login';
  if (path === paths.auth.loginUnprotected) return 'login-unprotected';
  return null;
}
