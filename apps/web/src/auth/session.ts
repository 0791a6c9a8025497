import { STORAGE_KEYS } from '@bo/contract/constants';

import { setHttpToken } from '../lib/http';
import { isValidToken } from '../lib/jwt';

/**
 * The token lives in localStorage under `accessToken` (spec §9). Without "remember me" it goes to
 * sessionStorage under the same key instead, so closing the browser signs the person out.
 */
export function readStoredToken(): string | null {
  return (
    window.localStorage.getItem(STORAGE_KEYS.accessToken) ??
    window.sessionStorage.getItem(STORAGE_KEYS.accessToken)
  );
}

export function storeToken(token: string | null, remember = true): void {
  window.localStorage.removeItem(STORAGE_KEYS.accessToken);
  window.sessionStorage.removeItem(STORAGE_KEYS.accessToken);
  if (token) {
    (remember ? window.localStorage : window.sessionStorage).setItem(
      STORAGE_KEYS.accessToken,
      token,
    );
  }
  setHttpToken(token);
}

export { isValidToken };

/**
 * Said on `window` when a call outside the store changed the signed-in account (a verified
 * address): the store, when the app has loaded it, fetches the account again. The account pages
 * do not load the store for this (32 KiB gzip); without it there is nothing to refresh.
 */
export const ACCOUNT_CHANGED_EVENT = 'bo:account-changed';
