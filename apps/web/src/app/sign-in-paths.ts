import { WEB_ROUTE_MANIFEST } from '@bo/contract/web-routes';
import type { WebRouteKey } from '@bo/contract/web-routes';

/**
 * The screens the sign-in shell draws without the router (`sign-in-shell.tsx`): signing in, up,
 * the mailed code, a new password, an invitation's link and the return from single sign-on — a
 * visit that starts on one and moves between them never loads the router or the store.
 */
export const SIGN_IN_PAGES = [
  'login',
  'loginUnprotected',
  'register',
  'registerUnprotected',
  'verify',
  'resetPassword',
  'newPassword',
  'acceptInvitation',
  'ssoDone',
] as const satisfies readonly WebRouteKey[];
export type SignInPage = (typeof SIGN_IN_PAGES)[number];

/**
 * The shell's page at `pathname`, if any. Every other path, and any move away from these, loads
 * the router with the whole app.
 */
export function signInPageOf(pathname: string): SignInPage | null {
  const parts = (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname).split('/');
  // A `:param` segment takes any one non-empty segment (the invitation's token).
  const matches = (pattern: string) => {
    const want = pattern.split('/');
    return (
      want.length === parts.length &&
      want.every((segment, i) => (segment.startsWith(':') ? parts[i] !== '' : segment === parts[i]))
    );
  };
  return SIGN_IN_PAGES.find((key) => matches(WEB_ROUTE_MANIFEST[key].path)) ?? null;
}
