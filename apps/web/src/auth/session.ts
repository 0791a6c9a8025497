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
