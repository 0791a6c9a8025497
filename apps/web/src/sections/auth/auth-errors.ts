import { ERROR_CODES } from '@bo/contract/error-codes';
import type { TFunction } from 'i18next';

import { isHttpError } from '../../lib/http';
import { translateError } from '../../locales/translate-error';

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
 * The server's `details` for the form's `fields`, translated by code with the values the message
 * needs (`minimum`, `maximum`); null when the refusal names none of them.
 */
export function serverFieldErrors<F extends string>(
  t: TFunction,
  error: unknown,
  fields: readonly F[],
): Partial<Record<F, string>> | null {
  if (!isHttpError(error) || !error.details?.length) return null;
  const found: Partial<Record<F, string>> = {};
  for (const detail of error.details) {
    const field = fields.find((f) => f === detail.field);
    if (!field || found[field]) continue;
    found[field] = t(`errors.field.${detail.code}`, {
      defaultValue: detail.message,
      minimum: '',
      maximum: '',
      ...detail.params,
    });
  }
  return Object.keys(found).length ? found : null;
}
