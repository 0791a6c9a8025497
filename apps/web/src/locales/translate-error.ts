import type { TFunction } from 'i18next';

import { isHttpError } from '../lib/http';

/** One translated line for a failed call: its code when we know it, else the server's message. */
export function translateError(t: TFunction, error: unknown): string {
  if (isHttpError(error)) {
    // Too large and too many say more by their detail (the quota is full, too many unfinished
    // uploads) than by their general code.
    const detail = error.details?.[0]?.code;
    const status = error.status ?? error.statusCode;
    if (detail && (status === 413 || status === 429)) {
      const params = error.details?.[0]?.params ?? {};
      const precise = t(`errors.field.${detail}`, { ...params, defaultValue: '' });
      if (precise) return precise;
    }
    if (error.code) return t(`errors.${error.code}`, { defaultValue: error.message });
    if (error.message === 'Something went wrong') return t('errors.generic');
    return error.message;
  }
  return t('errors.generic');
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
