import { WEB_ROUTE_MANIFEST } from '@bo/contract/web-routes';
import type { WebRouteKey } from '@bo/contract/web-routes';

/** The screens the sign-in shell draws without the router (`sign-in-shell.tsx`). */
export const SIGN_IN_PAGES = [
  'login',
  'loginUnprotected',
] as const satisfies readonly WebRouteKey[];
export type SignInPage = (typeof SIGN_IN_PAGES)[number];

/**
 * The sign-in page at `pathname`, if any. Every other path, and any move away from these, loads
 * the router with the whole app.
 */
export function signInPageOf(pathname: string): SignInPage | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return SIGN_IN_PAGES.find((key) => WEB_ROUTE_MANIFEST[key].path === path) ?? null;
}
