import { ERROR_CODES } from '@bo/contract/errors';
import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type * as z from 'zod/v4/core';

import { isHttpError } from '../../lib/http';
import { translateError, zodErrorMap } from '../../locales/form-errors';

type ErrorMap = ReturnType<typeof zodErrorMap>;
type Issue = Parameters<ErrorMap>[0];

/**
 * The shared zod error map, plus our own refinements: a `custom` issue carries `params.code`
 * (e.g. `password_is_email`) and is translated with the same key the server's code uses.
 */
export function authErrorMap(t: TFunction): ErrorMap {
  const base = zodErrorMap(t);
  return (issue: Issue) => {
    // The only pattern in these forms is the 6-digit code's.
    if (issue.code === 'invalid_format' && issue.format === 'regex') {
      return t('errors.field.code_incomplete');
    }
    if (issue.code === 'custom') {
      const code = (issue as z.$ZodRawIssue<z.$ZodIssueCustom>).params?.code;
      if (typeof code === 'string') return t(`errors.field.${code}`);
    }
    return base(issue);
  };
}

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
 * Puts the server's `details` on the form's fields, translated by code with the values the
 * message needs (`minimum`, `maximum`). Returns whether any field took an error.
 */
export function applyAuthFieldErrors<T extends FieldValues>(
  t: TFunction,
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!isHttpError(error) || !error.details?.length) return false;
  let applied = false;
  for (const detail of error.details) {
    const field = fields.find((f) => f === detail.field);
    if (!field) continue;
    const first = !applied;
    applied = true;
    setError(
      field,
      {
        type: detail.code,
        message: t(`errors.field.${detail.code}`, {
          defaultValue: detail.message,
          minimum: '',
          maximum: '',
          ...detail.params,
        }),
      },
      { shouldFocus: first },
    );
  }
  return applied;
}
