import type { UserStatus } from '@bo/contract/account';
import type { TFunction } from 'i18next';

import { isHttpError } from '../../lib/http';
import { translateError } from '../../locales/form-errors';
import type { LabelColor } from '../../components/label/label';

export const STATUS_COLOR: Record<UserStatus, LabelColor> = {
  active: 'success',
  pending: 'warning',
  banned: 'error',
  rejected: 'default',
};

/** Initials for an avatar without a picture. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/**
 * A failed call in one line: the first field error's code when the server named one (e.g.
 * `last_admin` on a 409, which the generic CONFLICT text would misstate), else the shared text.
 */
export function userErrorMessage(t: TFunction, error: unknown): string {
  const detail = isHttpError(error) ? error.details?.[0] : undefined;
  if (detail) return t(`errors.field.${detail.code}`, { defaultValue: detail.message });
  return translateError(t, error);
}
