import type { FieldError as ServerFieldError } from '@bo/contract/errors';
import type { TFunction } from 'i18next';
import type * as z from 'zod/v4/core';

import { isHttpError } from '../lib/http';
import { translateError } from './translate-error';

// Kept in its own module so the account pages can say a failure without this one's zod map.
export { translateError };

type ErrorMap = NonNullable<z.ParseContext<z.$ZodIssue>['error']>;

/**
 * Zod messages in the person's language: passed to `zodResolver(schema, { error })`. The codes
 * are zod's own (too_small, invalid_format…), the same ones the server returns in `details`.
 */
export function zodErrorMap(t: TFunction): ErrorMap {
  return (issue) => {
    const empty =
      issue.input === '' ||
      issue.input === undefined ||
      issue.input === null ||
      (Array.isArray(issue.input) && issue.input.length === 0);
    if (empty && (issue.code === 'too_small' || issue.code === 'invalid_type')) {
      return t('errors.field.required');
    }
    // Characters for a text, a number's bound, a count of choices: each said in its own words.
    const unit = (origin: unknown) =>
      origin === 'number' || origin === 'bigint'
        ? '_number'
        : origin === 'array' || origin === 'set'
          ? '_array'
          : '';
    switch (issue.code) {
      case 'too_small':
        return t(`errors.field.too_small${unit(issue.origin)}`, { minimum: Number(issue.minimum) });
      case 'too_big':
        return t(`errors.field.too_big${unit(issue.origin)}`, { maximum: Number(issue.maximum) });
      case 'invalid_format':
        return issue.format === 'email'
          ? t('errors.field.email')
          : t('errors.field.invalid_format');
      case 'invalid_type':
        return t('errors.field.invalid_type');
      case 'invalid_value':
        return t('errors.field.invalid_value');
      default:
        return t('errors.field.invalid');
    }
  };
}

/** Puts the server's per-field errors (`details`) on the form's fields, translated by code. */
export function applyServerFieldErrors<F extends string>(
  t: TFunction,
  error: unknown,
  // react-hook-form's setError, or any setter of the same shape (the sign-in form has no library).
  setError: (field: F, error: { type: string; message: string }) => void,
  fields: readonly F[],
): boolean {
  if (!isHttpError(error) || !error.details?.length) return false;
  let applied = false;
  error.details.forEach((detail: ServerFieldError) => {
    const field = fields.find((f) => f === detail.field);
    if (!field) return;
    applied = true;
    setError(field, {
      type: detail.code,
      message: t(`errors.field.${detail.code}`, {
        defaultValue: detail.message,
        minimum: '',
        maximum: '',
      }),
    });
  });
  return applied;
}
