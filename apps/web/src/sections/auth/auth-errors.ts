import { ERROR_CODES } from '@bo/contract/error-codes';
import type { TFunction } from 'i18next';

import type { FieldErrors, Validate } from '../../components/form/light-form';
import { isHttpError } from '../../lib/http';
import { translateError } from '../../locales/translate-error';

export { serverFieldErrors } from '../../locales/translate-error';
import type * as AuthValidation from './auth-validation';

type Checks = typeof AuthValidation;

/** Minutes to wait from a 429's Retry-After (seconds), rounded up, at least 1. */
export function retryMinutes(error: unknown): number | null {
  if (!isHttpError(error)) return null;
  if (error.status !== 429 && error.code !== ERROR_CODES.rateLimited) return null;
  const seconds = error.retryAfter ?? 60;
  return Math.max(1, Math.ceil(seconds / 60));
}

/** One translated line for a failed auth call; a rate limit says how long to wait. */
export function authErrorMessage(t: TFunction, error: unknown): string {
  const minutes = retryMinutes(error);
  if (minutes !== null) return t('auth.errors.rateLimited', { count: minutes });
  return translateError(t, error);
}

/**
 * The checks of the account forms (the contract's schemas, through zod) and their messages load
 * after first paint: ~40 KiB gzip the sign-up, code and password pages need only once someone
 * submits. The form starts the download on mount; a first submit awaits it.
 */
export const loadValidation = () => import('./auth-validation');
export const prefetchValidation = () => void loadValidation().catch(() => undefined);

/**
 * A form's check by one of `auth-validation.ts`'s schemas (`pick`), loaded on first use: the
 * messages per field, and the values as the schema gives them back.
 */
export function validateWith<V, F extends string>(
  pick: (checks: Checks) => Parameters<Checks['parseForm']>[0],
): Validate<V, F, V> {
  return async (values, t) => {
    const checks = await loadValidation();
    return checks.parseForm(pick(checks), values, t) as { errors: FieldErrors<F>; data?: V };
  };
}
